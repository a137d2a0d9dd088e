import { describe, expect, it } from 'vitest';
import { type ParityAnnealing, paritySolvers } from '../../../../src/core/families/parity';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../helpers/solver';
import { rescore } from './rescore';

const sa = paritySolvers.find((d) => d.id === 'sa')!;

/** Levels of the schedule T0 alpha^k >= tFinal. */
function levels(t0: number, alpha: number, tFinal: number): number {
  let k = 0;
  while (t0 * alpha ** k >= tFinal) k++;
  return k;
}

describe('casse-tete simulated annealing', () => {
  it("has the paper's defaults, T0 = n and y m (n^2 - m) moves per level", () => {
    const d = Object.fromEntries(Object.entries(sa.params).map(([k, v]) => [k, v.default]));
    expect(d).toEqual({ t0: 0, alpha: 0.95, y: 0.25, tFinal: 0.001, atFinal: 'stop' });
    const run = sa.create({ n: 50, m: 1250 }, {}, 1) as ParityAnnealing;
    expect(run.t0).toBe(50);
    expect(run.temperature).toBe(50);
    expect(run.levelLength).toBe(390625);
    expect((sa.create({ n: 50, m: 1250 }, { t0: 7 }, 1) as ParityAnnealing).t0).toBe(7);
  });

  it('solves CT_10(50), and the solution rescores legal', () => {
    for (let seed = 1; seed <= 3; seed++) {
      const run = sa.create({ n: 10, m: 50 }, {}, seed);
      while (!run.finished) run.step(5000);
      expect(run.bestScore).toBe(0);
      expect(rescore((run.bestSolution() as { cells: number[][] }).cells)).toEqual({ odd: 0, zeros: 50 });
    }
  });

  it('stops at the final temperature: 1 + levels x level length evaluations, finished, unsolved', () => {
    const p = { n: 4, m: 2 }; // infeasible, so only the schedule can end it
    const run = sa.create(p, {}, 5);
    let best = run.bestScore;
    while (!run.finished) {
      run.step(1000);
      expect(run.bestScore).toBeGreaterThanOrEqual(best);
      best = run.bestScore;
    }
    const k = levels(4, 0.95, 0.001);
    expect(run.iteration).toBe(k);
    expect(run.evaluations).toBe(1 + k * Math.ceil(0.25 * 2 * 14));
    expect(run.bestScore).toBeLessThan(0);
    expect(rescore((run.bestSolution() as { cells: number[][] }).cells)).toEqual({ odd: 0 - run.bestScore, zeros: 2 });
    run.step(1000);
    expect(run.evaluations).toBe(1 + k * 7);
  });

  it('reheats instead when asked, and goes on', () => {
    const run = sa.create({ n: 4, m: 2 }, { atFinal: 'reheat', alpha: 0.5 }, 5) as ParityAnnealing;
    const k = levels(4, 0.5, 0.001);
    runTo(run, 1 + 3 * k * 7 + 3, { slice: 97 });
    expect(run.finished).toBe(false);
    expect(run.reheats).toBe(3);
    expect(run.iteration).toBe(3 * k);
  });

  it('is deterministic per seed and continues identically after checkpoint()/restore mid-level', () => {
    const p = { n: 14, m: 90 };
    const params = { y: 0.01 };
    const [a, b, c] = runSeeds((seed) => sa.create(p, params, seed), [21, 21, 22], 3333, { slice: 97 });
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
    expectResumesIdentically(a, (cp) => sa.restore(p, params, cp), [3333, 20000], { slice: 97 });
    expect(() => sa.restore(p, params, { level: 1 })).toThrow(/damaged/);
  });

  it('has nothing to do when no swap exists (m = 0 or n^2)', () => {
    const run = sa.create({ n: 3, m: 0 }, {}, 1);
    expect(run.finished).toBe(true);
    expect(run.evaluations).toBe(1);
  });
});
