import { describe, expect, it } from 'vitest';
import { edgeSolvers, isSolved, piecesFormat, scoreBoard, solutionFromJson, type EdgePuzzle } from '../../../../../src/core/families/edge';
import type { SolverDef } from '../../../../../src/core/engine/solver';
import type { Params } from '../../../../../src/core/params/schema';
import { VnsBoard } from '../../../../../src/core/families/edge/local-search/board';
import { Moves, SC, SRC, SS } from '../../../../../src/core/families/edge/local-search/neighbourhoods';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../../helpers/solver';
import { generatePuzzle, junkPuzzle, naiveScore, readInstance } from '../helpers';

const solver = (id: string): SolverDef => {
  const d = edgeSolvers.find((s) => s.id === id);
  if (!d) throw new Error(`no edge solver ${id}`);
  return d;
};

/** At most 50,000 evaluations a step. */
const SLICE = { slice: 50_000 };

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

/**
 * Settings for a 5x5: the defaults are tuned for META 10x10, where hill climbing should not
 * restart for 2 million moves and tabu search samples 1000 moves per step.
 */
const SMALL: Record<string, Params> = {
  'hill-climb': { restartAfter: 20_000 },
  tabu: { candidates: 50, tenure: 10, restartAfter: 2000 },
};

/** Tabu search tuned for 10x10 does not restart; clue 1 has plateaus it cycles on without. */
const CLUE1: Record<string, Params> = { tabu: { restartAfter: 500 } };

