import { describe, expect, it } from 'vitest';
import { JumpLocalSearch, jumpFamily, jumpSolvers, mazeErrors, type JumpPuzzle } from '../../../../src/core/families/jump';
import { Rng } from '../../../../src/core/rng/rng';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../helpers/solver';

const score = (p: JumpPuzzle, json: unknown): number => jumpFamily.evaluate(p, jumpFamily.solutionFromJson(p, json)).score;
const flat = (json: { cells: number[][] }): number[] => json.cells.flat();

describe('JumpLocalSearch', () => {
  it('returns the exact delta for every move and keeps every cell legal', () => {
    const sizes: JumpPuzzle[] = [
      { rows: 2, cols: 3 },
      { rows: 5, cols: 5 },
      { rows: 4, cols: 9 },
      { rows: 7, cols: 7 },
    ];
    for (const p of sizes) {
      for (let seed = 1; seed <= 12; seed++) {
        const rng = new Rng(seed);
        const ls = new JumpLocalSearch(p);
        ls.randomize(rng);
        expect(mazeErrors(p, flat(ls.currentSolution()))).toEqual([]);
        expect(ls.score()).toBe(score(p, ls.currentSolution()));
        for (let k = 0; k < 150; k++) {
          const before = flat(ls.currentSolution());
          const s0 = ls.score();
          const d = ls.propose(rng);
          expect(flat(ls.currentSolution())).toEqual(before); // propose leaves the maze alone
          expect(ls.score()).toBe(s0);
          if (rng.chance(0.5)) continue;
          ls.apply();
          const after = flat(ls.currentSolution());
          expect(ls.score()).toBe(s0 + d);
          expect(ls.score()).toBe(score(p, ls.currentSolution()));
          const changed = after.map((v, i) => (v !== before[i] ? i : -1)).filter((i) => i >= 0);
          expect(changed.length).toBe(1);
          expect(changed[0]).not.toBe(p.rows * p.cols - 1);
          expect(mazeErrors(p, after)).toEqual([]);
        }
      }
    }
  });

  it('makes no-op moves on a 2x2 board, where every cell has one legal value', () => {
    const p = { rows: 2, cols: 2 };
    const ls = new JumpLocalSearch(p);
    const rng = new Rng(1);
    ls.randomize(rng);
    expect(ls.currentSolution()).toEqual({
      cells: [
        [1, 1],
        [1, 0],
      ],
    });
    expect(ls.score()).toBe(2);
    expect(ls.propose(rng)).toBe(0);
    ls.apply();
    expect(ls.currentSolution()).toEqual({
      cells: [
        [1, 1],
        [1, 0],
      ],
    });
  });

  it('save/load restores current and best; saveBest/bestSolution remember the best', () => {
    const p = { rows: 6, cols: 6 };
    const rng = new Rng(3);
    const a = new JumpLocalSearch(p);
    a.randomize(rng);
    a.saveBest();
    const best = a.bestSolution();
    for (let k = 0; k < 50; k++) {
      a.propose(rng);
      a.apply();
    }
    expect(a.bestSolution()).toEqual(best);
    const state = JSON.parse(JSON.stringify(a.save()));
    const b = new JumpLocalSearch(p);
    b.load(state);
    expect(b.currentSolution()).toEqual(a.currentSolution());
    expect(b.bestSolution()).toEqual(best);
    expect(b.score()).toBe(a.score());
    expect(b.bestScore()).toBe(score(p, best));
    const r1 = new Rng(9);
    const r2 = new Rng(9);
    for (let k = 0; k < 50; k++) {
      expect(b.propose(r2)).toBe(a.propose(r1));
      a.apply();
      b.apply();
    }
    expect(b.save()).toEqual(a.save());
    expect(() => b.load({ current: { cells: [[9]] }, best: best })).toThrow(/expected 6 rows/);
  });
});

describe('jump hill climbing through the solver catalogue', () => {
  const def = jumpSolvers[0];
  const p = { rows: 7, cols: 7 };

  it('is the hill-climb solver of the jump family', () => {
    expect(def.id).toBe('hill-climb');
    expect(def.family).toBe('jump');
  });

  it('improves on its random start and reports the score of its best solution', () => {
    const run = def.create(p, {}, 42);
    const start = run.bestScore;
    runTo(run, 4000, { slice: 97 });
    expect(run.bestScore).toBeGreaterThan(start);
    expect(run.bestScore).toBeGreaterThan(0);
    expect(score(p, run.bestSolution())).toBe(run.bestScore);
  });

  it('gives the same result for the same seed, and a different one for another seed', () => {
    const [a, b, c] = runSeeds((seed) => def.create(p, { restartAfter: 300 }, seed), [7, 7, 8], 2000, { slice: 97 });
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.bestSolution()).not.toEqual(a.bestSolution());
  });

  it('continues identically after checkpoint()/restore, with restarts and random walk', () => {
    const params = { restartAfter: 200, randomWalk: 0.01 };
    expectResumesIdentically(def.create(p, params, 123), (cp) => def.restore(p, params, cp), [1500, 4000], { slice: 97 });
  });
});
