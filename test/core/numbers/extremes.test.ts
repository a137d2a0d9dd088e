import { describe, expect, it } from 'vitest';
import { largest, smallest } from '../../../src/core/numbers/extremes';

describe('largest and smallest', () => {
  it('take any number of numbers, past where spreading them into Math.max throws', () => {
    const many = Float64Array.from({ length: 500_000 }, (_, i) => (i * 7919) % 500_000);
    expect(() => Math.max(...many)).toThrow(RangeError);
    expect([largest(many), smallest(many)]).toEqual([499_999, 0]);
    expect([largest([]), smallest([])]).toEqual([-Infinity, Infinity]);
    expect([largest([-3, -1, -2]), smallest([4, 2, 9])]).toEqual([-1, 2]);
  });
});
