/**
 * An edge-matching tile face: four triangles (top, right, bottom, left) meeting at the centre,
 * each in its colour's motif. A face key is "t,r,b,l" (colours; -1 = a join not painted yet).
 * Faces are drawn unrotated; the board turns sprites for a piece's rotation.
 *
 * Tetravex faces ("n:t,r,b,l") show each side's number, as the game's tiles do, over the colour's
 * fill and without its pattern: no dot, ring or cross near a join to be taken for the mismatch
 * mark (board/join-mark.ts), which stays the only mark drawn on a join.
 */
import type { Painter } from '../../board/painter';
import { motif, type Motif } from './motifs';
import { drawNumber } from './numerals';

const NUMBERED = 'n:';

export function faceKey(t: number, r: number, b: number, l: number, numbered = false): string {
  return `${numbered ? NUMBERED : ''}${t},${r},${b},${l}`;
}

/** The colours of a piece's own sides (rotation 0) as a face key; `numbered` for a Tetravex. */
export function pieceFaceKey(edges: ArrayLike<number>, piece: number, numbered = false): string {
  const i = 4 * piece;
  return faceKey(edges[i], edges[i + 1], edges[i + 2], edges[i + 3], numbered);
}

/** Whether a face key is a Tetravex face (its sides show numbers). */
export function isNumberedFace(face: string): boolean {
  return face.startsWith(NUMBERED);
}

export function parseFaceKey(face: string): [number, number, number, number] {
  const p = (isNumberedFace(face) ? face.slice(NUMBERED.length) : face).split(',').map(Number);
  return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 0];
}

/** The number a Tetravex side shows: its colour as the file wrote it (core stores each one higher, 0 being grey). */
export function tetravexNumber(colour: number): number {
  return colour - 1;
}

/** A colour's swatch key (drawMotifSwatch): its number on a Tetravex. */
export function swatchKey(colour: number, numbered = false): string {
  return `${numbered ? NUMBERED : ''}${colour}`;
}

/** A colour in words, for tooltips and screen readers: "7: purple cross", or on a Tetravex "number 6". */
export function colourLabel(colour: number, numbered = false): string {
  return numbered && colour >= 1 ? `number ${tetravexNumber(colour)}` : motif(colour).label;
}

/** Turn a point of the unit square a quarter clockwise `k` times about the centre (y points down). */
function turn(x: number, y: number, k: number): [number, number] {
  let dx = x - 0.5;
  let dy = y - 0.5;
  for (let i = 0; i < (k & 3); i++) [dx, dy] = [-dy, dx];
  return [0.5 + dx, 0.5 + dy];
}

function pts(list: number[], side: number, size: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < list.length; i += 2) {
    const [x, y] = turn(list[i], list[i + 1], side);
    out.push(x * size, y * size);
  }
  return out;
}

/** The pattern of a motif in the top triangle (unit square), turned to `side`. */
function drawPattern(p: Painter, m: Motif, side: number, size: number): void {
  const at = (x: number, y: number): [number, number] => {
    const [a, b] = turn(x, y, side);
    return [a * size, b * size];
  };
  switch (m.pattern) {
    case 'plain':
      return;
    case 'dot': {
      const [x, y] = at(0.5, 0.19);
      p.circle(x, y, 0.07 * size, m.ink);
      return;
    }
    case 'stripe':
      p.poly(pts([0.15, 0.115, 0.85, 0.115, 0.78, 0.185, 0.22, 0.185], side, size), m.ink);
      return;
    case 'chevron':
      p.line(pts([0.37, 0.12, 0.5, 0.25, 0.63, 0.12], side, size), 0.05 * size, m.ink);
      return;
    case 'ring': {
      const [x, y] = at(0.5, 0.185);
      p.ring(x, y, 0.062 * size, 0.032 * size, m.ink);
      return;
    }
    case 'pair': {
      const [x1, y1] = at(0.38, 0.14);
      const [x2, y2] = at(0.62, 0.14);
      p.circle(x1, y1, 0.048 * size, m.ink);
      p.circle(x2, y2, 0.048 * size, m.ink);
      return;
    }
    case 'cross':
      p.line(pts([0.44, 0.12, 0.56, 0.24], side, size), 0.038 * size, m.ink);
      p.line(pts([0.56, 0.12, 0.44, 0.24], side, size), 0.038 * size, m.ink);
      return;
  }
}

