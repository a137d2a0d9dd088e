/** The chi-square upper tail against scipy.stats.chi2.sf, even and odd degrees of freedom, far tails included. */
import { describe, expect, it } from 'vitest';
import { chiSquareSf } from '../../../src/core/stats/chi-square';
import { isClose, scipy } from './scipy-fixture';

describe('chiSquareSf', () => {
  it(`matches scipy ${scipy.scipy}'s chi2.sf to 1e-12 relative`, () => {
    expect(scipy.chi2.length).toBeGreaterThan(100);
    for (const c of scipy.chi2) {
      const p = chiSquareSf(c.x, c.df);
      expect(isClose(p, c.sf, 1e-12, 1e-300), `x ${c.x} df ${c.df}: ${p} vs ${c.sf}`).toBe(true);
    }
  });

  it('is 1 at and below 0, 0 at infinity, and needs whole degrees of freedom', () => {
    expect(chiSquareSf(0, 3)).toBe(1);
    expect(chiSquareSf(-2, 3)).toBe(1);
    expect(chiSquareSf(Infinity, 3)).toBe(0);
    expect(() => chiSquareSf(1, 0)).toThrow(/whole number >= 1/);
    expect(() => chiSquareSf(1, 2.5)).toThrow(/whole number >= 1/);
  });
});
