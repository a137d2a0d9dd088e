import { describe, expect, it } from 'vitest';
import { edgeSolvers, isSolved, piecesFormat, scoreBoard, solutionFromJson, type EdgePuzzle } from '../../../../../src/core/families/edge';
import type { SolverDef, SolverRun } from '../../../../../src/core/engine/solver';
import type { Params } from '../../../../../src/core/params/schema';
import { generatePuzzle, junkPuzzle, readInstance } from '../helpers';

const solver = (id: string): SolverDef => {
  const d = edgeSolvers.find((s) => s.id === id);
  if (!d) throw new Error(`no edge solver ${id}`);
  return d;
};

function runTo(run: SolverRun, evaluations: number, target = Infinity): void {
  while (run.evaluations < evaluations && run.bestScore < target && !run.finished) run.step(Math.min(50_000, evaluations - run.evaluations));
}

const clue1 = (): EdgePuzzle => piecesFormat.read(readInstance('e2_clue1_6x6.txt'), 'e2_clue1_6x6.txt').puzzle;
const meta10 = (): EdgePuzzle => piecesFormat.read(readInstance('meta2010_10x10.txt'), 'meta2010_10x10.txt').puzzle;

/** Each solver with the evaluations it may take on clue 1 (seed 1 needs a fraction of it). */
const SOLVERS: [string, number][] = [
  ['ms-gvns', 2_000_000],
  ['vns-sa', 1_000_000],
  ['sa', 3_000_000],
  ['tabu', 3_000_000],
  ['hill-climb', 6_000_000],
];

/** Parameter sets that take each solver through its less common paths. */
const VARIANTS: Record<string, Params[]> = {
  'ms-gvns': [{}, { improvement: 'best', initial: 'random', vndOrder: 'random', acceptEqual: true, iterMax: 5, levelMax: 2 }],
  'vns-sa': [{}, { restartAfter: 3000, rotateShare: 0.6, temperature: 0.5 }],
  sa: [{}, { t0: 2, alpha: 0.99, tMin: 0.5, reheat: true, moveSwap: 1, moveSwapTurn: 1 }],
  tabu: [{}, { candidates: 7, tenure: 3, restartAfter: 300, moveSwapBest: 0 }],
  'hill-climb': [{}, { restartAfter: 500, randomWalk: 0.01 }],
};

