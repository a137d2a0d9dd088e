import { applyFixed, emptyBoard, hasGreyBorder, outMask, type EdgePuzzle } from '../model/model';
import { scoreBoard } from '../model/score';
import type { CandidateTables } from './candidates';

export const SCAN_ORDERS = ['row', 'frame-first'] as const;
export type ScanOrder = (typeof SCAN_ORDERS)[number];

/**
 * What the search does at each depth, worked out once so the inner loop only reads arrays.
 * The board's colours live in `shown` (4 per cell, the colours the piece there shows, plus a grey
 * slot and a wildcard slot); a depth's key colours and extra checks are indexes into it.
 */
export interface ScanPlan {
  /** Cells to fill: the cells without a fixed piece. Arrays below have one more entry, a dead end. */
  readonly depth: number;
  readonly cell: Int32Array;
  /** Base of the depth's table (its cell's out mask and key side). */
  readonly keyBase: Int32Array;
  /** Key side s of each depth (the key colours are on s and s+1). */
  readonly side: Int32Array;
  /** Where the colours for s and s+1 come from in `shown`. */
  readonly a: Int32Array;
  readonly b: Int32Array;
  /** 1 when side s (for a) or s+1 (for b) faces a neighbour already on the board. */
  readonly joinA: Uint8Array;
  readonly joinB: Uint8Array;
  /** Up to two more known neighbours off the key sides: the `shown` index and the side it faces (-1 = none). */
  readonly x1: Int32Array;
  readonly x1Side: Int32Array;
  readonly x2: Int32Array;
  readonly x2Side: Int32Array;
  /** Matched joins on the board when `d` cells are placed without a mismatch (index 0..depth). */
  readonly scoreAt: Int32Array;
  readonly shownSize: number;
  readonly greySlot: number;
  readonly wildSlot: number;
}

/** Cells in the order a search fills them (fixed cells left out). */
export function scanCells(p: EdgePuzzle, order: ScanOrder): number[] {
  const { rows, cols } = p;
  const fixed = new Set(p.fixed.map((f) => f.row * cols + f.col));
  const cells: number[] = [];
  if (order === 'frame-first') {
    // The ring clockwise from the top-left corner, then the inside row by row.
    const ring: number[] = [];
    for (let c = 0; c < cols; c++) ring.push(c);
    for (let r = 1; r < rows; r++) ring.push(r * cols + cols - 1);
    if (rows > 1) for (let c = cols - 2; c >= 0; c--) ring.push((rows - 1) * cols + c);
    if (cols > 1) for (let r = rows - 2; r >= 1; r--) ring.push(r * cols);
    const onRing = new Set(ring);
    cells.push(...ring);
    for (let i = 0; i < rows * cols; i++) if (!onRing.has(i)) cells.push(i);
  } else {
    for (let i = 0; i < rows * cols; i++) cells.push(i);
  }
  return cells.filter((i) => !fixed.has(i));
}

export function scanPlan(p: EdgePuzzle, order: ScanOrder, tables: CandidateTables): ScanPlan {
  const { rows, cols } = p;
  const cells = scanCells(p, order);
  const depth = cells.length;
  const greySlot = 4 * rows * cols;
  const wildSlot = greySlot + 1;
  const mk = (): Int32Array => new Int32Array(depth + 1);
  const plan = {
    depth,
    cell: mk(),
    keyBase: mk(),
    side: mk(),
    a: mk(),
    b: mk(),
    joinA: new Uint8Array(depth + 1),
    joinB: new Uint8Array(depth + 1),
    x1: mk().fill(-1),
    x1Side: mk(),
    x2: mk().fill(-1),
    x2Side: mk(),
    scoreAt: mk(),
    shownSize: greySlot + 2,
    greySlot,
    wildSlot,
  };
  const known = new Uint8Array(rows * cols);
  for (const f of p.fixed) known[f.row * cols + f.col] = 1;
  const nbr = (cell: number, side: number): number => {
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    if (side === 0) return r > 0 ? cell - cols : -1;
    if (side === 1) return c + 1 < cols ? cell + 1 : -1;
    if (side === 2) return r + 1 < rows ? cell + cols : -1;
    return c > 0 ? cell - 1 : -1;
  };
  plan.scoreAt[0] = scoreBoard(p, applyFixed(p, emptyBoard(rows, cols)));
  // A set without grey edges (Tetravex) has a free border: any colour may face out.
  const free = !hasGreyBorder(p);
  for (let d = 0; d < depth; d++) {
    const cell = cells[d];
    const out = free ? 0 : outMask(rows, cols, Math.floor(cell / cols), cell % cols);
    const knownSide = [0, 1, 2, 3].map((s) => {
      const q = nbr(cell, s);
      return q >= 0 && known[q] === 1;
    });
    // Key on the adjacent pair with the most known neighbours; (left, top) first, as row scans want.
    let s = 3;
    let bestInfo = -1;
    for (const t of [3, 0, 1, 2]) {
      const info = +knownSide[t] + +knownSide[(t + 1) & 3];
      if (info > bestInfo) {
        bestInfo = info;
        s = t;
      }
    }
    const source = (side: number): number => (knownSide[side] ? 4 * nbr(cell, side) + ((side + 2) & 3) : out & (1 << side) ? greySlot : wildSlot);
    plan.cell[d] = cell;
    plan.side[d] = s;
    plan.keyBase[d] = tables.base(out, s);
    plan.a[d] = source(s);
    plan.b[d] = source((s + 1) & 3);
    plan.joinA[d] = knownSide[s] ? 1 : 0;
    plan.joinB[d] = knownSide[(s + 1) & 3] ? 1 : 0;
    const extras = [0, 1, 2, 3].filter((t) => knownSide[t] && t !== s && t !== ((s + 1) & 3));
    if (extras.length > 0) {
      plan.x1[d] = source(extras[0]);
      plan.x1Side[d] = extras[0];
    }
    if (extras.length > 1) {
      plan.x2[d] = source(extras[1]);
      plan.x2Side[d] = extras[1];
    }
    plan.scoreAt[d + 1] = plan.scoreAt[d] + knownSide.filter(Boolean).length;
    known[cell] = 1;
  }
  // Past the last cell: an empty list, so a finished board backtracks at once.
  plan.cell[depth] = -1;
  plan.keyBase[depth] = tables.emptyKey;
  plan.a[depth] = greySlot;
  plan.b[depth] = greySlot;
  return plan;
}

/**
 * The mismatch allowance: how many broken joins the board may hold once depth d is placed. None
 * before `from` (-1 = five eighths of the way: placement 160 of 256, where Blackwood's schedule starts), then growing linearly to `max` at the last cell
 * (Blackwood's schedule, as a line). Breaks allowed early only let the search wander: on META
 * 10x10, 20 breaks from depth 70 give a first full board within 2,000 placements, from depth 0
 * none within 300,000.
 */
export function mismatchSchedule(depth: number, max: number, from: number): Int32Array {
  const allow = new Int32Array(depth + 1);
  if (max <= 0 || depth === 0) return allow;
  const start = Math.min(from < 0 ? Math.round((5 * depth) / 8) : from, depth - 1);
  const span = depth - start;
  for (let d = start; d < depth; d++) allow[d] = Math.floor((max * (d - start + 1)) / span);
  allow[depth] = max;
  return allow;
}
