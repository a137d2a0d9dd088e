/**
 * Generate to order from the app (issue 51 item 2): an edge puzzle or a Tetravex with exactly one
 * solution, in a difficulty band; a jump maze with a unique shortest path of a chosen length; a
 * casse-tete with a chosen number of solutions. Each is made in its own worker thread (generate-order-worker.ts) as the
 * analyses are, so the window never waits for the counts; the view polls the tries so far, may
 * stop it, and collects the named document to create (New puzzle creates it as it creates any).
 * One order runs at a time: a new one stops the one before. Finished orders are forgotten after a while.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ApiArgs, ApiHandlers, OrderMade, OrderStatus } from '../api/contract';
import type { OrderOptions } from '../../core/families/edge/design/generate';
import type { OrderJob, OrderMessage, OrderWork } from './generate-order-worker';

interface Job extends OrderStatus {
  worker: Worker | null;
  stopFlag: Int32Array;
  stopTimer: NodeJS.Timeout | null;
  finishedAt: number | null;
}

/** Boards tried when the order does not say (a maze: thousands of cell changes). */
const DEFAULT_ATTEMPTS = 200;
const KEEP_MS = 10 * 60_000;
/** A try's count reads the stop flag every 200,000 placements: well within this. */
const STOP_GRACE_MS = 2000;

/** As analysis.ts: through tsx from sources, else generate-order-worker.js next to the built code. */
function workerSource(): { code: string } | { file: URL } {
  const source = new URL('./generate-order-worker.ts', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return { file: new URL('./generate-order-worker.js', import.meta.url) };
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const file = JSON.stringify(pathToFileURL(fileURLToPath(source)).href);
  return { code: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${file}, ${file}));` };
}

function kindOf(req: ApiArgs<'startOrder'>): OrderOptions['kind'] {
  if (req.kind === 'tetravex') {
    if (req.colours === undefined) throw new Error('a Tetravex order needs its number of colours');
    return { type: 'tetravex', colours: req.colours };
  }
  if (req.frameColours === undefined || req.innerColours === undefined) throw new Error('an edge order needs its frame and inner colours');
  return { type: 'edge', frameColours: req.frameColours, innerColours: req.innerColours };
}

/** Casse-tete sizes a refusal looks through for the number asked (the exact counts stay fast up to 12). */
const PARITY_SIZES = Array.from({ length: 11 }, (_, i) => i + 2);
/** The largest casse-tete searched: each size is an exact count per m (about a second at 20, half a minute at 32). */
const PARITY_MAX = 20;

/** What the thread does for the order, and how much it tries at most (boards, cell changes or grid sizes). */
function workOf(req: ApiArgs<'startOrder'>): { work: OrderWork; attempts: number } {
  const seed = req.seed;
  if (req.kind === 'jump') {
    if (req.length === undefined) throw new Error('a maze order needs the length of its one shortest path');
    const cells = req.rows * req.cols;
    // A shortest path never visits a cell twice.
    if (req.length >= cells)
      throw new Error(`a ${req.rows}x${req.cols} maze's shortest path visits each of its ${cells} cells at most once: ask for 1 to ${cells - 1} moves`);
    const maxSteps = (req.attempts ?? DEFAULT_ATTEMPTS) * 1000;
    return { work: { kind: 'jump', order: { rows: req.rows, cols: req.cols, length: req.length, seed, maxSteps } }, attempts: maxSteps };
  }
  if (req.kind === 'parity') {
    const solutions = req.solutions;
    if (solutions === undefined || !/^[1-9]\d*$/.test(solutions))
      throw new Error(`a casse-tête order needs its number of solutions, a whole number from 1, got ${solutions ?? 'none'}`);
    if (req.rows !== req.cols) throw new Error(`a casse-tête grid is square: got ${req.rows}x${req.cols}`);
    if (req.rows > PARITY_MAX)
      throw new Error(`a number of solutions is searched on casse-tête grids up to ${PARITY_MAX}×${PARITY_MAX}, got ${req.rows}×${req.rows}`);
    const others = PARITY_SIZES.filter((n) => n !== req.rows);
    return { work: { kind: 'parity', order: { n: req.rows, solutions, others } }, attempts: 1 + others.length };
  }
  const attempts = req.attempts ?? DEFAULT_ATTEMPTS;
  return { work: { kind: 'edge', order: { rows: req.rows, cols: req.cols, kind: kindOf(req), seed, difficulty: req.difficulty, attempts } }, attempts };
}

