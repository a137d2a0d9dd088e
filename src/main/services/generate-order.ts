/**
 * Generate to order from the app (issue 51 item 2): an edge puzzle or a Tetravex with exactly one
 * solution, in a difficulty band; a jump maze with a unique shortest path of a chosen length; a
 * casse-tete with a chosen number of solutions. Each is made in its own worker thread (generate-order-worker.ts) as the
 * analyses are, so the window never waits for the counts; the view polls the tries so far, may
 * stop it, and collects the named document to create (New puzzle creates it as it creates any).
 * One order runs at a time: a new one stops the one before. Finished orders are forgotten after a while.
 */
import type { ApiArgs, ApiHandlers, OrderMade, OrderStatus } from '../api/contract';
import { ORDER_ATTEMPTS } from '../api/contract';
import type { OrderOptions } from '../../core/families/edge/design/generate';
import type { Disposable } from '../lifecycle/disposable';
import type { OrderJob, OrderMessage, OrderWork } from './generate-order-worker';
import { ThreadJobs, threadSource } from './thread-jobs';

/** A try's count reads the stop flag every 200,000 placements: well within this. */
const STOP_GRACE_MS = 2000;

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
    const maxSteps = (req.attempts ?? ORDER_ATTEMPTS.default) * ORDER_ATTEMPTS.mazeChanges;
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
  const attempts = req.attempts ?? ORDER_ATTEMPTS.default;
  return { work: { kind: 'edge', order: { rows: req.rows, cols: req.cols, kind: kindOf(req), seed, difficulty: req.difficulty, attempts } }, attempts };
}

export class Orders implements Disposable {
  private readonly jobs = new ThreadJobs<OrderStatus, { made: OrderMade }, OrderMessage>({
    noun: 'order',
    plural: 'orders',
    source: () => threadSource(new URL('./generate-order-worker.ts', import.meta.url), new URL('./generate-order-worker.js', import.meta.url)),
    stopGraceMs: STOP_GRACE_MS,
    // The thread reads only the flag: its work never turns the event loop.
    postStop: false,
    message: (status, m) => {
      if (m.kind === 'try') {
        status.tried = m.tried;
        status.unique = m.unique;
        return null;
      }
      if (m.kind === 'made') {
        status.tried = m.tried;
        return { made: m.made };
      }
      return { error: m.error };
    },
    made: (status, { made }) => {
      status.made = made;
      // The try that made it had one solution too (a try reports before it is counted).
      if (status.kind === 'edge' || status.kind === 'tetravex') status.unique += 1;
    },
    failed: (e) => `generating failed: ${e.message}`,
    exited: 'generating ended without a puzzle',
    late: (status) => `stopped after ${status.tried} tries`,
  });

  start(req: ApiArgs<'startOrder'>): OrderStatus {
    const { work, attempts } = workOf(req);
    this.jobs.prune();
    for (const j of this.jobs.all()) if (j.running) this.stop(j.id);
    return this.jobs.start(
      (id) => ({ id, kind: req.kind, running: true, tried: 0, unique: 0, attempts, made: null, error: null }),
      (stopFlag): OrderJob => ({ name: req.name, work, stopFlag }),
    );
  }

  status(id: number): OrderStatus {
    return this.jobs.status(id);
  }

  /** Ask it to stop (it ends with "stopped after N tries", or cell changes, or grid sizes); the thread is ended if it does not answer in time. */
  stop(id: number): void {
    this.jobs.stop(id);
  }

  /** End every running order (the backend is closing). */
  dispose(): Promise<void> {
    return this.jobs.dispose();
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
