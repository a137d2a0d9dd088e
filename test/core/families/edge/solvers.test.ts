import { describe, expect, it } from 'vitest';
import { edgeSolvers, isSolved, piecesFormat, scoreBoard, solutionFromJson, type EdgePuzzle } from '../../../../src/core/families/edge';
import type { Params } from '../../../../src/core/params/schema';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../helpers/solver';
import { generatePuzzle, readInstance } from './helpers';

const solver = edgeSolvers[0];

const meta10 = (): EdgePuzzle => piecesFormat.read(readInstance('meta2010_10x10.txt'), 'meta2010_10x10.txt').puzzle;

describe('edge hill climbing', () => {
  it('is registered for the edge family', () => {
    expect(solver).toMatchObject({ id: 'hill-climb', family: 'edge' });
    expect(new Set(edgeSolvers.map((s) => s.id)).size).toBe(edgeSolvers.length);
    for (const s of edgeSolvers) expect(s.family).toBe('edge');
  });

  it('improves the score, and its best solution scores what it says', () => {
    const puzzle = meta10();
    const run = solver.create(puzzle, {}, 1);
    const start = run.bestScore;
    runTo(run, 30_000);
    expect(run.bestScore).toBeGreaterThan(start + 30);
    const best = solutionFromJson(puzzle, run.bestSolution());
    expect(scoreBoard(puzzle, best)).toBe(run.bestScore);
  });

  it('the same seed gives the same run', () => {
    const puzzle = meta10();
    const [a, b, c] = runSeeds((seed) => solver.create(puzzle, {}, seed), [7, 7, 8], 10_000);
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
  });

  it.each<Params>([{}, { restartAfter: 500, randomWalk: 0.01 }])('checkpoint then restore continues identically (%o)', (params) => {
    const puzzle = meta10();
    expectResumesIdentically(solver.create(puzzle, params, 3), (cp) => solver.restore(puzzle, params, cp), [5_000, 12_000]);
  });

  it('keeps a fixed starter piece in place and solves small generated puzzles', () => {
    const { puzzle } = generatePuzzle(4, 4, 21, 2, 4, 1);
    const run = solver.create(puzzle, { restartAfter: 2000 }, 5);
    runTo(run, 200_000);
    const best = solutionFromJson(puzzle, run.bestSolution());
    const f = puzzle.fixed[0];
    expect(best.piece[f.row * 4 + f.col]).toBe(f.piece);
    expect(run.bestScore).toBe(24);
    expect(isSolved(puzzle, best)).toBe(true);
  });

  it('runs on E2 with the starter piece fixed', () => {
    const { puzzle } = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt');
    puzzle.fixed = [{ piece: 138, row: 8, col: 7, rotation: 2 }];
    const run = solver.create(puzzle, {}, 2);
    runTo(run, 20_000);
    const best = solutionFromJson(puzzle, run.bestSolution());
    expect([best.piece[8 * 16 + 7], best.rotation[8 * 16 + 7]]).toEqual([138, 2]);
    expect(run.bestScore).toBeGreaterThan(150);
  });
});
