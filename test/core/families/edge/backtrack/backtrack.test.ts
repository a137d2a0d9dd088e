import { describe, expect, it } from 'vitest';
import {
  edgeSolvers,
  isSolved,
  maxScore,
  piecesFormat,
  pieceKey,
  scoreBoard,
  solutionFromJson,
  type EdgeBoard,
  type EdgePuzzle,
} from '../../../../../src/core/families/edge';
import { backtrackSolver } from '../../../../../src/core/families/edge/backtrack/solvers';
import { CandidateTables } from '../../../../../src/core/families/edge/backtrack/candidates';
import { distinctRotations, pieceTypes } from '../../../../../src/core/families/edge/backtrack/piece-types';
import { mismatchSchedule, scanCells } from '../../../../../src/core/families/edge/backtrack/scan-plan';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import type { SolverRun } from '../../../../../src/core/engine/solver';
import type { Params } from '../../../../../src/core/params/schema';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../../helpers/solver';
import { generatePuzzle, naiveScore, readInstance } from '../helpers';

const read = (name: string): EdgePuzzle => piecesFormat.read(readInstance(name), name).puzzle;
const meta10 = (): EdgePuzzle => read('meta2010_10x10.txt');
const clue1 = (): EdgePuzzle => read('e2_clue1_6x6.txt');

/** Run until solved, exhausted or `cap` placements. */
function solve(run: SolverRun, max: number, cap = 50_000_000): void {
  while (!run.finished && run.bestScore < max && run.evaluations < cap) run.step(1 << 20);
}

function board(p: EdgePuzzle, run: SolverRun): EdgeBoard {
  return solutionFromJson(p, run.bestSolution());
}

