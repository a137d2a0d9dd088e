import { describe, expect, it } from 'vitest';
import { rowTable, targetTable } from '../../bench/beam-passes';

describe('beam-passes tables', () => {
  it('gives the CPU seconds to the target per seed, `>S` where it was not reached, and the lower median with those counted as never', () => {
    const table = targetTable(
      ['a', 'b'],
      [1, 2, 3],
      [
        [12, -300, 40],
        [-300, -300, 7],
      ],
      465,
    );
    expect(table).toContain('| a | 12 | >300 | 40 | 2 of 3 | 40 |');
    expect(table).toContain('| b | >300 | >300 | 7 | 1 of 3 | - |');
  });

  it('splits the passes by the row they start in, full passes first', () => {
    const table = rowTable(['s'], [[460, 463, 464, 462]], [[10, 1, 2, 3]], [[-1, 13, 14, 5]]);
    expect(table.split('\n').slice(2)).toEqual([
      '| s | full | 1 | 10 | 460.00 | 0 | 0 |',
      '| s | rows 4-7 | 1 | 3 | 462.00 | 0 | 0 |',
      '| s | rows 12-15 | 2 | 3 | 463.50 | 2 (1.5 s) | 1 (3.0 s) |',
    ]);
  });
});
