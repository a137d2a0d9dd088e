import { describe, expect, it } from 'vitest';
import { ParityLocalSearch, parityFamily, paritySolvers, type ParityPuzzle } from '../../../../src/core/families/parity';
import { Rng } from '../../../../src/core/rng/rng';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../helpers/solver';

const evaluate = (p: ParityPuzzle, json: unknown) => parityFamily.evaluate(p, parityFamily.solutionFromJson(p, json));
const zeros = (json: { cells: number[][] }): number => json.cells.flat().filter((v) => v === 0).length;

describe('ParityLocalSearch', () => {
  it('returns the exact delta for every move and always keeps exactly m zeros', () => {
    const puzzles: ParityPuzzle[] = [
      { n: 1, m: 1 },
      { n: 2, m: 2 },
      { n: 3, m: 5 },
      { n: 4, m: 6 },
      { n: 7, m: 20 },
      { n: 10, m: 50 },
      { n: 5, m: 0 },
      { n: 5, m: 25 },
    ];
    for (const p of puzzles) {
      for (let seed = 1; seed <= 10; seed++) {
        const rng = new Rng(seed);
        const ls = new ParityLocalSearch(p);
        ls.randomize(rng);
        expect(zeros(ls.currentSolution())).toBe(p.m);
        expect(ls.score()).toBe(evaluate(p, ls.currentSolution()).score);
        for (let k = 0; k < 150; k++) {
          const before = ls.currentSolution();
          const beforeFlat = before.cells.flat();
          const s0 = ls.score();
          const d = ls.propose(rng);
          expect(ls.currentSolution()).toEqual(before);
          if (rng.chance(0.4)) continue;
          ls.apply();
          const after = ls.currentSolution();
          expect(ls.score()).toBe(s0 + d);
          expect(ls.score()).toBe(evaluate(p, after).score);
          expect(zeros(after)).toBe(p.m);
          const diff = after.cells.flat().filter((v, i) => v !== beforeFlat[i]).length;
          expect(diff === 2 || p.m === 0 || p.m === p.n * p.n).toBe(true);
        }
      }
    }
  });

  it('randomize spreads the m zeros uniformly (every cell removed about m/n^2 of the time)', () => {
    const p = { n: 4, m: 6 };
    const ls = new ParityLocalSearch(p);
    const rng = new Rng(17);
    const removed = new Array<number>(16).fill(0);
    const trials = 4000;
    for (let t = 0; t < trials; t++) {
      ls.randomize(rng);
      ls.currentSolution()
        .cells.flat()
        .forEach((v, i) => (removed[i] += v === 0 ? 1 : 0));
    }
    for (const r of removed) expect(Math.abs(r / trials - 6 / 16)).toBeLessThan(0.04);
  });

  it('save/load restores current, best and the move order, so moves continue identically', () => {
    const p = { n: 6, m: 14 };
    const rng = new Rng(3);
    const a = new ParityLocalSearch(p);
    a.randomize(rng);
    a.saveBest();
    const best = a.bestSolution();
    for (let k = 0; k < 40; k++) {
      a.propose(rng);
      a.apply();
    }
    const b = new ParityLocalSearch(p);
    b.load(JSON.parse(JSON.stringify(a.save())));
    expect(b.currentSolution()).toEqual(a.currentSolution());
    expect(b.bestSolution()).toEqual(best);
    expect(b.bestScore()).toBe(evaluate(p, best).score);
    const r1 = new Rng(9);
    const r2 = new Rng(9);
    for (let k = 0; k < 100; k++) {
      expect(b.propose(r2)).toBe(a.propose(r1));
      a.apply();
      b.apply();
    }
    expect(b.save()).toEqual(a.save());

    // A state without (or with a wrong) order still loads, with a canonical order.
    const state = a.save();
    const c = new ParityLocalSearch(p);
    c.load({ current: state.current, best: state.best });
    expect(c.currentSolution()).toEqual(a.currentSolution());
    expect(c.score()).toBe(a.score());
    c.load({ ...state, order: state.order.slice().reverse() });
    expect(c.currentSolution()).toEqual(a.currentSolution());
    expect(() => c.load({ current: { cells: Array.from({ length: 6 }, () => new Array(6).fill(1)) }, best: state.best })).toThrow(/0 zeros, expected 14/);
  });
});

describe('casse-tete hill climbing through the solver catalogue', () => {
  const def = paritySolvers[0];
  const p = { n: 10, m: 50 };

  it('is the hill-climb solver of the parity family', () => {
    expect(def.id).toBe('hill-climb');
    expect(def.family).toBe('parity');
  });

  it('improves on its random start (and solves CT_10(50))', () => {
    const run = def.create(p, {}, 42);
    const start = run.bestScore;
    runTo(run, 20000, { slice: 97 });
    expect(run.bestScore).toBeGreaterThan(start);
    const e = evaluate(p, run.bestSolution());
    expect(e.score).toBe(run.bestScore);
    expect(run.bestScore).toBe(0);
    expect(e.solved).toBe(true);
  });

  it('gives the same result for the same seed, and a different one for another seed', () => {
    const q = { n: 20, m: 200 };
    const [a, b, c] = runSeeds((seed) => def.create(q, { restartAfter: 500 }, seed), [7, 7, 8], 3000, { slice: 97 });
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.bestSolution()).not.toEqual(a.bestSolution());
  });

  it('continues identically after checkpoint()/restore, with restarts and random walk', () => {
    const q = { n: 12, m: 70 };
    const params = { restartAfter: 150, randomWalk: 0.02 };
    expectResumesIdentically(def.create(q, params, 123), (cp) => def.restore(q, params, cp), [1500, 6000], { slice: 97 });
  });
});
