import { describe, expect, it } from 'vitest';
import { EDGE_GREY, edgeStyle, luminance, textOn, viridis } from '../../../src/renderer/src/lib/palette';

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

  it('gives 36 distinct edge styles after the grey frame', () => {
    expect(edgeStyle(0)).toEqual({ fill: EDGE_GREY, motif: 'solid' });
    const seen = new Set<string>();
    for (let c = 1; c <= 36; c++) {
      const s = edgeStyle(c);
      seen.add(`${s.fill}/${s.motif}`);
    }
    expect(seen.size).toBe(36);
    expect(edgeStyle(13).motif).toBe('stripes');
  });
});
