/**
 * Analyses the app starts (issue 25; making a puzzle unique, issue 51): each runs in its own worker
 * thread (analysis-worker.ts), so the backend's event loop (calls, pushes, the window) never waits
 * for it; it reports its progress, stops on request (the thread is ended if it does not answer
 * within a grace) or at its CPU limit, and keeps its outcome for the view to collect. Finished
 * analyses are forgotten after a while.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseDocument } from '../../core/document/document';
import type { Store } from '../store/store';
import { DEFAULT_LIMITS, type AnalysisOutcome } from './analysis-run';
import type { AnalysisJob, AnalysisMessage } from './analysis-worker';
import type { AnalysisStatus, AnalysisTask, MakeUniqueProposal, RecolourProposal } from '../api/system';

export type { AnalysisStatus };

interface Job extends AnalysisStatus {
  worker: Worker | null;
  /** Shared with the thread: set to ask a stop of work that takes no messages (make-unique, recolour). */
  stopFlag: Int32Array;
  /** Ends the thread when it does not answer a stop in time. */
  stopTimer: NodeJS.Timeout | null;
  finishedAt: number | null;
}

/** Longest an analysis may be asked to run, in CPU seconds. */
export const MAX_ANALYSIS_SECONDS = 3600;
/** Finished analyses kept for their view to collect. */
const KEEP_MS = 10 * 60_000;
/** How long a stopped analysis may take to hand over its count so far before its thread is ended. */
const STOP_GRACE_MS = 2000;

/**
 * The worker's code: from sources (tests, the CLI and serve run through tsx) the TypeScript loader
 * is registered in the thread first; the electron-vite build puts analysis-worker.js next to this
 * code (an entry of the main build).
 */
function workerSource(): { code: string } | { file: URL } {
  const source = new URL('./analysis-worker.ts', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return { file: new URL('./analysis-worker.js', import.meta.url) };
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const file = JSON.stringify(pathToFileURL(fileURLToPath(source)).href);
  return { code: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${file}, ${file}));` };
}

export class Analyses {
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;

  constructor(private readonly store: Pick<Store, 'getPuzzle'>) {}

  start(req: { puzzleId: number; task?: AnalysisTask; seconds?: number; maxSolutions?: number; probes?: number }): AnalysisStatus {
    this.prune();
    const rec = this.store.getPuzzle(req.puzzleId);
    if (!rec) throw new Error(`puzzle ${req.puzzleId} does not exist`);
    const seconds = req.seconds ?? DEFAULT_LIMITS.seconds;
    if (!(seconds > 0 && seconds <= MAX_ANALYSIS_SECONDS)) throw new Error(`seconds must be above 0 and at most ${MAX_ANALYSIS_SECONDS}, got ${seconds}`);
    const { doc, puzzle, solution, reference } = parseDocument(rec.document, `puzzle ${req.puzzleId}`);
    const task = req.task ?? 'analyze';
    if ((task === 'make-unique' || task === 'recolour') && doc.family !== 'edge')
      throw new Error(`make unique works on edge-matching puzzles (and Tetravex), not on ${doc.family} puzzles`);
    // One analysis per puzzle at a time: a new one replaces (stops) the one before.
    for (const j of this.jobs.values()) if (j.puzzleId === req.puzzleId && j.running) this.stop(j.id);
    const job: Job = {
      id: this.nextId++,
      puzzleId: req.puzzleId,
      family: doc.family,
      task,
      running: true,
      progress: null,
      outcome: null,
      unique: null,
      recolour: null,
      error: null,
      worker: null,
      stopFlag: new Int32Array(new SharedArrayBuffer(4)),
      stopTimer: null,
      finishedAt: null,
    };
    this.jobs.set(job.id, job);
    const limits = { ...DEFAULT_LIMITS, seconds, maxSolutions: req.maxSolutions ?? DEFAULT_LIMITS.maxSolutions, probes: req.probes ?? DEFAULT_LIMITS.probes };
    const workerData: AnalysisJob = {
      target: { family: doc.family, puzzle, solution: solution ?? undefined, reference: reference ?? undefined },
      limits,
      task,
      stopFlag: job.stopFlag,
    };
    const src = workerSource();
    const w = 'code' in src ? new Worker(src.code, { eval: true, workerData }) : new Worker(src.file, { workerData });
    job.worker = w;
    w.on('message', (m: AnalysisMessage) => {
      if (m.kind === 'progress') job.progress = m.progress;
      else if (m.kind === 'done') this.finish(job, { outcome: m.outcome });
      else if (m.kind === 'unique') this.finish(job, { unique: m.unique });
      else if (m.kind === 'recolour') this.finish(job, { recolour: m.recolour });
      else this.finish(job, { error: m.error });
    });
    w.on('error', (e) => this.finish(job, { error: `the analysis failed: ${e.message}` }));
    w.on('exit', () => this.finish(job, { error: 'the analysis ended without a result' }));
    // Not a reason for the process to stay alive.
    w.unref();
    return this.status(job.id);
  }

  private job(id: number): Job {
    const j = this.jobs.get(id);
    if (!j) throw new Error(`analysis ${id} does not exist (finished analyses are kept ${KEEP_MS / 60_000} minutes)`);
    return j;
  }

  status(id: number): AnalysisStatus {
    const { id: jid, puzzleId, family, task, running, progress, outcome, unique, recolour, error } = this.job(id);
    return { id: jid, puzzleId, family, task, running, progress, outcome, unique, recolour, error };
  }

  /**
   * Ask the analysis to stop (it keeps its count so far); its thread is ended if it does not answer
   * in time. One that has finished stays as it is; an unknown id is refused, as by `status`.
   */
  stop(id: number): void {
    const j = this.job(id);
    if (!j.running || !j.worker || j.stopTimer) return;
    j.worker.postMessage('stop');
    Atomics.store(j.stopFlag, 0, 1);
    j.stopTimer = setTimeout(() => this.finish(j, { error: `the analysis did not stop within ${STOP_GRACE_MS / 1000} s and was ended` }), STOP_GRACE_MS);
    j.stopTimer.unref();
  }

  /** End every running analysis (the backend is closing). */
  async close(): Promise<void> {
    const workers = [...this.jobs.values()].map((j) => j.worker).filter((w): w is Worker => w !== null);
    for (const j of this.jobs.values()) this.finish(j, { error: 'the backend closed' });
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** The first ending wins (the outcome, an error, the thread's exit); the thread is then ended. */
  private finish(j: Job, end: { outcome: AnalysisOutcome } | { unique: MakeUniqueProposal } | { recolour: RecolourProposal } | { error: string }): void {
    if (!j.running) return;
    if ('outcome' in end) j.outcome = end.outcome;
    else if ('unique' in end) j.unique = end.unique;
    else if ('recolour' in end) j.recolour = end.recolour;
    else j.error = end.error;
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
