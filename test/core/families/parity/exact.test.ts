import { describe, expect, it } from 'vitest';
import { PARITY_CONDITION, parityConstruction, parityFeasible, paritySolvers } from '../../../../src/core/families/parity';
import { rescore, rows } from './rescore';

const exact = paritySolvers.find((d) => d.id === 'exact')!;

describe('casse-tete exact construction', () => {
  it('solves every feasible (n, m) for n <= 30 with exactly m zeros, and refuses every infeasible one with the condition', () => {
    let feasible = 0;
    for (let n = 1; n <= 30; n++)
      for (let m = 0; m <= n * n; m++) {
        const f = parityFeasible(n, m);
        if (!f.feasible) {
          expect(() => parityConstruction(n, m)).toThrow(PARITY_CONDITION);
          continue;
        }
        feasible++;
        const cells = parityConstruction(n, m);
        expect(cells.length).toBe(n * n);
        expect(rescore(rows(n, cells)), `n = ${n}, m = ${m}`).toEqual({ odd: 0, zeros: m });
      }
    expect(feasible).toBeGreaterThan(4000);
  });

  it('is a SolverRun that finishes in one step with cost 0', () => {
    for (const p of [
      { n: 10, m: 26 },
      { n: 7, m: 7 },
      { n: 9, m: 21 }, // k = (n-1)^2 - 2: the odd-n special case
      { n: 12, m: 138 },
    ]) {
      const run = exact.create(p, {}, 1);
      expect(run.finished).toBe(false);
      expect(rescore((run.bestSolution() as { cells: number[][] }).cells).zeros).toBe(p.m);
      run.step(1);
      expect(run.finished).toBe(true);
      expect(run.bestScore).toBe(0);
      expect(run.evaluations).toBe(1);
      expect(rescore((run.bestSolution() as { cells: number[][] }).cells)).toEqual({ odd: 0, zeros: p.m });
      const again = exact.restore(p, {}, JSON.parse(JSON.stringify(run.checkpoint())));
      expect(again.finished).toBe(true);
      expect(again.bestSolution()).toEqual(run.bestSolution());
    }
  });

  it('throws the true condition at create() for infeasible puzzles, in one line', () => {
    for (const p of [
      { n: 10, m: 2 },
      { n: 10, m: 98 },
      { n: 5, m: 3 },
      { n: 4, m: 5 },
    ]) {
      let message = '';
      try {
        exact.create(p, {}, 1);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toBe(parityFeasible(p.n, p.m).reason);
      expect(message).toContain(PARITY_CONDITION);
      expect(message).not.toContain('\n');
    }
    expect(() => exact.create({ n: 4, m: 4 }, { depth: 3 }, 1)).toThrow(/unknown parameter depth/);
  });
});
