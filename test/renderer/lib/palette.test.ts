import { describe, expect, it } from 'vitest';
import { luminance, textOn, viridis } from '../../../src/renderer/src/lib/palette';

describe('palette', () => {
  it('runs viridis from dark purple to yellow, brighter all the way', () => {
    expect(viridis(0)).toBe('#440154');
    expect(viridis(1)).toBe('#fde725');
    expect(viridis(-3)).toBe('#440154');
    expect(viridis(Number.NaN)).toBe('#440154');
    let last = -1;
    for (let t = 0; t <= 1.0001; t += 0.05) {
      const l = luminance(viridis(t));
      expect(l).toBeGreaterThan(last);
      last = l;
    }
  });

  it('picks readable text', () => {
    expect(textOn('#fde725')).toBe('#000000');
    expect(textOn('#440154')).toBe('#ffffff');
  });
});
