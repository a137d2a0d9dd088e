import { FormatError } from '../../../document/errors';
import { GREY, SHAPES, greyMask, maskShape, outMask, rotationKey, type EdgePuzzle, type Shape } from '../model/model';
import { applyOrder, mirrorOrder, orderText, type Order } from './orders';
import { countNoun } from '../../../text/plural';

/**
 * Which edge order a piece list is in, judged from the pieces alone: under the right order every
 * corner has its two grey edges side by side, every border piece has frame colours only next to
 * its grey edge, and the counts of corner, side and inner pieces fit the board. Only which fields
 * are opposite matters for that (3 "structures"); rotations give the same puzzle and a mirror
 * order the mirror puzzle, which solves the same way. A board read with the pieces can tell the
 * mirror apart (see place-board.ts).
 */

/** One order per structure: the clockwise one people use (`trbl`, `nswe`), else the first. */
export const STRUCTURE_ORDERS: readonly Order[] = [
  [0, 1, 2, 3], // top right bottom left
  [0, 2, 3, 1], // top bottom left right (n s w e)
  [0, 1, 3, 2], // top right left bottom
];

export interface OrderFit {
  order: Order;
  /** Pieces of the wrong kind for the board plus colours both on frame and inner joins; 0 = fits. */
  misfit: number;
  /** Pieces of the wrong kind alone (frame and inner colours may overlap on small boards). */
  shapeMisfit: number;
  /** What does not fit, for messages; empty when it fits. */
  reason: string;
}

const KIND: Record<Shape, string> = { corner: 'corner', side: 'side', inner: 'inner', strip: 'two-opposite-grey', end: 'three-grey', single: 'all-grey' };

export function orderFit(fields: ArrayLike<number>, order: Order, rows: number, cols: number): OrderFit {
  const p: EdgePuzzle = { rows, cols, edges: applyOrder(fields, order), fixed: [] };
  const n = p.edges.length >> 2;
  const want = new Map<Shape, number>(SHAPES.map((s) => [s, 0]));
  const have = new Map<Shape, number>(SHAPES.map((s) => [s, 0]));
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const s = maskShape(outMask(rows, cols, r, c));
      want.set(s, want.get(s)! + 1);
    }
  for (let i = 0; i < n; i++) {
    const s = maskShape(greyMask(p, i));
    have.set(s, have.get(s)! + 1);
  }
  let misfit = 0;
  const reasons: string[] = [];
  for (const s of SHAPES) {
    const d = Math.abs(want.get(s)! - have.get(s)!);
    if (d === 0) continue;
    misfit += d;
    reasons.push(`${have.get(s)} ${KIND[s]} pieces where a ${rows}x${cols} board takes ${want.get(s)}`);
  }
  const shapeMisfit = misfit;
  if (Math.min(rows, cols) >= 3) {
    const frame = new Set<number>();
    const inner = new Set<number>();
    for (let i = 0; i < n; i++) {
      const m = greyMask(p, i);
      if (m === 0) continue;
      for (let s = 0; s < 4; s++) {
        const e = p.edges[4 * i + s];
        if (e === GREY) continue;
        const besideGrey = ((m >> ((s + 1) & 3)) | (m >> ((s + 3) & 3))) & 1;
        (besideGrey ? frame : inner).add(e);
      }
    }
    let both = 0;
    for (const c of frame) if (inner.has(c)) both++;
    if (both > 0) {
      misfit += both;
      reasons.push(`${countNoun(both, 'colour')} both beside and opposite a grey edge`);
    }
  }
  return { order, misfit, shapeMisfit, reason: reasons.join(', ') };
}

/** The pieces up to rotation: equal keys = the same puzzle for a solver. */
function setKey(fields: ArrayLike<number>, order: Order): string {
  const e = applyOrder(fields, order);
  const keys: string[] = [];
  for (let i = 0; i < e.length; i += 4) keys.push(rotationKey(e[i], e[i + 1], e[i + 2], e[i + 3]));
  return keys.sort().join(';');
}

export interface OrderChoice {
  order: Order;
  /** "read as top bottom left right" when the order was worked out, else undefined. */
  note?: string;
}

/**
 * The order to read a piece list in when neither the user nor the file says. Throws a FormatError
 * naming `--order` when no order fits, or when several fit and give different puzzles.
 */
export function detectOrder(fields: ArrayLike<number>, rows: number, cols: number, file?: string): OrderChoice {
  const fits = STRUCTURE_ORDERS.map((o) => orderFit(fields, o, rows, cols));
  const good = fits.filter((f) => f.misfit === 0);
  if (good.length === 1) return { order: good[0].order, note: `read as ${orderText(good[0].order)}` };
  if (good.length > 1) {
    // Harmless when every fitting order gives the first one's puzzle or its mirror image.
    const same = [setKey(fields, good[0].order), setKey(fields, mirrorOrder(good[0].order))];
    if (good.every((f) => same.includes(setKey(fields, f.order)))) return { order: good[0].order, note: `read as ${orderText(good[0].order)}` };
    throw new FormatError(
      `the pieces make a valid ${rows}x${cols} puzzle in more than one edge order (${good.map((f) => orderText(f.order)).join('; ')}): give the file's order with --order (e.g. --order trbl)`,
      file,
    );
  }
  // Frame and inner colours may overlap (small sets): one structure where every piece kind fits is
  // the order; validation then warns about the overlap, as it does when --order names it.
  const shaped = fits.filter((f) => f.shapeMisfit === 0);
  if (shaped.length === 1)
    return {
      order: shaped[0].order,
      note: `read as ${orderText(shaped[0].order)}, the one order where the corner, side and inner pieces fit the board (${shaped[0].reason})`,
    };
  // Nothing fits. When every order fails alike (a set with no grey edges, a wrong piece count),
  // the order is not the problem: read the file as written and let validation say what is wrong.
  if (fits.every((f) => f.misfit === fits[0].misfit && f.reason === fits[0].reason)) return { order: fits[0].order };
  const best = [...fits].sort((a, b) => a.misfit - b.misfit)[0];
  throw new FormatError(
    `no edge order makes these pieces a valid ${rows}x${cols} puzzle: give the file's order with --order (e.g. --order trbl), the size with --size, or --format tetravex for Tetravex tiles (closest: ${orderText(best.order)}, with ${best.reason})`,
    file,
  );
}
