import { describe, expect, it } from 'vitest';
import { paramDefaultText, paramValueText } from '../../../src/core/text/run-text';
import { beamParams } from '../../../src/core/families/edge/beam/solver';
import { backtrack2x2Params } from '../../../src/core/families/edge/backtrack/solvers';

describe('parameter values in words (issue 21, item 8)', () => {
  it('says On / Off for switches and gives a value the meaning its help names', () => {
    expect(paramValueText(false, beamParams.balance)).toBe('Off');
    expect(paramValueText(true)).toBe('On');
    expect(paramValueText(-1, beamParams.band)).toBe('-1 (a third of the rows)');
    expect(paramValueText(0, beamParams.band)).toBe('0 (plain row order)');
    expect(paramValueText(3, beamParams.band)).toBe('3');
    expect(paramValueText('h2', backtrack2x2Params.heuristic)).toMatch(/^h2 \(the same counting only neighbours/);
    expect(paramValueText('none', backtrack2x2Params.heuristic)).toBe('none (enumeration order)');
    expect(paramValueText(0.30000000001)).toBe('0.3');
  });

  it('puts a default and its meaning in one pair of brackets', () => {
    expect(paramDefaultText(beamParams.band)).toBe('(default -1, a third of the rows)');
    expect(paramDefaultText(beamParams.maxWidth)).toBe('(default 8192)');
    expect(paramDefaultText(beamParams.balance)).toBe('(default Off)');
  });
});
