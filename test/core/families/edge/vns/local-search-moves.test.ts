import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EdgeLocalSearch, greyMask, outMask, rotateMask, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { Rng } from '../../../../../src/core/rng/rng';
import { generatePuzzle, naiveScore } from '../helpers';

const BEST_ONLY = { moveSwap: 0, moveRotate: 0, moveSwapTurn: 0, moveSwapBest: 1 };
const ALL = { moveSwap: 1, moveRotate: 1, moveSwapTurn: 1, moveSwapBest: 1 };

function frameOk(puzzle: EdgePuzzle, ls: EdgeLocalSearch): boolean {
  const b = ls.currentBoard();
  for (let r = 0; r < puzzle.rows; r++)
    for (let c = 0; c < puzzle.cols; c++) {
      const i = r * puzzle.cols + c;
      if (rotateMask(greyMask(puzzle, b.piece[i]), b.rotation[i]) !== outMask(puzzle.rows, puzzle.cols, r, c)) return false;
    }
  return true;
}

describe('EdgeLocalSearch move mix', () => {
  it('swaps with best rotations (and every mix) score by delta exactly and keep the board legal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 2, max: 7 }), fc.integer(), fc.boolean(), (rows, cols, seed, onlyBest) => {
        const { puzzle } = generatePuzzle(rows, cols, seed, 2, 3, seed & 1);
        const ls = new EdgeLocalSearch(puzzle, onlyBest ? BEST_ONLY : ALL);
        const rng = new Rng(seed);
        ls.randomize(rng);
        for (let m = 0; m < 800; m++) {
          const s0 = ls.score();
          const d = ls.propose(rng);
          if (rng.chance(0.5)) continue;
          ls.apply();
          const b = ls.currentBoard();
          if (naiveScore(puzzle, b) !== s0 + d || ls.score() !== s0 + d) throw new Error(`delta ${d} wrong after move ${m}`);
          if (!frameOk(puzzle, ls)) throw new Error(`frame broken after move ${m}`);
          for (const f of puzzle.fixed) if (b.piece[f.row * cols + f.col] !== f.piece) throw new Error('fixed piece moved');
          if (new Set(b.piece).size !== rows * cols) throw new Error('a piece is lost');
        }
      }),
      { numRuns: 50 },
    );
  });

  it('a swap with best rotations is never worse than the same swap with random turns, on average far better', () => {
    const { puzzle } = generatePuzzle(8, 8, 3, 3, 5);
    const best = new EdgeLocalSearch(puzzle, BEST_ONLY);
    const turn = new EdgeLocalSearch(puzzle, { moveSwap: 0, moveRotate: 0, moveSwapTurn: 1, moveSwapBest: 0 });
    best.randomize(new Rng(1));
    turn.randomize(new Rng(1));
    let sumBest = 0;
    let sumTurn = 0;
    const r1 = new Rng(5);
    const r2 = new Rng(5);
    for (let i = 0; i < 2000; i++) {
      sumBest += best.propose(r1);
      sumTurn += turn.propose(r2);
    }
    expect(sumBest).toBeGreaterThan(sumTurn + 1000);
  });

  it('refuses a mix with no move', () => {
    const { puzzle } = generatePuzzle(4, 4, 1);
    expect(() => new EdgeLocalSearch(puzzle, { moveSwap: 0, moveRotate: 0, moveSwapTurn: 0, moveSwapBest: 0 })).toThrow(/at least one/);
  });

  it('the default mix draws the same moves as before the mix became a parameter', () => {
    // Same seed, default mix and explicit old weights: identical trajectories.
    const { puzzle } = generatePuzzle(6, 6, 8, 3, 4, 1);
    const a = new EdgeLocalSearch(puzzle);
    const b = new EdgeLocalSearch(puzzle, { moveSwap: 0.3, moveRotate: 0.3, moveSwapTurn: 0.4, moveSwapBest: 0 });
    const ra = new Rng(2);
    const rb = new Rng(2);
    a.randomize(ra);
    b.randomize(rb);
    for (let i = 0; i < 3000; i++) {
      expect(b.propose(rb)).toBe(a.propose(ra));
      if (i % 3 === 0) {
        a.apply();
        b.apply();
      }
    }
    expect(b.currentBoard()).toEqual(a.currentBoard());
  });
});

describe('EdgeLocalSearch for tabu search', () => {
  it('keepMove/applyKept apply the kept move even after other proposals', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const { puzzle } = generatePuzzle(5, 6, seed, 2, 3, 1);
        const ls = new EdgeLocalSearch(puzzle, ALL);
        const twin = new EdgeLocalSearch(puzzle, ALL);
        const rng = new Rng(seed);
        ls.randomize(rng);
        twin.load(ls.save());
        for (let it = 0; it < 100; it++) {
          const state = rng.getState();
          const d = ls.propose(rng);
          ls.keepMove();
          const attr = ls.moveAttribute();
          for (let k = 0; k < 5; k++) ls.propose(rng);
          ls.applyKept();
          // The twin proposes the same move from the same random state and applies it directly.
          const r2 = new Rng(state);
          expect(twin.propose(r2)).toBe(d);
          expect(twin.moveAttribute()).toBe(attr);
          twin.apply();
          expect(ls.currentBoard()).toEqual(twin.currentBoard());
          expect(ls.score()).toBe(twin.score());
        }
      }),
      { numRuns: 30 },
    );
  });

  it('a swap and the swap undoing it share an attribute; a turn names its cell', () => {
    const { puzzle } = generatePuzzle(6, 6, 4, 3, 4);
    const ls = new EdgeLocalSearch(puzzle, ALL);
    const rng = new Rng(3);
    ls.randomize(rng);
    const cells = 36;
    for (let i = 0; i < 500; i++) {
      const before = ls.currentBoard();
      ls.propose(rng);
      const attr = ls.moveAttribute();
      ls.apply();
      const after = ls.currentBoard();
      const changed = [];
      for (let c = 0; c < cells; c++) if (before.piece[c] !== after.piece[c] || before.rotation[c] !== after.rotation[c]) changed.push(c);
      const lo = Math.floor(attr / cells);
      const hi = attr % cells;
      expect(lo).toBeLessThanOrEqual(hi);
      for (const c of changed) expect([lo, hi]).toContain(c);
    }
  });
});
