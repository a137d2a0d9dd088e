import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tabuEngine } from '../../../../src/core/engine/bind';
import type { LocalSearchProblem } from '../../../../src/core/engine/local-search';
import type { SolverRun } from '../../../../src/core/engine/solver';
import { Rng } from '../../../../src/core/rng/rng';
import { expectResumesIdentically, runSeeds, runTo, snapshot } from '../../../helpers/solver';

/**
 * A toy problem: n bits, the score counts bits equal to a hidden target, minus a penalty for
 * runs, so there are local optima. A move flips one bit; its attribute is the bit. Every applied
 * move is logged so tests can check the tabu rule from the outside.
 */
class Bits implements LocalSearchProblem {
  readonly maxScore = null;
  bits: Uint8Array;
  best: Uint8Array;
  private cur = 0;
  private m = -1;
  private mDelta = 0;
  private k = -1;
  private kDelta = 0;
  proposals = 0;
  applied: { attr: number; score: number; proposals: number }[] = [];

  constructor(
    readonly n: number,
    private readonly target: Uint8Array,
  ) {
    this.bits = new Uint8Array(n);
    this.best = new Uint8Array(n);
    this.cur = this.full();
  }

  private full(): number {
    let s = 0;
    for (let i = 0; i < this.n; i++) if (this.bits[i] === this.target[i]) s += 2;
    for (let i = 1; i < this.n; i++) if (this.bits[i] === this.bits[i - 1]) s -= 1;
    return s;
  }

  randomize(rng: Rng): void {
    for (let i = 0; i < this.n; i++) this.bits[i] = rng.int(2);
    this.cur = this.full();
  }
  score(): number {
    return this.cur;
  }
  propose(rng: Rng): number {
    this.proposals++;
    this.m = rng.int(this.n);
    this.bits[this.m] ^= 1;
    this.mDelta = this.full() - this.cur;
    this.bits[this.m] ^= 1;
    return this.mDelta;
  }
  apply(): void {
    if (this.m < 0) return;
    this.bits[this.m] ^= 1;
    this.cur += this.mDelta;
    this.applied.push({ attr: this.m, score: this.cur, proposals: this.proposals });
    this.m = -1;
  }
  moveAttribute(): number {
    return this.m;
  }
  keepMove(): void {
    this.k = this.m;
    this.kDelta = this.mDelta;
  }
  applyKept(): void {
    this.m = this.k;
    this.mDelta = this.kDelta;
    this.apply();
  }
  saveBest(): void {
    this.best.set(this.bits);
  }
  bestSolution(): unknown {
    return Array.from(this.best);
  }
  save(): unknown {
    return { bits: Array.from(this.bits), best: Array.from(this.best) };
  }
  load(state: unknown): void {
    const s = state as { bits: number[]; best: number[] };
    this.bits.set(s.bits);
    this.best.set(s.best);
    this.cur = this.full();
    this.m = -1;
  }
}

function target(n: number, seed: number): Uint8Array {
  const rng = new Rng(seed);
  return Uint8Array.from({ length: n }, () => rng.int(2));
}

