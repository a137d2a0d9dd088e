import * as v from 'valibot';
import { int, rngState } from '../../../engine/checkpoint';
import { BeamCheckpoint } from '../beam/checkpoint';
import { boardJson } from '../local-search/board';

/** Operator statistics: JSON writes a non-finite weight as null, which a resume skips. */
const perOperator = v.array(v.nullable(v.number()));

/** An LNS run: counters, the adaptive operator weights, its boards, and the beam start under way. */
export const LnsCheckpoint = v.object({
  rng: rngState,
  evaluations: int,
  iteration: v.optional(int, 0),
  sinceBest: v.optional(int, 0),
  stalls: v.optional(int, 0),
  bestScore: int,
  weights: perOperator,
  segScore: v.optional(perOperator, []),
  segUses: v.optional(perOperator, []),
  /** Null while a beam start has not finished its first pass. */
  current: v.nullable(boardJson),
  best: v.nullable(boardJson),
  /** The beam phase under way, if any. */
  beam: v.nullable(BeamCheckpoint),
});
export type LnsCheckpoint = v.InferOutput<typeof LnsCheckpoint>;
