import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pieceClass, type EdgeBoard } from '../../../../src/core/families/edge/model/model';
import { bestRotation, cellNeeds, fitsAt, fitsHere, orientationScore } from '../../../../src/renderer/src/families/edge/fits';
import { place, startBoard } from '../../../../src/renderer/src/families/edge/placement';
import { boardOf, cutPuzzle, twoByTwo } from './helpers';

describe('what fits here', () => {
  const p = twoByTwo();
  const all = [0, 1, 2, 3];

  it('on an empty board, a corner cell takes corner pieces turned to face out', () => {
    const b = startBoard(p);
    // Cell 0 (top-left) needs grey top and left: piece 0 as is; piece 1 (grey top, right) turned 3 times; etc.
    expect(cellNeeds(p, b, 0)).toEqual([-2, -1, -1, -2]);
    const fits = fitsHere(p, b, 0, all);
    expect(fits).toEqual([
      { piece: 0, rotations: [0] },
      { piece: 1, rotations: [3] },
      { piece: 2, rotations: [1] },
      { piece: 3, rotations: [2] },
    ]);
  });

  it('follows placed neighbours', () => {
    const b = boardOf([
      [0, 0],
      [-1, 0],
      [-1, 0],
      [-1, 0],
    ]);
    // Cell 1 must show colour 1 on its left, grey on top and right.
    expect(cellNeeds(p, b, 1)).toEqual([-2, -2, -1, 1]);
    expect(fitsHere(p, b, 1, [1, 2, 3])).toEqual([{ piece: 1, rotations: [0] }]);
    expect(fitsAt(p, b, 1, 1, 0)).toBe(true);
    expect(fitsAt(p, b, 1, 1, 1)).toBe(false);
    expect(fitsHere(p, b, 2, [1, 2, 3])).toEqual([{ piece: 2, rotations: [0] }]);
  });

  it('a grey edge facing a cell can never be matched', () => {
    // Piece 0 turned twice shows grey on its right and bottom.
    const b = boardOf([
      [0, 2],
      [-1, 0],
      [-1, 0],
      [-1, 0],
    ]);
    expect(cellNeeds(p, b, 1)[3]).toBe(0);
    expect(fitsHere(p, b, 1, [1, 2, 3])).toEqual([]);
  });

  it('the solution piece always fits its cell, whatever else is placed correctly', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }), (seed, keep) => {
        const { puzzle, solution } = cutPuzzle(5, 5, seed);
        let b: EdgeBoard = startBoard(puzzle);
        for (let i = 0; i < 25; i++) if (keep[i]) b = place(puzzle, b, solution.piece[i], i, solution.rotation[i]) ?? b;
        for (let i = 0; i < 25; i++) {
          if (b.piece[i] >= 0) continue;
          expect(fitsAt(puzzle, b, i, solution.piece[i], solution.rotation[i])).toBe(true);
          const f = fitsHere(puzzle, b, i, [solution.piece[i]]);
          expect(f[0].rotations).toContain(solution.rotation[i]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('only border pieces fit border cells, only inner pieces inside', () => {
    const { puzzle } = cutPuzzle(5, 5, 3);
    const b = startBoard(puzzle);
    const every = Array.from({ length: 25 }, (_, i) => i);
    for (const f of fitsHere(puzzle, b, 0, every)) expect(pieceClass(puzzle, f.piece)).toBe('corner');
    for (const f of fitsHere(puzzle, b, 2, every)) expect(pieceClass(puzzle, f.piece)).toBe('side');
    for (const f of fitsHere(puzzle, b, 12, every)) expect(pieceClass(puzzle, f.piece)).toBe('inner');
    expect(fitsHere(puzzle, b, 12, every)).toHaveLength(9);
  });
});

describe('auto-orient', () => {
  const p = twoByTwo();

  it('turns border pieces to face out', () => {
    const b = startBoard(p);
    expect(bestRotation(p, b, 0, 3, 0)).toBe(2);
    expect(bestRotation(p, b, 3, 0, 0)).toBe(2);
    expect(orientationScore(p, b, 0, 0, 0)).toBe(2);
    expect(orientationScore(p, b, 0, 0, 2)).toBe(-4);
  });

  it('keeps the preferred rotation on ties', () => {
    const { puzzle } = cutPuzzle(4, 4, 5);
    const inner = Array.from({ length: 16 }, (_, i) => i).find((i) => pieceClass(puzzle, i) === 'inner')!;
    const b = startBoard(puzzle);
    for (let r = 0; r < 4; r++) expect(bestRotation(puzzle, b, 5, inner, r)).toBe(r);
  });

  it('prefers matching the neighbours', () => {
    const { puzzle, solution } = cutPuzzle(4, 4, 12);
    let b = startBoard(puzzle);
    for (const i of [4, 6, 1, 9]) b = place(puzzle, b, solution.piece[i], i, solution.rotation[i])!;
    expect(bestRotation(puzzle, b, 5, solution.piece[5], (solution.rotation[5] + 1) & 3)).toBe(solution.rotation[5]);
  });
});
