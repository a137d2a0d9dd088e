import { describe, expect, it } from 'vitest';
import { countNoun, nounFor } from '../../../src/core/text/plural';

describe('countNoun', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(countNoun(1, 'puzzle')).toBe('1 puzzle');
    expect(countNoun(0, 'puzzle')).toBe('0 puzzles');
    expect(countNoun(2, 'puzzle')).toBe('2 puzzles');
  });

  it('takes an irregular plural and separates thousands', () => {
    expect(countNoun(1, 'match', 'matches')).toBe('1 match');
    expect(countNoun(1200, 'match', 'matches')).toBe('1,200 matches');
  });

  it('gives the noun alone for a count written elsewhere', () => {
    expect(nounFor(1, 'run')).toBe('run');
    expect(nounFor(5, 'run')).toBe('runs');
    expect(nounFor(-1, 'run')).toBe('runs');
  });
});
