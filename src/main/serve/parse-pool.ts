/**
 * Import files read off the server's event loop: one worker thread (parse-worker.ts, run by
 * tinypool) reads them one at a time, each within a time limit; a read past its limit is aborted,
 * which ends the thread (tinypool starts a new one for the next). A bounded queue: more waiting
 * reads than that are refused at once.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Tinypool } from 'tinypool';
import type { Disposable } from '../lifecycle/disposable';
import type { EdgePuzzle } from '../../core/families/edge/model';
import type { BoardsOnPuzzle, Item } from '../services/imports';
import type { ReadingsRead } from '../services/import-readings';
import type { ParseAnswer, ParseJob } from './parse-worker';
import { errorMessage } from './dispatch';

export interface ParsePoolOptions {
  /** Longest a read may take (default 20 s). */
  timeoutMs?: number;
  /** Reads waiting beyond the running one before new ones are refused (default 8). */
  maxQueued?: number;
}

type Read = Item[] | BoardsOnPuzzle | ReadingsRead;

interface Pending {
  job: ParseJob;
  resolve: (items: Read) => void;
  reject: (e: Error) => void;
}

/**
 * The worker's module: from sources (the CLI runs through tsx) a data: module that loads
 * parse-worker.ts through the TypeScript loader in the thread; a built copy would sit next to this
 * file as parse-worker.js.
 */
function workerModule(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./parse-worker.js', import.meta.url);
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const file = JSON.stringify(pathToFileURL(fileURLToPath(new URL('./parse-worker.ts', import.meta.url))).href);
  const code = [
    `const loaded = import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${file}, ${file}));`,
    'export default async (job) => (await loaded).default(job);',
  ].join('\n');
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export class ParsePool implements Disposable {
  private pool: Tinypool | null = null;
  /**
   * The read in the thread. The queue is kept here rather than in tinypool's so a read's time
   * limit counts from when it starts, not from when it was asked for.
   */
  private running: (Pending & { abort: AbortController }) | null = null;
  private readonly queue: Pending[] = [];
  private closed = false;
  private readonly timeoutMs: number;
  private readonly maxQueued: number;

  constructor(opts: ParsePoolOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.maxQueued = opts.maxQueued ?? 8;
  }

  /** Start the thread now, so the first read does not wait for it to load. */
  warm(): void {
    if (!this.closed) this.threads();
  }

  /** What the file holds, read in the worker thread; rejects with the reader's one-line error. */
  read(req: ParseJob['req']): Promise<Item[]> {
    return this.run({ kind: 'all', req }) as Promise<Item[]>;
  }

  /** The boards of a board file on a library puzzle, read in the worker thread. */
  readOnto(req: ParseJob['req'], onto: { id: number; puzzle: EdgePuzzle }): Promise<BoardsOnPuzzle> {
    return this.run({ kind: 'onto', req, onto }) as Promise<BoardsOnPuzzle>;
  }

  /** A file's readings for the import dialog, read in the worker thread. */
  readings(req: ParseJob['req']): Promise<ReadingsRead> {
    return this.run({ kind: 'readings', req }) as Promise<ReadingsRead>;
  }

  private run(job: ParseJob): Promise<Read> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    if (this.queue.length >= this.maxQueued) return Promise.reject(new Error(`${this.queue.length} files are waiting to be read: try again in a moment`));
    return new Promise<Read>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  /** Refuse what waits and what runs ('the server is shutting down') and end the thread. */
  async dispose(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the server is shutting down'));
    const r = this.running;
    this.running = null;
    r?.reject(new Error('the server is shutting down'));
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.destroy();
  }

  private threads(): Tinypool {
    // One thread, kept (minThreads) so a read does not wait for it to load; tinypool unrefs it while idle.
    this.pool ??= new Tinypool({ filename: workerModule(), minThreads: 1, maxThreads: 1, concurrentTasksPerWorker: 1 });
    return this.pool;
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const abort = new AbortController();
    const running = { ...next, abort };
    this.running = running;
    const timer = setTimeout(() => abort.abort(), this.timeoutMs);
    const settle = (fn: () => void): void => {
      clearTimeout(timer);
      // Already answered by dispose().
      if (this.running !== running) return;
      this.running = null;
      fn();
      this.pump();
    };
    (this.threads().run(next.job, { signal: abort.signal }) as Promise<ParseAnswer>).then(
      (a) => settle(() => (a.ok ? next.resolve(a.items) : next.reject(new Error(a.error)))),
      (e: unknown) =>
        settle(() =>
          next.reject(
            new Error(
              abort.signal.aborted
                ? `${next.job.req.fileName}: reading the file took longer than ${this.timeoutMs / 1000} s; it was stopped`
                : `the file reader stopped: ${errorMessage(e)}`,
            ),
          ),
        ),
    );
  }
}
