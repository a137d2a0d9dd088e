/**
 * Time-to-target comparisons with runs that never reached the target, worked by hand (the
 * permutation p counted by brute force in Python over all C(20, 10) splits) and checked against
 * a direct count over pairs.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { censoredMedian, censoredTimeTest, type CensoredTime } from '../../../src/core/stats/censored';
import { mannWhitney } from '../../../src/core/stats/rank-tests';

const reached = (time: number, budget = 100): CensoredTime => ({ time, budget });
const never = (budget = 100): CensoredTime => ({ time: null, budget });

/** P(x faster than y) over all pairs, sure wins 1, ties and undecidable pairs 1/2. */
function pairA12(x: readonly CensoredTime[], y: readonly CensoredTime[]): number {
  let s = 0;
  for (const a of x)
    for (const b of y) {
      let w = 0.5;
      if (a.time !== null && b.time !== null) w = a.time < b.time ? 1 : a.time > b.time ? 0 : 0.5;
      else if (a.time !== null) w = a.time <= b.budget ? 1 : 0.5;
      else if (b.time !== null) w = b.time <= a.budget ? 0 : 0.5;
      s += w;
    }
  return s / (x.length * y.length);
}

describe('censoredTimeTest', () => {
  it('does not let a setting that reached the target fast in 1 of 10 runs beat one that reached it in 10 of 10 a little later', () => {
    const lucky = [reached(1), ...Array.from({ length: 9 }, () => never())];
    const steady = Array.from({ length: 10 }, (_, i) => reached(10 + i));
    const r = censoredTimeTest(lucky, steady)!;
    expect(r.method).toBe('mann-whitney');
    expect(r.exact).toBe(true);
    // The lucky run beats all 10 steady ones; the 9 non-reachers lose to all 10.
    expect(r.a12).toBeCloseTo(0.1, 15);
    // 184 of the 184756 splits of the 20 midranks lie as far from the mean.
    expect(r.p).toBeCloseTo(184 / 184756, 15);
    const back = censoredTimeTest(steady, lucky)!;
    expect(back.a12).toBeCloseTo(0.9, 15);
    expect(back.p).toBeCloseTo(r.p, 15);
  });

  it('counts the non-reachers: half reached fast and half never is no better than all reaching slowly', () => {
    const half = [...Array.from({ length: 5 }, (_, i) => reached(1 + i)), ...Array.from({ length: 5 }, () => never())];
    const slow = Array.from({ length: 10 }, (_, i) => reached(50 + i));
    const r = censoredTimeTest(half, slow)!;
    expect(r.a12).toBe(0.5);
    expect(r.p).toBe(1);
    // Dropping the non-reachers would have called it a clear win.
    expect(mannWhitney([1, 2, 3, 4, 5], [50, 51, 52, 53, 54, 55, 56, 57, 58, 59])!.p).toBeLessThan(0.001);
  });

  it('is plain Mann-Whitney on the times when every run reached the target', () => {
    const x = [3, 8, 1, 9].map((t) => reached(t));
    const y = [4, 5, 12].map((t) => reached(t));
    const r = censoredTimeTest(x, y)!;
    const m = mannWhitney([3, 8, 1, 9], [4, 5, 12])!;
    expect(r).toEqual({ statistic: m.statistic, p: m.p, exact: true, method: 'mann-whitney', a12: 1 - m.statistic / 12 });
  });

  it("uses Gehan's test when a budget is below a reach time, its exact permutation p for small samples (worked by hand)", () => {
    // x: reached at 2, stopped at 3 without reaching, reached at 6; y: reached at 4, stopped at 10.
    // Pair scores (x surely faster +1): (2,4) +1, (2,10+) +1, (3+,4) 0, (3+,10+) 0, (6,4) -1, (6,10+) +1: W = 2.
    // Pooled scores: 4, -1, -1, 1, -3. Of the 10 ways to draw x's 3 of them, 7 sum to 2 or more
    // away from 0 (2, 4, 4, 2, -5, -3, -3 against 0, 0, -1): p = 0.7.
    const r = censoredTimeTest([reached(2), never(3), reached(6)], [reached(4), never(10)])!;
    expect(r.method).toBe('gehan');
    expect(r.exact).toBe(true);
    expect(r.statistic).toBe(2);
    expect(r.a12).toBeCloseTo(2 / 3, 15);
    expect(r.p).toBeCloseTo(0.7, 12);
  });

  it('cannot call 3 runs against 3 apart below p = 0.1, whichever test the budgets pick', () => {
    // One run of y cut at 10 s, below y's reach at 10.004 s: Gehan. Its normal tail said 0.034.
    const r = censoredTimeTest([reached(200), reached(200), reached(200)], [reached(8000), reached(10_004), never(10_000)])!;
    expect(r.method).toBe('gehan');
    expect(r.p).toBeCloseTo(0.1, 12);
    // The same runs with y's reach at 9.99 s: every non-reacher slowest, Mann-Whitney; the same p.
    expect(censoredTimeTest([reached(200), reached(200), reached(200)], [reached(8000), reached(9990), never(10_000)])!.p).toBeCloseTo(0.1, 12);
  });

  it("uses Mantel's variance past 50 runs (the normal approximation)", () => {
    // 26 against 26: x reaches at 1..26, y at 27..52 except one cut at 5 (below the reaches after it).
    const x = Array.from({ length: 26 }, (_, i) => reached(i + 1));
    const y = Array.from({ length: 26 }, (_, i) => (i === 0 ? never(5) : reached(i + 27)));
    const r = censoredTimeTest(x, y)!;
    expect(r.method).toBe('gehan');
    expect(r.exact).toBe(false);
    expect(r.p).toBeLessThan(1e-6);
  });

  it('gives p = 1 and a12 = 0.5 when no pair can be decided', () => {
    const r = censoredTimeTest([never(5), never(7)], [never(3)])!;
    expect(r.p).toBe(1);
    expect(r.a12).toBe(0.5);
  });

  it('is null for an empty sample and rejects a negative or missing time', () => {
    expect(censoredTimeTest([], [reached(1)])).toBeNull();
    expect(censoredTimeTest([reached(1)], [])).toBeNull();
    expect(() => censoredTimeTest([reached(-1)], [reached(1)])).toThrow(/finite number >= 0/);
    expect(() => censoredTimeTest([reached(NaN)], [reached(1)])).toThrow(/finite number >= 0/);
    expect(() => censoredTimeTest([never(-5)], [reached(1)])).toThrow(/needs its budget/);
    expect(() => censoredTimeTest([never(-Infinity)], [reached(1)])).toThrow(/needs its budget/);
    // Never within any budget (a failed run): slowest of all.
    expect(censoredTimeTest([never(Infinity)], [reached(1)])!.a12).toBe(0);
  });

  const run = fc.oneof(
    fc.record({ time: fc.integer({ min: 0, max: 20 }), budget: fc.integer({ min: 0, max: 25 }) }),
    fc.record({ time: fc.constant(null), budget: fc.integer({ min: 0, max: 25 }) }),
  );

  it('has a12 = the share of pairs x surely wins (undecidable half), p in [0, 1], and mirrors when x and y swap', () => {
    fc.assert(
      fc.property(fc.array(run, { minLength: 1, maxLength: 15 }), fc.array(run, { minLength: 1, maxLength: 15 }), (x, y) => {
        const r = censoredTimeTest(x, y)!;
        const s = censoredTimeTest(y, x)!;
        expect(r.a12).toBeCloseTo(pairA12(x, y), 12);
        expect(s.a12).toBeCloseTo(1 - r.a12, 12);
        expect(s.method).toBe(r.method);
        expect(s.p).toBeCloseTo(r.p, 12);
        expect(r.p).toBeGreaterThan(0);
        expect(r.p).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('censoredMedian', () => {
  it('counts a run that never reached the target as slower than every run that did', () => {
    expect(censoredMedian([10, undefined, 30, 20, undefined])).toBe(30);
    expect(censoredMedian([10, null, undefined, 20, null])).toBeNull();
    expect(censoredMedian([10, 20, null, null])).toBeNull();
    expect(censoredMedian([10, 20, 30, null])).toBe(25);
    expect(censoredMedian([40, 10, 30, 20])).toBe(25);
    expect(censoredMedian([])).toBeNull();
    // Whatever the order, and a NaN refused rather than sorted anywhere.
    expect(() => censoredMedian([NaN, 1, 2])).toThrow(RangeError);
    expect(() => censoredMedian([2, NaN, 1])).toThrow(RangeError);
  });

  it('is the plain median when every run reached the target, and null exactly when half or more never did', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 1000 }), { nil: null }), { minLength: 1, maxLength: 12 }), (times) => {
        const reached = times.filter((t): t is number => t !== null).sort((a, b) => a - b);
        const m = censoredMedian(times);
        if (reached.length * 2 <= times.length) expect(m).toBeNull();
        else expect(m).not.toBeNull();
        if (reached.length === times.length) {
          const n = reached.length;
          expect(m).toBe(n % 2 ? reached[n >> 1] : (reached[n / 2 - 1]! + reached[n / 2]!) / 2);
        }
      }),
    );
  });
});
