/**
 * What the views show of a spread run (a run whose passes workers on other machines do; see
 * src/main/spread and docs/spread-runs.md): its workers and their rates, both its clocks, its pool.
 */

/** One worker of a spread run. */
export interface SpreadWorker {
  /** `host/pid` of the `workbench worker` process. */
  who: string;
  /** Passes it ended, and passes it has under way now. */
  jobs: number;
  busy: number;
  /** CPU time of its passes, and their evaluations. */
  cpuMs: number;
  evaluations: number;
  /** Evaluations per CPU second of its passes. */
  rate: number;
  /** When the run last heard from it (ms since the epoch, the coordinator's clock). */
  lastSeen: number;
}

export interface SpreadRunInfo {
  v: 1;
  /** CPU seconds of one pass, the most boards in the pool, the share of passes from empty. */
  passSeconds: number;
  poolSize: number;
  fresh: number;
  /** The pool's scores, best first. */
  pool: number[];
  /** CPU time summed over every worker's passes, and the run's wall-clock time. */
  cpuMs: number;
  wallMs: number;
  jobsDone: number;
  /** Passes on the queue or under way now. */
  outstanding: number;
  workers: SpreadWorker[];
  /** The run's lines (a refused board, Redis losing its data), oldest first. */
  notes: string[];
  /** When the coordinator last wrote these figures. */
  updatedAt: number;
}