/** Parameter sets that take each solver through its less common paths. */
const VARIANTS: Record<string, Params[]> = {
  'ms-gvns': [{}, { improvement: 'best', initial: 'random', vndOrder: 'random', acceptEqual: true, iterMax: 5, levelMax: 2 }],
  'vns-sa': [{}, { reheatAfter: 0.5, coolMoves: 50, rotateShare: 0.6, temperature: 0.3, t0: 2 }, { t0: 0.1, reheatAfter: 0 }],
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
    const run = def.create(puzzle, CLUE1[id] ?? {}, 1);
    runTo(run, budget, { ...SLICE, target: 60 });
    const best = solutionFromJson(puzzle, run.bestSolution());
    expect(scoreBoard(puzzle, best)).toBe(run.bestScore);
    expect(run.bestScore).toBe(60);
    expect(isSolved(puzzle, best)).toBe(true);
  });

  it('solves a generated 5x5 with a fixed piece, which stays in place', () => {
    const { puzzle } = generatePuzzle(5, 5, 77, 3, 5, 1);
    const run = def.create(puzzle, SMALL[id] ?? {}, 2);
    runTo(run, 8_000_000, { ...SLICE, target: 40 });
    const best = solutionFromJson(puzzle, run.bestSolution());
    const f = puzzle.fixed[0];
    expect([best.piece[f.row * 5 + f.col], best.rotation[f.row * 5 + f.col]]).toEqual([f.piece, f.rotation]);
    expect(run.bestScore).toBe(40);
    expect(isSolved(puzzle, best)).toBe(true);
  });

  it('the same seed gives the same run; another seed another', () => {
    const puzzle = meta10();
    const [a, b, c] = runSeeds((seed) => def.create(puzzle, {}, seed), [7, 7, 8], 60_000, SLICE);
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
  });

  it.each(VARIANTS[id])('checkpoint then restore continues identically (%o)', (params) => {
    const puzzle = meta10();
    // Steps overshoot their budget by a few evaluations at most (a shake, a restart), so the
    // restored runs take the same steps as the original from their checkpoint on.
    expectResumesIdentically(def.create(puzzle, params, 3), (cp) => def.restore(puzzle, params, cp), [1, 777, 5_000, 40_000, 120_000, 200_000], SLICE);
  });

  it('runs on a set without a standard frame', () => {
    const puzzle = junkPuzzle(4, 5, 3, 3);
    const run = def.create(puzzle, {}, 1);
    runTo(run, 20_000, SLICE);
    const best = solutionFromJson(puzzle, run.bestSolution());
    expect(scoreBoard(puzzle, best)).toBe(run.bestScore);
    expect(run.bestScore).toBeGreaterThan(0);
  });

  it('returns right after a new best (the driver records every improvement)', () => {
    const puzzle = meta10();
    const run = def.create(puzzle, {}, 5);
    let last = run.bestScore;
    let returned = 0;
    while (run.evaluations < 1_000_000) {
      const before = run.evaluations;
      run.step(100_000);
      if (run.bestScore > last) {
        last = run.bestScore;
        // A step ends the moment it finds a new best, so the driver sees each one on its own.
        if (run.evaluations - before < 100_000) returned++;
      } else expect(run.evaluations - before).toBeGreaterThanOrEqual(100_000);
    }
    expect(returned).toBeGreaterThan(5);
    expect(scoreBoard(puzzle, solutionFromJson(puzzle, run.bestSolution()))).toBe(run.bestScore);
  });

  it('runs on Eternity II with the starter piece fixed', () => {
    const { puzzle } = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt');
    puzzle.fixed = [{ piece: 138, row: 8, col: 7, rotation: 2 }];
    const run = def.create(puzzle, {}, 2);
    runTo(run, 100_000, SLICE);
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
    runTo(run, 10_000, SLICE);
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
    runTo(a, 150_000, SLICE);
    const b = def.restore(puzzle, {}, cp);
    runTo(b, 150_000, SLICE);
    expect(b.checkpoint()).toEqual(a.checkpoint());
  });

  it('every VND ends in a local optimum of all four VND neighbourhoods (the dirty-cell scan misses nothing)', () => {
    for (const [puzzle, params] of [
      [meta10(), {}],
      [meta10(), { improvement: 'best', initial: 'random' }],
      [generatePuzzle(7, 6, 3, 2, 3, 2).puzzle, { acceptEqual: true }],
    ] as [EdgePuzzle, Params][]) {
      const run = solver('ms-gvns').create(puzzle, params, 9);
      let checked = 0;
      for (let i = 0; i < 40; i++) {
        runTo(run, run.evaluations + 25_000, SLICE);
        const cp = run.checkpoint() as { phase: number; initialVnd: boolean; base: { piece: number[]; rotation: number[] }; baseScore: number };
        if (cp.phase !== 1 || cp.initialVnd) continue;
        // The base board (where shakes start from) must admit no improving SC, SS, R or SRC move.
        const B = new VnsBoard(puzzle);
        B.piece.set(cp.base.piece);
        B.rot.set(cp.base.rotation);
        B.refresh();
        expect(B.score).toBe(cp.baseScore);
        const mv = new Moves(B);
        for (const k of [SC, SS, SRC]) {
          if (!mv.available(k)) continue;
          const cells = B.classCells[k === SC ? 0 : k === SS ? 1 : 2];
          for (let x = 0; x < cells.length; x++) for (let y = x + 1; y < cells.length; y++) expect(mv.pair(k, cells[x], cells[y])).toBeLessThanOrEqual(0);
        }
        for (const a of B.classCells[2]) for (let r = 0; r < 4; r++) if (r !== B.rot[a]) expect(mv.rotate(a, r)).toBeLessThanOrEqual(0);
        checked++;
      }
      expect(checked).toBeGreaterThan(10);
      // And the board it is working on is scored right.
      expect(run.currentScore).toBe(naiveScore(puzzle, (run as unknown as { currentBoard(): ReturnType<VnsBoard['board']> }).currentBoard()));
    }
  });

  it('with the paper defaults reaches 150+ on META 10x10 within 2M evaluations', () => {
    const run = solver('ms-gvns').create(meta10(), {}, 1);
    runTo(run, 2_000_000, SLICE);
    expect(run.bestScore).toBeGreaterThanOrEqual(150);
  });
});