describe('tabu search engine', () => {
  it('never applies a tabu move unless it reaches a new best (aspiration)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer(),
        (n, candidates, tenure, seed) => {
          const p = new Bits(n, target(n, seed));
          const run = tabuEngine.create(p, { candidates, tenure }, new Rng(seed));
          p.applied = [];
          p.proposals = 0;
          let best = run.bestScore;
          runTo(run, 300 * candidates);
          // Every iteration proposes exactly `candidates` moves, then applies at most one.
          const lastApplied = new Map<number, number>();
          for (const { attr, score, proposals } of p.applied) {
            const iteration = proposals / candidates - 1;
            const prev = lastApplied.get(attr);
            if (prev !== undefined && iteration - prev <= tenure) expect(score).toBeGreaterThan(best);
            if (score > best) best = score;
            lastApplied.set(attr, iteration);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('takes the best sampled move even when every one is worse', () => {
    // At a strict local optimum every flip loses; the search must still move.
    const n = 12;
    const t = target(n, 3);
    const p = new Bits(n, t);
    const run = tabuEngine.create(p, { candidates: 200, tenure: 3 }, new Rng(1));
    // The random start and 100 iterations of 200 candidates (a step ends on its budget, mid-scan if need be);
    // with 12 bits and 3 tabu, some candidate is always allowed.
    runTo(run, 20_001);
    expect(p.applied.length).toBe(100);
  });

  it('finds the optimum of a small trap problem', () => {
    const n = 30;
    const p = new Bits(n, target(n, 9));
    const run = tabuEngine.create(p, { candidates: 30, tenure: 7 }, new Rng(2));
    runTo(run, 200_000);
    const opt = (() => {
      const q = new Bits(n, target(n, 9));
      q.bits.set(target(n, 9));
      q.load(q.save());
      return q.score();
    })();
    expect(run.bestScore).toBeGreaterThanOrEqual(opt);
  });

  it('the same seed gives the same run', () => {
    const make = (seed: number): SolverRun => tabuEngine.create(new Bits(50, target(50, 1)), { candidates: 9, tenure: 11, restartAfter: 40 }, new Rng(seed));
    const [a, b, c] = runSeeds(make, [4, 4, 5], 50_000);
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(c.checkpoint()).not.toEqual(a.checkpoint());
  });

  it('checkpoint then restore continues identically, tabu list included', () => {
    const params = { candidates: 9, tenure: 25, restartAfter: 60 };
    const a = tabuEngine.create(new Bits(50, target(50, 1)), params, new Rng(3));
    const [cp] = expectResumesIdentically(a, (c) => tabuEngine.restore(new Bits(50, target(50, 1)), params, c), [10_000, 60_000]) as { tabu: unknown[] }[];
    expect(cp.tabu.length).toBeGreaterThan(0);
    expect(() => tabuEngine.restore(new Bits(50, target(50, 1)), params, { ...cp, tabu: [[-1, 3]] })).toThrow(/damaged/);
  });

  it('cuts a scan of more candidates than a step at the step, and resumes mid-scan identically', () => {
    // candidates = 1e12: one iteration would never end; a step of 500 does about 500 proposals.
    const huge = tabuEngine.create(new Bits(50, target(50, 1)), { candidates: 1e12 }, new Rng(1));
    const before = huge.evaluations;
    huge.step(500);
    expect(huge.evaluations - before).toBe(500);
    // A scan longer than the steps, checkpointed part way through, and cut at odd places.
    const params = { candidates: 777, tenure: 5, restartAfter: 30 };
    const a = tabuEngine.create(new Bits(50, target(50, 1)), params, new Rng(8));
    const cps = expectResumesIdentically(a, (c) => tabuEngine.restore(new Bits(50, target(50, 1)), params, c), [100, 1_000, 5_555, 20_000], { slice: 97 }) as {
      scan?: unknown;
    }[];
    expect(cps.some((cp) => cp.scan !== undefined)).toBe(true);
    // The same run whatever the step sizes.
    const b = tabuEngine.create(new Bits(50, target(50, 1)), params, new Rng(8));
    runTo(b, 20_000);
    expect(snapshot(b).bestSolution).toEqual(snapshot(a).bestSolution);
    expect(b.iteration).toBe(a.iteration);
  });

  it('refuses a problem without move attributes', () => {
    const bare: LocalSearchProblem = {
      maxScore: null,
      randomize: () => {},
      score: () => 0,
      propose: () => 0,
      apply: () => {},
      saveBest: () => {},
      bestSolution: () => null,
      save: () => null,
      load: () => {},
    };
    expect(() => tabuEngine.create(bare, {}, new Rng(1))).toThrow(/moveAttribute/);
  });
});