describe('backtrack solver', () => {
  it('joins the edge catalogue', () => {
    expect(edgeSolvers.map((s) => s.id)).toContain('backtrack');
    for (const spec of Object.values(backtrackSolver.params)) expect(spec.help.length).toBeGreaterThan(10);
  });

  it.each<Params>([{}, { order: 'frame-first' }, { shuffle: false }])('solves E2 clue puzzle 1 (duplicate pieces) %o', (params) => {
    const p = clue1();
    const run = backtrackSolver.create(p, params, 1);
    solve(run, 60);
    const b = board(p, run);
    expect(run.bestScore).toBe(60);
    expect(scoreBoard(p, b)).toBe(60);
    expect(isSolved(p, b)).toBe(true);
  });

  it.each([1, 2, 3])('solves generated 5x5 puzzles (seed %i), each piece once', (seed) => {
    const { puzzle } = generateEdgePuzzle({ rows: 5, cols: 5, frameColours: 3, innerColours: 4, seed });
    const run = backtrackSolver.create(puzzle, {}, seed);
    solve(run, 40);
    const b = board(puzzle, run);
    expect(run.bestScore).toBe(40);
    expect(naiveScore(puzzle, b)).toBe(40);
    expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(isSolved(puzzle, b)).toBe(true);
  });

  it.each<Params>([{ order: 'row' }, { order: 'frame-first' }])('keeps fixed pieces where they are (%o)', (params) => {
    for (const seed of [2, 5, 8]) {
      const { puzzle } = generatePuzzle(5, 5, seed, 3, 4, 3);
      const run = backtrackSolver.create(puzzle, params, seed);
      // Before any placement the board already holds the fixed pieces.
      const start = board(puzzle, run);
      for (const f of puzzle.fixed) expect([start.piece[f.row * 5 + f.col], start.rotation[f.row * 5 + f.col]]).toEqual([f.piece, f.rotation]);
      solve(run, 40);
      const b = board(puzzle, run);
      expect(isSolved(puzzle, b)).toBe(true);
      for (const f of puzzle.fixed) expect([b.piece[f.row * 5 + f.col], b.rotation[f.row * 5 + f.col]]).toEqual([f.piece, f.rotation]);
    }
  });

  it('solves E2 clue puzzle 1 with a piece of its solution fixed', () => {
    const p = clue1();
    const first = backtrackSolver.create(p, {}, 1);
    solve(first, 60);
    const sol = board(p, first);
    const cell = 1 * 6 + 2;
    const fixedPuzzle = { ...p, fixed: [{ piece: sol.piece[cell], row: 1, col: 2, rotation: sol.rotation[cell] }] };
    const run = backtrackSolver.create(fixedPuzzle, {}, 1);
    solve(run, 60);
    expect(isSolved(fixedPuzzle, board(fixedPuzzle, run))).toBe(true);
  });

  it('shows a full legal board from the start (the deepest partial board, completed) and keeps improving it, exact or with breaks', () => {
    const e2 = { ...piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt').puzzle, fixed: [{ piece: 138, row: 8, col: 7, rotation: 2 }] };
    for (const params of [{}, { maxMismatches: 40, mismatchFromDepth: 100 }] as Params[]) {
      const run = backtrackSolver.create(e2, params, 1);
      const first = run.bestScore;
      expect(first).toBeGreaterThan(200);
      for (let i = 0; i < 30; i++) {
        run.step(200_000);
        const b = board(e2, run);
        expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: 256 }, (_, k) => k));
        expect(scoreBoard(e2, b)).toBe(run.bestScore);
        expect([b.piece[8 * 16 + 7], b.rotation[8 * 16 + 7]]).toEqual([138, 2]);
      }
      expect(run.bestScore).toBeGreaterThan(first);
    }
  });

  it('without completion, reports the deepest partial board, scored as the family scores it, and returns on each new best', () => {
    const p = meta10();
    const run = backtrackSolver.create(p, { complete: false }, 4);
    expect(run.bestScore).toBe(0);
    let last = 0;
    for (let i = 0; i < 200 && run.evaluations < 2_000_000; i++) {
      const before = run.evaluations;
      run.step(1_000_000);
      if (run.bestScore > last) {
        // A step that improved stopped right there: far fewer placements than it was given.
        expect(run.evaluations - before).toBeLessThan(1_000_000);
        last = run.bestScore;
      }
      expect(scoreBoard(p, board(p, run))).toBe(run.bestScore);
    }
    expect(run.bestScore).toBeGreaterThan(100);
    expect(run.finished).toBe(false);
  });

  it('the same seed gives the same run; another seed another order', () => {
    const p = meta10();
    const [a, b, c] = runSeeds((seed) => backtrackSolver.create(p, {}, seed), [7, 7, 8], 300_000);
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
  });

  it.each<[string, Params, () => EdgePuzzle]>([
    ['exact, row', {}, meta10],
    ['exact, frame-first, fixed piece', { order: 'frame-first' }, () => ({ ...meta10(), fixed: [{ piece: 44, row: 4, col: 4, rotation: 1 }] })],
    ['restarts', { restartAfter: 40_000 }, meta10],
    ['mismatches', { maxMismatches: 12, mismatchFromDepth: 60 }, meta10],
    ['mismatches and restarts', { maxMismatches: 20, restartAfter: 30_000, order: 'frame-first' }, meta10],
  ])('checkpoint then restore continues identically (%s)', (_name, params, puzzle) => {
    const p = puzzle();
    expectResumesIdentically(backtrackSolver.create(p, params, 3), (cp) => backtrackSolver.restore(p, params, cp), [55_555, 150_000]);
  });

  it('refuses a damaged checkpoint in one line', () => {
    const p = meta10();
    const a = backtrackSolver.create(p, {}, 3);
    runTo(a, 1000);
    const cp = JSON.parse(JSON.stringify(a.checkpoint()));
    cp.stack[3] = 99_999_999;
    expect(() => backtrackSolver.restore(p, {}, cp)).toThrow(/backtrack checkpoint is damaged/);
    expect(() => backtrackSolver.restore(p, {}, { v: 1 })).toThrow(/damaged/);
  });

  it('with a mismatch allowance yields full boards where exact search cannot finish', () => {
    const p = meta10();
    const run = backtrackSolver.create(p, { maxMismatches: 20, mismatchFromDepth: 70 }, 1);
    const scores: number[] = [];
    while (run.evaluations < 300_000) {
      run.step(300_000 - run.evaluations);
      if (scores.at(-1) !== run.bestScore) scores.push(run.bestScore);
    }
    const b = board(p, run);
    expect([...b.piece].every((x) => x >= 0)).toBe(true);
    expect(new Set(b.piece).size).toBe(100);
    expect(scoreBoard(p, b)).toBe(run.bestScore);
    expect(run.bestScore).toBeGreaterThanOrEqual(maxScore(10, 10) - 20);
    // Each full board found beats the one before.
    expect(scores.slice(1)).toEqual([...scores.slice(1)].sort((x, y) => x - y));
  });

  it('an exact search of an unsolvable puzzle ends exhausted with its deepest board', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 3, seed: 6 });
    // Recolour one inner join on one side only: no board can match it any more.
    const edges = puzzle.edges.slice();
    const inner = [...Array(16).keys()].find((i) => edges.slice(4 * i, 4 * i + 4).every((c) => c > 2))!;
    edges[4 * inner] = 99;
    const broken = { ...puzzle, edges };
    const run = backtrackSolver.create(broken, {}, 1);
    solve(run, 24);
    expect(run.finished).toBe(true);
    expect(run.bestScore).toBeLessThan(24);
    expect(scoreBoard(broken, board(broken, run))).toBe(run.bestScore);
  });
});

