import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../../src/core/document/document';
import { puzzleToJson, solutionToJson } from '../../../../src/core/families/edge/model/json';
import { boardFromRun, edgeDocument, isBlankPuzzle, loadEdgeDocument } from '../../../../src/renderer/src/families/edge/document';
import { place, startBoard } from '../../../../src/renderer/src/families/edge/placement';
import { emptyDrawing, paintJoin } from '../../../../src/renderer/src/families/edge/drawing';
import { cutPuzzle } from './helpers';

describe('edge documents', () => {
  const { puzzle, solution } = cutPuzzle(4, 4, 17, [5]);

  it('saves the placement as the solution and reads it back', () => {
    const b = place(puzzle, startBoard(puzzle), solution.piece[0], 0, 1)!;
    const doc = edgeDocument('Mine', puzzle, b);
    const parsed = parseDocument(JSON.parse(JSON.stringify(doc)));
    expect(parsed.doc.name).toBe('Mine');
    const loaded = loadEdgeDocument(parsed.doc);
    expect(loaded.error).toBeNull();
    expect(loaded.puzzle.edges).toEqual(puzzle.edges);
    expect(loaded.puzzle.fixed).toEqual(puzzle.fixed);
    expect(Array.from(loaded.board.piece)).toEqual(Array.from(b.piece));
    expect(Array.from(loaded.board.rotation)).toEqual(Array.from(b.rotation));
  });

  it('keeps the known solution apart from the placement', () => {
    const doc = edgeDocument('Cut', puzzle, startBoard(puzzle), solution);
    const parsed = parseDocument(JSON.parse(JSON.stringify(doc)));
    const loaded = loadEdgeDocument(parsed.doc);
    expect(Array.from(loaded.known!.piece)).toEqual(Array.from(solution.piece));
    expect(Array.from(loaded.known!.rotation)).toEqual(Array.from(solution.rotation));
  });

  it('omits an empty placement', () => {
    expect(edgeDocument('x', { ...puzzle, fixed: [] }, startBoard({ ...puzzle, fixed: [] })).solution).toBeUndefined();
  });

  it('drops a placement that does not fit the pieces, and reports unreadable puzzles', () => {
    const doc = { family: 'edge', name: 'n', puzzle: puzzleToJson(puzzle), solution: { cells: [[1, 0]] } };
    const loaded = loadEdgeDocument(doc);
    expect(loaded.error).toBeNull();
    expect(loaded.board.piece[5]).toBe(puzzle.fixed[0].piece);
    expect(loadEdgeDocument({ family: 'jump', puzzle: {} }).error).toMatch(/jump/);
    expect(loadEdgeDocument({ family: 'edge', puzzle: { rows: 2 } }).error).toBeTruthy();
  });

  it('keeps the drawing and its undo history in the draft, through the backend parse', () => {
    const first = paintJoin(emptyDrawing(3, 4), 0, 0, 1, 2)!;
    const second = paintJoin(first, 1, 1, 2, 5)!;
    const doc = edgeDocument('Drawn', puzzle, startBoard(puzzle), null, [], { drawing: second, history: [emptyDrawing(3, 4), first] });
    const loaded = loadEdgeDocument(parseDocument(JSON.parse(JSON.stringify(doc))).doc);
    expect(loaded.draft!.drawing).toEqual(second);
    expect(loaded.draft!.history).toEqual([emptyDrawing(3, 4), first]);
    expect(loadEdgeDocument(edgeDocument('Plain', puzzle, startBoard(puzzle))).draft).toBeNull();
  });

  it('drops a draft it cannot read and keeps the puzzle', () => {
    const base = edgeDocument('x', puzzle, startBoard(puzzle));
    const bad = loadEdgeDocument({ ...base, draft: { drawing: { rows: 2, cols: 2, h: [1], v: [0, 0], hints: [] } } });
    expect(bad.error).toBeNull();
    expect(bad.draft).toBeNull();
    const someBad = loadEdgeDocument({
      ...base,
      draft: { drawing: { rows: 1, cols: 2, h: [3], v: [], hints: [] }, history: ['x', { rows: 1, cols: 2, h: [0], v: [], hints: [] }] },
    });
    expect(someBad.draft!.history).toHaveLength(1);
    expect(() => parseDocument({ ...base, draft: [1, 2] })).toThrow(/draft/);
  });

  it('knows a blank puzzle', () => {
    expect(isBlankPuzzle({ rows: 3, cols: 3, edges: new Uint16Array(0), fixed: [] })).toBe(true);
    expect(isBlankPuzzle({ rows: 1, cols: 1, edges: new Uint16Array(4), fixed: [] })).toBe(true);
    expect(isBlankPuzzle(puzzle)).toBe(false);
  });

  it("loads a run's best board, refusing other puzzles", () => {
    const res = boardFromRun(puzzle, puzzleToJson(puzzle), solutionToJson(solution));
    expect('board' in res && res.warning).toBeNull();
    if ('board' in res) expect(Array.from(res.board.piece)).toEqual(Array.from(solution.piece));
    const other = cutPuzzle(3, 3, 1).puzzle;
    expect(boardFromRun(puzzle, puzzleToJson(other), solutionToJson(solution))).toEqual({
      error: `the run was made on a 3x3 puzzle with 9 pieces; this one is ${puzzle.rows}x${puzzle.cols} with ${puzzle.rows * puzzle.cols} pieces`,
    });
    expect(boardFromRun(puzzle, puzzleToJson(puzzle), null)).toHaveProperty('error');
    const edited = { ...puzzleToJson(puzzle) };
    edited.pieces = edited.pieces.map((p, i) => (i === 0 ? [p[1], p[2], p[3], p[0]] : p));
    const warned = boardFromRun(puzzle, edited, solutionToJson(solution));
    expect('board' in warned && warned.warning).toMatch(/edited/);
  });
});