const TRIANGLES = [0, 0, 1, 0, 0.5, 0.5];

/** Background between tiles and the seams between triangles. */
export const SEAM = 0x111215;

/** Where a side's number sits: in its triangle, nearer the centre than the join, upright. */
const NUMBER_AT: readonly (readonly [number, number])[] = [
  [0.5, 0.21],
  [0.79, 0.5],
  [0.5, 0.79],
  [0.21, 0.5],
];

/**
 * Draw a tile face of the given colours filling a size x size square (with a thin seam);
 * `numbered` (Tetravex) writes each side's number in place of its pattern.
 */
export function drawEdgeFaceColours(p: Painter, colours: readonly number[], size: number, numbered = false): void {
  const inset = Math.max(0.75, size * 0.018);
  p.poly([0, 0, size, 0, size, size, 0, size], SEAM);
  for (let side = 0; side < 4; side++) {
    const m = motif(colours[side]);
    p.poly(pts(TRIANGLES, side, size), m.fill);
    if (!numbered || colours[side] < 1) drawPattern(p, m, side, size);
    else {
      const n = tetravexNumber(colours[side]);
      const [x, y] = NUMBER_AT[side]!;
      drawNumber(p, n, x * size, y * size, (n < 10 ? 0.2 : 0.15) * size, m.ink);
    }
  }
  const seam = Math.max(1, size * 0.022);
  p.line([0, 0, size, size], seam, SEAM, 0.85);
  p.line([size, 0, 0, size], seam, SEAM, 0.85);
  // Tile outline: a frame of seam colour so neighbouring tiles read as separate pieces.
  p.line(
    [inset / 2, inset / 2, size - inset / 2, inset / 2, size - inset / 2, size - inset / 2, inset / 2, size - inset / 2, inset / 2, inset / 2],
    inset,
    SEAM,
  );
}

/** A FaceDrawer for "t,r,b,l" face keys (and Tetravex's "n:t,r,b,l"). */
export function drawEdgeFace(p: Painter, face: string, size: number): void {
  drawEdgeFaceColours(p, parseFaceKey(face), size, isNumberedFace(face));
}

/** A small swatch of one motif (palette buttons): the top triangle's motif, or a Tetravex number, drawn over a square. */
export function drawMotifSwatch(p: Painter, face: string, size: number): void {
  const numbered = isNumberedFace(face);
  const colour = Number(numbered ? face.slice(NUMBERED.length) : face);
  const m = motif(colour);
  p.poly([0, 0, size, 0, size, size, 0, size], m.fill);
  if (numbered && colour >= 1) {
    const n = tetravexNumber(colour);
    drawNumber(p, n, size / 2, size / 2, (n < 10 ? 0.6 : 0.45) * size, m.ink);
    return;
  }
  // Draw the pattern as it appears on a top triangle, moved to the square's centre and enlarged.
  const big = size * 1.6;
  const dx = size / 2 - 0.5 * big;
  const dy = size / 2 - 0.185 * big;
  const shifted: Painter = {
    poly: (pt, c, a) =>
      p.poly(
        pt.map((v, i) => (i % 2 ? v + dy : v + dx)),
        c,
        a,
      ),
    circle: (x, y, r, c, a) => p.circle(x + dx, y + dy, r, c, a),
    line: (pt, w, c, a) =>
      p.line(
        pt.map((v, i) => (i % 2 ? v + dy : v + dx)),
        w,
        c,
        a,
      ),
    ring: (x, y, r, w, c, a) => p.ring(x + dx, y + dy, r, w, c, a),
  };
  drawPattern(shifted, m, 0, big);
}