export class Orders {
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;

  start(req: ApiArgs<'startOrder'>): OrderStatus {
    const { work, attempts } = workOf(req);
    this.prune();
    for (const j of this.jobs.values()) if (j.running) this.stop(j.id);
    const job: Job = {
      id: this.nextId++,
      kind: req.kind,
      running: true,
      tried: 0,
      unique: 0,
      attempts,
      made: null,
      error: null,
      worker: null,
      stopFlag: new Int32Array(new SharedArrayBuffer(4)),
      stopTimer: null,
      finishedAt: null,
    };
    this.jobs.set(job.id, job);
    const workerData: OrderJob = { name: req.name, work, stopFlag: job.stopFlag };
    const src = workerSource();
    const w = 'code' in src ? new Worker(src.code, { eval: true, workerData }) : new Worker(src.file, { workerData });
    job.worker = w;
    w.on('message', (m: OrderMessage) => {
      if (m.kind === 'try') {
        job.tried = m.tried;
        job.unique = m.unique;
      } else if (m.kind === 'made') {
        job.tried = m.tried;
        this.finish(job, { made: m.made });
      } else this.finish(job, { error: m.error });
    });
    w.on('error', (e) => this.finish(job, { error: `generating failed: ${e.message}` }));
    w.on('exit', () => this.finish(job, { error: 'generating ended without a puzzle' }));
    w.unref();
    return this.status(job.id);
  }

  private job(id: number): Job {
    const j = this.jobs.get(id);
    if (!j) throw new Error(`order ${id} does not exist (finished orders are kept ${KEEP_MS / 60_000} minutes)`);
    return j;
  }

  status(id: number): OrderStatus {
    const { id: jid, kind, running, tried, unique, attempts, made, error } = this.job(id);
    return { id: jid, kind, running, tried, unique, attempts, made, error };
  }

  /** Ask it to stop (it ends with "stopped after N tries", or cell changes, or grid sizes); the thread is ended if it does not answer in time. */
  stop(id: number): void {
    const j = this.job(id);
    if (!j.running || !j.worker || j.stopTimer) return;
    Atomics.store(j.stopFlag, 0, 1);
    j.stopTimer = setTimeout(() => this.finish(j, { error: `stopped after ${j.tried} tries` }), STOP_GRACE_MS);
    j.stopTimer.unref();
  }

  async close(): Promise<void> {
    const workers = [...this.jobs.values()].map((j) => j.worker).filter((w): w is Worker => w !== null);
    for (const j of this.jobs.values()) this.finish(j, { error: 'the backend closed' });
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** The first ending wins (the puzzle, an error, the thread's exit); the thread is then ended. */
  private finish(j: Job, end: { made: OrderMade } | { error: string }): void {
    if (!j.running) return;
    if ('made' in end) {
      j.made = end.made;
      // The try that made it had one solution too (a try reports before it is counted).
      if (j.kind === 'edge' || j.kind === 'tetravex') j.unique += 1;
    } else j.error = end.error;
    j.running = false;
    j.finishedAt = Date.now();
    if (j.stopTimer) clearTimeout(j.stopTimer);
    j.stopTimer = null;
    const w = j.worker;
    j.worker = null;
    void w?.terminate();
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, j] of this.jobs) if (j.finishedAt !== null && now - j.finishedAt > KEEP_MS) this.jobs.delete(id);
  }
}

/** The API's three order methods over one Orders. */
export function orderHandlers(orders = new Orders()): Pick<ApiHandlers, 'startOrder' | 'orderStatus' | 'stopOrder'> {
  return {
    startOrder: (req) => orders.start(req),
    orderStatus: ({ id }) => orders.status(id),
    stopOrder: ({ id }) => {
      orders.stop(id);
      return null;
    },
  };
}
