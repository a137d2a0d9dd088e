import { describe, expect, it } from 'vitest';
import { numberStrokes } from '../../../../src/renderer/src/families/edge/numerals';
import {
  colourLabel,
  drawEdgeFace,
  drawMotifSwatch,
  faceKey,
  isNumberedFace,
  parseFaceKey,
  pieceFaceKey,
  swatchKey,
  tetravexNumber,
} from '../../../../src/renderer/src/families/edge/faces';
import { motif } from '../../../../src/renderer/src/families/edge/motifs';
import type { Painter } from '../../../../src/renderer/src/board/painter';

const box = (lines: number[][]): { x0: number; x1: number; y0: number; y1: number } => {
  const xs = lines.flatMap((l) => l.filter((_, i) => i % 2 === 0));
  const ys = lines.flatMap((l) => l.filter((_, i) => i % 2 === 1));
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
};

interface Call {
  kind: 'poly' | 'circle' | 'line' | 'ring';
  colour: number;
  points?: number[];
}

function recorder(): { p: Painter; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    p: {
      poly: (points, colour) => calls.push({ kind: 'poly', colour, points }),
      circle: (_x, _y, _r, colour) => calls.push({ kind: 'circle', colour }),
      line: (points, _w, colour) => calls.push({ kind: 'line', colour, points }),
      ring: (_x, _y, _r, _w, colour) => calls.push({ kind: 'ring', colour }),
    },
  };
}

describe('numerals', () => {
  it('gives every digit its own strokes, inside its box', () => {
    const shapes = new Set<string>();
    for (let d = 0; d <= 9; d++) {
      const lines = numberStrokes(d, 50, 50, 20);
      shapes.add(JSON.stringify(lines));
      const b = box(lines);
      expect(b.y0).toBeGreaterThanOrEqual(40);
      expect(b.y1).toBeLessThanOrEqual(60);
      expect(b.x0).toBeGreaterThanOrEqual(50 - 20 * 0.28 - 1e-9);
      expect(b.x1).toBeLessThanOrEqual(50 + 20 * 0.28 + 1e-9);
    }
    expect(shapes.size).toBe(10);
  });

  it('writes a two-digit number as two digits side by side, centred', () => {
    const lines = numberStrokes(80, 50, 50, 20);
    expect(lines).toHaveLength(numberStrokes(8, 0, 0, 20).length + numberStrokes(0, 0, 0, 20).length);
    const b = box(lines);
    expect((b.x0 + b.x1) / 2).toBeCloseTo(50, 0);
  });
});

describe('Tetravex faces', () => {
  it('keeps the numbered mark in the face key', () => {
    const key = pieceFaceKey(Uint16Array.from([0, 0, 0, 0, 3, 4, 5, 6]), 1, true);
    expect(isNumberedFace(key)).toBe(true);
    expect(parseFaceKey(key)).toEqual([3, 4, 5, 6]);
    expect(isNumberedFace(faceKey(3, 4, 5, 6))).toBe(false);
    expect(key).not.toBe(faceKey(3, 4, 5, 6));
  });

  it('shows each side as its number over its colour, without the patterns a mismatch mark could be taken for', () => {
    // Colours 2, 5, 6 and 7 are the dot, ring, two dots and cross of a framed puzzle.
    const plain = recorder();
    drawEdgeFace(plain.p, '2,5,6,7', 100);
    expect(plain.calls.some((c) => c.kind === 'circle' || c.kind === 'ring')).toBe(true);

    const numbered = recorder();
    drawEdgeFace(numbered.p, 'n:2,5,6,7', 100);
    expect(numbered.calls.filter((c) => c.kind === 'circle' || c.kind === 'ring')).toEqual([]);
    for (const c of [2, 5, 6, 7]) expect(numbered.calls.some((k) => k.kind === 'poly' && k.colour === motif(c).fill)).toBe(true);
    // The strokes in the sides' inks are exactly the numbers 1, 4, 5 and 6, upright.
    const inked = numbered.calls.filter((k) => k.kind === 'line' && [2, 5, 6, 7].some((c) => motif(c).ink === k.colour)).map((k) => k.points);
    const expected = [...numberStrokes(1, 50, 21, 20), ...numberStrokes(4, 79, 50, 20), ...numberStrokes(5, 50, 79, 20), ...numberStrokes(6, 21, 50, 20)];
    expect(inked).toEqual(expected);
    expect([2, 5, 6, 7].map(tetravexNumber)).toEqual([1, 4, 5, 6]);
  });

  it('shows a colour filter swatch as its number, and names it so', () => {
    const r = recorder();
    drawMotifSwatch(r.p, swatchKey(7, true), 20);
    expect(r.calls.filter((c) => c.kind !== 'line').map((c) => c.colour)).toEqual([motif(7).fill]);
    expect(r.calls.filter((c) => c.kind === 'line').map((c) => c.points)).toEqual(numberStrokes(6, 10, 10, 12));
    expect(colourLabel(7, true)).toBe('number 6');
    expect(colourLabel(7)).toBe(motif(7).label);
    const framed = recorder();
    drawMotifSwatch(framed.p, swatchKey(2), 20);
    expect(framed.calls.some((c) => c.kind === 'circle')).toBe(true);
  });
});
