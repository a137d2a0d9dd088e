import type { Rng } from '../rng/rng';

/**
 * A family's mutable solution with random moves scored by delta. Engines (hill climbing, SA,
 * tabu, ...) drive it without knowing the family. Implementations keep their state in typed
 * arrays and must not allocate in `propose`/`apply`.
 */
export interface LocalSearchProblem {
  /** The best score possible, or null where unknown. */
  readonly maxScore: number | null;
  /** Replace the current solution by a random legal one. */
  randomize(rng: Rng): void;
  /** Score of the current solution (kept up to date incrementally). */
  score(): number;
  /** Choose a random move and return its score delta without applying it. */
  propose(rng: Rng): number;
  /** Apply the move last returned by `propose`. */
  apply(): void;
  /** Remember the current solution as the best. */
  saveBest(): void;
  /** The remembered best solution in the family's JSON form. */
  bestSolution(): unknown;
  /** JSON of the current and best solutions, for checkpoints. */
  save(): unknown;
  /** Inverse of `save`. */
  load(state: unknown): void;

  // Optional members for engines that sample several moves before taking one (tabu search).
  // A family offers all three or none.

  /**
   * A non-negative integer naming the move last proposed up to reversal: the move that would
   * undo it has the same attribute. Tabu search forbids a recently applied attribute.
   */
  moveAttribute?(): number;
  /** Set the move last proposed aside (proposing others afterwards does not lose it). */
  keepMove?(): void;
  /** Apply the move set aside by `keepMove`, as `apply` would have right after proposing it. */
  applyKept?(): void;
}
