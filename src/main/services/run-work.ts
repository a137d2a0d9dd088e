/**
 * A run's work counted by score, read from its latest checkpoint by its solver (core's
 * engine/work-tally.ts): for `show` and the run's page, which print it knowing no solver.
 */
import { findSolver } from '../../core/catalogue/catalogue';
import { workTallyOf } from '../../core/engine/shards';
import type { WorkTally } from '../../core/engine/work-tally';
import type { Store } from '../store/store';

/** Null for a run whose solver counts nothing, before its first checkpoint, or for no such run. */
export function runWork(store: Store, id: number): WorkTally | null {
  const run = store.getRunSummary(id);
  const cp = run ? store.latestCheckpoint(id) : null;
  if (!run || !cp) return null;
  try {
    return workTallyOf(findSolver(run.family, run.solver), cp.state);
  } catch {
    return null; // a solver this version does not have
  }
}
