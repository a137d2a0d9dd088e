/**
 * Import files read off the server's event loop: one worker thread (parse-worker.ts) reads them one
 * at a time, each within a time limit; a read past its limit ends the thread (a new one starts for
 * the next). A bounded queue: more waiting reads than that are refused at once.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EdgePuzzle } from '../../core/families/edge/model';
import type { BoardsOnPuzzle, Item, ReadingsRead } from '../services/imports';
import type { ParseAnswer, ParseJob } from './parse-worker';

export interface ParsePoolOptions {
  /** Longest a read may take (default 20 s). */
  timeoutMs?: number;
  /** Reads waiting beyond the running one before new ones are refused (default 8). */
  maxQueued?: number;
}

interface Pending {
  job: ParseJob;
  resolve: (items: Item[] | BoardsOnPuzzle | ReadingsRead) => void;
  reject: (e: Error) => void;
}

/**
 * The worker's code: from sources (the CLI runs through tsx) the TypeScript loader is registered in
 * the thread first; a built copy would sit next to this file as parse-worker.js.
 */
function workerSource(): { code: string } | { file: URL } {
  const source = new URL('./parse-worker.ts', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return { file: new URL('./parse-worker.js', import.meta.url) };
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const file = JSON.stringify(pathToFileURL(fileURLToPath(source)).href);
  return { code: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${file}, ${file}));` };
}

export class ParsePool {
  private worker: Worker | null = null;
  private running: (Pending & { timer: NodeJS.Timeout }) | null = null;
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private readonly timeoutMs: number;
  private readonly maxQueued: number;

  constructor(opts: ParsePoolOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.maxQueued = opts.maxQueued ?? 8;
  }

  /** Start the thread now, so the first read does not wait for it to load. */
  warm(): void {
    if (!this.closed) this.worker ??= this.spawn();
  }

  /** What the file holds, read in the worker thread; rejects with the reader's one-line error. */
  read(req: ParseJob['req']): Promise<Item[]> {
    return this.run({ id: this.nextId++, kind: 'all', req }) as Promise<Item[]>;
  }

  /** The boards of a board file on a library puzzle, read in the worker thread. */
  readOnto(req: ParseJob['req'], onto: { id: number; puzzle: EdgePuzzle }): Promise<BoardsOnPuzzle> {
    return this.run({ id: this.nextId++, kind: 'onto', req, onto }) as Promise<BoardsOnPuzzle>;
  }

  /** A file's readings for the import dialog, read in the worker thread. */
  readings(req: ParseJob['req']): Promise<ReadingsRead> {
    return this.run({ id: this.nextId++, kind: 'readings', req }) as Promise<ReadingsRead>;
  }

  private run(job: ParseJob): Promise<Item[] | BoardsOnPuzzle | ReadingsRead> {
    if (this.closed) return Promise.reject(new Error('the server is shutting down'));
    if (this.queue.length >= this.maxQueued) return Promise.reject(new Error(`${this.queue.length} files are waiting to be read: try again in a moment`));
    return new Promise<Item[] | BoardsOnPuzzle | ReadingsRead>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('the server is shutting down'));
    if (this.running) {
      clearTimeout(this.running.timer);
      this.running.reject(new Error('the server is shutting down'));
      this.running = null;
    }
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private spawn(): Worker {
    const src = workerSource();
    const w = 'code' in src ? new Worker(src.code, { eval: true }) : new Worker(src.file);
    w.on('message', (a: ParseAnswer) => this.answered(a));
    w.on('error', (e) => this.failed(w, `the file reader stopped: ${e.message}`));
    w.on('exit', () => this.failed(w, 'the file reader stopped'));
    // Not a reason for the process to stay alive.
    w.unref();
    return w;
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    this.worker ??= this.spawn();
    const timer = setTimeout(() => {
      const w = this.worker;
      this.worker = null;
      const r = this.running;
      this.running = null;
      r?.reject(new Error(`${r.job.req.fileName}: reading the file took longer than ${this.timeoutMs / 1000} s; it was stopped`));
      void w?.terminate();
      this.pump();
    }, this.timeoutMs);
    this.running = { ...next, timer };
    this.worker.postMessage(next.job);
  }

  private answered(a: ParseAnswer): void {
    const r = this.running;
    if (!r || r.job.id !== a.id) return;
    clearTimeout(r.timer);
    this.running = null;
    if (a.ok) r.resolve(a.items);
    else r.reject(new Error(a.error));
    this.pump();
  }

  private failed(w: Worker, why: string): void {
    if (w !== this.worker) return;
    this.worker = null;
    const r = this.running;
    this.running = null;
    if (r) {
      clearTimeout(r.timer);
      r.reject(new Error(why));
    }
    this.pump();
  }
}
