import * as v from 'valibot';
import { count, int, rngState } from '../../../engine/checkpoint';

/** The deepest board reached, as `solutionToJson` writes it. */
const solutionJson = v.object({ cells: v.array(v.tuple([int, int])) });

/**
 * A backtracking run: the explicit stack of candidate entries (checked against the candidate
 * tables on restore, which only the puzzle gives) and the cursor at the current depth.
 */
export const BacktrackCheckpoint = v.object({
  v: v.literal(1),
  evaluations: count,
  restarts: count,
  sinceRestart: count,
  rng: rngState,
  /** RNG state the current candidate order was shuffled from; null = built order. */
  shuffled: v.nullable(rngState),
  /** Candidate entry placed at each depth above the current one. */
  stack: v.array(int),
  /** Phase of each of those placements (mismatch searches only). */
  phases: v.array(v.number()),
  cursor: int,
  phase: v.number(),
  finished: v.boolean(),
  bestScore: v.number(),
  bestDepth: v.number(),
  bestBreaks: v.number(),
  best: solutionJson,
});
export type BacktrackCheckpoint = v.InferOutput<typeof BacktrackCheckpoint>;

/** backtrack-2x2: the same over blocks. */
export const BlockCheckpoint = v.object({
  v: v.literal(1),
  evaluations: count,
  rng: rngState,
  shuffled: v.nullable(rngState),
  stack: v.array(int),
  cursor: int,
  finished: v.boolean(),
  bestScore: v.number(),
  bestDepth: v.number(),
  best: solutionJson,
});
export type BlockCheckpoint = v.InferOutput<typeof BlockCheckpoint>;
