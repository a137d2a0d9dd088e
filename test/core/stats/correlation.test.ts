import { describe, expect, it } from 'vitest';
import { spearman } from '../../../src/core/stats/correlation';

describe('spearman', () => {
  it('gives the rank correlation with ties as midranks', () => {
    // scipy.stats.spearmanr([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]).statistic
    expect(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]).rho).toBeCloseTo(0.8207826816681233, 12);
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40]).rho).toBe(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1]).rho).toBe(-1);
  });

  it('gives a small p for a strong correlation over many pairs and none below 4', () => {
    const xs = Array.from({ length: 50 }, (_, i) => i);
    expect(
      spearman(
        xs,
        xs.map((x) => x * x),
      ).p,
    ).toBeLessThan(1e-6);
    expect(spearman([1, 2, 3], [1, 2, 3]).p).toBeNull();
    expect(() => spearman([1], [1, 2])).toThrow(/1 values against 2/);
  });

  it('counts its p where the pairs are few: every order up to 8, seeded shuffles up to 49', () => {
    // rho 0.8 over 5 pairs: 16 of the 120 orders reach |rho| >= 0.8 (the normal tail said 0.021).
    const five = spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]);
    expect(five.rho).toBeCloseTo(0.8, 12);
    expect(five.p).toBeCloseTo(16 / 120, 12);
    // A perfect order of 8: 2 of the 40,320 orders (it and its reverse).
    expect(spearman([1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 7, 8]).p).toBeCloseTo(2 / 40_320, 12);
    // 12 pairs: a permutation p, the same on every call.
    const xs = Array.from({ length: 12 }, (_, i) => i);
    const ys = [2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10];
    const a = spearman(xs, ys);
    expect(a.p).toBe(spearman(xs, ys).p);
    expect(a.p!).toBeGreaterThan(0);
    expect(a.p!).toBeLessThan(0.001);
  });
});
