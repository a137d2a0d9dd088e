import { describe, expect, it } from 'vitest';
import { poissonRate } from '../../../src/core/stats/poisson';

describe('Poisson rate interval', () => {
  it('gives the exact (Garwood) limits of the tables', () => {
    // Limits for the mean of a Poisson count, 95 % two-sided (as scipy.stats.chi2.ppf gives them).
    const cases: [number, number, number][] = [
      [0, 0, 3.688879],
      [1, 0.0253178, 5.571643],
      [5, 1.623486, 11.668332],
      [20, 12.21652, 30.888378],
    ];
    for (const [k, lo, hi] of cases) {
      const r = poissonRate(k, 1);
      expect(r.rate).toBe(k);
      expect(r.lower).toBeCloseTo(lo, 5);
      expect(r.upper).toBeCloseTo(hi, 5);
    }
  });

  it('scales with the exposure and narrows with the level', () => {
    const r = poissonRate(0, 7200);
    expect(r.upper * 7200).toBeCloseTo(3.688879, 5);
    expect(poissonRate(3, 100, 0.5).upper).toBeLessThan(poissonRate(3, 100).upper);
  });

  it('refuses what is not a count, an exposure or a level', () => {
    expect(() => poissonRate(-1, 1)).toThrow(/whole number/);
    expect(() => poissonRate(1.5, 1)).toThrow(/whole number/);
    expect(() => poissonRate(1, 0)).toThrow(/exposure/);
    expect(() => poissonRate(1, 1, 1)).toThrow(/level/);
  });
});
