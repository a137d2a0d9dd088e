/**
 * Manual placement as pure state transitions on core's EdgeBoard. Every transition returns a NEW
 * board (the undo history keeps the old ones) or null when the move is not allowed, and keeps
 * two invariants: each piece is on the board at most once, and the puzzle's fixed pieces stay
 * where the puzzle puts them.
 */
import { applyFixed, cloneBoard, emptyBoard, isRotatable, pieceCount, type EdgeBoard, type EdgePuzzle } from '../../../../core/families/edge/model';

/** Cells that hold a fixed piece (cell index -> piece). */
export function lockedCells(p: EdgePuzzle): Map<number, number> {
  const m = new Map<number, number>();
  for (const f of p.fixed) m.set(f.row * p.cols + f.col, f.piece);
  return m;
}

export function isLocked(p: EdgePuzzle, cell: number): boolean {
  for (const f of p.fixed) if (f.row * p.cols + f.col === cell) return true;
  return false;
}

function isFixedPiece(p: EdgePuzzle, piece: number): boolean {
  for (const f of p.fixed) if (f.piece === piece) return true;
  return false;
}

/** The cell holding a piece, or -1. */
export function cellOf(b: EdgeBoard, piece: number): number {
  for (let i = 0; i < b.piece.length; i++) if (b.piece[i] === piece) return i;
  return -1;
}

/** A fresh board for the puzzle: empty but for its fixed pieces. */
export function startBoard(p: EdgePuzzle): EdgeBoard {
  return applyFixed(p, emptyBoard(p.rows, p.cols));
}

/**
 * Make any board (from a document, a run, an old version of the puzzle) legal for the puzzle:
 * the right size, pieces in range and used once (later duplicates are dropped), rotations 0..3,
 * fixed pieces in place.
 */
export function normalize(p: EdgePuzzle, b: EdgeBoard | null | undefined): EdgeBoard {
  const n = p.rows * p.cols;
  const count = pieceCount(p);
  const out = emptyBoard(p.rows, p.cols);
  if (b) {
    const seen = new Uint8Array(count);
    for (let i = 0; i < Math.min(n, b.piece.length); i++) {
      const pc = b.piece[i];
      if (pc < 0 || pc >= count || seen[pc]) continue;
      seen[pc] = 1;
      out.piece[i] = pc;
      out.rotation[i] = b.rotation[i] & 3;
    }
  }
  return applyFixed(p, out);
}

/** Pieces not on the board, in piece order. */
export function unplaced(p: EdgePuzzle, b: EdgeBoard): number[] {
  const count = pieceCount(p);
  const on = new Uint8Array(count);
  for (let i = 0; i < b.piece.length; i++) if (b.piece[i] >= 0 && b.piece[i] < count) on[b.piece[i]] = 1;
  const out: number[] = [];
  for (let i = 0; i < count; i++) if (!on[i]) out.push(i);
  return out;
}

export function placedCount(b: EdgeBoard): number {
  let k = 0;
  for (let i = 0; i < b.piece.length; i++) if (b.piece[i] >= 0) k++;
  return k;
}

/**
 * Put `piece` on `cell` turned `rotation` times. A piece already elsewhere on the board moves
 * (its old cell is emptied); whatever was on `cell` goes back to the tray. Refused for a locked
 * cell or a fixed piece, and when nothing would change.
 */
export function place(p: EdgePuzzle, b: EdgeBoard, piece: number, cell: number, rotation: number): EdgeBoard | null {
  if (cell < 0 || cell >= b.piece.length || piece < 0 || piece >= pieceCount(p)) return null;
  if (isLocked(p, cell) || isFixedPiece(p, piece)) return null;
  // Upright pieces (Tetravex) are always placed as they are.
  const rot = isRotatable(p) ? ((rotation % 4) + 4) % 4 : 0;
  if (b.piece[cell] === piece && b.rotation[cell] === rot) return null;
  const out = cloneBoard(b);
  const from = cellOf(b, piece);
  if (from >= 0) {
    out.piece[from] = -1;
    out.rotation[from] = 0;
  }
  out.piece[cell] = piece;
  out.rotation[cell] = rot;
  return out;
}

/** Swap the contents of two cells (moving onto an empty cell is a swap with nothing). */
export function move(p: EdgePuzzle, b: EdgeBoard, from: number, to: number): EdgeBoard | null {
  const n = b.piece.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return null;
  if (b.piece[from] < 0) return null;
  if (isLocked(p, from) || isLocked(p, to)) return null;
  const out = cloneBoard(b);
  out.piece[to] = b.piece[from];
  out.rotation[to] = b.rotation[from];
  out.piece[from] = b.piece[to];
  out.rotation[from] = b.piece[to] < 0 ? 0 : b.rotation[to];
  return out;
}

/** Send a cell's piece back to the tray. */
export function remove(p: EdgePuzzle, b: EdgeBoard, cell: number): EdgeBoard | null {
  if (cell < 0 || cell >= b.piece.length || b.piece[cell] < 0 || isLocked(p, cell)) return null;
  const out = cloneBoard(b);
  out.piece[cell] = -1;
  out.rotation[cell] = 0;
  return out;
}

/** Turn a cell's piece `delta` quarter turns clockwise (negative: anticlockwise). */
export function rotate(p: EdgePuzzle, b: EdgeBoard, cell: number, delta = 1): EdgeBoard | null {
  if (!isRotatable(p)) return null;
  if (cell < 0 || cell >= b.piece.length || b.piece[cell] < 0 || isLocked(p, cell)) return null;
  const d = ((delta % 4) + 4) % 4;
  if (d === 0) return null;
  const out = cloneBoard(b);
  out.rotation[cell] = (b.rotation[cell] + d) & 3;
  return out;
}

/** Everything back to the tray except the fixed pieces. */
export function clearBoard(p: EdgePuzzle, b: EdgeBoard): EdgeBoard | null {
  const out = startBoard(p);
  return sameBoard(out, b) ? null : out;
}

export function sameBoard(a: EdgeBoard, b: EdgeBoard): boolean {
  if (a.piece.length !== b.piece.length) return false;
  for (let i = 0; i < a.piece.length; i++) {
    if (a.piece[i] !== b.piece[i]) return false;
    if (a.piece[i] >= 0 && a.rotation[i] !== b.rotation[i]) return false;
  }
  return true;
}
