import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../../../../src/core/rng/rng';
import { LocalDelta, evaluateBoard, fitnessOf } from '../../../../../src/core/families/edge/ga/fitness';
import { BAD_QUADS, BORDER_FAULTS, DEADLOCKED, Repairer } from '../../../../../src/core/families/edge/ga/repair';
import { generatePuzzle } from '../helpers';
import { boards, illegal, slice } from './boards';

describe('GA repair heuristics', () => {
  it('keep boards legal; border and 2x2 repairs never lower the fitness; symptoms vanish on a solution', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 7 }), fc.integer(), fc.integer({ min: 0, max: 2 }), (rows, cols, seed, fixed) => {
        const { puzzle, solution } = generatePuzzle(rows, cols, seed, 2, 3, Math.min(fixed, rows * cols - 1));
        const { L, P, R } = boards(puzzle, 1, seed);
        const n = L.cells;
        for (const kind of ['thesis', 'score'] as const) {
          const rep = new Repairer(L, new LocalDelta(L), kind);
          const rng = new Rng(seed);
          const tmp = new Int32Array(2);
          const fit = (): number => {
            evaluateBoard(L, P, R, 0, tmp);
            return fitnessOf(kind, L, tmp[0], tmp[1]);
          };
          const f0 = fit();
          rep.border(P, R, 0);
          expect(illegal(puzzle, true, slice(P, R, 0, n))).toBeNull();
          const f1 = fit();
          expect(f1).toBeGreaterThanOrEqual(f0 - 1e-12);
          rep.quads(P, R, 0);
          expect(illegal(puzzle, true, slice(P, R, 0, n))).toBeNull();
          expect(fit()).toBeGreaterThanOrEqual(f1 - 1e-12);
          rep.deadlocks(P, R, 0, rng, 2);
          expect(illegal(puzzle, true, slice(P, R, 0, n))).toBeNull();
          rep.deadlocks(P, R, 0, rng, 1);
          expect(illegal(puzzle, true, slice(P, R, 0, n))).toBeNull();
        }
        // The generator's own solution has no symptoms at all.
        const sym = new Int32Array(3);
        const rep = new Repairer(L, new LocalDelta(L), 'thesis');
        rep.symptoms(solution.piece, solution.rotation, 0, 1, sym);
        expect(Array.from(sym)).toEqual([0, 0, 0]);
      }),
      { numRuns: 40 },
    );
  });

  it('count the symptoms the way they are defined', () => {
    const { puzzle } = generatePuzzle(6, 6, 3, 2, 3);
    const { L, P, R } = boards(puzzle, 1, 3);
    const sym = new Int32Array(3);
    new Repairer(L, new LocalDelta(L), 'thesis').symptoms(P, R, 0, 1, sym);
    const tmp = new Int32Array(2);
    evaluateBoard(L, P, R, 0, tmp);
    expect(sym[BAD_QUADS]).toBe(L.quadTotal - tmp[1]);
    expect(sym[BORDER_FAULTS]).toBeGreaterThanOrEqual(0);
    expect(sym[BORDER_FAULTS]).toBeLessThanOrEqual(2 * (6 - 1) * 2);
    // With minSides 1 every free tile with any unmatched join counts.
    expect(sym[DEADLOCKED]).toBeGreaterThan(0);
  });

  it('2x2 repair puts a scrambled 2x2 area of a solution back together', () => {
    const { puzzle, solution } = generatePuzzle(4, 4, 77, 2, 6);
    const { L } = boards(puzzle, 1, 1);
    const P = solution.piece.slice();
    const R = solution.rotation.slice();
    // Scramble the inner 2x2 area (cells 5, 6, 9, 10): tiles in reverse order, each turned a quarter.
    const cells = [5, 6, 9, 10];
    const old = cells.map((c) => [P[c], R[c]]);
    cells.forEach((c, k) => {
      P[c] = old[3 - k][0];
      R[c] = (old[3 - k][1] + 1) & 3;
    });
    new Repairer(L, new LocalDelta(L), 'thesis').quads(P, R, 0);
    const tmp = new Int32Array(2);
    evaluateBoard(L, P, R, 0, tmp);
    expect(tmp[0]).toBe(L.maxScore);
  });
});
