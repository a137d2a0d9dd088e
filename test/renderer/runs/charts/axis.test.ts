import { describe, expect, it } from 'vitest';
import { yTick } from '../../../../src/renderer/src/runs/charts/chart';
import { seriesStyle, SERIES_COLOURS } from '../../../../src/renderer/src/runs/charts/palette';
import { momentText } from '../../../../src/renderer/src/runs/format';
import { luminance } from '../../../../src/renderer/src/lib/palette';

describe('chart text', () => {
  it('labels value ticks without repeats or a minus zero', () => {
    expect([1, 0.8, 0.2, 0, -0, -0.2].map(yTick)).toEqual(['1', '0.8', '0.2', '0', '0', '-0.2']);
    expect(yTick(12_000)).toBe('12 k');
  });

  it('says when a moment of a short run was, to the millisecond', () => {
    expect(momentText(58)).toBe('58 ms');
    expect(momentText(1234)).toBe('1.2 s');
    expect(momentText(185_000)).toBe('3:05');
  });

  it('keeps neighbouring series apart in lightness, and changes the dash once the colours repeat', () => {
    for (let i = 0; i + 1 < SERIES_COLOURS.length; i++) {
      const a = luminance(SERIES_COLOURS[i]!);
      const b = luminance(SERIES_COLOURS[i + 1]!);
      expect(Math.abs(a - b)).toBeGreaterThan(0.1);
    }
    expect(seriesStyle(SERIES_COLOURS.length).dash).not.toEqual(seriesStyle(0).dash);
  });
});
