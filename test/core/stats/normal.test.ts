/** The full-precision normal tails against scipy.stats.norm, out to where they underflow. */
import { describe, expect, it } from 'vitest';
import { normalCdf, normalSf, normalTails } from '../../../src/core/stats/normal';
import { isClose, scipy } from './scipy-fixture';

describe('normalTails', () => {
  // scipy forms exp(-z^2 / 2) directly, so its tails carry a relative error of about z^2 ulps (6e-14 at
  // z = 30); mpmath at 40 digits agrees with these to 1e-16. The tolerance follows scipy's error.
  it(`matches scipy ${scipy.scipy}'s norm.cdf and norm.sf in both tails to (4 + z^2) 1e-15 relative`, () => {
    expect(scipy.normal.length).toBeGreaterThan(20);
    for (const c of scipy.normal) {
      const t = normalTails(c.z);
      const rel = (4 + c.z * c.z) * 1e-15;
      expect(isClose(t.lower, c.lower, rel, 1e-320), `lower at ${c.z}: ${t.lower} vs ${c.lower}`).toBe(true);
      expect(isClose(t.upper, c.upper, rel, 1e-320), `upper at ${c.z}: ${t.upper} vs ${c.upper}`).toBe(true);
      expect(normalCdf(c.z)).toBe(t.lower);
      expect(normalSf(c.z)).toBe(t.upper);
    }
  });

  it('is symmetric and gives NaN for NaN', () => {
    for (const z of [0.1, 0.7, 2, 6, 12]) expect(normalSf(z)).toBe(normalCdf(-z));
    expect(normalSf(NaN)).toBeNaN();
  });
});
