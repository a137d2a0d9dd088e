import { describe, expect, it } from 'vitest';
import { evaluateRunBoard, runDocument, runGrid } from '../../../src/renderer/src/runs/board-view';
import { edgePuzzle, edgeView } from '../../../src/renderer/src/families/edge/run-board';

// A 2x2 edge puzzle (four corners, grey outside) whose pieces fit as given: 0 1 / 2 3.
const puzzle = {
  rows: 2,
  cols: 2,
  pieces: [
    [0, 1, 2, 0],
    [0, 0, 3, 1],
    [2, 4, 0, 0],
    [3, 0, 0, 4],
  ],
  fixed: [{ piece: 1, row: 0, col: 0, rotation: 0 }],
};

describe('run boards', () => {
  it('scores a board with core and marks its mismatched joins', () => {
    const solved = {
      cells: [
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 0],
      ],
    };
    expect(evaluateRunBoard('edge', puzzle, solved)).toEqual({ score: 4, maxScore: 4, solved: true });
    const p = edgePuzzle(puzzle);
    const v = edgeView(p, solved);
    expect(v.bad).toEqual([]);
    expect(v.cells.map((c) => c?.face)).toEqual(['0,1,2,0', '0,0,3,1', '2,4,0,0', '3,0,0,4']);
    expect(v.locked).toEqual([0]);
    // Pieces 2 and 3 swapped: both their joins with the others break, and the one between them.
    const swapped = {
      cells: [
        [1, 0],
        [2, 0],
        [4, 0],
        [3, 0],
      ],
    };
    const w = edgeView(p, swapped);
    expect(w.bad.length).toBeGreaterThan(0);
    expect(evaluateRunBoard('edge', puzzle, swapped)!.score).toBe(4 - w.bad.length);
  });

  it('shows an empty board before the first improvement, or for a board it cannot read', () => {
    const p = edgePuzzle(puzzle);
    expect(edgeView(p, null).cells).toEqual([null, null, null, null]);
    expect(edgeView(p, { cells: 'nonsense' }).bad).toEqual([]);
    expect(evaluateRunBoard('edge', puzzle, null)).toBeNull();
    expect(evaluateRunBoard('edge', puzzle, { cells: [[9, 0]] })).toBeNull();
  });

  it('scores jump mazes and casse-tête grids, and makes documents to open', () => {
    const maze = {
      cells: [
        [1, 2, 1],
        [1, 1, 1],
        [2, 1, 0],
      ],
    };
    const j = evaluateRunBoard('jump', { rows: 3, cols: 3 }, maze);
    expect(j?.maxScore).toBeNull();
    expect(typeof j?.score).toBe('number');
    expect(runGrid('parity', { n: 4, m: 4 })).toEqual({ rows: 4, cols: 4 });
    const doc = runDocument('jump', 'Maze — run 3', { rows: 3, cols: 3 }, maze);
    expect(doc).toMatchObject({ format: 'puzzle-workbench', family: 'jump', name: 'Maze — run 3', puzzle: { rows: 3, cols: 3 }, solution: maze });
    expect(runDocument('jump', 'x', { rows: 3, cols: 3 }, null).solution).toBeUndefined();
  });
});
