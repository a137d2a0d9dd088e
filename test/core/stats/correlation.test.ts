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
});
