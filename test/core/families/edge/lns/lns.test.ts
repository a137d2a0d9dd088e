import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { edgeSolvers, piecesFormat, solutionFromJson, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { LnsRun } from '../../../../../src/core/families/edge/lns/lns';
import { Refill } from '../../../../../src/core/families/edge/lns/refill';
import { lnsOptions } from '../../../../../src/core/families/edge/lns/solver';
import { VnsBoard, type BoardJson } from '../../../../../src/core/families/edge/local-search/board';
import { Rng } from '../../../../../src/core/rng/rng';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../../helpers/solver';
import { generatePuzzle, naiveScore, readInstance, shown, uprightPuzzle } from '../helpers';

const lns = edgeSolvers.find((s) => s.id === 'lns')!;
const clue1 = (): EdgePuzzle => piecesFormat.read(readInstance('e2_clue1_6x6.txt'), 'e2_clue1_6x6.txt').puzzle;

/** Every piece once, fixed pieces where they belong, border pieces with their grey edges out. */
function expectLegal(p: EdgePuzzle, b: { piece: Int16Array | number[]; rotation: Uint8Array | number[] }): void {
  const cells = p.rows * p.cols;
  expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: cells }, (_, i) => i));
  for (const f of p.fixed) {
    const i = f.row * p.cols + f.col;
    expect([b.piece[i], b.rotation[i]]).toEqual([f.piece, f.rotation]);
  }
  for (let r = 0; r < p.rows; r++)
    for (let c = 0; c < p.cols; c++) {
      const e = shown(p, b.piece[r * p.cols + c], b.rotation[r * p.cols + c]);
      if (r === 0) expect(e[0]).toBe(0);
      if (c === p.cols - 1) expect(e[1]).toBe(0);
      if (r === p.rows - 1) expect(e[2]).toBe(0);
      if (c === 0) expect(e[3]).toBe(0);
    }
}

const boardOf = (B: VnsBoard) => ({ piece: B.piece.slice(), rotation: B.rot.slice() });

/** A random legal board of a generated puzzle, with a refill working on it. */
function randomStart(rows: number, cols: number, seed: number, fixed: number) {
  const p = generatePuzzle(rows, cols, seed, 2, 4, fixed).puzzle;
  const B = new VnsBoard(p);
  const rng = new Rng(seed);
  B.randomize(rng, new Int16Array(B.cells));
  return { p, B, rng, refill: new Refill(B, 64, 9, true) };
}

/** A refill's gain is never negative, is the score change, and leaves a legal, truly scored board. */
function expectRefill(p: EdgePuzzle, B: VnsBoard, before: number, gain: number): void {
  expect(gain).toBeGreaterThanOrEqual(0);
  expect(B.score).toBe(before + gain);
  expect(B.score).toBe(naiveScore(p, boardOf(B)));
  expectLegal(p, boardOf(B));
}

