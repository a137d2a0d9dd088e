import { FormatError } from '../../../document/errors';
import { GREY, greyMask, outMask, rotateMask, type FixedPiece } from '../model/model';
import { STRUCTURE_ORDERS, orderFit } from './detect-order';
import { applyOrder, type Order } from './orders';
import { countNoun } from '../../../text/plural';

/**
 * Piece-file conventions of other programs that only the pieces themselves can settle: grey
 * written as the highest colour, and fixed pieces counted from 0 or 1 and turned either way.
 */

/**
 * A set whose frame is drawn in its highest colour instead of 0 (e.g. 22 on every frame edge):
 * the same set with that colour as grey, when it then makes a board of corner, side and inner
 * pieces. Null when the set is not written that way.
 */
export function greyAsHighest(fields: Uint16Array, rows: number, cols: number): { fields: Uint16Array; note: string } | null {
  if (rows < 2 || cols < 2 || fields.length !== 4 * rows * cols) return null;
  let max = 0;
  for (const v of fields) if (v > max) max = v;
  let highest = 0;
  let zeros = 0;
  for (const v of fields) {
    if (v === max) highest++;
    else if (v === GREY) zeros++;
  }
  const frame = 2 * (rows + cols);
  if (max === GREY || highest !== frame) return null;
  const fits = (f: ArrayLike<number>): boolean => STRUCTURE_ORDERS.some((o) => orderFit(f, o, rows, cols).shapeMisfit === 0);
  // A frame already in 0 is the usual way; only a set that does not fit with 0 as grey is rewritten.
  if (zeros === frame && fits(fields)) return null;
  const shift = zeros > 0 ? 1 : 0;
  const out = new Uint16Array(fields.length);
  for (let i = 0; i < fields.length; i++) out[i] = fields[i] === max ? GREY : fields[i] + shift;
  if (!fits(out)) return null;
  return { fields: out, note: `colour ${max} is on every frame edge: read as grey (0)${shift ? ', the other colours one higher' : ''}` };
}

type Sense = 'clockwise' | 'anticlockwise';

/** Where a hint line keeps the piece: before its position (this program's way) or after it (`row col piece rotation`). */
const LAYOUTS = [
  { name: 'piece row col rotation', piece: 0, row: 1, col: 2 },
  { name: 'row col piece rotation', piece: 2, row: 0, col: 1 },
] as const;

/**
 * Fixed pieces as another program writes them (`piece row col rotation` or `row col piece
 * rotation`), placed on the board: pieces and positions may count from 0 or from 1 and turns go
 * either way; the reading under which the most of them show their grey edges exactly to the
 * outside wins (piece first, from 1 and clockwise, this program's own convention, among equals).
 */
export function foreignFixed(
  entries: { no: number; v: number[] }[],
  fields: ArrayLike<number>,
  order: Order,
  rows: number,
  cols: number,
  from: string,
  file: string,
): { fixed: FixedPiece[]; note: string } {
  const edges = applyOrder(fields, order);
  const n = edges.length / 4;
  const p = { rows, cols, edges, fixed: [] };
  // A hint that fits by chance says little: an inner piece on an inner cell fits for most
  // readings, a corner turned right on a corner for few. Each fitting hint weighs the surprise of
  // its fit (-log of the chance a piece drawn at random, turned at random, fits there).
  const kinds = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = bitCount(greyMask(p, i));
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  const surprise = (row: number, col: number): number => {
    const out = outMask(rows, cols, row, col);
    const share = (kinds.get(bitCount(out)) ?? 0) / n;
    return share > 0 ? -Math.log(out === 0 ? share : share / 4) : 0;
  };
  let best: { fixed: FixedPiece[]; legal: number; pieceBase: number; posBase: number; sense: Sense; layout: string } | null = null;
  for (const layout of LAYOUTS)
    for (const sense of ['clockwise', 'anticlockwise'] as const)
      for (const [pieceBase, posBase] of [
        [1, 1],
        [0, 0],
        [1, 0],
        [0, 1],
      ]) {
        const fixed: FixedPiece[] = [];
        let legal = 0;
        for (const { v } of entries) {
          const [piece, row, col, rot] = [v[layout.piece] - pieceBase, v[layout.row] - posBase, v[layout.col] - posBase, v[3]];
          if (piece < 0 || piece >= n || row < 0 || row >= rows || col < 0 || col >= cols || rot > 3) break;
          const rotation = sense === 'clockwise' ? rot : (4 - rot) & 3;
          if (rotateMask(greyMask(p, piece), rotation) === outMask(rows, cols, row, col)) legal += surprise(row, col);
          fixed.push({ piece, row, col, rotation });
        }
        if (fixed.length === entries.length && (!best || legal > best.legal + 1e-9)) best = { fixed, legal, pieceBase, posBase, sense, layout: layout.name };
      }
  if (!best) {
    const e = entries[0];
    throw new FormatError(
      `fixed piece "${e.v.join(' ')}" (piece row col rotation, or row col piece rotation) is off the ${rows}x${cols} board of ${n} pieces`,
      file,
      e.no,
    );
  }
  const count = entries.length;
  const note =
    `${countNoun(count, 'fixed piece')} from ${from} (${best.layout}: pieces counted from ${best.pieceBase}, ` +
    `rows and columns from ${best.posBase}, turns ${best.sense})`;
  return { fixed: best.fixed, note };
}

function bitCount(m: number): number {
  return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);
}
