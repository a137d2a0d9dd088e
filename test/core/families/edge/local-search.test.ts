import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EdgeLocalSearch, greyMask, maskShape, outMask, rotateMask, solutionFromJson, type EdgePuzzle } from '../../../../src/core/families/edge';
import { Rng } from '../../../../src/core/rng/rng';
import { generatePuzzle, junkPuzzle, naiveScore } from './helpers';

/** Run `moves` proposals on `puzzle`, applying about half, checking every invariant after each. */
function exercise(puzzle: EdgePuzzle, seed: number, moves: number, expectFrame: boolean | null): void {
  const ls = new EdgeLocalSearch(puzzle);
  if (expectFrame !== null) expect(ls.standardFrame).toBe(expectFrame);
  const rng = new Rng(seed);
  ls.randomize(rng);
  const cells = puzzle.rows * puzzle.cols;
  const check = (): void => {
    const b = ls.currentBoard();
    expect(ls.score()).toBe(naiveScore(puzzle, b));
    // The multiset of pieces is kept: each piece exactly once.
    expect(Array.from(b.piece).sort((x, y) => x - y)).toEqual(Array.from({ length: cells }, (_, i) => i));
    for (const f of puzzle.fixed) {
      const i = f.row * puzzle.cols + f.col;
      expect([b.piece[i], b.rotation[i]]).toEqual([f.piece, f.rotation]);
    }
    if (ls.standardFrame) {
      for (let r = 0; r < puzzle.rows; r++)
        for (let c = 0; c < puzzle.cols; c++) {
          const i = r * puzzle.cols + c;
          const out = outMask(puzzle.rows, puzzle.cols, r, c);
          const grey = rotateMask(greyMask(puzzle, b.piece[i]), b.rotation[i]);
          // Border pieces on border cells with the grey edges exactly facing out; inner pieces inside.
          expect(grey).toBe(out);
        }
    }
  };
  check();
  // Plain comparisons in the hot loop (expect() per move would dominate the run time).
  const fail = (what: string, m: number): never => {
    throw new Error(`${what} after move ${m} (seed ${seed}, ${puzzle.rows}x${puzzle.cols})`);
  };
  for (let m = 0; m < moves; m++) {
    const before = ls.currentBoard();
    const s0 = ls.score();
    const delta = ls.propose(rng);
    const now = ls.currentBoard();
    for (let i = 0; i < cells; i++) if (now.piece[i] !== before.piece[i] || now.rotation[i] !== before.rotation[i]) fail('propose changed the board', m);
    if (ls.score() !== s0) fail('propose changed the score', m);
    if (rng.chance(0.5)) {
      ls.apply();
      const after = naiveScore(puzzle, ls.currentBoard());
      if (after - s0 !== delta) fail(`delta ${delta} but rescore moved by ${after - s0}`, m);
      if (ls.score() !== after) fail(`score ${ls.score()} but rescore ${after}`, m);
      if ((m & 31) === 0) check();
    }
  }
  check();
}

describe('EdgeLocalSearch', () => {
  it('delta equals the full rescore difference; pieces, frame and fixed pieces kept (standard frames)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 7 }), fc.integer(), fc.integer({ min: 0, max: 3 }), (rows, cols, seed, fixed) => {
        const { puzzle } = generatePuzzle(rows, cols, seed, 3, 4, Math.min(fixed, rows * cols - 1));
        exercise(puzzle, seed, 2000, true);
      }),
      { numRuns: 40 },
    );
  });

  it('falls back to one class with free rotation when the set has no standard frame', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer(), (rows, cols, seed) => {
        const puzzle = junkPuzzle(rows, cols, seed, 3);
        exercise(puzzle, seed, 1500, null);
      }),
      { numRuns: 30 },
    );
  });

  it('1xN and Nx1 boards work (no standard frame)', () => {
    for (const [r, c] of [
      [1, 1],
      [1, 2],
      [1, 7],
      [5, 1],
    ]) {
      const { puzzle } = generatePuzzle(r, c, 7 + r * 10 + c);
      exercise(puzzle, 99, 500, false);
    }
  });

  it('a fixed corner piece on an inner cell makes the frame non-standard, and it still never moves', () => {
    const { puzzle, solution } = generatePuzzle(5, 5, 1234);
    const corner = Array.from(solution.piece).find((p) => maskShape(greyMask(puzzle, p)) === 'corner')!;
    puzzle.fixed = [{ piece: corner, row: 2, col: 2, rotation: 1 }];
    exercise(puzzle, 5, 3000, false);
  });

  it('adjacent swaps count the shared join once (2x2 and 2x3 boards, many seeds)', () => {
    for (let seed = 0; seed < 60; seed++) {
      const { puzzle } = generatePuzzle(2, 2 + (seed % 3), seed, 2, 2);
      exercise(puzzle, seed, 400, true);
    }
  });

  it('save/load restores current and best; bestSolution is solution JSON of the best', () => {
    const { puzzle } = generatePuzzle(6, 6, 42, 3, 5, 2);
    const ls = new EdgeLocalSearch(puzzle);
    const rng = new Rng(9);
    ls.randomize(rng);
    ls.saveBest();
    const best = ls.bestBoard();
    for (let i = 0; i < 500; i++) {
      ls.propose(rng);
      ls.apply();
    }
    const saved = JSON.parse(JSON.stringify(ls.save()));
    const other = new EdgeLocalSearch(puzzle);
    other.load(saved);
    expect(other.currentBoard()).toEqual(ls.currentBoard());
    expect(other.bestBoard()).toEqual(best);
    expect(other.score()).toBe(ls.score());
    expect(solutionFromJson(puzzle, ls.bestSolution())).toEqual(best);
    expect(() => other.load({ current: saved.current, best: { piece: [1, 2], rotation: [0, 0] } })).toThrow(/damaged/);
    const dup = structuredClone(saved);
    dup.current.piece[1] = dup.current.piece[0];
    expect(() => other.load(dup)).toThrow(/damaged/);
  });

  it('startFrom/writeInto: a board at an offset in shared arrays in and out, score recomputed, best = start', () => {
    const { puzzle } = generatePuzzle(6, 6, 42, 3, 5, 2);
    const ls = new EdgeLocalSearch(puzzle);
    const rng = new Rng(3);
    ls.randomize(rng);
    const b = ls.currentBoard();
    const cells = 36;
    const P = new Int16Array(3 * cells).fill(-7);
    const R = new Uint8Array(3 * cells).fill(9);
    P.set(b.piece, cells);
    R.set(b.rotation, cells);
    const other = new EdgeLocalSearch(puzzle);
    other.startFrom(P, R, cells);
    expect(other.currentBoard()).toEqual(b);
    expect(other.bestBoard()).toEqual(b);
    expect(other.score()).toBe(naiveScore(puzzle, b));
    for (let i = 0; i < 200; i++) {
      other.propose(rng);
      other.apply();
    }
    other.writeInto(P, R, 2 * cells, true);
    other.writeInto(P, R, 0);
    expect({ piece: P.slice(0, cells), rotation: R.slice(0, cells) }).toEqual(b);
    expect({ piece: P.slice(2 * cells), rotation: R.slice(2 * cells) }).toEqual(other.currentBoard());
  });

  it('rejects a piece set that does not fill the board', () => {
    const p: EdgePuzzle = { rows: 2, cols: 2, edges: new Uint16Array(12), fixed: [] };
    expect(() => new EdgeLocalSearch(p)).toThrow(/one piece per cell/);
  });
});
