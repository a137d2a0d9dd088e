import { describe, expect, it } from 'vitest';
import { thinPlan } from '../../../src/main/store/thin';

/** Apply a plan to positions 0..count-1 and return what is kept. */
function keep(count: number, max: number): number[] {
  const drop = new Set(thinPlan(count, max));
  return Array.from({ length: count }, (_, i) => i).filter((i) => !drop.has(i));
}

describe('thinPlan', () => {
  it('deletes nothing up to the limit', () => {
    expect(thinPlan(0, 10)).toEqual([]);
    expect(thinPlan(10, 10)).toEqual([]);
  });

  it('deletes every second sample past the limit, keeping first and last', () => {
    expect(thinPlan(11, 10)).toEqual([1, 3, 5, 7, 9]);
    expect(keep(11, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(thinPlan(12, 10)).toEqual([1, 3, 5, 7, 9]);
    expect(keep(12, 10)).toEqual([0, 2, 4, 6, 8, 10, 11]);
  });

  it('always gets back under the limit from one over, for every limit', () => {
    for (let max = 2; max <= 300; max++) {
      const kept = keep(max + 1, max);
      expect(kept.length).toBeLessThanOrEqual(max);
      expect(kept[0]).toBe(0);
      expect(kept[kept.length - 1]).toBe(max);
      expect(kept.length).toBeGreaterThanOrEqual(Math.floor(max / 2));
    }
  });

  it('refuses a limit below 2', () => {
    expect(() => thinPlan(5, 1)).toThrow(RangeError);
    expect(() => thinPlan(5, 2.5)).toThrow(RangeError);
  });
});
