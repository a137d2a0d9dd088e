import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jumpPuzzle, jumpSolvers, type JumpPuzzle } from '../../../../src/core/families/jump';
import { crossover, crossoverPoint, mutate, mutateCells } from '../../../../src/core/families/jump/ga/operators';
import { decodeIndividual, encodeIndividual } from '../../../../src/core/families/jump/ga/codec';
import { maxJumps } from '../../../../src/core/families/jump/model';
import { Rng } from '../../../../src/core/rng/rng';
import type { SolverDef } from '../../../../src/core/engine/solver';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../helpers/solver';
import { naiveFitness, naiveLegal } from './naive';

const solver = (id: string): SolverDef => {
  const d = jumpSolvers.find((s) => s.id === id);
  if (!d) throw new Error(`no jump solver ${id}`);
  return d;
};
const flat = (json: unknown): number[] => (json as { cells: number[][] }).cells.flat();

// Small parameters where the defaults would make a test slow (the GA's default population is 2n^2).
const CASES: { id: string; params: Record<string, number | string | boolean> }[] = [
  { id: 'hill-climb', params: {} },
  { id: 'hill-climb', params: { restartAfter: 150, randomWalk: 0.0025 } },
  { id: 'sa', params: {} },
  { id: 'sa', params: { reheat: true, tMin: 5 } },
  { id: 'ga', params: { population: 24 } },
  { id: 'sa-tuned', params: { cycle: 700 } },
  { id: 'sa-tuned', params: { cycle: 500, restartFrom: 'best', growth: 1.5 } },
  { id: 'sa-tuned', params: { cycle: 600, restartFrom: 'current', growth: 1, t0: 2, t1: 0.5 } },
];

describe('jump solvers', () => {
  it("registers the report's generators and the tuned annealing, every parameter with help", () => {
    expect(jumpSolvers.map((s) => s.id)).toEqual(['hill-climb', 'sa', 'ga', 'sa-tuned']);
    for (const s of jumpSolvers) {
      expect(s.family).toBe('jump');
      for (const [k, spec] of Object.entries(s.params)) expect(spec.help.length, `${s.id}.${k}`).toBeGreaterThan(10);
    }
    expect(solver('hill-climb').params.restartAfter).toBeDefined();
    expect(solver('hill-climb').params.randomWalk).toBeDefined();
    const sa = solver('sa').params;
    expect([sa.t0.default, sa.alpha.default, sa.movesPerTemperature.default, sa.reheat.default]).toEqual([80, 0.999, 1, false]);
    expect(Object.keys(solver('ga').params)).toEqual([
      'population',
      'survival',
      'elitism',
      'crossoverLow',
      'crossoverHigh',
      'mutation',
      'mutationDecay',
      'mutationMode',
    ]);
  });

  for (const { id, params } of CASES) {
    const label = `${id} ${JSON.stringify(params)}`;
    describe(label, () => {
      const p: JumpPuzzle = { rows: 6, cols: 7 };

      it('reports a best maze that is legal and scores its bestScore by an independent BFS, after every improvement', () => {
        const run = solver(id).create(p, params, 5);
        let last = run.bestScore;
        expect(naiveFitness(p, flat(run.bestSolution()))).toBe(last);
        while (run.evaluations < 3000) {
          run.step(200);
          const cells = flat(run.bestSolution());
          expect(naiveLegal(p, cells)).toBe(true);
          expect(naiveFitness(p, cells)).toBe(run.bestScore);
          expect(run.bestScore).toBeGreaterThanOrEqual(last);
          last = run.bestScore;
        }
        expect(run.bestScore).toBeGreaterThan(0);
      });

      it('is deterministic per seed', () => {
        const [a, b, c] = runSeeds((seed) => solver(id).create(p, params, seed), [11, 11, 12], 2500, { slice: 89 });
        expect(snapshot(b)).toEqual(snapshot(a));
        expect(c.checkpoint()).not.toEqual(a.checkpoint());
      });

      it('continues identically after a JSON checkpoint and restore', () => {
        for (const at of [1, 777, 1900]) {
          expectResumesIdentically(solver(id).create(p, params, 3), (cp) => solver(id).restore(p, params, cp), [at, 3500], { slice: 89 });
        }
      });
    });
  }

  it('returns from step right after a new best (every improvement can be recorded)', () => {
    const p = { rows: 7, cols: 7 };
    for (const { id, params } of CASES) {
      // One evaluation per step: where each best first appears.
      const fine = solver(id).create(p, params, 9);
      const firstAt = new Map<number, number>();
      while (fine.evaluations < 6000) {
        fine.step(1);
        if (!firstAt.has(fine.bestScore)) firstAt.set(fine.bestScore, fine.evaluations);
      }
      // Huge steps must end exactly there whenever they bring a new best.
      const coarse = solver(id).create(p, params, 9);
      let improvements = 0;
      while (coarse.evaluations < 3000) {
        const before = coarse.bestScore;
        coarse.step(1_000_000);
        if (coarse.bestScore === before || coarse.evaluations > 6000) break;
        expect(coarse.evaluations, id).toBe(firstAt.get(coarse.bestScore));
        improvements++;
      }
      expect(improvements, id).toBeGreaterThanOrEqual(2);
    }
  });

  it("keeps the puzzle's start and goal wherever they are: every best maze legal for them, scored from the start (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CASES),
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 2, max: 7 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 1000 }),
        ({ id, params }, rows, cols, a, b, seed) => {
          const n = rows * cols;
          const start = a % n;
          const goal = (start + 1 + (b % (n - 1))) % n;
          const p = jumpPuzzle(rows, cols, start, goal);
          const run = solver(id).create(p, params, seed);
          const check = (): void => {
            const cells = flat(run.bestSolution());
            expect(naiveLegal(p, cells), `${id} ${JSON.stringify(p)}`).toBe(true);
            expect(cells[goal]).toBe(0);
            expect(naiveFitness(p, cells)).toBe(run.bestScore);
          };
          check();
          runTo(run, 400, { slice: 37 });
          check();
          // A checkpoint taken here resumes on the same start and goal.
          const back = solver(id).restore(p, params, JSON.parse(JSON.stringify(run.checkpoint())));
          runTo(back, 800, { slice: 37 });
          const cells = flat(back.bestSolution());
          expect(naiveLegal(p, cells)).toBe(true);
          expect(naiveFitness(p, cells)).toBe(back.bestScore);
        },
      ),
      { numRuns: 60, seed: 14 },
    );
  });

  it('makes long mazes from a start in the middle to a goal on an edge', () => {
    const p = jumpPuzzle(7, 7, 24, 3);
    const run = solver('sa-tuned').create(p, { cycle: 20000 }, 1);
    runTo(run, 40000);
    const cells = flat(run.bestSolution());
    expect(naiveLegal(p, cells)).toBe(true);
    expect(naiveFitness(p, cells)).toBe(run.bestScore);
    expect(run.bestScore).toBeGreaterThan(15);
  });

  it('refuses damaged checkpoints', () => {
    const p = { rows: 5, cols: 5 };
    for (const { id, params } of CASES) {
      expect(() => solver(id).restore(p, params, null), id).toThrow(/damaged|checkpoint/);
      expect(() => solver(id).restore(p, params, { rng: 'x' }), id).toThrow(/damaged|checkpoint/);
    }
  });
});

