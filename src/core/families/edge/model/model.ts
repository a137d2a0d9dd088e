/**
 * Edge-matching puzzles (Eternity II style): square pieces with a colour on each side, placed on
 * a grid with rotation. Everything is kept in typed arrays because solvers score millions of
 * boards; the helpers here are the one place that knows the edge and rotation conventions.
 */

/** Colour 0 is the grey border: it must face out, and never counts as a match inside the board. */
export const GREY = 0;

/** Uint16Array holds edge colours, so a colour is at most this (0 being grey). */
export const MAX_COLOUR = 0xffff;

/** Int16Array holds piece numbers, so a puzzle has at most this many pieces (and cells). */
export const MAX_PIECES = 32767;

/** Sides in the order edges are stored: clockwise from the top. */
export const TOP = 0;
export const RIGHT = 1;
export const BOTTOM = 2;
export const LEFT = 3;
export const SIDE_NAMES = ['top', 'right', 'bottom', 'left'] as const;

export interface FixedPiece {
  /** 0-based piece number. */
  piece: number;
  row: number;
  col: number;
  /** Clockwise quarter turns, 0..3. */
  rotation: number;
}

export interface EdgePuzzle {
  rows: number;
  cols: number;
  /** 4 per piece: top right bottom left, piece i at 4i..4i+3; 0 = grey border. */
  edges: Uint16Array;
  /** Pieces the puzzle places itself (e.g. the E2 starter piece); solvers never move them. */
  fixed: FixedPiece[];
  /**
   * Whether pieces may be turned (default true; absent = true). Tetravex tiles may not: every
   * solver, the editor and manual play then keep every piece at rotation 0.
   */
  rotatable?: boolean;
}

/** Pieces may be turned (the default); false for Tetravex-style puzzles. */
export function isRotatable(p: EdgePuzzle): boolean {
  return p.rotatable !== false;
}

/**
 * A puzzle without a single grey edge has a free border (Tetravex): any colour may face out and
 * there are no corner or side pieces. Grey is only special when the set has some.
 */
export function hasGreyBorder(p: EdgePuzzle): boolean {
  for (let i = 0; i < p.edges.length; i++) if (p.edges[i] === GREY) return true;
  return false;
}

/** Tetravex: upright tiles and no grey frame (the program calls such a puzzle by that name). */
export function isTetravex(p: EdgePuzzle): boolean {
  return !isRotatable(p) && !hasGreyBorder(p);
}

export interface EdgeBoard {
  /** Per cell, row-major: 0-based piece number, -1 = empty. */
  piece: Int16Array;
  /** Per cell: clockwise quarter turns of the piece there, 0..3. */
  rotation: Uint8Array;
}

export function pieceCount(p: EdgePuzzle): number {
  return p.edges.length >> 2;
}

/**
 * Colour shown on `side` by `piece` turned `rot` times clockwise. One clockwise turn maps
 * (t,r,b,l) to (l,t,r,b): the colour now on side s was on side s-1 before.
 */
export function edgeAt(p: EdgePuzzle, piece: number, rot: number, side: number): number {
  return p.edges[4 * piece + ((side - rot + 4) & 3)];
}

export function emptyBoard(rows: number, cols: number): EdgeBoard {
  const n = rows * cols;
  return { piece: new Int16Array(n).fill(-1), rotation: new Uint8Array(n) };
}

export function cloneBoard(b: EdgeBoard): EdgeBoard {
  return { piece: b.piece.slice(), rotation: b.rotation.slice() };
}

/** Bit s set when the piece's own side s (before rotation) is grey. */
export function greyMask(p: EdgePuzzle, piece: number): number {
  let m = 0;
  for (let s = 0; s < 4; s++) if (p.edges[4 * piece + s] === GREY) m |= 1 << s;
  return m;
}

/** Bit s set when side s of the cell faces out of the board. */
export function outMask(rows: number, cols: number, row: number, col: number): number {
  let m = 0;
  if (row === 0) m |= 1 << TOP;
  if (col === cols - 1) m |= 1 << RIGHT;
  if (row === rows - 1) m |= 1 << BOTTOM;
  if (col === 0) m |= 1 << LEFT;
  return m;
}

/** Turning a piece k times clockwise moves what was on side s to side s+k: rotate the 4-bit mask. */
export function rotateMask(mask: number, rot: number): number {
  return ((mask << rot) | (mask >> (4 - rot))) & 15;
}

/** The smallest rotation that puts the grey sides exactly on `out`, or -1 when none does. */
export function faceOutRotation(p: EdgePuzzle, piece: number, out: number): number {
  const m = greyMask(p, piece);
  for (let k = 0; k < 4; k++) if (rotateMask(m, k) === out) return k;
  return -1;
}

/**
 * A shape of grey sides up to rotation. On a board of at least 2x2 cells only corner, side and
 * inner occur; the others belong to 1-wide boards (or to no board at all).
 */
export type Shape = 'inner' | 'side' | 'corner' | 'strip' | 'end' | 'single';
export const SHAPES: readonly Shape[] = ['inner', 'side', 'corner', 'strip', 'end', 'single'];

export function maskShape(mask: number): Shape {
  const n = (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1);
  switch (n) {
    case 0:
      return 'inner';
    case 1:
      return 'side';
    case 2:
      return mask === 5 || mask === 10 ? 'strip' : 'corner';
    case 3:
      return 'end';
    default:
      return 'single';
  }
}

export type PieceClass = 'corner' | 'side' | 'inner' | 'other';

/** corner = two grey edges side by side, side = one, inner = none; anything else is `other`. */
export function pieceClass(p: EdgePuzzle, piece: number): PieceClass {
  const s = maskShape(greyMask(p, piece));
  return s === 'corner' || s === 'side' || s === 'inner' ? s : 'other';
}

/** The class of piece a cell takes in a solution (by how many of its sides face out). */
export function cellClass(rows: number, cols: number, row: number, col: number): PieceClass {
  const s = maskShape(outMask(rows, cols, row, col));
  return s === 'corner' || s === 'side' || s === 'inner' ? s : 'other';
}

/** Matching inner joins on a solved board: R(C-1) horizontal plus (R-1)C vertical. */
export function maxScore(rows: number, cols: number): number {
  return 2 * rows * cols - rows - cols;
}

/**
 * Put the fixed pieces on the board (in place, also returned). A fixed piece found elsewhere on
 * the board is taken off there first, so every piece stays used at most once.
 */
export function applyFixed(p: EdgePuzzle, board: EdgeBoard): EdgeBoard {
  for (const f of p.fixed) {
    const cell = f.row * p.cols + f.col;
    for (let c = 0; c < board.piece.length; c++) {
      if (board.piece[c] === f.piece && c !== cell) {
        board.piece[c] = -1;
        board.rotation[c] = 0;
      }
    }
    board.piece[cell] = f.piece;
    board.rotation[cell] = f.rotation & 3;
  }
  return board;
}

/** Pieces equal up to rotation share this key (used for duplicates and for matching boards). */
export function rotationKey(a: number, b: number, c: number, d: number): string {
  const r0 = `${a},${b},${c},${d}`;
  const r1 = `${b},${c},${d},${a}`;
  const r2 = `${c},${d},${a},${b}`;
  const r3 = `${d},${a},${b},${c}`;
  let k = r0;
  if (r1 < k) k = r1;
  if (r2 < k) k = r2;
  if (r3 < k) k = r3;
  return k;
}

export function pieceKey(p: EdgePuzzle, piece: number): string {
  const e = p.edges;
  const i = 4 * piece;
  return rotationKey(e[i], e[i + 1], e[i + 2], e[i + 3]);
}
