/** A12, Holm's correction and the bootstrap intervals. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { a12, bootstrapIntervals, holm } from '../../../src/core/stats/effect';

describe('effect sizes and corrections', () => {
  it('A12 counts the pairs x wins, ties half (Vargha and Delaney 2000)', () => {
    expect(a12([10, 11, 12, 13, 14], [1, 2, 3, 4, 5])).toBe(1);
    expect(a12([1, 2], [1, 2])).toBe(0.5);
    // Pairs: (3,1) win, (3,3) tie, (3,5) loss, (4,1) win, (4,3) win, (4,5) loss: 3.5 / 6.
    expect(a12([3, 4], [1, 3, 5])).toBeCloseTo(3.5 / 6, 12);
    expect(a12([], [1])).toBeNull();
  });

  it('property: A12 equals the pair count', () => {
    const sample = fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(sample, sample, (x, y) => {
        let wins = 0;
        for (const a of x) for (const b of y) wins += a > b ? 1 : a === b ? 0.5 : 0;
        expect(a12(x, y)!).toBeCloseTo(wins / (x.length * y.length), 12);
      }),
    );
  });

  it("Holm matches R's p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), 'holm') = 0.05 0.08 0.09 0.09 0.09", () => {
    const adj = holm([0.03, 0.01, null, 0.05, 0.02, 0.04]);
    expect(adj[2]).toBeNull();
    [0.09, 0.05, null, 0.09, 0.08, 0.09].forEach((v, i) => (v === null ? expect(adj[i]).toBeNull() : expect(adj[i]).toBeCloseTo(v, 12)));
    expect(holm([0.5, 0.6])).toEqual([1, 1]);
  });

  it('bootstrap intervals are deterministic, hold the estimate and shrink to a point without spread', () => {
    const xs = [3, 7, 8, 9, 10, 12, 15, 15, 20];
    const a = bootstrapIntervals(xs)!;
    expect(bootstrapIntervals(xs)).toEqual(a);
    const m = xs.reduce((s, v) => s + v, 0) / xs.length;
    expect(a.mean.low).toBeLessThan(m);
    expect(a.mean.high).toBeGreaterThan(m);
    expect(a.median.low).toBeLessThanOrEqual(10);
    expect(a.median.high).toBeGreaterThanOrEqual(10);
    expect(a.mean.low).toBeGreaterThanOrEqual(3);
    expect(a.mean.high).toBeLessThanOrEqual(20);
    expect(bootstrapIntervals([4, 4, 4])).toEqual({ mean: { low: 4, high: 4 }, median: { low: 4, high: 4 } });
    expect(bootstrapIntervals([4])).toBeNull();
  });
});
