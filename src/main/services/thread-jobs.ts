/**
 * Work the backend hands to worker threads of its own, one thread a job (the designer's analyses,
 * generating to order): the registry both keep, so the window's event loop never waits for it.
 * A job's thread reports into its status as it goes; a stop sets a flag shared with the thread
 * (and posts 'stop' to a thread that reads messages), and the thread is ended if it does not
 * answer within a grace. The first ending wins and is kept for the view to collect; finished jobs
 * are forgotten after a while. Disposing ends every thread.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Disposable } from '../lifecycle/disposable';

/** Finished jobs kept for their view to collect. */
export const KEEP_MS = 10 * 60_000;

/** A thread's code: a module to load, or (from sources) code that loads it through tsx. */
export type ThreadSource = { code: string } | { file: URL };

/**
 * From sources (tests, the CLI and serve run through tsx) the TypeScript loader is registered in
 * the thread first; the electron-vite build puts the worker's .js next to the main code (an entry
 * of the main build). The caller names both with `new URL('./x', import.meta.url)` of its own, so
 * the build sees them where they were always written.
 */
export function threadSource(source: URL, built: URL): ThreadSource {
  if (!import.meta.url.endsWith('.ts')) return { file: built };
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const file = JSON.stringify(pathToFileURL(fileURLToPath(source)).href);
  return { code: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${file}, ${file}));` };
}

/** What every job's status has: the registry keeps `running` and `error`. */
export interface JobStatus {
  id: number;
  running: boolean;
  error: string | null;
}

/** What a job makes: any object without an `error` (that key is how an ending says it failed). */
export type Made = object & { error?: never };

/** How a job ends: with what it made (`D`), or with one line saying why not. */
export type Ending<D extends Made> = D | { error: string };

export interface ThreadJobsSpec<S extends JobStatus, D extends Made, M> {
  /** 'analysis': an unknown id's refusal names it ("analysis 3 does not exist"). */
  noun: string;
  /** 'analyses': "finished analyses are kept 10 minutes". */
  plural: string;
  /** Asked at each start. */
  source(): ThreadSource;
  /** How long a stopped job may take to hand over what it has before its thread is ended. */
  stopGraceMs: number;
  /** Post 'stop' to the thread as well as setting the flag (a thread that reads messages between slices). */
  postStop: boolean;
  /** A message from the thread: noted in the status (null), or the job's ending. */
  message(status: S, m: M): Ending<D> | null;
  /** Write what the job made into its status. */
  made(status: S, d: D): void;
  /** The line for a thread that failed. */
  failed(e: Error): string;
  /** The line for a thread that exited without an ending. */
  exited: string;
  /** The line for a stopped job whose thread did not answer in time (asked when the grace is over). */
  late(status: S): string;
}

interface Entry<S> {
  status: S;
  worker: Worker | null;
  /** Shared with the thread: set to ask a stop of work that takes no messages. */
  stopFlag: Int32Array;
  /** Ends the thread when it does not answer a stop in time. */
  stopTimer: NodeJS.Timeout | null;
  finishedAt: number | null;
}

const isError = (e: object): e is { error: string } => 'error' in e;

export class ThreadJobs<S extends JobStatus, D extends Made, M> implements Disposable {
  private readonly jobs = new Map<number, Entry<S>>();
  private nextId = 1;

  constructor(private readonly spec: ThreadJobsSpec<S, D, M>) {}

  /** A new job with the status `status(id)` makes, its thread started on `data(stopFlag)`; its status. */
  start(status: (id: number) => S, data: (stopFlag: Int32Array) => unknown): S {
    const j: Entry<S> = {
      status: status(this.nextId++),
      worker: null,
      stopFlag: new Int32Array(new SharedArrayBuffer(4)),
      stopTimer: null,
      finishedAt: null,
    };
    this.jobs.set(j.status.id, j);
    const workerData = data(j.stopFlag);
    const src = this.spec.source();
    const w = 'code' in src ? new Worker(src.code, { eval: true, workerData }) : new Worker(src.file, { workerData });
    j.worker = w;
    w.on('message', (m: M) => {
      const end = this.spec.message(j.status, m);
      if (end !== null) this.finish(j, end);
    });
    w.on('error', (e) => this.finish(j, { error: this.spec.failed(e) }));
    w.on('exit', () => this.finish(j, { error: this.spec.exited }));
    // Not a reason for the process to stay alive.
    w.unref();
    return this.status(j.status.id);
  }

  /** Every job kept, running or finished, as it stands (the registry's own objects: read them only). */
  *all(): IterableIterator<Readonly<S>> {
    for (const j of this.jobs.values()) yield j.status;
  }

  private entry(id: number): Entry<S> {
    const j = this.jobs.get(id);
    if (!j) throw new Error(`${this.spec.noun} ${id} does not exist (finished ${this.spec.plural} are kept ${KEEP_MS / 60_000} minutes)`);
    return j;
  }

  /** A copy of the job's status; an unknown (or forgotten) id is refused in one line. */
  status(id: number): S {
    return { ...this.entry(id).status };
  }

  /**
   * Ask the job to stop; its thread is ended if it does not answer in time. One that has finished
   * stays as it is; an unknown id is refused, as by `status`.
   */
  stop(id: number): void {
    const j = this.entry(id);
    if (!j.status.running || !j.worker || j.stopTimer) return;
    if (this.spec.postStop) j.worker.postMessage('stop');
    Atomics.store(j.stopFlag, 0, 1);
    j.stopTimer = setTimeout(() => this.finish(j, { error: this.spec.late(j.status) }), this.spec.stopGraceMs);
    j.stopTimer.unref();
  }

  /** End every running job (the backend is closing). */
  async dispose(): Promise<void> {
    const workers = [...this.jobs.values()].map((j) => j.worker).filter((w): w is Worker => w !== null);
    for (const j of this.jobs.values()) this.finish(j, { error: 'the backend closed' });
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** Forget the jobs that finished longer than KEEP_MS ago. */
  prune(): void {
    const now = Date.now();
    for (const [id, j] of this.jobs) if (j.finishedAt !== null && now - j.finishedAt > KEEP_MS) this.jobs.delete(id);
  }

  /** The first ending wins (what the job made, an error, the thread's exit); the thread is then ended. */
  private finish(j: Entry<S>, end: Ending<D>): void {
    if (!j.status.running) return;
    if (isError(end)) j.status.error = end.error;
    else this.spec.made(j.status, end);
    j.status.running = false;
    j.finishedAt = Date.now();
    if (j.stopTimer) clearTimeout(j.stopTimer);
    j.stopTimer = null;
    const w = j.worker;
    j.worker = null;
    void w?.terminate();
  }
}
