import { describe, expect, it } from 'vitest';
import { edgeSolvers, piecesFormat, solutionFromJson, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { BeamRun, beamBytesPerWidth, beamWidths } from '../../../../../src/core/families/edge/beam/beam';
import { beamOptions } from '../../../../../src/core/families/edge/beam/solver';
import { Rng } from '../../../../../src/core/rng/rng';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../../helpers/solver';
import { generatePuzzle, junkPuzzle, naiveScore, readInstance, uprightPuzzle } from '../helpers';

const beam = edgeSolvers.find((s) => s.id === 'beam')!;
const clue1 = (): EdgePuzzle => piecesFormat.read(readInstance('e2_clue1_6x6.txt'), 'e2_clue1_6x6.txt').puzzle;

describe('beam search', () => {
  it('solves E2 clue 1 and a generated 6x6', () => {
    for (const p of [clue1(), generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 6, seed: 1 }).puzzle]) {
      const run = beam.create(p, {}, 1);
      runTo(run, 50_000_000, { target: 60 });
      expect(run.bestScore).toBe(60);
    }
  });

  it.each([
    [false, false, 0],
    [true, false, 0],
    [false, false, 3],
    [true, true, 3],
    [false, true, 7],
  ])(
    'every pass ends with a legal full board whose score is a full rescore, with the fixed pieces in place (dedupe %s, balance %s, band %i)',
    (dedupe, balance, band) => {
      const g = generatePuzzle(7, 9, 4, 3, 5, 3);
      // The fixed pieces sit in the band as well as above it.
      expect(g.puzzle.fixed.some((f) => f.row >= 4) && g.puzzle.fixed.some((f) => f.row < 4)).toBe(true);
      const run = new BeamRun(g.puzzle, beamOptions({ width: 4, maxWidth: 64, dedupe, balance, band }), new Rng(5));
      for (let pass = 0; pass < 6; pass++) {
        const before = run.pass;
        while (run.pass === before) run.step(1000);
        const b = solutionFromJson(g.puzzle, run.bestSolution(), 'best');
        expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: 63 }, (_, i) => i));
        expect(run.bestScore).toBe(naiveScore(g.puzzle, b));
        for (const f of g.puzzle.fixed) expect([b.piece[f.row * 9 + f.col], b.rotation[f.row * 9 + f.col]]).toEqual([f.piece, f.rotation]);
      }
      // Wider passes never do worse than the best so far; the width grows to its cap.
      expect(run.beamWidth).toBe(64);
    },
  );

  it('ranks by the colour balance too, and keeps tiles upright without rotations', () => {
    const p = uprightPuzzle(5, 5, 4, 9);
    for (const balance of [false, true]) {
      const run = beam.create(p, { balance, dedupe: balance }, 2);
      runTo(run, 5_000_000, { target: 40 });
      const b = solutionFromJson(p, run.bestSolution(), 'best');
      expect([...b.rotation].every((r) => r === 0)).toBe(true);
      expect(run.bestScore).toBe(40);
    }
  });

  it('solves clue 1 with its bottom rows filled column by column, and with the whole board so', () => {
    for (const band of [2, 6]) {
      const run = beam.create(clue1(), { band }, 1);
      runTo(run, 50_000_000, { target: 60 });
      expect(run.bestScore).toBe(60);
    }
  });

  it('has an empty board, scoring 0, before its first pass ends', () => {
    const p = clue1();
    const run = beam.create(p, {}, 1);
    const b = solutionFromJson(p, run.bestSolution(), 'best');
    expect([...b.piece].every((x) => x === -1)).toBe(true);
    expect(naiveScore(p, b)).toBe(0);
  });

  it('the same seed gives the same run, another seed another', () => {
    const p = generatePuzzle(8, 8, 4, 3, 6, 1).puzzle;
    const [a, b, c] = runSeeds((seed) => beam.create(p, { maxWidth: 256 }, seed), [7, 7, 8], 400_000, { slice: 10_000 });
    expect(snapshot(a)).toEqual(snapshot(b));
    expect(snapshot(a)).not.toEqual(snapshot(c));
  });

  it('counts the candidates a layer looks at in its step budget, not only the children it makes', () => {
    const p = generatePuzzle(8, 8, 4, 3, 6, 1).puzzle;
    const run = new BeamRun(p, beamOptions({ maxWidth: 256 }), new Rng(1));
    while (run.pass < 6) run.step(1_000);
    // Children and kept states alone come to about 1.4x the evaluations on this board; the
    // candidates looked at (an eighth each) bring it to about 1.9x.
    expect(run.spent).toBeGreaterThan(1.7 * run.evaluations);
  });

  it('charges its slower paths more per unit of work, so a round of threads takes about the same time on each', () => {
    const p = generatePuzzle(8, 8, 4, 3, 6, 1).puzzle;
    const perEvaluation = (o: Record<string, unknown>, wasm = true): number => {
      const run = new BeamRun(p, beamOptions({ maxWidth: 256, ...o }), new Rng(1), wasm);
      while (run.pass < 6) run.step(1_000);
      return run.spent / run.evaluations;
    };
    const kernel = perEvaluation({});
    // The same passes in JavaScript: the same children, twice the charge.
    expect(perEvaluation({}, false)).toBeCloseTo(2 * kernel, 5);
    expect(perEvaluation({ balance: true }) / kernel).toBeGreaterThan(3);
    expect(perEvaluation({ balance: true, dedupe: true }) / kernel).toBeGreaterThan(4);
  });

  it('a checkpoint (taken mid-pass) resumes the very same run', () => {
    const p = generatePuzzle(8, 8, 6, 3, 6, 1).puzzle;
    const params = { maxWidth: 128, balance: true, dedupe: true, band: 3 };
    expectResumesIdentically(beam.create(p, params, 3), (cp) => beam.restore(p, params, cp), [5_000, 60_000, 200_000], { slice: 3_000 });
  });

  it('counts the pass under way in its evaluations, and a mid-pass resume never counts back nor twice', () => {
    const p = generatePuzzle(8, 8, 4, 3, 6, 1).puzzle;
    const params = { width: 256, maxWidth: 256 };
    const run = beam.create(p, params, 2);
    const seen = new Set<number>();
    while (run.iteration < 3) {
      run.step(500);
      seen.add(run.evaluations);
    }
    // Steps of 500 units end every few layers: many figures within each of the three passes.
    expect(seen.size).toBeGreaterThan(20);
    // A checkpoint in the middle of the fourth pass, and the run carried on as it is.
    const start = run.iteration;
    const mark = run.evaluations;
    while (run.iteration === start && run.evaluations - mark < 2_000) run.step(500);
    expect(run.iteration).toBe(start);
    const cp = JSON.parse(JSON.stringify(run.checkpoint()));
    const at = run.evaluations;
    const resumed = beam.restore(p, params, cp);
    expect(resumed.evaluations).toBe(at);
    // The resume repeats the pass from its start: its figure holds still, then runs level with the run's.
    let last = at;
    while (run.iteration < start + 2) {
      run.step(500);
      while (resumed.evaluations < run.evaluations) {
        resumed.step(Math.min(500, run.evaluations - resumed.evaluations));
        expect(resumed.evaluations).toBeGreaterThanOrEqual(last);
        last = resumed.evaluations;
      }
      expect(resumed.evaluations).toBe(run.evaluations);
    }
    expect(resumed.bestSolution()).toEqual(run.bestSolution());
  });

  it('counts the joins with a fixed piece further on when placing its neighbour, so a narrow pass fits a free row onto pinned rows', () => {
    // Rows 2 and 3 pinned as in the solution: the free top row must fit their top edges, which a
    // pass only saw one row late before (then 48-53 of 57 on these boards).
    for (const seed of [2, 3, 5, 6]) {
      const g = generatePuzzle(3, 12, seed, 2, 3, 0);
      const fixed = Array.from({ length: 24 }, (_, i) => ({
        piece: g.solution.piece[12 + i],
        row: 1 + Math.floor(i / 12),
        col: i % 12,
        rotation: g.solution.rotation[12 + i],
      }));
      const p = { ...g.puzzle, fixed };
      // One pass 4 wide is a seed's luck too: with this stream 57 on these boards, before and after the pool's floor.
      const run = new BeamRun(p, beamOptions({ width: 4, maxWidth: 4, band: 0 }), new Rng(2));
      while (run.pass < 1) run.step(1000);
      expect(run.bestScore).toBe(57);
      expect(naiveScore(p, solutionFromJson(p, run.bestSolution(), 'best'))).toBe(57);
    }
  });

  it.each([
    [{ suffix: 0.8, suffixRows: 3, wide: 4 }],
    [{ suffix: 1, suffixRows: 7, wide: 2, dedupe: true, balance: true, band: 3 }],
    [{ suffix: 0.5, early: 0.25, lateRows: 2, band: 2 }],
    [{ suffix: 0.9, suffixRows: 1, stallPasses: 2 }],
    [{ suffix: 0.9, suffixRows: 2, stallPasses: 2, drift: 2 }],
    // Suffix passes that start above the late rows, where the history is narrower.
    [{ suffix: 0.9, suffixRows: 2, stallPasses: 2, early: 0.25, lateRows: 3, wide: 4 }],
    [{ suffix: 0.9, suffixRows: 1, stallPasses: 1, early: 0.1, lateRows: 1, wide: 1, band: 0 }],
    [{ refine: 3, suffixRows: 2, stallPasses: 2 }],
    [{ refine: 2, suffixRows: 2, early: 0.25, lateRows: 3, wide: 4, drift: 1, stallPasses: 1 }],
  ])('passes that search again the end of the best board keep it legal, truly scored, fixed pieces in place, never worse (%j)', (extra) => {
    const g = generatePuzzle(7, 9, 4, 3, 5, 3);
    const run = new BeamRun(g.puzzle, beamOptions({ width: 8, maxWidth: 32, ...extra }), new Rng(5));
    let last = 0;
    for (let pass = 0; pass < 30; pass++) {
      const before = run.pass;
      while (run.pass === before) run.step(1000);
      const b = solutionFromJson(g.puzzle, run.bestSolution(), 'best');
      expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: 63 }, (_, i) => i));
      expect(run.bestScore).toBe(naiveScore(g.puzzle, b));
      expect(run.bestScore).toBeGreaterThanOrEqual(last);
      last = run.bestScore;
      for (const f of g.puzzle.fixed) expect([b.piece[f.row * 9 + f.col], b.rotation[f.row * 9 + f.col]]).toEqual([f.piece, f.rotation]);
    }
  });

  it('a checkpoint resumes the very same run with suffix passes and a narrow top', () => {
    const p = generatePuzzle(8, 8, 6, 3, 6, 2).puzzle;
    const params = { maxWidth: 64, suffix: 0.7, suffixRows: 2, stallPasses: 3, wide: 4, early: 0.5, lateRows: 3, dedupe: true, balance: true, band: 3 };
    expectResumesIdentically(beam.create(p, params, 3), (cp) => beam.restore(p, params, cp), [5_000, 60_000, 200_000, 400_000], { slice: 3_000 });
  });

  it('with drift, after a stall, searches the end of a board up to drift joins below the best; its checkpoint keeps that board', () => {
    const g = generatePuzzle(7, 9, 4, 3, 5, 3);
    const params = { width: 8, maxWidth: 32, suffix: 0.9, suffixRows: 2, stallPasses: 2 };
    const bases = (drift: number, more: Record<string, number> = {}): number[] => {
      const run = beam.create(g.puzzle, { ...params, ...more, drift }, 5);
      const below: number[] = [];
      for (let pass = 0; pass < 60; pass++) {
        const before = run.iteration;
        while (run.iteration === before) run.step(1000);
        const cp = run.checkpoint() as { base?: { piece: number[]; rotation: number[] } };
        if (!cp.base) continue;
        const b = solutionFromJson(g.puzzle, { cells: cp.base.piece.map((q, i) => [q + 1, cp.base!.rotation[i]]) }, 'base');
        expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: 63 }, (_, i) => i));
        below.push(run.bestScore - naiveScore(g.puzzle, b));
      }
      return below;
    };
    const below = bases(2);
    expect(below.length).toBeGreaterThan(0);
    for (const d of below) expect([1, 2]).toContain(d);
    expect(bases(0)).toEqual([]);
    // driftAfter gives the drift its own stall count, without stallPasses moving the suffix starts up.
    const alone = bases(2, { stallPasses: 0, driftAfter: 2 });
    expect(alone.length).toBeGreaterThan(0);
    for (const d of alone) expect([1, 2]).toContain(d);
    expect(bases(2, { stallPasses: 0 })).toEqual([]);
    const p = { ...params, drift: 2 };
    const cps = expectResumesIdentically(beam.create(g.puzzle, p, 5), (cp) => beam.restore(g.puzzle, p, cp), [20_000, 200_000, 400_000, 600_000], {
      slice: 3_000,
    });
    expect(cps.some((cp) => (cp as { base?: unknown }).base !== undefined)).toBe(true);
  });

  it.each([{}, { drift: 1, driftAfter: 1 }])(
    'says where each pass started: layer 0 for a full pass, in the last suffixRows rows for a suffix pass (%o)',
    (more) => {
      const g = generatePuzzle(7, 9, 4, 3, 5, 3);
      const run = new BeamRun(g.puzzle, beamOptions({ width: 8, maxWidth: 32, suffix: 0.5, suffixRows: 2, band: 0, ...more }), new Rng(4));
      const starts: number[] = [];
      for (let pass = 0; pass < 40; pass++) {
        const before = run.pass;
        while (run.pass === before) run.step(1);
        starts.push(run.passStartLayer);
      }
      // The passes growing to maxWidth (8, 16) are full; from 32 on about half start in the last 2 rows,
      // however long the best has stood when only the drift waits for a stall.
      expect(starts.slice(0, 2)).toEqual([0, 0]);
      const suffix = starts.filter((d) => d > 0);
      expect(suffix.length).toBeGreaterThan(8);
      expect(starts.length - suffix.length).toBeGreaterThan(8);
      for (const d of suffix) expect(d).toBeGreaterThanOrEqual(63 - 2 * 9);
    },
  );

  it('with refine, gives each full pass board at the top width that many suffix passes on its last rows before the next full pass', () => {
    const g = generatePuzzle(7, 9, 4, 3, 5, 3);
    const k = 3;
    const params = { width: 8, maxWidth: 32, refine: k, suffixRows: 2, stallPasses: 2, wide: 4, band: 0 };
    const run = beam.create(g.puzzle, params, 5);
    type Board = { piece: number[]; rotation: number[] };
    type Cp = { refineLeft?: number; best: Board; base?: Board };
    const left: number[] = [];
    let top = '';
    for (let pass = 0; pass < 40; pass++) {
      const before = run.iteration;
      // One layer a step: a larger budget may run on through the next pass.
      while (run.iteration === before) run.step(1);
      const cp = run.checkpoint() as Cp;
      const l = cp.refineLeft ?? 0;
      left.push(l);
      // The rows above the last suffixRows are the full pass's until the next full pass.
      const base = cp.base ?? cp.best;
      const kept = JSON.stringify(base.piece.slice(0, 9 * (7 - params.suffixRows)));
      if (l < k && left.includes(k)) expect(kept).toBe(top);
      // After a full pass its board is the base, whatever its score.
      const b = solutionFromJson(g.puzzle, { cells: base.piece.map((q, i) => [q + 1, base.rotation[i]]) }, 'base');
      if (l === k) expect(naiveScore(g.puzzle, b)).toBe(run.currentScore);
      top = kept;
    }
    const first = left.indexOf(k);
    expect(first).toBeGreaterThan(0);
    const cycle = Array.from({ length: k + 1 }, (_, i) => k - i);
    expect(left.slice(first, first + 4 * (k + 1))).toEqual([...cycle, ...cycle, ...cycle, ...cycle]);
    expectResumesIdentically(beam.create(g.puzzle, params, 5), (cp) => beam.restore(g.puzzle, params, cp), [20_000, 200_000, 400_000, 600_000], {
      slice: 3_000,
    });
  });

  it('with widen, doubles its top width after that many passes without a new best, up to what its memory bound holds', () => {
    const g = generatePuzzle(7, 9, 4, 3, 5, 3);
    const params = { width: 4, maxWidth: 8, suffix: 0.5, wide: 1, widen: 3, memory: 1 };
    const ceiling = beamWidths(g.puzzle, beamOptions(params)).ceiling;
    expect(ceiling).toBeGreaterThan(64);
    const run = new BeamRun(g.puzzle, beamOptions(params), new Rng(5));
    const widths: number[] = [];
    for (let pass = 0; pass < 40; pass++) {
      const before = run.pass;
      while (run.pass === before) run.step(1000);
      widths.push(run.beamWidth);
    }
    // The width holds at maxWidth while the run earns, then doubles on stalls, never past the ceiling.
    expect(widths.some((w) => w === 8)).toBe(true);
    expect(Math.max(...widths)).toBeGreaterThanOrEqual(32);
    expect(Math.max(...widths)).toBeLessThanOrEqual(ceiling);
    for (let i = 1; i < widths.length; i++) expect(widths[i] === widths[i - 1] || widths[i] === Math.min(2 * widths[i - 1], ceiling)).toBe(true);
    // Without widen the width stays at maxWidth; with it, buffers sized for the ceiling change
    // nothing until the first widening: the same children, cuts and boards, pass by pass.
    for (const dedupe of [false, true]) {
      const late = { ...params, suffix: 0.9, wide: 2, widen: 12, dedupe };
      const flat = new BeamRun(g.puzzle, beamOptions({ ...late, widen: 0 }), new Rng(5));
      const same = new BeamRun(g.puzzle, beamOptions(late), new Rng(5));
      let passes = 0;
      while (!(same.checkpoint() as { top?: number }).top) {
        expect(snapshot(same)).toEqual(snapshot(flat));
        for (const r of [same, flat]) {
          const before = r.pass;
          while (r.pass === before) r.step(1000);
        }
        passes++;
      }
      expect(passes).toBeGreaterThan(12);
    }
    const flat = new BeamRun(g.puzzle, beamOptions({ ...params, widen: 0 }), new Rng(5));
    runTo(flat, 2_000_000);
    expect(flat.beamWidth).toBe(8);
    const cps = expectResumesIdentically(beam.create(g.puzzle, params, 5), (cp) => beam.restore(g.puzzle, params, cp), [20_000, 200_000, 400_000], {
      slice: 3_000,
    });
    expect(cps.some((cp) => (cp as { top?: number }).top !== undefined)).toBe(true);
  });

  it('at the width its memory bound holds, resumed with a larger bound, widens on past it and keeps its best', () => {
    const g = generatePuzzle(7, 9, 4, 3, 5, 3);
    const params = { width: 4, maxWidth: 8, suffix: 0.5, wide: 1, widen: 2, memory: 1 };
    const small = beamWidths(g.puzzle, beamOptions(params)).ceiling;
    const large = beamWidths(g.puzzle, beamOptions({ ...params, memory: 2 })).ceiling;
    expect(large).toBeGreaterThan(small);
    const run = new BeamRun(g.puzzle, beamOptions(params), new Rng(5));
    const passWidths = (r: BeamRun, passes: number): number[] => {
      const out: number[] = [];
      for (let i = 0; i < passes; i++) {
        const before = r.pass;
        while (r.pass === before) r.step(5000);
        out.push(r.beamWidth);
      }
      return out;
    };
    while (run.beamWidth < small) passWidths(run, 1);
    expect(Math.max(...passWidths(run, 10))).toBe(small);
    const cp = run.checkpoint();
    const again = BeamRun.restore(g.puzzle, beamOptions({ ...params, memory: 2 }), cp);
    expect(again.bestScore).toBe(run.bestScore);
    const wider = passWidths(again, 10);
    expect(Math.max(...wider)).toBe(large);
    expect(again.bestScore).toBeGreaterThanOrEqual(run.bestScore);
    // And back: a smaller bound narrows the run to what it holds.
    const narrow = BeamRun.restore(g.puzzle, beamOptions({ ...params, memory: 1 }), again.checkpoint());
    expect(Math.max(...passWidths(narrow, 3))).toBeLessThanOrEqual(small);
  });

  it.each([[{ suffix: 0 }], [{ suffix: 0.7, suffixRows: 3, wide: 4, early: 0.25, lateRows: 4, stallPasses: 2 }], [{ suffix: 0.5, dedupe: true }]])(
    'with its history thinned every layer or two, finds the very boards it finds with the whole history (%j)',
    (extra) => {
      // 16x16, so the history holds fewer layers than a pass has (what an Eternity II run does).
      const p = generatePuzzle(16, 16, 11, 3, 6, 2).puzzle;
      const passes = (historyLayers: number): string[] => {
        const run = new BeamRun(p, { ...beamOptions({ width: 16, maxWidth: 64, ...extra }), historyLayers }, new Rng(4));
        const seen: string[] = [];
        for (let pass = 0; pass < 10; pass++) {
          const before = run.pass;
          while (run.pass === before) run.step(5_000);
          seen.push(`${run.currentScore} ${JSON.stringify(run.bestSolution())}`);
        }
        return seen;
      };
      expect(passes(2)).toEqual(passes(1000));
    },
  );

  it('cuts its widths to its memory bound', () => {
    const p = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt').puzzle;
    const per = beamBytesPerWidth(p, { band: -1, balance: false });
    // 16x16: the history holds 48 of the 256 layers (a word a board, and a bit to thin it), a
    // fifth of what it held before it was thinned as a pass goes.
    expect(per.history).toBe((4 + 1 / 8) * 48);
    expect(per.layer).toBeLessThan(300);
    expect(beamBytesPerWidth(p, { band: -1, balance: false, early: 0.25, lateRows: 6 }).history).toBe(per.history);
    // Where a whole pass takes fewer layers, it holds the whole pass: a narrower top, a narrower history.
    const six = generatePuzzle(6, 6, 3, 3, 4, 0).puzzle;
    expect(beamBytesPerWidth(six, { band: 0, balance: false }).history).toBe((4 + 1 / 8) * 36);
    expect(beamBytesPerWidth(six, { band: 0, balance: false, early: 0.25, lateRows: 2 }).history).toBe((4 + 1 / 8) * (12 + 24 / 4));
    // Suffix passes (by default up to 4x maxWidth) cost 4x the layers, not 4x the history.
    const w = beamWidths(p, beamOptions({ maxWidth: 262_144, memory: 64 }));
    expect(w.maxWidth).toBe(Math.floor((64 * 1048576) / (per.history + 4 * per.layer)));
    expect(w.bytes).toBeLessThanOrEqual(64 * 1048576);
    expect(beamWidths(p, beamOptions({ maxWidth: 8192, suffix: 0.5, wide: 4 }))).toEqual({
      maxWidth: 8192,
      ceiling: 8192,
      buffer: 32768,
      bytes: 8192 * (per.history + 4 * per.layer),
    });
    expect(beamWidths(p, beamOptions({ maxWidth: 8192, suffix: 0, wide: 4 }))).toEqual({
      maxWidth: 8192,
      ceiling: 8192,
      buffer: 8192,
      bytes: 8192 * (per.history + per.layer),
    });
    const small = generatePuzzle(6, 6, 3, 3, 4, 0).puzzle;
    const run = new BeamRun(small, beamOptions({ width: 4, maxWidth: 8192, memory: 1, suffix: 0 }), new Rng(1));
    const cap = beamWidths(small, beamOptions({ maxWidth: 8192, memory: 1, suffix: 0 })).maxWidth;
    expect(cap).toBeLessThan(8192);
    for (let pass = 0; pass < 12; pass++) {
      const before = run.pass;
      while (run.pass === before) run.step(10_000);
    }
    expect(run.lastWidth).toBe(cap);
  });

  it('refuses a damaged checkpoint', () => {
    expect(() => beam.restore(clue1(), {}, { pass: 'x' })).toThrow(/beam checkpoint is damaged/);
  });
});

