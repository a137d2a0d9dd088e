import { GREY, hasGreyBorder, maxScore, pieceCount, type EdgeBoard, type EdgePuzzle } from './model';

/**
 * Matched inner joins: both cells filled, the facing colours equal and not grey. Grey never
 * matches inside, so a board with border pieces turned inwards cannot score the maximum.
 */
export function scoreBoard(p: EdgePuzzle, b: EdgeBoard): number {
  const { rows, cols, edges } = p;
  const piece = b.piece;
  const rot = b.rotation;
  let score = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const pi = piece[i];
      if (pi < 0) continue;
      const k = rot[i];
      const base = 4 * pi;
      if (c + 1 < cols) {
        const q = piece[i + 1];
        if (q >= 0) {
          // Right side of this cell faces the left side of the next one.
          const a = edges[base + ((1 - k + 4) & 3)];
          if (a !== GREY && a === edges[4 * q + ((3 - rot[i + 1] + 4) & 3)]) score++;
        }
      }
      if (r + 1 < rows) {
        const q = piece[i + cols];
        if (q >= 0) {
          const a = edges[base + ((2 - k + 4) & 3)];
          if (a !== GREY && a === edges[4 * q + ((0 - rot[i + cols] + 4) & 3)]) score++;
        }
      }
    }
  }
  return score;
}

export interface Mismatch {
  /** The cell on the left of (dir right) or above (dir down) the join, 0-based. */
  row: number;
  col: number;
  dir: 'right' | 'down';
  /** Colour on this cell's side of the join and on the neighbour's. */
  a: number;
  b: number;
}

/** Joins between two filled cells that do not match (different colours, or grey on grey). */
export function mismatches(p: EdgePuzzle, b: EdgeBoard): Mismatch[] {
  const { rows, cols, edges } = p;
  const out: Mismatch[] = [];
  const shown = (i: number, side: number): number => edges[4 * b.piece[i] + ((side - b.rotation[i] + 4) & 3)];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (b.piece[i] < 0) continue;
      if (c + 1 < cols && b.piece[i + 1] >= 0) {
        const x = shown(i, 1);
        const y = shown(i + 1, 3);
        if (x === GREY || x !== y) out.push({ row: r, col: c, dir: 'right', a: x, b: y });
      }
      if (r + 1 < rows && b.piece[i + cols] >= 0) {
        const x = shown(i, 2);
        const y = shown(i + cols, 0);
        if (x === GREY || x !== y) out.push({ row: r, col: c, dir: 'down', a: x, b: y });
      }
    }
  }
  return out;
}

/** Outer edges that are not grey, as (cell, side) pairs; empty cells are skipped. */
export function borderFaults(p: EdgePuzzle, b: EdgeBoard): { row: number; col: number; side: number }[] {
  const { rows, cols, edges } = p;
  const out: { row: number; col: number; side: number }[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const pi = b.piece[i];
      if (pi < 0) continue;
      const check = (side: number): void => {
        if (edges[4 * pi + ((side - b.rotation[i] + 4) & 3)] !== GREY) out.push({ row: r, col: c, side });
      };
      if (r === 0) check(0);
      if (c === cols - 1) check(1);
      if (r === rows - 1) check(2);
      if (c === 0) check(3);
    }
  }
  return out;
}

/**
 * Every cell filled, every piece used once, all inner joins matched, all outer edges grey and
 * the fixed pieces in their places.
 */
export function isSolved(p: EdgePuzzle, b: EdgeBoard): boolean {
  const n = p.rows * p.cols;
  const count = pieceCount(p);
  if (count !== n || b.piece.length !== n) return false;
  const used = new Uint8Array(count);
  for (let i = 0; i < n; i++) {
    const pi = b.piece[i];
    if (pi < 0 || pi >= count || used[pi]) return false;
    used[pi] = 1;
  }
  for (const f of p.fixed) {
    const i = f.row * p.cols + f.col;
    if (b.piece[i] !== f.piece || b.rotation[i] !== f.rotation) return false;
  }
  if (scoreBoard(p, b) !== maxScore(p.rows, p.cols)) return false;
  if (p.rotatable === false && b.rotation.some((r) => r !== 0)) return false;
  // A set without grey edges has a free border (Tetravex): any colour may face out.
  return !hasGreyBorder(p) || borderFaults(p, b).length === 0;
}
