/** The cell statistics the results table reports, against their definitions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mean, median, sampleSd, summarize } from '../../../src/core/stats/summary';

describe('study statistics', () => {
  it('give the papers’ figures on known samples', () => {
    expect(summarize([])).toEqual({ n: 0, mean: null, median: null, best: null, worst: null, sd: null });
    expect(summarize([7])).toEqual({ n: 1, mean: 7, median: 7, best: 7, worst: 7, sd: null });
    expect(summarize([166, 165, 167, 166])).toMatchObject({ n: 4, mean: 166, median: 166, best: 167, worst: 165 });
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138, 3);
    expect(median([3, 1, 2, 10])).toBe(2.5);
  });

  it('keep worst <= median <= best, worst <= mean <= best and sd >= 0, whatever the order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 60 }), (xs) => {
        const s = summarize(xs);
        const shuffled = summarize([...xs].reverse());
        return (
          s.worst! <= s.median! &&
          s.median! <= s.best! &&
          s.worst! - 1e-9 <= s.mean! &&
          s.mean! <= s.best! + 1e-9 &&
          (s.sd === null ? xs.length < 2 : s.sd >= 0) &&
          shuffled.median === s.median &&
          Math.abs(shuffled.mean! - mean(xs)!) < 1e-9
        );
      }),
    );
  });
});
