import { describe, expect, it } from 'vitest';
import { DISTINCT_MOTIFS, FRAME_FILL, PATTERNS, motif } from '../../../../src/renderer/src/families/edge/motifs';
import { drawEdgeFace, faceKey, parseFaceKey, pieceFaceKey } from '../../../../src/renderer/src/families/edge/faces';
import type { Painter } from '../../../../src/renderer/src/board/painter';

describe('edge motifs', () => {
  it('grey frame for 0', () => {
    expect(motif(0).fill).toBe(FRAME_FILL);
    expect(motif(0).pattern).toBe('plain');
  });

  it('every colour up to the limit has its own colour-and-pattern pair', () => {
    expect(DISTINCT_MOTIFS).toBeGreaterThanOrEqual(22);
    const seen = new Set<string>();
    for (let c = 1; c <= DISTINCT_MOTIFS; c++) {
      const m = motif(c);
      const key = `${m.fill}/${m.pattern}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      expect(m.fill).not.toBe(FRAME_FILL);
    }
  });

  it('neighbouring colours differ in pattern as well as hue', () => {
    for (let c = 1; c < 60; c++) {
      expect(motif(c).pattern).not.toBe(motif(c + 1).pattern);
      expect(motif(c).fill).not.toBe(motif(c + 1).fill);
    }
    // The 22 colours of Eternity II use every pattern.
    expect(new Set(Array.from({ length: 22 }, (_, i) => motif(i + 1).pattern)).size).toBe(PATTERNS.length);
  });

  it('inks contrast with their fills', () => {
    for (let c = 1; c <= 30; c++) expect(motif(c).ink).not.toBe(motif(c).fill);
    expect(motif(4).label).toMatch(/^4: /);
  });
});

describe('tile faces', () => {
  it('round-trips face keys', () => {
    expect(parseFaceKey(faceKey(1, 0, 22, -1))).toEqual([1, 0, 22, -1]);
    expect(pieceFaceKey(Uint16Array.from([0, 0, 0, 0, 3, 4, 5, 6]), 1)).toBe('3,4,5,6');
  });

  it('draws four triangles of the right fills within the tile', () => {
    const fills: number[] = [];
    let maxCoord = 0;
    const p: Painter = {
      poly: (pts, color) => {
        fills.push(color);
        for (const v of pts) maxCoord = Math.max(maxCoord, v);
      },
      circle: () => {},
      line: () => {},
      ring: () => {},
    };
    drawEdgeFace(p, '1,2,3,0', 100);
    expect(fills).toContain(motif(1).fill);
    expect(fills).toContain(motif(2).fill);
    expect(fills).toContain(motif(3).fill);
    expect(fills).toContain(FRAME_FILL);
    expect(maxCoord).toBeLessThanOrEqual(100);
  });
});
