import { describe, expect, it } from 'vitest';
import { generateTetravex } from '../../../../src/core/families/edge/files/tetravex';
import { emptyBoard } from '../../../../src/core/families/edge/model/model';
import { bestRotation, fitsHere } from '../../../../src/renderer/src/families/edge/fits';
import { place, rotate } from '../../../../src/renderer/src/families/edge/placement';
import { applyDrop } from '../../../../src/renderer/src/families/edge/drop';
import { cutDrawing, emptyDrawing, fillRandom } from '../../../../src/renderer/src/families/edge/drawing';
import { isSolved } from '../../../../src/core/families/edge/model/score';

describe('manual play with upright tiles (Tetravex)', () => {
  const { puzzle, solution } = generateTetravex({ rows: 3, cols: 3, colours: 10, seed: 5 });
  const board = emptyBoard(3, 3);

  it('never turns a tile: rotate refuses, place and drops keep rotation 0', () => {
    const placed = place(puzzle, board, 0, 4, 3)!;
    expect(placed.rotation[4]).toBe(0);
    expect(rotate(puzzle, placed, 4)).toBeNull();
    const dropped = applyDrop(puzzle, board, { kind: 'tray', piece: 1, rotation: 2 }, { kind: 'cell', cell: 0 }, { autoOrient: true })!;
    expect(dropped.rotation[0]).toBe(0);
    expect(bestRotation(puzzle, board, 0, 1, 2)).toBe(0);
  });

  it('"what fits here" offers rotation 0 only, and any colour may face out of the free border', () => {
    const corner = 0;
    const fits = fitsHere(
      puzzle,
      board,
      corner,
      Array.from({ length: 9 }, (_, i) => i),
    );
    expect(fits.length).toBe(9);
    expect(fits.every((f) => f.rotations.length === 1 && f.rotations[0] === 0)).toBe(true);
    // With the solution's neighbours in place, the solution's piece is among the fits.
    const b = emptyBoard(3, 3);
    b.piece[1] = solution.piece[1];
    b.piece[3] = solution.piece[3];
    expect(fitsHere(puzzle, b, 0, [solution.piece[0]])).toEqual([{ piece: solution.piece[0], rotations: [0] }]);
  });

  it('the design view cuts a drawing of an upright puzzle into upright pieces', () => {
    const d = fillRandom(emptyDrawing(4, 5), 3, 2, 3)!;
    const cut = cutDrawing(d, 9, false);
    expect(cut.puzzle.rotatable).toBe(false);
    expect(Array.from(cut.solution.rotation).every((r) => r === 0)).toBe(true);
    expect(isSolved(cut.puzzle, cut.solution)).toBe(true);
    expect(cutDrawing(d, 9).puzzle.rotatable).toBeUndefined();
  });
});
