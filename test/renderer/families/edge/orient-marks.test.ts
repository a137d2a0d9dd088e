/** Issue 21, item 8: auto-orient after a swap, and a colour facing out of the frame is marked. */
import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../../src/core/families/edge/design/generator';
import { borderFaults } from '../../../../src/core/families/edge/model/score';
import { applyDrop } from '../../../../src/renderer/src/families/edge/drop';
import { edgeMarks } from '../../../../src/renderer/src/families/edge/marks';
import { move } from '../../../../src/renderer/src/families/edge/placement';

const { puzzle, solution } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 3, innerColours: 4, seed: 5 });

describe('a swap with auto-orient', () => {
  it('turns both pieces to suit their new cells: no grey edge faces in, no colour faces out', () => {
    // A top side piece and a left side piece change places: each must turn a quarter.
    const next = applyDrop(puzzle, solution, { kind: 'cell', cell: 1, turns: 0 }, { kind: 'cell', cell: 4 }, { autoOrient: true })!;
    expect(next.piece[4]).toBe(solution.piece[1]);
    expect(next.piece[1]).toBe(solution.piece[4]);
    expect(borderFaults(puzzle, next)).toEqual([]);
    // Without auto-orient they keep their turns (and face wrong).
    const plain = applyDrop(puzzle, solution, { kind: 'cell', cell: 1, turns: 0 }, { kind: 'cell', cell: 4 }, { autoOrient: false })!;
    expect(borderFaults(puzzle, plain).length).toBeGreaterThan(0);
  });
});

describe('the marks of a board', () => {
  it('mark a side piece in a corner whose colour faces out', () => {
    const b = move(puzzle, solution, 0, 1)!;
    const marks = edgeMarks(puzzle, b);
    // The corner cell (0, 0): an outer edge above it (row -1) or on its left (col -1).
    expect(marks.some((m) => (m.row === -1 && m.col === 0) || (m.col === -1 && m.row === 0))).toBe(true);
    // The solved board has none.
    expect(edgeMarks(puzzle, solution)).toEqual([]);
  });

  it('mark no frame on a free-border puzzle (Tetravex)', () => {
    const free = { ...puzzle, edges: puzzle.edges.map((e) => e + 1) };
    const b = move(free, solution, 0, 1)!;
    expect(edgeMarks(free, b).every((m) => m.row >= 0 && m.col >= 0)).toBe(true);
  });
});
