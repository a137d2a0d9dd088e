import { describe, expect, it } from 'vitest';
import { edgeSolvers, isSolved, piecesFormat, scoreBoard, solutionFromJson, type EdgePuzzle } from '../../../../src/core/families/edge';
import type { SolverRun } from '../../../../src/core/engine/solver';
import type { Params } from '../../../../src/core/params/schema';
import { generatePuzzle, readInstance } from './helpers';

const solver = edgeSolvers[0];

function runTo(run: SolverRun, evaluations: number): void {
  while (run.evaluations < evaluations && !run.finished) run.step(evaluations - run.evaluations);
}

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
    const a = solver.create(puzzle, {}, 7);
    const b = solver.create(puzzle, {}, 7);
    runTo(a, 10_000);
    runTo(b, 10_000);
    expect(b.bestScore).toBe(a.bestScore);
    expect(b.bestSolution()).toEqual(a.bestSolution());
    expect(b.checkpoint()).toEqual(a.checkpoint());
    const c = solver.create(puzzle, {}, 8);
    runTo(c, 10_000);
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
  });

  it.each<Params>([{}, { restartAfter: 500, randomWalk: 0.01 }])('checkpoint then restore continues identically (%o)', (params) => {
    const puzzle = meta10();
    const a = solver.create(puzzle, params, 3);
    runTo(a, 5_000);
    const at = a.evaluations;
    const cp = JSON.parse(JSON.stringify(a.checkpoint()));
    runTo(a, 12_000);
    const b = solver.restore(puzzle, params, cp);
    expect(b.evaluations).toBe(at);
    runTo(b, 12_000);
    expect(b.bestScore).toBe(a.bestScore);
    expect(b.bestSolution()).toEqual(a.bestSolution());
    expect(b.checkpoint()).toEqual(a.checkpoint());
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