describe('backtrack building blocks', () => {
  it('offers one entry per type and distinct rotation: duplicates and symmetric pieces are tried once', () => {
    const p = clue1();
    const pt = pieceTypes(p);
    const keys = new Set(Array.from({ length: 36 }, (_, i) => pieceKey(p, i)));
    expect(pt.typeCount).toBe(keys.size);
    expect(pt.typeCount).toBeLessThan(36);
    const t = new CandidateTables(pt);
    const seen = new Set<string>();
    for (let k = 0; k < t.emptyKey; k++) {
      const shows = new Set<string>();
      for (let i = t.start[k]; i < t.stop[k]; i++) {
        const s = Array.from(t.edge.subarray(4 * i, 4 * i + 4)).join(',');
        expect(shows.has(s)).toBe(false);
        shows.add(s);
        seen.add(`${t.type[i]}:${t.rot[i]}`);
      }
    }
    let orientations = 0;
    for (let ty = 0; ty < pt.typeCount; ty++) orientations += distinctRotations(pt, ty).length;
    expect(seen.size).toBe(orientations);
  });

  it('scan orders visit every free cell once; frame-first walks the frame first', () => {
    const p = { ...generateEdgePuzzle({ rows: 5, cols: 7, frameColours: 2, innerColours: 3, seed: 1 }).puzzle };
    p.fixed = [{ piece: 0, row: 2, col: 3, rotation: 0 }];
    for (const order of ['row', 'frame-first'] as const) {
      const cells = scanCells(p, order);
      expect(cells).toHaveLength(34);
      expect(new Set(cells).size).toBe(34);
      expect(cells).not.toContain(2 * 7 + 3);
    }
    const ff = scanCells(p, 'frame-first');
    const ring = ff.slice(0, 20).map((i) => [Math.floor(i / 7), i % 7]);
    expect(ring.every(([r, c]) => r === 0 || r === 4 || c === 0 || c === 6)).toBe(true);
  });

  it('the mismatch allowance grows from 0 at its start to the maximum at the last cell', () => {
    const a = mismatchSchedule(100, 20, 70);
    expect(Array.from(a.subarray(0, 70))).toEqual(new Array(70).fill(0));
    expect(a[99]).toBe(20);
    for (let d = 1; d <= 100; d++) expect(a[d]).toBeGreaterThanOrEqual(a[d - 1]);
    expect(mismatchSchedule(90, 9, -1)[55]).toBe(0);
    // The default start scales with the board: Blackwood's placement 160 of 256.
    expect(mismatchSchedule(256, 10, -1)).toEqual(mismatchSchedule(256, 10, 160));
    expect(mismatchSchedule(100, 10, -1)).toEqual(mismatchSchedule(100, 10, 63));
    expect(mismatchSchedule(90, 9, -1)[89]).toBe(9);
  });
});