describe("the report's hill-climbing options on jump mazes", () => {
  const p = { rows: 7, cols: 7 };

  it('restartAfter restarts from a random maze after that many moves without a new best', () => {
    const run = solver('hill-climb').create(p, { restartAfter: 200 }, 4);
    runTo(run, 5000, { slice: 89 });
    expect((run.checkpoint() as { restarts: number }).restarts).toBeGreaterThan(3);
    const plain = solver('hill-climb').create(p, {}, 4);
    runTo(plain, 5000, { slice: 89 });
    expect((plain.checkpoint() as { restarts: number }).restarts).toBe(0);
  });

  it('randomWalk accepts worse moves (the current maze falls below the best), plain climbing never does', () => {
    const walk = solver('hill-climb').create(p, { randomWalk: 0.05 }, 4);
    const plain = solver('hill-climb').create(p, {}, 4);
    let fell = false;
    for (let k = 0; k < 100; k++) {
      walk.step(50);
      plain.step(50);
      if (walk.currentScore < walk.bestScore) fell = true;
      expect(plain.currentScore).toBe(plain.bestScore);
    }
    expect(fell).toBe(true);
  });
});

describe('the GA', () => {
  it('reports the population mean, the generation and the best of the population', () => {
    const p = { rows: 6, cols: 6 };
    const run = solver('ga').create(p, { population: 20 }, 1);
    expect(run.meanScore).toBeTypeOf('number');
    runTo(run, 20 * 30, { slice: 89 });
    expect(run.iteration).toBeGreaterThanOrEqual(25);
    expect(run.meanScore!).toBeLessThanOrEqual(run.currentScore);
    expect(run.currentScore).toBeLessThanOrEqual(run.bestScore);
  });

  it('uses 2n^2 individuals when population is 0 (auto)', () => {
    const run = solver('ga').create({ rows: 5, cols: 5 }, {}, 1);
    // The first generation is made a few individuals per step (see the next test).
    while (run.evaluations < 50) run.step(50 - run.evaluations);
    const cp = run.checkpoint() as { pop: string[] };
    expect(cp.pop.length).toBe(50);
  });

  it('makes its first generation inside steps, so a huge population still stops on time and resumes exactly', () => {
    const ga = solver('ga');
    const p = { rows: 20, cols: 20 };
    const t0 = performance.now();
    const run = ga.create(p, { population: 100_000 }, 3);
    run.step(50);
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(run.evaluations).toBeLessThanOrEqual(51);
    expect(Number.isFinite(run.bestScore)).toBe(true);
    expectResumesIdentically(ga.create(p, { population: 60 }, 4), (cp) => ga.restore(p, { population: 60 }, cp), [7, 30, 59, 60, 61, 200], { slice: 13 });
  });

  it('keeps every chromosome legal through crossover and mutation (any board, cut, rate)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rows, cols, seed, rate, low) => {
          const p = { rows, cols };
          const n = rows * cols;
          const rng = new Rng(seed);
          const maxJ = maxJumps(p);
          const mutable = Int32Array.from([...maxJ.keys()].filter((i) => i < n - 1 && maxJ[i] >= 2));
          const src = new Int32Array(2 * n);
          for (let k = 0; k < 2; k++) for (let i = 0; i < n - 1; i++) src[k * n + i] = 1 + rng.int(maxJ[i]);
          const dst = new Int32Array(2 * n);
          const cut = crossoverPoint(rng, n, low, Math.min(1, low + 0.5));
          expect(cut).toBeGreaterThanOrEqual(1);
          expect(cut).toBeLessThanOrEqual(n - 1);
          crossover(src, 0, n, dst, 0, n, n, cut);
          for (let i = 0; i < n; i++) {
            expect(dst[i]).toBe(i < cut ? src[i] : src[n + i]);
            expect(dst[n + i]).toBe(i < cut ? src[n + i] : src[i]);
          }
          const before = dst.slice();
          const m = mutate(dst, 0, rng, rate, 3, mutable, maxJ);
          mutate(dst, n, rng, rate, 1.5, mutable, maxJ);
          for (let k = 0; k < 2; k++) expect(naiveLegal(p, dst.subarray(k * n, (k + 1) * n))).toBe(true);
          const changed = [...dst.subarray(0, n)].filter((v, i) => v !== before[i]).length;
          expect(changed).toBeLessThanOrEqual(m);
          if (mutable.length === 0) expect(m).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("its mutation hits about the report's 0.018 of the children once, far fewer twice", () => {
    const p = { rows: 9, cols: 9 };
    const maxJ = maxJumps(p);
    const mutable = Int32Array.from([...maxJ.keys()].filter((i) => i < 80));
    const cells = new Int32Array(81).fill(1);
    cells[80] = 0;
    const rng = new Rng(4);
    const counts = [0, 0, 0, 0];
    for (let k = 0; k < 100_000; k++) counts[Math.min(3, mutate(cells, 0, rng, 0.018, 3, mutable, maxJ))]++;
    expect(counts[1] + counts[2] + counts[3]).toBeGreaterThan(1500);
    expect(counts[1] + counts[2] + counts[3]).toBeLessThan(2100);
    expect(counts[2]).toBeLessThan(40);
  });

  it("its per-cell mutation (the report's table) changes about rate x cells, each to another legal value", () => {
    const p = { rows: 9, cols: 9 };
    const maxJ = maxJumps(p);
    const mutable = Int32Array.from([...maxJ.keys()].filter((i) => i < 80 && maxJ[i] >= 2));
    const rng = new Rng(5);
    const cells = new Int32Array(81);
    for (let i = 0; i < 80; i++) cells[i] = 1 + rng.int(maxJ[i]);
    let total = 0;
    for (let k = 0; k < 2000; k++) {
      const before = cells.slice();
      const m = mutateCells(cells, 0, rng, 0.018, mutable, maxJ);
      const changed = [...cells].filter((v, i) => v !== before[i]).length;
      expect(changed).toBe(m);
      expect(naiveLegal(p, cells)).toBe(true);
      total += m;
    }
    // 2,000 children x 80 cells x 0.018 = 2,880 expected.
    expect(total).toBeGreaterThan(2500);
    expect(total).toBeLessThan(3300);
    const all = cells.slice();
    expect(mutateCells(all, 0, rng, 1, mutable, maxJ)).toBe(mutable.length);
    for (const i of mutable) expect(all[i]).not.toBe(cells[i]);
    expect(mutateCells(all, 0, rng, 0, mutable, maxJ)).toBe(0);
  });

  it('per-cell mutation climbs far above per-child mutation on the same budget', () => {
    const ga = (mode: string): number => {
      const run = jumpSolvers.find((s) => s.id === 'ga')!.create({ rows: 7, cols: 7 }, { mutationMode: mode }, 3);
      while (run.iteration < 300) run.step(4096);
      return run.bestScore;
    };
    expect(ga('cell')).toBeGreaterThan(ga('child'));
  });

  it('encodes populations compactly and refuses illegal text', () => {
    for (const p of [
      { rows: 5, cols: 5 },
      { rows: 3, cols: 70 },
    ]) {
      const n = p.rows * p.cols;
      const maxJ = maxJumps(p);
      const rng = new Rng(2);
      const pop = new Int32Array(n);
      for (let i = 0; i < n - 1; i++) pop[i] = 1 + rng.int(maxJ[i]);
      const text = encodeIndividual(p, pop, 0);
      expect(text.length).toBe(n * (p.cols > 64 ? 2 : 1));
      const back = new Int32Array(n);
      decodeIndividual(p, text, back, 0, 't');
      expect(back).toEqual(pop);
    }
    const p = { rows: 5, cols: 5 };
    expect(() => decodeIndividual(p, '9'.repeat(25), new Int32Array(25), 0, 't')).toThrow(/t:/);
    expect(() => decodeIndividual(p, '1'.repeat(24), new Int32Array(25), 0, 't')).toThrow(/25 characters/);
  });
});
