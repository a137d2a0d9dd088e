import * as v from 'valibot';
import { num, rngState } from '../../../engine/checkpoint';

/**
 * Everything a resumed GA (or ga-memetic) run needs; boards packed as 4 * piece + rotation per
 * cell, which `unpackBoard` checks against the puzzle. Checkpoints written before the repair
 * search, scrambling and ga-memetic lack their counters.
 */
export const GaCheckpoint = v.object({
  version: v.literal(1),
  rng: rngState,
  evaluations: num,
  generation: num,
  crossovers: num,
  mutations: num,
  repairs: num,
  repairTrials: v.optional(num, 0),
  scrambles: v.optional(num, 0),
  searchMoves: v.optional(num, 0),
  bestScore: num,
  bestFit: num,
  sinceBest: num,
  stall: num,
  threshold: num,
  best: v.array(v.number()),
  population: v.array(v.number()),
  tags: v.array(v.number()),
});
export type GaCheckpoint = v.InferOutput<typeof GaCheckpoint>;