describe('beam and lns on any rows x cols', () => {
  it.each([
    ['a 4x9 board', () => generatePuzzle(4, 9, 3, 2, 4, 1).puzzle],
    ['a 1x7 strip', () => generatePuzzle(1, 7, 5, 2, 3).puzzle],
    ['a set with no standard frame', () => junkPuzzle(5, 6, 2)],
  ] as const)('%s: legal boards, true scores', (_name, make) => {
    const p = make();
    for (const id of ['beam', 'lns']) {
      const run = edgeSolvers.find((s) => s.id === id)!.create(p, {}, 4);
      runTo(run, 200_000, { slice: 20_000 });
      const b = solutionFromJson(p, run.bestSolution(), 'best');
      expect(
        [...b.piece].sort((x, y) => x - y),
        id,
      ).toEqual(Array.from({ length: p.rows * p.cols }, (_, i) => i));
      expect(run.bestScore, id).toBe(naiveScore(p, b));
      for (const f of p.fixed) expect([b.piece[f.row * p.cols + f.col], b.rotation[f.row * p.cols + f.col]]).toEqual([f.piece, f.rotation]);
    }
  });
});

describe('beam and lns on an upright set with a grey frame', () => {
  it('keep every tile at rotation 0, score true and solve it', () => {
    const g = generatePuzzle(5, 6, 12, 2, 4);
    // The solution's rotations baked into the pieces: upright tiles, grey already facing out.
    const edges = new Uint16Array(g.puzzle.edges.length);
    for (let cell = 0; cell < 30; cell++) {
      const q = g.solution.piece[cell];
      for (let s = 0; s < 4; s++) edges[4 * q + s] = g.puzzle.edges[4 * q + ((s - g.solution.rotation[cell] + 4) & 3)];
    }
    const p: EdgePuzzle = { ...g.puzzle, edges, rotatable: false };
    for (const id of ['beam', 'lns']) {
      const run = edgeSolvers.find((s) => s.id === id)!.create(p, {}, 3);
      runTo(run, 3_000_000, { target: 49 });
      const b = solutionFromJson(p, run.bestSolution(), 'best');
      expect(
        [...b.rotation].every((r) => r === 0),
        id,
      ).toBe(true);
      expect(run.bestScore, id).toBe(naiveScore(p, b));
      expect(run.bestScore, id).toBe(49);
    }
  });
});
