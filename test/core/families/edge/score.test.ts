import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyFixed,
  cloneBoard,
  edgeAt,
  emptyBoard,
  isSolved,
  maxScore,
  mismatches,
  pieceClass,
  scoreBoard,
  type EdgePuzzle,
} from '../../../../src/core/families/edge';
import { generatePuzzle, junkPuzzle, naiveScore, randomBoard, shown } from './helpers';

describe('edge model', () => {
  it('rotation: one clockwise turn maps (t,r,b,l) to (l,t,r,b)', () => {
    const p: EdgePuzzle = { rows: 1, cols: 1, edges: Uint16Array.of(1, 2, 3, 4), fixed: [] };
    const show = (k: number): number[] => [0, 1, 2, 3].map((s) => edgeAt(p, 0, k, s));
    expect(show(0)).toEqual([1, 2, 3, 4]);
    expect(show(1)).toEqual([4, 1, 2, 3]);
    expect(show(2)).toEqual([3, 4, 1, 2]);
    expect(show(3)).toEqual([2, 3, 4, 1]);
    for (let k = 0; k < 4; k++) expect(show(k)).toEqual(shown(p, 0, k));
  });

  it('classes pieces by their grey edges', () => {
    const p: EdgePuzzle = { rows: 2, cols: 2, edges: Uint16Array.of(0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 1, 0, 2), fixed: [] };
    expect([0, 1, 2, 3].map((i) => pieceClass(p, i))).toEqual(['corner', 'side', 'inner', 'other']);
  });

  it('maxScore = 2RC - R - C', () => {
    expect(maxScore(16, 16)).toBe(480);
    expect(maxScore(10, 10)).toBe(180);
    expect(maxScore(6, 12)).toBe(126);
    expect(maxScore(1, 1)).toBe(0);
  });

  it('applyFixed places fixed pieces and removes them from elsewhere', () => {
    const { puzzle } = generatePuzzle(4, 4, 3, 3, 5, 2);
    const b = emptyBoard(4, 4);
    const f = puzzle.fixed[0];
    const other = (f.row * 4 + f.col + 1) % 16;
    b.piece[other] = f.piece;
    applyFixed(puzzle, b);
    expect(b.piece[f.row * 4 + f.col]).toBe(f.piece);
    expect(b.rotation[f.row * 4 + f.col]).toBe(f.rotation);
    expect(Array.from(b.piece).filter((x) => x === f.piece)).toHaveLength(1);
  });
});

describe('scoreBoard', () => {
  it('equals a naive rescore on random boards, empty cells included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        fc.integer(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (rows, cols, seed, empty, junk) => {
          const puzzle = junk ? junkPuzzle(rows, cols, seed, 3) : generatePuzzle(rows, cols, seed).puzzle;
          const board = randomBoard(puzzle, seed ^ 0x5bd1e995, empty);
          const s = scoreBoard(puzzle, board);
          expect(s).toBe(naiveScore(puzzle, board));
          // Every join between two filled cells either scores or is listed as a mismatch.
          let joins = 0;
          for (let r = 0; r < rows; r++)
            for (let c = 0; c < cols; c++) {
              const i = r * cols + c;
              if (board.piece[i] < 0) continue;
              if (c + 1 < cols && board.piece[i + 1] >= 0) joins++;
              if (r + 1 < rows && board.piece[i + cols] >= 0) joins++;
            }
          expect(mismatches(puzzle, board)).toHaveLength(joins - s);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a generated solution scores the maximum and is solved; breaking it is noticed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 2, max: 8 }), fc.integer(), (rows, cols, seed) => {
        const { puzzle, solution } = generatePuzzle(rows, cols, seed, 3, 5, 1);
        expect(scoreBoard(puzzle, solution)).toBe(maxScore(rows, cols));
        expect(isSolved(puzzle, solution)).toBe(true);
        expect(mismatches(puzzle, solution)).toEqual([]);
        const b = cloneBoard(solution);
        b.piece[0] = -1;
        expect(isSolved(puzzle, b)).toBe(false);
        const turned = cloneBoard(solution);
        turned.rotation[rows * cols - 1] = (turned.rotation[rows * cols - 1] + 2) & 3;
        expect(isSolved(puzzle, turned)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('grey never matches inside the board', () => {
    const p: EdgePuzzle = { rows: 1, cols: 2, edges: Uint16Array.of(0, 0, 0, 0, 0, 0, 0, 0), fixed: [] };
    const b = { piece: Int16Array.of(0, 1), rotation: Uint8Array.of(0, 0) };
    expect(scoreBoard(p, b)).toBe(0);
    expect(mismatches(p, b)).toEqual([{ row: 0, col: 0, dir: 'right', a: 0, b: 0 }]);
  });

  it('a full-score board with a fixed piece elsewhere is not solved', () => {
    const { puzzle, solution } = generatePuzzle(3, 3, 11);
    const other = solution.piece[4];
    puzzle.fixed = [{ piece: other, row: 0, col: 0, rotation: 0 }];
    expect(scoreBoard(puzzle, solution)).toBe(12);
    expect(isSolved(puzzle, solution)).toBe(false);
  });
});
