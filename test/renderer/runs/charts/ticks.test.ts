import { describe, expect, it } from 'vitest';
import { xTick } from '../../../../src/renderer/src/runs/charts/chart';

describe('x ticks of the one chart module', () => {
  it('writes each measure its own way', () => {
    expect(xTick('time', 90_000)).toMatch(/1.*30|1:30/);
    expect(xTick('evaluations', 2_000_000)).toBe(xTick('evaluations', 2e6));
    expect(xTick('ratio', 2.5)).toBe('×2.5');
    expect(xTick('ratio', 1 / 3)).toBe('×0.33');
    expect(xTick('score', 1.234)).toBe('1.23');
  });
});
