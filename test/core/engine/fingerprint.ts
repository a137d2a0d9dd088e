import { createHash } from 'node:crypto';
import type { SolverDef, SolverRun } from '../../../src/core/engine/solver';
import { catalogue } from '../../../src/core/catalogue/catalogue';
import type { FamilyId } from '../../../src/core/families/family';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { jumpPuzzle } from '../../../src/core/families/jump/model';
import type { Params } from '../../../src/core/params/schema';
import { allPresets } from '../../../src/core/presets/presets';
import { generatePuzzle } from '../families/edge/helpers';

/** Small puzzles of each family, the same every time. */
export const PUZZLES: Record<FamilyId, () => unknown> = {
  edge: () => generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 4, seed: 3 }).puzzle,
  jump: () => jumpPuzzle(6, 6),
  parity: () => ({ n: 14, m: 40 }),
};
/** A second edge puzzle: not square, two hint pieces fixed. */
export const HINTED = (): unknown => generatePuzzle(5, 7, 11, 2, 4, 2).puzzle;

/** Parameters where the defaults are tuned for big boards (tabu samples every move of a small one). */
export const SMALL: Record<string, Params> = { 'edge/tabu': allPresets().find((x) => x.id === 'tabu-small')!.params };

const hash = (x: unknown): string => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);

export interface Fingerprint {
  bestScore: number;
  evaluations: number;
  /** Every step's figures, the best solution and the checkpoints, hashed. */
  trace: string;
}

/**
 * Runs `def` for `budget` evaluations in fixed slices, halfway through resuming from its checkpoint
 * (through JSON) with `restore`: the figures and hashes are the same for the same code and seed.
 */
export function fingerprint(def: SolverDef, puzzle: unknown, seed: number, budget = 20_000, slice = 2_500): Fingerprint {
  return fingerprintWith(def, puzzle, seed, SMALL[`${def.family}/${def.id}`] ?? {}, budget, slice);
}

/** Acceptance rules the defaults do not reach: each acceptor of engines/acceptance at work. */
export const VARIANTS: [name: string, family: FamilyId, solver: string, params: Params][] = [
  ['edge/lns greedy', 'edge', 'lns', { acceptance: 'greedy' }],
  ['edge/lns anneal', 'edge', 'lns', { acceptance: 'anneal', temperature: 0.8 }],
  ['edge/hill-climb random walk', 'edge', 'hill-climb', { randomWalk: 0.01, restartAfter: 3000 }],
  ['edge/sa frozen', 'edge', 'sa', { t0: 0, tMin: 0 }],
  ['edge/sa reheating', 'edge', 'sa', { t0: 2, alpha: 0.999, tMin: 0.5, reheat: true }],
  ['jump/sa', 'jump', 'sa', { t0: 5, alpha: 0.99, movesPerTemperature: 20, tMin: 0.1, reheat: true }],
  ['parity/sa reheating', 'parity', 'sa', { alpha: 0.5, atFinal: 'reheat', tFinal: 0.5 }],
  ['parity/sa frozen', 'parity', 'sa', { alpha: 0, tFinal: 0 }],
  ['edge/vns-sa cold', 'edge', 'vns-sa', { t0: 0.3, temperature: 0.2 }],
];

export function fingerprintWith(def: SolverDef, puzzle: unknown, seed: number, params: Params, budget = 20_000, slice = 2_500): Fingerprint {
  const trace: unknown[] = [];
  const stepTo = (run: SolverRun, until: number): void => {
    while (run.evaluations < until && !run.finished) {
      run.step(slice);
      trace.push([run.evaluations, run.bestScore, run.currentScore, run.iteration, run.meanScore ?? null]);
    }
  };
  let run = def.create(puzzle, params, seed);
  stepTo(run, budget / 2);
  const cp = JSON.stringify(run.checkpoint());
  trace.push(hash(cp), hash(run.bestSolution()));
  run = def.restore(puzzle, params, JSON.parse(cp));
  stepTo(run, budget);
  trace.push(hash(run.checkpoint()), hash(run.bestSolution()));
  return { bestScore: run.bestScore, evaluations: run.evaluations, trace: hash(trace) };
}

export function cases(): { name: string; def: SolverDef; puzzle: () => unknown }[] {
  const out: { name: string; def: SolverDef; puzzle: () => unknown }[] = [];
  for (const def of catalogue) {
    out.push({ name: `${def.family}/${def.id}`, def, puzzle: PUZZLES[def.family] });
    if (def.family === 'edge') out.push({ name: `${def.family}/${def.id} hinted`, def, puzzle: HINTED });
  }
  return out;
}
