import { describe, expect, it } from 'vitest';
import { findSolver } from '../../../src/core/catalogue/catalogue';
import { memoryRefusal, RUN_MEMORY_LIMIT } from '../../../src/core/engine/limits';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { resolveParams } from '../../../src/core/params/schema';
import type { FamilyId } from '../../../src/core/families/family';

const refusal = (family: FamilyId, solver: string, puzzle: unknown, params: Record<string, unknown> = {}): string | null => {
  const def = findSolver(family, solver);
  return def.refuses?.(puzzle, resolveParams(def.params, params)) ?? null;
};

describe("a run's limits", () => {
  it('memoryRefusal states the estimate and the limit, or passes', () => {
    expect(memoryRefusal(RUN_MEMORY_LIMIT, 'x')).toBeNull();
    expect(memoryRefusal(3 * 2 ** 30, 'a population of 5 grids')).toBe(
      'a population of 5 grids needs about 3.00 GB of memory, over the 2.00 GB a run may use on one thread: choose smaller parameters',
    );
    expect(memoryRefusal(Infinity, 'y')).toMatch(/^y needs more memory than any machine has/);
  });

  it('beam refuses a width whose boards do not fit, and takes the defaults', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 });
    expect(refusal('edge', 'beam', puzzle)).toBeNull();
    expect(refusal('edge', 'beam', puzzle, { width: 4_194_304 })).toBeNull();
    expect(refusal('edge', 'beam', puzzle, { width: 4_194_304, memory: 0 })).toMatch(/^a beam 4,194,304 boards wide on 16 x 16 needs about .* GB of memory/);
    // A bound above what one thread may use cuts the widths to what the history can number (its
    // boards, suffix passes 4x as wide included, in 32-bit words), which fits.
    expect(refusal('edge', 'beam', puzzle, { width: 4_194_304, memory: 4096 })).toBeNull();
    expect(refusal('edge', 'beam', puzzle, { width: 4_194_304, memory: 4096, suffix: 0 })).toBeNull();
    // Without a bound the widths stay as asked, and one the history cannot number is refused.
    expect(refusal('edge', 'beam', puzzle, { width: 1_500_000, memory: 0 })).toMatch(
      /^a beam 1,500,000 boards wide on 16 x 16 cannot number its boards in one word of history \(at most 4,190,211 boards a cell, suffix passes included\): choose a smaller width$/,
    );
    expect(refusal('edge', 'beam', puzzle, { width: 1_000_000, memory: 0 })).toBeNull();
  });

  it('backtrack-2x2 refuses boards above 14x14', () => {
    const big = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 }).puzzle;
    const small = generateEdgePuzzle({ rows: 14, cols: 14, frameColours: 5, innerColours: 17, seed: 1 }).puzzle;
    expect(refusal('edge', 'backtrack-2x2', big)).toMatch(/takes boards up to 14x14/);
    expect(refusal('edge', 'backtrack-2x2', small)).toBeNull();
  });

  it('the exact casse-tete construction refuses an infeasible (n, m); the GA a population over the limit', () => {
    expect(refusal('parity', 'exact', { n: 6, m: 2 })).toMatch(/n = 6, m = 2 has no solution/);
    expect(refusal('parity', 'exact', { n: 6, m: 4 })).toBeNull();
    expect(refusal('parity', 'ga', { n: 10, m: 20 })).toBeNull();
    expect(refusal('parity', 'ga', { n: 10, m: 20 }, { population: Number('9007199254740993') })).toMatch(
      /needs about .* of memory|more memory than any machine/,
    );
    expect(refusal('parity', 'ga', { n: 1000, m: 20 }, { population: 1000 })).toBeNull();
    expect(refusal('parity', 'ga', { n: 1000, m: 20 }, { population: 2000 })).toMatch(/population of 2,000 grids of 1000 x 1000/);
  });
});

describe('work of one indivisible unit', () => {
  const { puzzle } = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 });

  it('the edge GAs refuse a generation no step can hold, and take their defaults and presets', () => {
    expect(refusal('edge', 'ga', puzzle)).toBeNull();
    expect(refusal('edge', 'ga', puzzle, { population: 1000 })).toBeNull();
    expect(refusal('edge', 'ga-memetic', puzzle)).toBeNull();
    expect(refusal('edge', 'ga', puzzle, { population: 100_000 })).toMatch(/^one generation would be about .* operations/);
    expect(refusal('edge', 'ga-memetic', puzzle, { searchMoves: 1e12 })).toMatch(/searchMoves per child/);
    expect(refusal('edge', 'ga', puzzle, { repairTrials: 1e12, repairThreshold: 1 })).toMatch(/repairTrials per elite/);
  });

  it('lns refuses a node limit no step can hold', () => {
    expect(refusal('edge', 'lns', puzzle)).toBeNull();
    expect(refusal('edge', 'lns', puzzle, { nodeLimit: 1e12, windowMax: 5 })).toMatch(/^one refill would be about/);
  });
});
