import { describe, expect, it } from 'vitest';
import { plateauRate } from '../../bench/rate';

describe('plateauRate', () => {
  it('counts the rate of target passes over all the CPU the runs spent, bounding it when none came', () => {
    // 0 in 7,200 CPU s: the 95 % upper limit is 3.689 events, one per 1,952 CPU s.
    expect(plateauRate(Array.from({ length: 24 }, () => ({ reached: null, spent: 300 })))).toBe('none in 7,200: one per 1,952 or more');
    expect(
      plateauRate([
        { reached: 100, spent: 100 },
        { reached: null, spent: 300 },
      ]),
    ).toBe('one per 400 (72 to 15,799) in 400');
    expect(plateauRate([])).toBe('-');
  });
});
