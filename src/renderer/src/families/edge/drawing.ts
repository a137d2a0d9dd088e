/**
 * A drawn edge-matching board: the designer paints JOINS, not tile edges, so both sides of a
 * join always carry the same colour and a drawn board is always a solution of the pieces cut
 * from it. The board's outside is always the grey frame; an inner join of colour 0 is not
 * painted yet. Pure and immutable: every change returns a new Drawing.
 */
import { Rng } from '../../../../core/rng/rng';
import { GREY, edgeAt, type EdgeBoard, type EdgePuzzle, type FixedPiece } from '../../../../core/families/edge/model';

export interface Drawing {
  rows: number;
  cols: number;
  /** Join between (r, c) and (r, c + 1) at r * (cols - 1) + c; 0 = not painted. */
  h: Int32Array;
  /** Join between (r, c) and (r + 1, c) at r * cols + c; 0 = not painted. */
  v: Int32Array;
  /** Cells whose piece becomes a fixed hint when the drawing is cut (ascending cell indices). */
  hints: number[];
}

export const MAX_DRAWING_SIDE = 64;

export function emptyDrawing(rows: number, cols: number): Drawing {
  return {
    rows,
    cols,
    h: new Int32Array(rows * Math.max(0, cols - 1)),
    v: new Int32Array(Math.max(0, rows - 1) * cols),
    hints: [],
  };
}

function copy(d: Drawing): Drawing {
  return { rows: d.rows, cols: d.cols, h: d.h.slice(), v: d.v.slice(), hints: d.hints.slice() };
}

/** Where a cell's side lives: ['h' | 'v', index], or null when the side faces out. */
export function joinOf(d: Drawing, row: number, col: number, side: number): ['h' | 'v', number] | null {
  switch (side) {
    case 0:
      return row > 0 ? ['v', (row - 1) * d.cols + col] : null;
    case 1:
      return col < d.cols - 1 ? ['h', row * (d.cols - 1) + col] : null;
    case 2:
      return row < d.rows - 1 ? ['v', row * d.cols + col] : null;
    default:
      return col > 0 ? ['h', row * (d.cols - 1) + col - 1] : null;
  }
}

/** Colour on a cell's side: 0 facing out, -1 for a join not painted yet. */
export function sideColour(d: Drawing, row: number, col: number, side: number): number {
  const j = joinOf(d, row, col, side);
  if (!j) return GREY;
  const c = (j[0] === 'h' ? d.h : d.v)[j[1]];
  return c === 0 ? -1 : c;
}

/** The tile at a cell as [top, right, bottom, left] (-1 = not painted). */
export function tileAt(d: Drawing, row: number, col: number): [number, number, number, number] {
  return [sideColour(d, row, col, 0), sideColour(d, row, col, 1), sideColour(d, row, col, 2), sideColour(d, row, col, 3)];
}

/**
 * Paint the join on a side of a cell (both tiles that share it). Colour 0 erases. Null when the
 * side faces out (the frame is always grey) or nothing changes.
 */
export function paintJoin(d: Drawing, row: number, col: number, side: number, colour: number): Drawing | null {
  if (row < 0 || col < 0 || row >= d.rows || col >= d.cols) return null;
  const j = joinOf(d, row, col, side);
  if (!j) return null;
  const c = Math.max(0, Math.trunc(colour));
  const arr = j[0] === 'h' ? d.h : d.v;
  if (arr[j[1]] === c) return null;
  const out = copy(d);
  (j[0] === 'h' ? out.h : out.v)[j[1]] = c;
  return out;
}

/** Paint all four joins of a cell at once (a stamp); sides facing out are skipped. */
export function paintCell(d: Drawing, row: number, col: number, colour: number): Drawing | null {
  let cur: Drawing = d;
  let changed = false;
  for (let s = 0; s < 4; s++) {
    const next = paintJoin(cur, row, col, s, colour);
    if (next) {
      cur = next;
      changed = true;
    }
  }
  return changed ? cur : null;
}

export function toggleHint(d: Drawing, cell: number): Drawing | null {
  if (cell < 0 || cell >= d.rows * d.cols) return null;
  const out = copy(d);
  const at = out.hints.indexOf(cell);
  if (at >= 0) out.hints.splice(at, 1);
  else {
    out.hints.push(cell);
    out.hints.sort((a, b) => a - b);
  }
  return out;
}

/** A new size, keeping the joins (and hints) of the part both sizes share. */
export function resizeDrawing(d: Drawing, rows: number, cols: number): Drawing {
  const out = emptyDrawing(rows, cols);
  for (let r = 0; r < Math.min(rows, d.rows); r++) {
    for (let c = 0; c < Math.min(cols, d.cols) - 1; c++) out.h[r * (cols - 1) + c] = d.h[r * (d.cols - 1) + c];
  }
  for (let r = 0; r < Math.min(rows, d.rows) - 1; r++) {
    for (let c = 0; c < Math.min(cols, d.cols); c++) out.v[r * cols + c] = d.v[r * d.cols + c];
  }
  out.hints = d.hints
    .map((i) => ({ r: Math.floor(i / d.cols), c: i % d.cols }))
    .filter(({ r, c }) => r < rows && c < cols)
    .map(({ r, c }) => r * cols + c);
  return out;
}

