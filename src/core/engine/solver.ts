import type { FamilyId } from '../families/family';
import type { ParamSchema, Params } from '../params/schema';
import type { WorkTally } from './work-tally';

/**
 * A solver at work: a state machine the run driver advances in slices. Solvers never read the
 * clock and never do I/O, so stop criteria, progress, checkpoints and resume work the same way
 * for every engine and every family.
 */
export interface SolverRun<S = unknown, C = unknown> {
  /**
   * Do about `budget` evaluations of work. Must return early (after updating `bestScore`) as soon
   * as a new best is found, so the driver can record every improvement with its board.
   */
  step(budget: number): void;
  /** Fitness evaluations (or placements/nodes for exact searches) so far, across resumes. */
  readonly evaluations: number;
  /**
   * The units `step`'s budget counts, where they are not `evaluations` (a beam pass counts its
   * evaluations when it ends, and weighs the candidates it looks at); only differences are read.
   */
  readonly spent?: number;
  readonly bestScore: number;
  /** Current score (local search) or best of the population; for progress charts. */
  readonly currentScore: number;
  /** Population mean where the solver has a population. */
  readonly meanScore?: number;
  /** Iterations or generations, where meaningful. */
  readonly iteration: number;
  /** True when the search space is exhausted (exact solvers) or nothing more can improve. */
  readonly finished: boolean;
  /**
   * The run ends on the clock or by the user's word: take in work done ahead of what `step` has
   * shown (a run on several threads). Stops by evaluations or a target never call it, so they stay
   * deterministic.
   */
  settle?(): void;
  /**
   * Given by the driver before its first step, where a step waits on other threads (a run on
   * several threads): whether the run's clock or the user has called its stop. Such a step ends
   * its wait, and its threads their rounds, as soon as it is true, not at the end of a round.
   */
  watch?(stopDue: () => boolean): void;
  /**
   * Given by the driver before its first step when the run stops on evaluations: a solver whose
   * steps are long (a memetic generation is its walks) ends its work there rather than a step later.
   */
  limitEvaluations?(max: number): void;
  /**
   * Where a step or a checkpoint waits on other threads: resolves true once the next `step` (with
   * `checkpoint`, the next `checkpoint()`) will not wait, or false after about `ms` without. The
   * driver awaits it, so the host's event loop runs while threads play a long round: a user's stop
   * arrives as a message, and is seen within `ms` rather than at the round's end.
   */
  ready?(ms: number, checkpoint?: boolean): Promise<boolean>;
  /** The best solution in its family's JSON form. */
  bestSolution(): S;
  /** JSON-serialisable state from which `restore` continues on the same RNG stream. */
  checkpoint(): C;
}

/**
 * A solver of one family: `P` its puzzle model, `S` the JSON form of its solutions, `C` its
 * checkpoint (described by a schema beside the solver, see engine/checkpoint.ts). The catalogue
 * holds every solver as `SolverDef` (all three unknown) through `catalogued` (engine/catalogued.ts),
 * which reads a stored checkpoint with its schema before `restore` sees it, and resolves the parameters
 * against `params` once before any member sees them (`Q`, the typed values). Members are function
 * properties, not methods, so a typed solver cannot pass for an erased one without that adapter.
 */
export interface SolverDef<P = unknown, S = unknown, C = unknown, Q = Params> {
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
  refuses?: (puzzle: P, params: Q) => string | null;
  /** Bytes one run holds at these parameters, where it is large enough to bound (N threads hold N times it). */
  memoryBytes?: (puzzle: P, params: Q) => number;
  /**
   * The parameter (MB, 0 = none) that bounds a run's memory, if one does: a run's N threads share
   * it, each taking an Nth, so the bound a person sets is the whole run's.
   */
  memoryParam?: string;
  /**
   * Elementary operations of the largest unit a step cannot interrupt (a completion pass), where
   * parameters make it large: N threads may do N of them in one round before a stop is seen.
   */
  stepWork?: (puzzle: P, params: Q) => number;
  /**
   * The run's work counted by score (work-tally.ts) from its checkpoint's states, one per thread
   * (a run on one thread: one); null where these states count nothing.
   */
  tally?: (threads: readonly C[]) => WorkTally | null;
  /** `puzzle` is the family's puzzle model (already validated). */
  create: (puzzle: P, params: Q, seed: number) => SolverRun<S, C>;
  /** `checkpoint` was written by this solver's `checkpoint()` (and read back with its schema). */
  restore: (puzzle: P, params: Q, checkpoint: C) => SolverRun<S, C>;
}
