import * as v from 'valibot';
import { int, rngState } from '../../../engine/checkpoint';
import { boardJson } from '../local-search/board';
import { PassTallyJson } from './tally';

/** A beam run between passes (a resume starts the pass under way again from its own random state). */
export const BeamCheckpoint = v.object({
  rng: rngState,
  /** Children so far, the pass under way included. */
  evaluations: int,
  /** Children when the pass under way began (older checkpoints, written between passes: `evaluations`). */
  passStart: v.optional(int),
  pass: int,
  width: int,
  /** The top width, where `widen` has raised it above maxWidth. */
  top: v.optional(int),
  /** The best board's candidate per layer is rebuilt from `best`, its score rescored. */
  bestScore: v.optional(v.number()),
  /** Passes since the best last rose (older checkpoints: 0). */
  stall: v.optional(int, 0),
  /** Suffix passes left on the base board before the next full pass (see `refine`). */
  refineLeft: v.optional(int),
  lastScore: v.optional(int, 0),
  lastWidth: v.optional(int, 0),
  best: v.nullable(boardJson),
  /** The board suffix passes start from, where it is not the best (see `drift`). */
  base: v.optional(boardJson),
  /** The passes at the top width by kind and score (older checkpoints: none counted). */
  tally: v.optional(PassTallyJson),
});
export type BeamCheckpoint = v.InferOutput<typeof BeamCheckpoint>;
