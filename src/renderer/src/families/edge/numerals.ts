/**
 * Numbers drawn as strokes, upright, in a seven-segment hand: a Painter has no text, and the same
 * face must come out alike on the Pixi board, in the tray's thumbnails and in the PNG export.
 * Tetravex tiles show their numbers this way (faces.ts).
 */
import type { Painter } from '../../board/painter';

/** Each digit's strokes as polylines in its box: x 0..1 left to right, y 0..1 top to bottom. */
const DIGITS: readonly (readonly number[])[][] = [
  [[0, 0, 1, 0, 1, 1, 0, 1, 0, 0]],
  [[0.2, 0.22, 0.6, 0, 0.6, 1]],
  [[0, 0, 1, 0, 1, 0.5, 0, 0.5, 0, 1, 1, 1]],
  [
    [0, 0, 1, 0, 1, 1, 0, 1],
    [0.1, 0.5, 1, 0.5],
  ],
  [
    [0, 0, 0, 0.5, 1, 0.5],
    [1, 0, 1, 1],
  ],
  [[1, 0, 0, 0, 0, 0.5, 1, 0.5, 1, 1, 0, 1]],
  [[1, 0, 0, 0, 0, 1, 1, 1, 1, 0.5, 0, 0.5]],
  [[0, 0, 1, 0, 1, 1]],
  [
    [0, 0, 1, 0, 1, 1, 0, 1, 0, 0],
    [0, 0.5, 1, 0.5],
  ],
  [[1, 0.5, 0, 0.5, 0, 0, 1, 0, 1, 1, 0, 1]],
];

/** A digit's width for its height. */
const ASPECT = 0.56;

/** The strokes of a whole number (n >= 0) centred on (cx, cy), `height` tall, as polylines. */
export function numberStrokes(n: number, cx: number, cy: number, height: number): number[][] {
  const text = String(Math.max(0, Math.floor(n)));
  const w = height * ASPECT;
  const gap = w * 0.45;
  const total = text.length * w + (text.length - 1) * gap;
  const out: number[][] = [];
  for (let i = 0; i < text.length; i++) {
    const x0 = cx - total / 2 + i * (w + gap);
    const y0 = cy - height / 2;
    for (const line of DIGITS[Number(text[i])]!) out.push(line.map((v, k) => (k % 2 === 0 ? x0 + v * w : y0 + v * height)));
  }
  return out;
}

/** Draw a whole number centred on (cx, cy), `height` tall, in `colour`. */
export function drawNumber(p: Painter, n: number, cx: number, cy: number, height: number, colour: number): void {
  const stroke = Math.max(1, height * 0.16);
  for (const line of numberStrokes(n, cx, cy, height)) p.line(line, stroke, colour);
}
