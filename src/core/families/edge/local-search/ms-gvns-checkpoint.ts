import * as v from 'valibot';
import { int, rngState } from '../../../engine/checkpoint';
import { boardJson } from './board';

/**
 * MS-GVNS's checkpoint: the state machine's registers (a VND scan can stop after any move, so its
 * cursor is here) and its boards, which `VnsBoard.checkBoard` checks against the puzzle.
 */
export const MsGvnsCheckpoint = v.object({
  rng: rngState,
  evaluations: int,
  iteration: int,
  starts: int,
  phase: int,
  initialVnd: v.optional(v.boolean(), false),
  p: int,
  iter: int,
  orderFlip: int,
  order: int,
  k: int,
  di: int,
  xi: int,
  offD: int,
  offX: int,
  bestDelta: int,
  bestA: int,
  bestB: int,
  buildPos: int,
  cur: boardJson,
  base: boardJson,
  baseScore: int,
  best: boardJson,
  bestScore: int,
  /** Cells whose neighbourhood changed since VND last scanned them (`DirtyCells.fromJson` checks the range). */
  dirty: v.array(int),
});
export type MsGvnsCheckpoint = v.InferOutput<typeof MsGvnsCheckpoint>;
