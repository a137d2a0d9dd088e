import type { FamilyId } from '../families/family';
import type { ParamSchema, Params } from '../params/schema';

/**
 * A solver at work: a state machine the run driver advances in slices. Solvers never read the
 * clock and never do I/O, so stop criteria, progress, checkpoints and resume work the same way
 * for every engine and every family.
 */
export interface SolverRun {
  /**
   * Do about `budget` evaluations of work. Must return early (after updating `bestScore`) as soon
   * as a new best is found, so the driver can record every improvement with its board.
   */
  step(budget: number): void;
  /** Fitness evaluations (or placements/nodes for exact searches) so far, across resumes. */
  readonly evaluations: number;
  readonly bestScore: number;
  /** Current score (local search) or best of the population; for progress charts. */
  readonly currentScore: number;
  /** Population mean where the solver has a population. */
  readonly meanScore?: number;
  /** Iterations or generations, where meaningful. */
  readonly iteration: number;
  /** True when the search space is exhausted (exact solvers) or nothing more can improve. */
  readonly finished: boolean;
  /** The best solution in its family's JSON form. */
  bestSolution(): unknown;
  /** JSON-serialisable state from which `restore` continues on the same RNG stream. */
  checkpoint(): unknown;
}

export interface SolverDef {
  /** Unique within a family: `hill-climb`, `ga`, ... */
  id: string;
  family: FamilyId;
  label: string;
  description: string;
  params: ParamSchema;
  /**
   * Why this solver cannot take the puzzle with these parameters (already resolved against
   * `params`): upright tiles for a method that turns them, an infeasible puzzle for an exact
   * construction, parameters whose memory is over `RUN_MEMORY_LIMIT` (engine/limits.ts), or
   * null. Checked before a run is stored, so no doomed run is ever queued; must be cheap (no search).
   */
  refuses?(puzzle: unknown, params: Params): string | null;
  /** `puzzle` is the family's puzzle model (already validated). */
  create(puzzle: unknown, params: Params, seed: number): SolverRun;
  restore(puzzle: unknown, params: Params, checkpoint: unknown): SolverRun;
}