export function unpaintedJoins(d: Drawing): number {
  let k = 0;
  for (const x of d.h) if (x === 0) k++;
  for (const x of d.v) if (x === 0) k++;
  return k;
}

export function totalJoins(d: Drawing): number {
  return d.h.length + d.v.length;
}

/** Is the join a frame join (between two border tiles, along the border)? */
export function isFrameJoin(d: Drawing, kind: 'h' | 'v', index: number): boolean {
  if (kind === 'h') {
    const r = Math.floor(index / (d.cols - 1));
    return r === 0 || r === d.rows - 1;
  }
  const c = index % d.cols;
  return c === 0 || c === d.cols - 1;
}

/** How many joins use each colour (colour -> count). */
export function colourUse(d: Drawing): Map<number, number> {
  const m = new Map<number, number>();
  for (const arr of [d.h, d.v]) for (const c of arr) if (c !== 0) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/**
 * Paint every join not painted yet at random, E2 style: frame joins take colours 1..frame,
 * the others frame+1..frame+inner. Deterministic per seed; null when everything is painted.
 */
export function fillRandom(d: Drawing, seed: number, frame: number, inner: number): Drawing | null {
  if (unpaintedJoins(d) === 0) return null;
  const rng = new Rng(seed);
  const out = copy(d);
  const pick = (isFrame: boolean): number =>
    isFrame && frame > 0 ? 1 + rng.int(frame) : inner > 0 ? frame + 1 + rng.int(inner) : 1 + rng.int(Math.max(1, frame));
  for (let i = 0; i < out.h.length; i++) if (out.h[i] === 0) out.h[i] = pick(isFrameJoin(d, 'h', i));
  for (let i = 0; i < out.v.length; i++) if (out.v[i] === 0) out.v[i] = pick(isFrameJoin(d, 'v', i));
  return out;
}

/**
 * The drawing a full board shows, when it is one: every cell filled, every inner join matched
 * with a colour, every outer edge grey. Null otherwise. Fixed pieces of the puzzle become hints.
 */
export function drawingFromBoard(p: EdgePuzzle, b: EdgeBoard): Drawing | null {
  const { rows, cols } = p;
  const d = emptyDrawing(rows, cols);
  const n = rows * cols;
  if (b.piece.length !== n) return null;
  for (let i = 0; i < n; i++) if (b.piece[i] < 0) return null;
  const at = (r: number, c: number, s: number): number => {
    const i = r * cols + c;
    return edgeAt(p, b.piece[i], b.rotation[i], s);
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (r === 0 && at(r, c, 0) !== GREY) return null;
      if (r === rows - 1 && at(r, c, 2) !== GREY) return null;
      if (c === 0 && at(r, c, 3) !== GREY) return null;
      if (c === cols - 1 && at(r, c, 1) !== GREY) return null;
      if (c + 1 < cols) {
        const x = at(r, c, 1);
        if (x === GREY || x !== at(r, c + 1, 3)) return null;
        d.h[r * (cols - 1) + c] = x;
      }
      if (r + 1 < rows) {
        const x = at(r, c, 2);
        if (x === GREY || x !== at(r + 1, c, 0)) return null;
        d.v[r * cols + c] = x;
      }
    }
  }
  d.hints = p.fixed
    .filter((f) => b.piece[f.row * cols + f.col] === f.piece)
    .map((f) => f.row * cols + f.col)
    .sort((a, b2) => a - b2);
  return d;
}

export interface CutResult {
  puzzle: EdgePuzzle;
  /** The drawn board as a placement of the cut pieces: the puzzle's known solution. */
  solution: EdgeBoard;
}

/**
 * Cut a drawing into pieces: tile i becomes piece perm[i], turned a random number of quarter
 * turns anticlockwise (so the solution turns it back clockwise). Deterministic per seed. Hinted
 * cells become fixed pieces at their place and solution rotation. Joins not painted yet are cut
 * as grey edges (the puzzle's validation then reports them). With `rotatable` false (Tetravex
 * style) no piece is turned and the puzzle says its pieces may not be.
 */
export function cutDrawing(d: Drawing, seed: number, rotatable = true): CutResult {
  const n = d.rows * d.cols;
  const rng = new Rng(seed);
  const perm = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  const edges = new Uint16Array(4 * n);
  const piece = new Int16Array(n);
  const rotation = new Uint8Array(n);
  for (let cell = 0; cell < n; cell++) {
    const tile = tileAt(d, Math.floor(cell / d.cols), cell % d.cols).map((c) => Math.max(0, c));
    const k = rotatable ? rng.int(4) : 0;
    const pc = perm[cell];
    // edgeAt(piece, k, side) = edges[(side - k) & 3] must equal tile[side]: edges[j] = tile[(j + k) & 3].
    for (let j = 0; j < 4; j++) edges[4 * pc + j] = tile[(j + k) & 3];
    piece[cell] = pc;
    rotation[cell] = k;
  }
  const fixed: FixedPiece[] = d.hints
    .filter((c) => c >= 0 && c < n)
    .map((c) => ({ piece: piece[c], row: Math.floor(c / d.cols), col: c % d.cols, rotation: rotation[c] }));
  const puzzle: EdgePuzzle = { rows: d.rows, cols: d.cols, edges, fixed };
  if (!rotatable) puzzle.rotatable = false;
  return { puzzle, solution: { piece, rotation } };
}
