import { describe, expect, it } from 'vitest';
import { detectFormat, readPuzzleFile } from '../../../../src/core/document/read-file';
import { edgeFamily } from '../../../../src/core/families/edge/family';
import { piecesFormat } from '../../../../src/core/families/edge/files/formats';
import { puzzleFromJson, puzzleToJson } from '../../../../src/core/families/edge/model/json';
import { isSolved, scoreBoard } from '../../../../src/core/families/edge/model/score';
import { edgeSolvers } from '../../../../src/core/families/edge/solvers';
import { generateTetravex, tetravexFormat } from '../../../../src/core/families/edge/files/tetravex';
import { validateEdgePuzzle } from '../../../../src/core/families/edge/model/validate';
import { generateEdgePuzzle } from '../../../../src/core/families/edge/design/generator';
import type { EdgePuzzle } from '../../../../src/core/families/edge/model/model';
import { formatError } from '../../../helpers/format';
import { runTo } from '../../../helpers/solver';

/** lns and beam are being written alongside this and will honour the flag themselves. */
const OURS = edgeSolvers.filter((d) => d.id !== 'lns' && d.id !== 'beam');

/** A 2x2 Tetravex written by hand: 0 is a colour like any other. */
const SMALL = ['2', '0 1 2 3', '4 5 1 6', '2 7 8 9', '1 3 0 7'].join('\n');

describe('Tetravex', () => {
  it('reads a plain Tetravex file (size, then top right bottom left; 0 a colour; tiles never turn)', () => {
    expect(detectFormat('t.txt', SMALL)).toBe('tetravex');
    const r = readPuzzleFile('t.txt', SMALL);
    expect(r.format).toBe('tetravex');
    const p = r.puzzle as EdgePuzzle;
    expect(p.rotatable).toBe(false);
    expect(Array.from(p.edges.slice(0, 4))).toEqual([1, 2, 3, 4]);
    expect(validateEdgePuzzle(p)).toEqual({ errors: [], warnings: [] });
    expect(tetravexFormat.write(p, undefined)).toContain('\n0 1 2 3\n');
    expect(formatError(() => tetravexFormat.read('2\n0 1 2 3\n', 't.txt')).message).toMatch(/^t\.txt:1: a 2x2 Tetravex board needs 4 tiles, the file has 1/);
    expect(formatError(() => tetravexFormat.read('2\n0 1 2\n0 1 2 3\n0 1 2 3\n0 1 2 3', 't.txt')).message).toMatch(/^t\.txt:2: expected 4 colours/);
  });

  it('generates n x n boards with k colours that round-trip and whose solution scores the maximum', () => {
    for (const [n, k, seed] of [
      [3, 10, 1],
      [4, 6, 2],
      [5, 10, 3],
      [2, 1, 4],
    ] as const) {
      const { puzzle, solution } = generateTetravex({ rows: n, cols: n, colours: k, seed });
      expect(isSolved(puzzle, solution), `${n} ${k}`).toBe(true);
      expect(Math.max(...puzzle.edges)).toBeLessThanOrEqual(k);
      expect(Math.min(...puzzle.edges)).toBeGreaterThanOrEqual(1);
      expect(validateEdgePuzzle(puzzle).errors).toEqual([]);
      const text = tetravexFormat.write(puzzle, undefined)!;
      expect(detectFormat('x.txt', text)).toBe('tetravex');
      expect(readPuzzleFile('x.txt', text).puzzle).toEqual(puzzle);
      // The flag travels in JSON, and absent means turning pieces.
      expect(puzzleToJson(puzzle).rotatable).toBe(false);
      expect(puzzleFromJson(puzzleToJson(puzzle))).toEqual(puzzle);
      expect(puzzleFromJson({ rows: 1, cols: 1, pieces: [[0, 0, 0, 0]] }).rotatable).toBeUndefined();
      // A piece list keeps it too.
      expect(piecesFormat.read(piecesFormat.write(puzzle, undefined)!, 'p.txt').puzzle.rotatable).toBe(false);
    }
    expect(() => puzzleFromJson({ rows: 1, cols: 1, pieces: [[1, 1, 1, 1]], rotatable: 'no' })).toThrow(/rotatable: expected true or false/);
    expect(() =>
      edgeFamily.solutionFromJson(generateTetravex({ rows: 2, cols: 2, colours: 3, seed: 1 }).puzzle, {
        cells: [
          [1, 1],
          [2, 0],
          [3, 0],
          [4, 0],
        ],
      }),
    ).toThrow(/may not be turned/);
  });

  it('every solver keeps upright tiles at rotation 0 and the local searches solve a small board', () => {
    const { puzzle } = generateTetravex({ rows: 3, cols: 3, colours: 9, seed: 7 });
    for (const def of OURS) {
      if (def.id === 'backtrack-2x2') {
        expect(() => runTo(def.create(puzzle, {}, 1), 1000)).toThrow(/backtrack-2x2 needs pieces that turn/);
        continue;
      }
      const run = def.create(puzzle, {}, 1);
      runTo(run, 300_000, { target: 12, slice: 5_000 });
      const best = edgeFamily.solutionFromJson(puzzle, run.bestSolution());
      expect(
        Array.from(best.rotation).every((r) => r === 0),
        def.id,
      ).toBe(true);
      expect(scoreBoard(puzzle, best), def.id).toBe(run.bestScore);
      if (['backtrack', 'tabu', 'sa', 'ms-gvns'].includes(def.id)) expect(run.bestScore, def.id).toBe(12);
    }
  });

  it('an E2-style set with turning switched off: solvers keep rotation 0 there too', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 3, seed: 3 });
    const upright: EdgePuzzle = { ...puzzle, rotatable: false };
    for (const def of OURS) {
      if (def.id === 'backtrack-2x2') continue;
      const run = def.create(upright, {}, 2);
      runTo(run, 50_000, { slice: 5_000 });
      const best = edgeFamily.solutionFromJson(upright, run.bestSolution());
      expect(
        Array.from(best.rotation).every((r) => r === 0),
        def.id,
      ).toBe(true);
    }
  });
});
