import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/core/document/document';
import { evaluateMaze, mazeErrors, type JumpMaze, type JumpPuzzle } from '../../../src/core/families/jump';
import type { ParityGrid } from '../../../src/core/families/parity';
import { Rng } from '../../../src/core/rng/rng';
import { defaultName, defaultSpec, newPuzzleDocument, parityNote, specProblems } from '../../../src/renderer/src/lib/new-puzzle';
import { randomMaze, randomWorkingMaze } from '../../../src/renderer/src/families/jump/maze-start';

describe('new puzzles', () => {
  it('an edge puzzle is an empty board with no pieces yet', () => {
    const doc = newPuzzleDocument({ ...defaultSpec('edge'), rows: 4, cols: 5 });
    expect(doc).toEqual({ format: 'puzzle-workbench', version: 1, family: 'edge', name: 'Edge 4×5', puzzle: { rows: 4, cols: 5, pieces: [] } });
    expect(() => parseDocument(doc)).not.toThrow();
  });

  it('a jump maze is legal: random (working when possible) or all 1s', () => {
    const p: JumpPuzzle = { rows: 7, cols: 9 };
    for (let seed = 1; seed <= 20; seed++) expect(mazeErrors(p, randomMaze(p, new Rng(seed)).cells)).toEqual([]);
    const working = randomWorkingMaze(p, 3);
    expect(evaluateMaze(p, working.cells).fitness).toBeGreaterThan(0);
    expect(Array.from(randomWorkingMaze(p, 3).cells)).toEqual(Array.from(working.cells)); // same seed, same maze

    const doc = newPuzzleDocument({ ...defaultSpec('jump'), rows: 3, cols: 4, jumpStart: 'ones', name: ' Mine ' });
    const { doc: d, solution } = parseDocument(doc);
    expect(d.name).toBe('Mine');
    expect(Array.from((solution as JumpMaze).cells)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]);
  });

  it('a parity puzzle starts from the full grid, feasible or not', () => {
    const doc = newPuzzleDocument({ ...defaultSpec('parity'), n: 4, m: 2 });
    const { puzzle, solution } = parseDocument(doc);
    expect(puzzle).toEqual({ n: 4, m: 2 });
    expect(Array.from((solution as ParityGrid).cells).every((v) => v === 1)).toBe(true);
    expect(parityNote({ ...defaultSpec('parity'), n: 4, m: 2 })!.feasible).toBe(false);
    expect(parityNote({ ...defaultSpec('parity'), n: 4, m: 4 })!.feasible).toBe(true);
    expect(defaultName({ ...defaultSpec('parity'), n: 4, m: 2 })).toBe('Casse-tête 4×4, remove 2');
  });

  it('names every problem with the sizes', () => {
    expect(specProblems({ ...defaultSpec('jump'), rows: 1, cols: 41 }).map((p) => p.field)).toEqual(['rows', 'cols']);
    expect(specProblems({ ...defaultSpec('jump'), rows: 2.5 })[0]!.message).toBe('Rows must be a whole number');
    expect(specProblems({ ...defaultSpec('parity'), n: 3, m: 10 })).toEqual([{ field: 'm', message: 'm must be 0 to 9' }]);
    expect(specProblems({ ...defaultSpec('parity'), n: Number.NaN, m: 10 }).map((p) => p.field)).toEqual(['n']);
    expect(() => newPuzzleDocument({ ...defaultSpec('edge'), rows: 0 })).toThrow('Rows must be 2 to 32');
  });
});
