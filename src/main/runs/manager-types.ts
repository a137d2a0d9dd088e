/** The run manager's options, the events it sends, and what it keeps of each run it works on. */
import type { MemoryUse } from '../../core/engine/run-types';
import type { LeaseOwner } from '../store/leases';
import type { Store } from '../store/store';
import type { RunRecord, RunStatus } from '../store/types';
import type { WorkerHandle, WorkerSpawner } from './worker-host';

export interface RunManagerOptions {
  store: Store;
  spawn: WorkerSpawner;
  /** Runs at once; default cores - 1, at least 1. */
  concurrency?: number;
  checkpointIntervalMs?: number;
  progressIntervalMs?: number;
  /** How long a worker may take to wind down after `stop` before it is killed. */
  stopGraceMs?: number;
  /** Who this manager is as a lease holder; default this process. */
  owner?: LeaseOwner;
  /** How long a lease lasts without a heartbeat (default 15 s). */
  leaseTtlMs?: number;
  /** How often leases are renewed and stop requests from other processes are looked for (default 2 s). */
  heartbeatMs?: number;
  /** How long a run's writes may wait for a database another program holds locked before the run ends (default 5 min). */
  heldGiveUpMs?: number;
}

export type RunManagerEvent =
  /** `error` (and `run`, as this process last knew it) are set when the status could not be saved (the store is unusable): the views show it anyway. */
  | { type: 'status'; runId: number; status: RunStatus; error?: string; run?: RunRecord }
  /** `memory`: the solver process's, when its worker measures it. */
  | { type: 'progress'; runId: number; elapsedMs: number; evaluations: number; bestScore: number; currentScore: number; memory?: MemoryUse }
  | { type: 'improvement'; runId: number; score: number };

export interface Active {
  worker: WorkerHandle;
  ended: boolean;
  stopping: boolean;
  /** Set when the manager itself ends the run on shutdown: it must be resumable. */
  shuttingDown: boolean;
  killTimer?: NodeJS.Timeout;
  /** The run as it was launched, for telling waiters how it ended when the store cannot be read. */
  run: RunRecord;
  /** A store write failed and the run is being ended for it. */
  failed?: boolean;
  /** How its process ended, once it has (seen after any messages still held for the database). */
  exited?: string;
  /** Run slots it takes: its threads, at most the manager's concurrency. */
  slots: number;
}
