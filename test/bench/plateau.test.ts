import { describe, expect, it } from 'vitest';
import { censoredMedian, report, settingParams } from '../../bench/plateau';

const result = (setting: string, board: string, seed: number, reached: number | null) => ({
  board,
  seed,
  setting,
  cpu: 600,
  target: 466,
  reached,
  spent: reached ?? 600,
  passes: 3,
  best: reached === null ? 465 : 466,
});

describe('plateau bench', () => {
  it('counts the runs that never reached the target as slower than the budget', () => {
    expect(censoredMedian([10, null, 30], 600)).toBe('30');
    expect(censoredMedian([10, null, null, 30], 600)).toBe('30');
    expect(censoredMedian([10, null, null, null, 30], 600)).toBe('> 600');
    expect(censoredMedian([null, null], 600)).toBe('> 600');
  });

  it('reports the share and the censored median of every setting, and tests each against the first', () => {
    const rs = [
      result('a', 'b1.txt', 1, 100),
      result('a', 'b1.txt', 2, null),
      result('a', 'b2.txt', 1, null),
      result('a', 'b2.txt', 2, null),
      result('b', 'b1.txt', 1, 50),
      result('b', 'b1.txt', 2, 60),
      result('b', 'b2.txt', 1, 70),
      result('b', 'b2.txt', 2, null),
    ];
    const md = report(rs, ['a', 'b'], ['b1.txt', 'b2.txt'], '# head');
    expect(md).toContain('| `a` | 1 of 4 | 25 % | > 600 | - | - |');
    expect(md).toMatch(/\| `b` \| 3 of 4 \| 75 % \| 60 \| 0\.486 \| [\d.]+ \(A12 0\.\d+\) \|/);
    expect(md).toContain('| `a` | b1.txt | 100, >600 | 1 of 2 |');
  });

  it('reads a setting as a preset with overrides, and refuses what is neither', () => {
    expect(settingParams('overnight+suffixRows=6')).toMatchObject({ maxWidth: 262_144, suffixRows: 6 });
    expect(settingParams('width=64')).toEqual({ width: 64 });
    expect(() => settingParams('nightly')).toThrow(/neither a beam preset/);
  });
});
