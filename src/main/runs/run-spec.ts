import type { RunSpec } from '../../core/engine/run-types';
import type { Store } from '../store/store';

/** How often a run's worker reports progress and saves a checkpoint. */
export interface RunIntervals {
  progressIntervalMs: number;
  checkpointIntervalMs: number;
}

/**
 * What a solver worker needs to start or resume a stored run: the run as stored, from its latest
 * checkpoint. A local process and a remote worker are given the same spec.
 */
export function runSpecOf(store: Store, runId: number, intervals: RunIntervals): RunSpec {
  const run = store.getRun(runId);
  if (!run) throw new Error(`no run ${runId}`);
  return {
    runId,
    family: run.family,
    solver: run.solver,
    puzzle: run.puzzle,
    params: run.params,
    seed: run.seed,
    stop: run.stop,
    checkpoint: store.latestCheckpoint(runId),
    recordedBest: run.bestScore,
    ...intervals,
  };
}