describe('lns refills', () => {
  const cases = fc.record({
    rows: fc.integer({ min: 3, max: 8 }),
    cols: fc.integer({ min: 3, max: 8 }),
    seed: fc.integer({ min: 1, max: 1e6 }),
    fixed: fc.integer({ min: 0, max: 3 }),
  });

  it('the assignment refill keeps the pieces, the frame and the fixed pieces, never loses joins, and its score is a full rescore', () => {
    fc.assert(
      fc.property(cases, ({ rows, cols, seed, fixed }) => {
        const { p, B, rng, refill } = randomStart(rows, cols, seed, fixed);
        for (let t = 0; t < 20; t++) {
          // A random set of non-touching cells of one class.
          const k = rng.int(3);
          const pool = rng.shuffle(Array.from(B.classCells[k]));
          const set: number[] = [];
          for (const c of pool) if (set.every((d) => B.sideTo(c, d) < 0)) set.push(c);
          if (set.length < 2) continue;
          const before = B.score;
          expectRefill(p, B, before, refill.assign(Int32Array.from(set), set.length));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the exact region refill keeps the pieces, the frame and the fixed pieces, never loses joins, and its score is a full rescore', () => {
    fc.assert(
      fc.property(cases, ({ rows, cols, seed, fixed }) => {
        const { p, B, rng, refill } = randomStart(rows, cols, seed, fixed);
        for (let t = 0; t < 10; t++) {
          // A random window of free cells (mixed classes on the frame).
          const r0 = rng.int(rows - 1);
          const c0 = rng.int(cols - 1);
          const cells: number[] = [];
          for (let r = r0; r < Math.min(rows, r0 + 3); r++)
            for (let c = c0; c < Math.min(cols, c0 + 3); c++) if (B.cellClass[r * cols + c] >= 0) cells.push(r * cols + c);
          const before = B.score;
          expectRefill(p, B, before, refill.region(Int32Array.from(cells), cells.length, rng, 50_000));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('the exact region refill finds the solved arrangement of a scrambled window of a solved board', () => {
    const g = generatePuzzle(6, 6, 3, 2, 4);
    const B = new VnsBoard(g.puzzle);
    B.piece.set(g.solution.piece);
    B.rot.set(g.solution.rotation);
    B.refresh();
    expect(B.score).toBe(60);
    // Scramble the inner 3x3 window at rows 1-3, cols 1-3 by rotating its pieces around.
    const cells = [7, 8, 9, 13, 14, 15, 19, 20, 21];
    const ps = cells.map((c) => B.piece[c]);
    cells.forEach((c, i) => B.place(c, ps[(i + 4) % 9], (i * 3) & 3));
    B.score = B.fullScore();
    expect(B.score).toBeLessThan(60);
    new Refill(B, 8, 9, true).region(Int32Array.from(cells), 9, new Rng(1), 1e7);
    expect(B.score).toBe(60);
  });
});

describe('lns solver', () => {
  it('every operator on its own keeps boards legal and scores true', () => {
    const g = generatePuzzle(7, 7, 5, 2, 4, 2);
    const ops = ['opAssign', 'opAssignWorst', 'opWindow', 'opWindowWorst', 'opRegion', 'opShake'];
    for (const op of ops) {
      const params = Object.fromEntries(ops.map((o) => [o, o === op ? 1 : 0]));
      const run = new LnsRun(g.puzzle, lnsOptions({ ...params, initial: 'random', restartAfter: 50 }), new Rng(2), true);
      for (let t = 0; t < 40; t++) {
        run.step(2_000);
        const cur = run.checkpoint().current as BoardJson;
        const board = { piece: Int16Array.from(cur.piece), rotation: Uint8Array.from(cur.rotation) };
        expectLegal(g.puzzle, board);
        expect(run.currentScore, op).toBe(naiveScore(g.puzzle, board));
        const best = solutionFromJson(g.puzzle, run.bestSolution(), 'best');
        expect(run.bestScore).toBe(naiveScore(g.puzzle, best));
      }
    }
  });

  it("weighs its step budget by each operator's cost, so equal budgets take about equal time", () => {
    const g = generatePuzzle(7, 7, 5, 2, 4, 2);
    const ops = ['opAssign', 'opAssignWorst', 'opWindow', 'opWindowWorst', 'opRegion', 'opShake'];
    const only = (op: string): LnsRun => {
      const params = Object.fromEntries(ops.map((o) => [o, o === op ? 1 : 0]));
      return new LnsRun(g.puzzle, lnsOptions({ ...params, initial: 'random', restartAfter: 0 }), new Rng(5), true);
    };
    // An assignment evaluation costs 3 units, a shaken cell 40, a window 250 + its nodes.
    for (const [op, perEval, perUse] of [
      ['opAssign', 3, 0],
      ['opShake', 40, 0],
      ['opWindow', 1, 250],
    ] as const) {
      const run = only(op);
      const e0 = run.evaluations;
      for (let t = 0; t < 20; t++) run.step(5_000);
      expect(run.spent).toBe(perEval * (run.evaluations - e0) + perUse * run.iteration);
    }
  });

  it('solves E2 clue 1 and a generated 6x6, from a beam start and from a greedy one', () => {
    for (const [p, params] of [
      [clue1(), {}],
      [clue1(), { initial: 'greedy' }],
      [generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 6, seed: 2 }).puzzle, {}],
    ] as const) {
      const run = lns.create(p, params, 1);
      runTo(run, 50_000_000, { target: 60 });
      expect(run.bestScore).toBe(60);
    }
  });

  it('the same seed gives the same run, another seed another', () => {
    const p = generatePuzzle(8, 8, 4, 3, 6, 1).puzzle;
    const [a, b, c] = runSeeds((seed) => lns.create(p, {}, seed), [7, 7, 8], 300_000);
    expect(snapshot(a)).toEqual(snapshot(b));
    expect(snapshot(a)).not.toEqual(snapshot(c));
  });

  it('a checkpoint resumes the very same run, in the beam phase and after it', () => {
    const p = generatePuzzle(8, 8, 6, 3, 6, 1).puzzle;
    const params = { segment: 7, beamWidth: 256, restartAfter: 300 };
    expectResumesIdentically(lns.create(p, params, 3), (cp) => lns.restore(p, params, cp), [2_000, 50_000, 120_000, 600_000], { slice: 5_000 });
    const greedy = { ...params, initial: 'greedy' };
    expectResumesIdentically(lns.create(p, greedy, 3), (cp) => lns.restore(p, greedy, cp), [50_000, 120_000, 300_000], { slice: 20_000 });
  });

  it("a beam start with beamExhaust runs the beam's colour exhaustion, and resumes the very same run", () => {
    const p = generatePuzzle(8, 8, 6, 3, 6, 1).puzzle;
    const firstBoard = (params: Record<string, unknown>, seed: number) => {
      const run = lns.create(p, { beamWidth: 256, ...params }, seed);
      while (run.bestScore === 0) run.step(1_000);
      return run.bestSolution();
    };
    // The same seed: only the ranking of equal partial boards differs, so the first pass's board does.
    for (const seed of [1, 2, 3]) expect(firstBoard({ beamExhaust: 3 }, seed)).not.toEqual(firstBoard({}, seed));
    const params = { segment: 7, beamWidth: 256, restartAfter: 300, beamExhaust: 3 };
    expectResumesIdentically(lns.create(p, params, 3), (cp) => lns.restore(p, params, cp), [2_000, 50_000, 120_000], { slice: 5_000 });
  });

  it('keeps tiles upright when the puzzle does not allow rotations', () => {
    const p = uprightPuzzle(5, 5, 4, 9);
    for (const initial of ['beam', 'greedy']) {
      const run = lns.create(p, { initial }, 1);
      runTo(run, 3_000_000, { target: 40 });
      const b = solutionFromJson(p, run.bestSolution(), 'best');
      expect([...b.rotation].every((r) => r === 0)).toBe(true);
      expect(run.bestScore).toBe(naiveScore(p, b));
      // The beam start solves it; the local search alone need not.
      if (initial === 'beam') expect(run.bestScore).toBe(40);
    }
  });

  it('refuses a damaged checkpoint', () => {
    const p = generatePuzzle(5, 5, 6).puzzle;
    expect(() => lns.restore(p, {}, { nope: 1 })).toThrow(/lns checkpoint is damaged/);
  });
});
