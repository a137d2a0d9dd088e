/**
 * A run's work counted by score, read from its latest checkpoint by its solver (core's
 * engine/work-tally.ts): for `show` and the run's page, which print it knowing no solver.
 */
import { findSolver } from '../../core/catalogue/catalogue';
import { workTallyOf } from '../../core/engine/shards';
import type { RunWork } from '../api/runs';
import type { Store } from '../store/store';

/** Null for a run whose solver counts nothing, before its first checkpoint, or for no such run. */
export function runWork(store: Store, id: number): RunWork | null {
  const run = store.getRunSummary(id);
  const cp = run ? store.latestCheckpoint(id) : null;
  if (!run || !cp) return null;
  try {
    const tally = workTallyOf(findSolver(run.family, run.solver), cp.state);
    return tally ? { tally, atMs: cp.elapsedMs, clock: run.stop.clock ?? 'wall' } : null;
  } catch {
    return null; // a solver this version does not have
  }
}
