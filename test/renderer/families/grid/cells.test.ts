/** The generic grid view's model: a family's cells read and written from its JSON and what core tells (size, cellValues). */
import { describe, expect, it } from 'vitest';
import type { PuzzleRecord } from '../../../../src/main/api/types';
import { anyCells, blankCells, cellsOf, gridCodec, gridShape, stepValue, withCell } from '../../../../src/renderer/src/families/grid/cells';
import { cellsCaption } from '../../../../src/renderer/src/families/grid/view';
import { familyEntry } from '../../../../src/renderer/src/families';

const record = (document: unknown, cellValues: PuzzleRecord['cellValues'] = { min: 0, max: 1 }): PuzzleRecord =>
  ({
    id: 1,
    name: 'lights',
    // A family the renderer does not know (the API types name the built-in ones).
    family: 'toy' as PuzzleRecord['family'],
    kind: 'Toy lights',
    source: '',
    rows: 2,
    cols: 3,
    createdAt: 0,
    updatedAt: 0,
    lastOpenedAt: null,
    bestScore: null,
    document,
    cellValues,
  }) satisfies PuzzleRecord;

const doc = (extra: Record<string, unknown>) => ({
  format: 'puzzle-workbench',
  version: 1,
  family: 'toy',
  name: 'lights',
  puzzle: { rows: 2, cols: 3 },
  ...extra,
});

describe('the generic grid', () => {
  it('reads the cells, their history and the puzzle as core told them, and writes them back as the family’s JSON', () => {
    const read = gridCodec.read(
      record(doc({ solution: { cells: [0, 1, 0, 0, 0, 1] }, history: [null, { cells: [0, 0, 0, 0, 0, 1] }], reference: { cells: [1, 1, 1, 1, 1, 1] } })),
    );
    expect(read.cells).toEqual([0, 1, 0, 0, 0, 1]);
    expect(read.history).toEqual([null, [0, 0, 0, 0, 0, 1]]);
    expect(read.puzzle).toMatchObject({ family: 'toy', kind: 'Toy lights', rows: 2, cols: 3, min: 0, max: 1, json: { rows: 2, cols: 3 } });
    expect(gridCodec.document('lit', read.puzzle, [1, 1, 0, 0, 0, 1], [[0, 1, 0, 0, 0, 1]])).toEqual(
      doc({ name: 'lit', solution: { cells: [1, 1, 0, 0, 0, 1] }, reference: { cells: [1, 1, 1, 1, 1, 1] }, history: [{ cells: [0, 1, 0, 0, 0, 1] }] }),
    );
    expect(blankCells(read.puzzle)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(gridCodec.read(record(doc({}))).cells).toBeUndefined();
  });

  it('refuses in one line what it cannot edit: a family whose solutions are not cells, cells out of range', () => {
    expect(() => gridCodec.read(record(doc({}), null))).toThrow("this Toy lights puzzle has no editor here: its family's solutions are not cells");
    expect(() => gridCodec.read(record(doc({ solution: { cells: [0, 2, 0, 0, 0, 1] } })))).toThrow('its solution is not 6 cells from 0 to 1');
    expect(cellsOf({ cells: [0, 1] }, 6, { min: 0, max: 1 })).toBeNull();
    const p = gridCodec.read(record(doc({}))).puzzle;
    expect(() => gridCodec.given(p, { cells: [1] }, 'the run’s board')).toThrow('the run’s board is not 6 cells from 0 to 1');
    expect(gridCodec.given(p, { cells: [1, 1, 1, 1, 1, 1] }, 'x')).toEqual({ cells: [1, 1, 1, 1, 1, 1], score: null });
  });

  it('steps a value round its range and edits one cell at a time', () => {
    expect([stepValue(0, 1, { min: 0, max: 1 }), stepValue(1, 1, { min: 0, max: 1 }), stepValue(0, -1, { min: 0, max: 3 })]).toEqual([1, 0, 3]);
    const cells = [0, 0, 0];
    expect(withCell(cells, 1, 5)).toEqual([0, 5, 0]);
    expect(cells).toEqual([0, 0, 0]);
  });

  it('draws a run’s board from its JSON alone: its shape from the puzzle JSON where it fits, else as square as it comes', () => {
    expect(gridShape({ rows: 2, cols: 3 }, 6)).toEqual({ rows: 2, cols: 3 });
    expect(gridShape({ n: 3 }, 9)).toEqual({ rows: 3, cols: 3 });
    expect(gridShape(null, 7)).toEqual({ rows: 3, cols: 3 });
    expect(anyCells({ cells: [3, -1, 2] })).toEqual([3, -1, 2]);
    expect(anyCells({ cells: [1.5] })).toBeNull();
    expect(cellsCaption([1, 1, 0, 2])).toBe('4 cells, 3 not 0');
    expect(familyEntry('toy').unscoredCaption?.({ cells: [1, 0] })).toBe('The board: 2 cells, 1 not 0');
  });
});