describe.each(SOLVERS)('edge solver %s', (id, budget) => {
  const def = solver(id);

  it('is registered for edge with help on every parameter', () => {
    expect(def.family).toBe('edge');
    for (const [name, spec] of Object.entries(def.params)) expect(spec.help.length, name).toBeGreaterThan(10);
  });

  it('solves E2 clue 1 (6x6), and its best board scores what it says', () => {
    const puzzle = clue1();
    const run = def.create(puzzle, {}, 1);
    runTo(run, budget, 60);
    const best = solutionFromJson(puzzle, run.bestSolution());
    expect(scoreBoard(puzzle, best)).toBe(run.bestScore);
    expect(run.bestScore).toBe(60);
    expect(isSolved(puzzle, best)).toBe(true);
  });

  it('solves a generated 5x5 with a fixed piece, which stays in place', () => {
    const { puzzle } = generatePuzzle(5, 5, 77, 3, 5, 1);
    const run = def.create(puzzle, {}, 2);
    runTo(run, budget, 40);
    const best = solutionFromJson(puzzle, run.bestSolution());
    const f = puzzle.fixed[0];
    expect([best.piece[f.row * 5 + f.col], best.rotation[f.row * 5 + f.col]]).toEqual([f.piece, f.rotation]);
    expect(run.bestScore).toBe(40);
    expect(isSolved(puzzle, best)).toBe(true);
  });

  it('the same seed gives the same run; another seed another', () => {
    const puzzle = meta10();
    const a = def.create(puzzle, {}, 7);
    const b = def.create(puzzle, {}, 7);
    runTo(a, 60_000);
    runTo(b, 60_000);
    expect(b.checkpoint()).toEqual(a.checkpoint());
    expect(b.bestSolution()).toEqual(a.bestSolution());
    const c = def.create(puzzle, {}, 8);
    runTo(c, 60_000);
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
  });

  it.each(VARIANTS[id])('checkpoint then restore continues identically (%o)', (params) => {
    const puzzle = meta10();
    const a = def.create(puzzle, params, 3);
    const stops = [1, 777, 5_000, 40_000, 120_000];
    const cps: { at: number; cp: unknown }[] = [];
    for (const s of stops) {
      runTo(a, s);
      cps.push({ at: a.evaluations, cp: JSON.parse(JSON.stringify(a.checkpoint())) });
    }
    runTo(a, 200_000);
    for (const { at, cp } of cps) {
      const b = def.restore(puzzle, params, cp);
      expect(b.evaluations).toBe(at);
      runTo(b, 200_000);
      expect(b.evaluations).toBe(a.evaluations);
      expect(b.bestScore).toBe(a.bestScore);
      expect(b.bestSolution()).toEqual(a.bestSolution());
      expect(b.checkpoint()).toEqual(a.checkpoint());
    }
  });

  it('runs on a set without a standard frame', () => {
    const puzzle = junkPuzzle(4, 5, 3, 3);
    const run = def.create(puzzle, {}, 1);
    runTo(run, 20_000);
    const best = solutionFromJson(puzzle, run.bestSolution());
    expect(scoreBoard(puzzle, best)).toBe(run.bestScore);
    expect(run.bestScore).toBeGreaterThan(0);
  });

  it('returns right after a new best (the driver records every improvement)', () => {
    const puzzle = meta10();
    const run = def.create(puzzle, {}, 5);
    let last = run.bestScore;
    for (let i = 0; i < 200; i++) {
      const before = run.evaluations;
      run.step(1_000_000);
      if (run.bestScore > last) {
        last = run.bestScore;
        expect(run.evaluations - before).toBeLessThan(1_000_000);
      }
    }
    expect(last).toBeGreaterThan(140);
  });

  it('runs on Eternity II with the starter piece fixed', () => {
    const { puzzle } = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt');
    puzzle.fixed = [{ piece: 138, row: 8, col: 7, rotation: 2 }];
    const run = def.create(puzzle, {}, 2);
    runTo(run, 100_000);
    const best = solutionFromJson(puzzle, run.bestSolution());
    expect([best.piece[8 * 16 + 7], best.rotation[8 * 16 + 7]]).toEqual([138, 2]);
    expect(scoreBoard(puzzle, best)).toBe(run.bestScore);
  });
});

describe('ms-gvns', () => {
  it('refuses a damaged checkpoint', () => {
    const puzzle = meta10();
    const def = solver('ms-gvns');
    const run = def.create(puzzle, {}, 1);
    runTo(run, 10_000);
    const cp = JSON.parse(JSON.stringify(run.checkpoint()));
    expect(() => def.restore(puzzle, {}, { ...cp, rng: [1, 2] })).toThrow(/damaged/);
    const dup = structuredClone(cp);
    dup.best.piece[1] = dup.best.piece[0];
    expect(() => def.restore(puzzle, {}, dup)).toThrow(/damaged/);
  });

  it('can stop and resume in the middle of a greedy build', () => {
    const { puzzle } = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt');
    const def = solver('ms-gvns');
    const a = def.create(puzzle, {}, 4);
    a.step(3_000); // a build of 16x16 tries ~70,000 placements
    const cp = JSON.parse(JSON.stringify(a.checkpoint()));
    expect((cp as { phase: number }).phase).toBe(0);
    runTo(a, 150_000);
    const b = def.restore(puzzle, {}, cp);
    runTo(b, 150_000);
    expect(b.checkpoint()).toEqual(a.checkpoint());
  });

  it('with acceptEqual and the paper defaults reaches 150+ on META 10x10 within 2M evaluations', () => {
    const run = solver('ms-gvns').create(meta10(), {}, 1);
    runTo(run, 2_000_000);
    expect(run.bestScore).toBeGreaterThanOrEqual(150);
  });
});
