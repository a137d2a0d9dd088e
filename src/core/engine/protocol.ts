import type { Checkpoint, Improvement, ProgressSample, RunSpec, StopReason } from './run-types';

/** Messages from the run manager to a worker process. */
export type ToWorker = { type: 'start'; spec: RunSpec } | { type: 'stop' };

/** Messages from a worker to the run manager. A run ends with exactly one `done` or `error`. */
export type FromWorker =
  | { type: 'started'; runId: number; maxScore: number | null }
  | { type: 'progress'; runId: number; sample: ProgressSample }
  | { type: 'improvement'; runId: number; improvement: Improvement }
  | { type: 'checkpoint'; runId: number; checkpoint: Checkpoint }
  | { type: 'done'; runId: number; reason: StopReason; elapsedMs: number; evaluations: number; bestScore: number }
  | { type: 'error'; runId: number; message: string };

/** A message channel, whichever process API carries it (utilityProcess parentPort or Node IPC). */
export interface MessagePortLike<In, Out> {
  post(message: Out): void;
  onMessage(listener: (message: In) => void): void;
}
