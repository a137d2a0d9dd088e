import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { edgeFamily, puzzleFromJson, puzzleToJson, solutionFromJson, solutionToJson } from '../../../../src/core/families/edge';
import { formatError } from '../../../helpers/format';
import { generatePuzzle, randomBoard } from './helpers';

const msg = (f: () => unknown): string => formatError(f).message;

describe('edge JSON', () => {
  it('puzzles and solutions round-trip through JSON text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.integer(), fc.integer({ min: 0, max: 3 }), (rows, cols, seed, k) => {
        const { puzzle } = generatePuzzle(rows, cols, seed, 3, 9, Math.min(k, rows * cols));
        const back = puzzleFromJson(JSON.parse(JSON.stringify(puzzleToJson(puzzle))));
        expect(back).toEqual(puzzle);
        const board = randomBoard(puzzle, seed, 0.3);
        expect(solutionFromJson(puzzle, JSON.parse(JSON.stringify(solutionToJson(board))))).toEqual(board);
      }),
      { numRuns: 150 },
    );
  });

  it('uses 1-based pieces and 0-based rows in fixed pieces', () => {
    const { puzzle } = generatePuzzle(3, 3, 1, 2, 3, 1);
    const j = puzzleToJson(puzzle);
    expect(j.fixed).toEqual([{ piece: puzzle.fixed[0].piece + 1, row: puzzle.fixed[0].row, col: puzzle.fixed[0].col, rotation: puzzle.fixed[0].rotation }]);
    expect(puzzleToJson({ ...puzzle, fixed: [] })).not.toHaveProperty('fixed');
  });

  it('checks shape and ranges, prefixing messages with where', () => {
    const ok = {
      rows: 1,
      cols: 2,
      pieces: [
        [0, 1, 0, 0],
        [0, 0, 0, 1],
      ],
    };
    expect(msg(() => puzzleFromJson(null, 'doc.json'))).toMatch(/^doc\.json: expected an edge puzzle object/);
    expect(msg(() => puzzleFromJson({ ...ok, rows: 0 }, 'doc.json'))).toBe('doc.json: rows: expected a whole number 1..32767, got 0');
    expect(msg(() => puzzleFromJson({ ...ok, pieces: [[0, 1, 0]] }, 'doc.json'))).toMatch(/^doc\.json: pieces\[0\]: expected 4 edge colours/);
    expect(msg(() => puzzleFromJson({ ...ok, pieces: [[0, 1, 0, -1]] }))).toBe('pieces[0][3]: expected a colour 0..65535, got -1');
    expect(msg(() => puzzleFromJson({ ...ok, fixed: [{ piece: 3, row: 0, col: 0, rotation: 0 }] }, 'x'))).toBe(
      'x: fixed[0].piece: expected a piece number 1..2, got 3',
    );
    expect(msg(() => puzzleFromJson({ ...ok, fixed: [{ piece: 1, row: 0, col: 2, rotation: 0 }] }, 'x'))).toBe(
      'x: fixed[0].col: expected a column 0..1, got 2',
    );
    expect(msg(() => puzzleFromJson({ ...ok, rows: 200, cols: 200 }, 'x'))).toMatch(/at most 32767/);
    const p = puzzleFromJson(ok);
    expect(msg(() => solutionFromJson(p, { cells: [[1, 0]] }, 'sol'))).toBe('sol: cells: a 1x2 board needs 2 cells, got 1');
    expect(
      msg(() =>
        solutionFromJson(
          p,
          {
            cells: [
              [1, 0],
              [3, 0],
            ],
          },
          'sol',
        ),
      ),
    ).toBe('sol: cells[1][0]: expected a piece number (0 = empty) 0..2, got 3');
    expect(
      msg(() =>
        solutionFromJson(
          p,
          {
            cells: [
              [1, 0],
              [1, 1],
            ],
          },
          'sol',
        ),
      ),
    ).toBe('sol: cells[1]: piece 1 is already placed at cells[0]');
    expect(
      msg(() =>
        solutionFromJson(
          p,
          {
            cells: [
              [1, 4],
              [2, 0],
            ],
          },
          'sol',
        ),
      ),
    ).toBe('sol: cells[0][1]: expected a rotation 0..3, got 4');
    expect(msg(() => solutionFromJson(p, [], 'sol'))).toMatch(/^sol: expected an edge solution object/);
  });
});

describe('edgeFamily', () => {
  it('evaluates, sizes and lists cells', () => {
    const { puzzle, solution } = generatePuzzle(4, 5, 9);
    expect(edgeFamily.id).toBe('edge');
    expect(edgeFamily.evaluate(puzzle, solution)).toEqual({ score: 31, maxScore: 31, solved: true });
    expect(edgeFamily.maxScore(puzzle)).toBe(31);
    expect(edgeFamily.size(puzzle)).toEqual({ rows: 4, cols: 5 });
    const cells = edgeFamily.cells(puzzle, solution) as [number, number][];
    expect(cells).toHaveLength(20);
    expect(cells[0]).toEqual([solution.piece[0] + 1, solution.rotation[0]]);
    expect(edgeFamily.formats.map((f) => f.id)).toEqual(['pieces', 'board', 'bucas', 'tetravex', 'drawn', 'save', 'ini']);
    expect(edgeFamily.validate(puzzle).errors).toEqual([]);
    const json = edgeFamily.puzzleToJson(puzzle);
    expect(edgeFamily.puzzleFromJson(json)).toEqual(puzzle);
    expect(edgeFamily.solutionFromJson(puzzle, edgeFamily.solutionToJson(puzzle, solution))).toEqual(solution);
  });
});
