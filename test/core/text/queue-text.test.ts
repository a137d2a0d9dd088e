import { describe, expect, it } from 'vitest';
import { queueText } from '../../../src/core/text/run-text';

describe("a queued run's place as text", () => {
  it('says next for the first and uses English ordinals after, teens included', () => {
    expect([0, 1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 113, 1002].map(queueText)).toEqual([
      'Next in line',
      'Next in line',
      '2nd in line',
      '3rd in line',
      '4th in line',
      '11th in line',
      '12th in line',
      '13th in line',
      '21st in line',
      '22nd in line',
      '23rd in line',
      '101st in line',
      '111th in line',
      '112th in line',
      '113th in line',
      '1002nd in line',
    ]);
  });
});
