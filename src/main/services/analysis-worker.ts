/**
 * A worker thread that runs one designer's analysis (issue 25, see analysis.ts): the search runs
 * here, off the backend's event loop, so the window and every other call stay responsive however
 * long it takes. The job arrives as workerData; the thread posts its progress and then its outcome
 * (or a one-line error), and a 'stop' message ends the search at the next slice with the count so
 * far. Making a puzzle unique runs in one go without turns of the loop: its stop is a flag the
 * thread shares with the backend.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import {
  runAnalysis,
  runMakeUnique,
  runRecolour,
  type AnalysisLimits,
  type AnalysisOutcome,
  type AnalysisProgress,
  type AnalysisTarget,
  type MakeUniqueProposal,
  type RecolourProposal,
} from './analysis-run';
import type { AnalysisTask } from '../api/system';

export interface AnalysisJob {
  target: AnalysisTarget;
  limits: AnalysisLimits;
  /** Absent: 'analyze'. */
  task?: AnalysisTask;
  /** Over a SharedArrayBuffer: the backend sets element 0 to ask a stop (read by 'make-unique' and 'recolour'). */
  stopFlag?: Int32Array;
}

export type AnalysisMessage =
  | { kind: 'progress'; progress: AnalysisProgress }
  | { kind: 'done'; outcome: AnalysisOutcome }
  | { kind: 'unique'; unique: MakeUniqueProposal }
  | { kind: 'recolour'; recolour: RecolourProposal }
  | { kind: 'error'; error: string };

/**
 * The limit's clock: this thread's own CPU time where the runtime has it (process.threadCpuUsage,
 * Node 23.9+, so Electron's main process); otherwise (Node 20: tests, `serve`) the wall time of
 * this thread, which the analysis has to itself. process.cpuUsage() would count the whole process.
 */
const threadCpu = (process as { threadCpuUsage?: () => { user: number; system: number } }).threadCpuUsage;
const clockMs = threadCpu
  ? (): number => {
      const u = threadCpu.call(process);
      return (u.user + u.system) / 1000;
    }
  : (): number => performance.now();

const port = parentPort;
if (port) {
  let stop = false;
  port.on('message', (m: unknown) => {
    if (m === 'stop') stop = true;
  });
  const post = (m: AnalysisMessage): void => port.postMessage(m);
  const { target, limits, task, stopFlag } = workerData as AnalysisJob;
  const stopRequested = (): boolean => stop || (stopFlag !== undefined && Atomics.load(stopFlag, 0) !== 0);
  const onProgress = (progress: AnalysisProgress): void => post({ kind: 'progress', progress });
  const work: Promise<AnalysisMessage> =
    task === 'make-unique'
      ? Promise.resolve().then(() => ({ kind: 'unique', unique: runMakeUnique(target, limits.seconds, { onProgress, stopRequested, clockMs }) }))
      : task === 'recolour'
        ? Promise.resolve().then(() => ({ kind: 'recolour', recolour: runRecolour(target, limits.seconds, { onProgress, stopRequested, clockMs }) }))
        : runAnalysis(target, limits, {
            onProgress,
            stopRequested,
            // A turn of this thread's loop between slices, so a stop message is read.
            pause: () => new Promise((r) => setImmediate(r)),
            clockMs,
          }).then((outcome) => ({ kind: 'done', outcome }));
  work
    .then(post)
    .catch((e: unknown) => post({ kind: 'error', error: e instanceof Error ? e.message : String(e) }))
    // Nothing is left to do: the port no longer keeps the thread alive.
    .finally(() => port.unref());
}
