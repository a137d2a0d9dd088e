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

  it('the deadlock search keeps boards legal, never ends below where it began, and is deterministic', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 2, max: 7 }),
        fc.integer(),
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom(0, 0.4, 2),
        fc.integer({ min: 1, max: 3 }),
        (rows, cols, seed, fixed, temperature, minSides) => {
          const { puzzle } = generatePuzzle(rows, cols, seed, 2, 3, Math.min(fixed, rows * cols - 1));
          const { L, P, R } = boards(puzzle, 2, seed);
          const n = L.cells;
          // Board 1 is a copy of board 0, searched with the same seed: the same result.
          P.copyWithin(n, 0, n);
          R.copyWithin(n, 0, n);
          for (const kind of ['thesis', 'score'] as const) {
            const tmp = new Int32Array(2);
            const fit = (off: number): number => {
              evaluateBoard(L, P, R, off, tmp);
              return fitnessOf(kind, L, tmp[0], tmp[1]);
            };
            const f0 = fit(0);
            const t0 = new Repairer(L, new LocalDelta(L), kind).deadlockSearch(P, R, 0, new Rng(seed), minSides, 300, temperature);
            const t1 = new Repairer(L, new LocalDelta(L), kind).deadlockSearch(P, R, n, new Rng(seed), minSides, 300, temperature);
            expect(t0).toBeLessThanOrEqual(300);
            expect(t1).toBe(t0);
            expect(illegal(puzzle, true, slice(P, R, 0, n))).toBeNull();
            expect(fit(0)).toBeGreaterThanOrEqual(f0 - 1e-12);
            expect(Array.from(P.subarray(n, 2 * n))).toEqual(Array.from(P.subarray(0, n)));
            expect(Array.from(R.subarray(n, 2 * n))).toEqual(Array.from(R.subarray(0, n)));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the deadlock search finishes a solution with two inner tiles exchanged, and leaves a solution alone', () => {
    const { puzzle, solution } = generatePuzzle(6, 6, 5, 3, 6);
    const { L } = boards(puzzle, 1, 1);
    const P = solution.piece.slice();
    const R = solution.rotation.slice();
    const rep = new Repairer(L, new LocalDelta(L), 'thesis');
    expect(rep.deadlockSearch(P, R, 0, new Rng(1), 1, 1000, 0.4)).toBe(0);
    expect(Array.from(P)).toEqual(Array.from(solution.piece));
    // Exchange inner cells 8 and 27, each turned a quarter.
    [P[8], P[27]] = [P[27], P[8]];
    [R[8], R[27]] = [(R[27] + 1) & 3, (R[8] + 1) & 3];
    const tmp = new Int32Array(2);
    evaluateBoard(L, P, R, 0, tmp);
    expect(tmp[0]).toBeLessThan(L.maxScore);
    const trials = rep.deadlockSearch(P, R, 0, new Rng(2), 1, 20_000, 0);
    evaluateBoard(L, P, R, 0, tmp);
    expect(tmp[0]).toBe(L.maxScore);
    // It stops as soon as no tile is deadlocked.
    expect(trials).toBeLessThan(20_000);
  });
});
