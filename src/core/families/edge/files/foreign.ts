import { FormatError } from '../../../document/errors';
import { GREY, greyMask, outMask, rotateMask, type FixedPiece } from '../model/model';
import { STRUCTURE_ORDERS, orderFit } from './detect-order';
import { optionGiven } from './given';
import { applyOrder, type Order } from './orders';
import { countNoun } from '../../../text/plural';

/**
 * Piece-file conventions of other programs that only the pieces themselves can settle: grey
 * written as another colour, and fixed pieces counted from 0 or 1 and turned either way.
 */

/**
 * The colours other than 0 a set's frame may be drawn in: the highest (22 on every frame edge), or,
 * in a set that writes no 0 at all, any colour (1 when colours count from 1, a letter such as `a`).
 * Each lies on as many edges as the frame has, and with it as grey the set makes a board of corner,
 * side and inner pieces. Empty when 0 already does, the usual way.
 */
export function frameColours(fields: Uint16Array, rows: number, cols: number): number[] {
  if (rows < 2 || cols < 2 || fields.length !== 4 * rows * cols) return [];
  let max = 0;
  for (const v of fields) if (v > max) max = v;
  const counts = new Uint32Array(max + 1);
  for (const v of fields) counts[v]++;
  const frame = 2 * (rows + cols);
  const fits = (f: ArrayLike<number>): boolean => STRUCTURE_ORDERS.some((o) => orderFit(f, o, rows, cols).shapeMisfit === 0);
  if (counts[GREY] === frame && fits(fields)) return [];
  // Where 0 is written it is grey, perhaps a broken frame, unless the highest colour is the frame
  // (some programs' way); any colour may be only where 0 is not written at all.
  const found: number[] = [];
  for (let c = counts[GREY] > 0 ? max : 1; c <= max; c++) if (c !== GREY && counts[c] === frame && fits(frameAsGrey(fields, c).fields)) found.push(c);
  return found;
}

/**
 * The set with colour `c` as grey, the others kept apart and in their order (those below `c` up one
 * when 0 is taken, else those above it down one), and the note that says so; colours written as
 * words are named as written.
 */
export function frameAsGrey(
  fields: Uint16Array,
  c: number,
  words?: ReadonlyMap<number, string> | null,
  why = 'is on every frame edge',
): { fields: Uint16Array; note: string } {
  let max = 0;
  let zeroTaken = false;
  for (const v of fields) {
    if (v > max) max = v;
    if (v === GREY) zeroTaken = true;
  }
  const out = new Uint16Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const v = fields[i];
    out[i] = v === c ? GREY : zeroTaken ? (v < c ? v + 1 : v) : v > c ? v - 1 : v;
  }
  // Colours written as words keep their words, so how they are numbered inside is no news.
  const word = words?.get(c);
  const others = word !== undefined ? '' : zeroTaken ? ', the colours below it one higher' : c < max ? ', the colours above it one lower' : '';
  return { fields: out, note: `colour ${word !== undefined ? `"${word}"` : c} ${why}: read as grey (0)${others}` };
}

/** The set with its frame colour as grey when exactly one colour can be the frame; null otherwise (two are a question for the person). */
export function greyFromFrame(
  fields: Uint16Array,
  rows: number,
  cols: number,
  words?: ReadonlyMap<number, string> | null,
): { fields: Uint16Array; note: string } | null {
  const found = frameColours(fields, rows, cols);
  return found.length === 1 ? frameAsGrey(fields, found[0], words) : null;
}

/**
 * The frame a piece list is read with: the person's `frame` option (a colour as the file writes it,
 * number or word; 0 the usual grey), else the one colour that can be the frame. Several that can
 * are given back as choices, for the person to pick between (as written).
 */
export function pickFrame(
  fields: Uint16Array,
  rows: number,
  cols: number,
  words: ReadonlyMap<number, string> | null,
  option: string | undefined,
  file: string,
): { remapped: { fields: Uint16Array; note: string } | null; choices: string[] } {
  if (optionGiven(option)) {
    const named = [...(words ?? [])].find(([, w]) => w === option.toLowerCase())?.[0];
    const c = named ?? (/^\d{1,5}$/.test(option) ? Number(option) : -1);
    if (c < 0 || !fields.includes(c)) throw new FormatError(`frame option: the pieces have no colour "${option}"`, file);
    if (c === GREY) return { remapped: null, choices: [] };
    return { remapped: frameAsGrey(fields, c, words, 'is the frame, as asked'), choices: [] };
  }
  const found = frameColours(fields, rows, cols);
  if (found.length === 1) return { remapped: frameAsGrey(fields, found[0], words), choices: [] };
  return { remapped: null, choices: found.length > 1 ? found.map((c) => words?.get(c) ?? String(c)) : [] };
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
