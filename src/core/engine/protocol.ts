import type { Checkpoint, Improvement, MemoryUse, ProgressSample, RunSpec, StopReason } from './run-types';

/** Messages from the run manager to a worker process. */
export type ToWorker = { type: 'start'; spec: RunSpec } | { type: 'stop' };

/**
 * Messages from a worker to the run manager. A run ends with exactly one `done` or `error`.
 * `memory` is the process's as measured with the message (absent from a worker that does not
 * measure it: the run then shows none).
 */
export type FromWorker =
  | { type: 'started'; runId: number; maxScore: number | null }
  | { type: 'progress'; runId: number; sample: ProgressSample; memory?: MemoryUse }
  | { type: 'improvement'; runId: number; improvement: Improvement }
  | { type: 'checkpoint'; runId: number; checkpoint: Checkpoint }
  | { type: 'done'; runId: number; reason: StopReason; elapsedMs: number; evaluations: number; bestScore: number; memory?: MemoryUse }
  | { type: 'error'; runId: number; message: string };

/** A message channel, whichever process API carries it (utilityProcess parentPort or Node IPC). */
export interface MessagePortLike<In, Out> {
  post(message: Out): void;
  onMessage(listener: (message: In) => void): void;
}
