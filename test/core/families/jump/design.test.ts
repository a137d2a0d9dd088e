import { describe, expect, it } from 'vitest';
import { analyseMaze } from '../../../../src/core/families/jump/analysis';
import { MazeOrderError, mazeToOrder } from '../../../../src/core/families/jump/design';
import { jumpPuzzle, mazeErrors } from '../../../../src/core/families/jump/model';
import { analyseParity } from '../../../../src/core/families/parity/analysis';
import { parityToOrder } from '../../../../src/core/families/parity/design';

describe('mazes and casse-tete grids to order (issue 51, item 2)', () => {
  it('makes a legal maze whose one shortest path has the length asked', () => {
    for (const [n, length, seed] of [
      [5, 10, 1],
      [7, 24, 2],
      [6, 4, 3],
    ] as const) {
      const p = jumpPuzzle(n, n);
      const { cells } = mazeToOrder(p, { length, seed });
      expect(mazeErrors(p, cells)).toEqual([]);
      const a = analyseMaze(p, cells);
      expect(a.shortest).toBe(length);
      expect(a.shortestPaths).toBe('1');
    }
    expect(mazeToOrder(jumpPuzzle(5, 5), { length: 10, seed: 1 }).cells).toEqual(mazeToOrder(jumpPuzzle(5, 5), { length: 10, seed: 1 }).cells);
  });

  it('refuses a length no maze of the size has, and says how far the walks got', () => {
    expect(() => mazeToOrder(jumpPuzzle(4, 4), { length: 16, seed: 1 })).toThrow(/visits each of its 16 cells at most once: ask for 1 to 15 moves, got 16/);
    expect(() => mazeToOrder(jumpPuzzle(4, 4), { length: 15, seed: 1, maxSteps: 2000 })).toThrow(
      /^no 4x4 maze with one shortest path of 15 moves in 2,000 changes \(the walks' mazes with one shortest path reached \d+ moves\)$/,
    );
    // Whether the budget or the caller ended the search is a field, for the caller to word.
    const ended = (o: { maxSteps?: number; shouldStop?: () => boolean }): MazeOrderError => {
      try {
        mazeToOrder(jumpPuzzle(4, 4), { length: 15, seed: 1, ...o });
      } catch (e) {
        if (e instanceof MazeOrderError) return e;
      }
      throw new Error('expected a MazeOrderError');
    };
    expect(ended({ maxSteps: 500 })).toMatchObject({ stopped: false, steps: 500 });
    expect(ended({ shouldStop: () => true })).toMatchObject({ stopped: true, steps: 0 });
  });

  it('finds the casse-tete grids with exactly the solutions asked, or the nearest', () => {
    const six = parityToOrder(6n, [2, 3, 4, 5]);
    expect(six.exact).toEqual([{ n: 3, m: 3, solutions: '6' }]);
    for (const c of six.exact) expect(analyseParity({ n: c.n, m: c.m }).solutions).toBe('6');
    const seven = parityToOrder(7n, [2, 3, 4, 5]);
    expect(seven.exact).toEqual([]);
    expect(seven.below).toEqual({ n: 3, m: 3, solutions: '6' });
    expect(seven.above).toEqual({ n: 3, m: 5, solutions: '9' });
  });
});
