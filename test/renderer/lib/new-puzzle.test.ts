import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';
import { FAMILY_IDS } from '../../../src/core/families/family';
import { evaluateMaze, mazeErrors, type JumpMaze, type JumpPuzzle } from '../../../src/core/families/jump';
import type { ParityGrid } from '../../../src/core/families/parity';
import { Rng } from '../../../src/core/rng/rng';
import { defaultName, defaultSpec, newPuzzleDocument, specProblems, type NewPuzzleSpec } from '../../../src/renderer/src/lib/new-puzzle';
import { randomMaze, randomWorkingMaze } from '../../../src/renderer/src/families/jump/maze-start';
import { edgeNewPuzzle, type EdgeNewFields } from '../../../src/renderer/src/families/edge/new-puzzle';
import { jumpNewPuzzle, type JumpNewFields } from '../../../src/renderer/src/families/jump/new-puzzle';
import { parityNewPuzzle, parityNote, type ParityNewFields } from '../../../src/renderer/src/families/parity/new-puzzle';

const edge = (f: Partial<EdgeNewFields>, name = ''): NewPuzzleSpec<EdgeNewFields> => ({ family: 'edge', name, fields: { ...edgeNewPuzzle.defaults(1), ...f } });
const jump = (f: Partial<JumpNewFields>, name = ''): NewPuzzleSpec<JumpNewFields> => ({ family: 'jump', name, fields: { ...jumpNewPuzzle.defaults(1), ...f } });
const parity = (f: Partial<ParityNewFields>): NewPuzzleSpec<ParityNewFields> => ({
  family: 'parity',
  name: '',
  fields: { ...parityNewPuzzle.defaults(1), ...f },
});

describe('new puzzles', () => {
  it("each family's defaults make a document with no problems", () => {
    for (const family of FAMILY_IDS) {
      const spec = defaultSpec(family, 7);
      expect(specProblems(spec)).toEqual([]);
      const doc = newPuzzleDocument(spec);
      expect(doc.family).toBe(family);
      expect(doc.name).toBe(defaultName(spec));
      expect(() => parseDocument(doc)).not.toThrow();
    }
  });

  it('an edge puzzle is an empty board with no pieces yet', () => {
    const doc = newPuzzleDocument(edge({ rows: 4, cols: 5 }));
    expect(doc).toEqual({ format: 'puzzle-workbench', version: 1, family: 'edge', name: 'Edge 4×5', puzzle: { rows: 4, cols: 5, pieces: [] } });
    expect(() => parseDocument(doc)).not.toThrow();
    expect(defaultName(edge({ kind: 'tetravex', rows: 3, cols: 3 }))).toBe('Tetravex 3×3');
  });

  it('a jump maze is legal: random (working when possible) or all 1s', () => {
    const p: JumpPuzzle = { rows: 7, cols: 9 };
    for (let seed = 1; seed <= 20; seed++) expect(mazeErrors(p, randomMaze(p, new Rng(seed)).cells)).toEqual([]);
    const working = randomWorkingMaze(p, 3);
    expect(evaluateMaze(p, working.cells).fitness).toBeGreaterThan(0);
    expect(Array.from(randomWorkingMaze(p, 3).cells)).toEqual(Array.from(working.cells)); // same seed, same maze

    const doc = newPuzzleDocument(jump({ rows: 3, cols: 4, start: 'ones' }, ' Mine '));
    const { doc: d, solution } = parseDocument(doc);
    expect(d.name).toBe('Mine');
    expect(Array.from((solution as JumpMaze).cells)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
  });

  it('a parity puzzle starts from the full grid, feasible or not', () => {
    const doc = newPuzzleDocument(parity({ n: 4, m: 2 }));
    const { puzzle, solution } = parseDocument(doc);
    expect(puzzle).toEqual({ n: 4, m: 2 });
    expect(Array.from((solution as ParityGrid).cells).every((v) => v === 1)).toBe(true);
    expect(parityNote({ n: 4, m: 2 })!.feasible).toBe(false);
    expect(parityNote({ n: 4, m: 4 })!.feasible).toBe(true);
    expect(defaultName(parity({ n: 4, m: 2 }))).toBe('Casse-tête 4×4, remove 2');
  });

  it('names every problem with the sizes', () => {
    expect(specProblems(jump({ rows: 1, cols: 41 })).map((p) => p.field)).toEqual(['rows', 'cols']);
    expect(specProblems(jump({ rows: 2.5 }))[0]!.message).toBe('Rows must be a whole number');
    expect(specProblems(parity({ n: 3, m: 10 }))).toEqual([{ field: 'm', message: 'm must be 0 to 9' }]);
    expect(specProblems(parity({ n: Number.NaN, m: 10 })).map((p) => p.field)).toEqual(['n']);
    expect(specProblems(edge({ kind: 'tetravex', colours: 1 }))).toEqual([{ field: 'colours', message: 'The number of colours must be 2 to 99' }]);
    expect(() => newPuzzleDocument(edge({ rows: 0 }))).toThrow('Rows must be 2 to 32');
  });
});
