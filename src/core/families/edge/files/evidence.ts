import type { Evidence } from '../../../document/readings';
import { GREY } from '../model/model';
import { orderFit } from './detect-order';
import type { Order } from './orders';

/**
 * Evidence about a reading of edge pieces or tiles that needs no knowledge of the file: does the
 * count fill the board, does the frame have its corners and sides, can every colour pair up, and,
 * only to part readings still tied, does a short search solve it. Each is one pass over the
 * pieces (the search is bounded by a step budget, so it is deterministic and fast).
 */

/** `16 pieces fill the 4x4 board (from the header)`, or against it when they do not. */
export function countEvidence(n: number, rows: number, cols: number, from: string, weight = 2): Evidence {
  if (n === rows * cols) return { reason: `${n} pieces fill the ${rows}x${cols} board (${from})`, weight };
  return { reason: `${n} pieces for a ${rows}x${cols} board of ${rows * cols} cells (${from})`, weight: -4 };
}

/** Whether grey (0) is anywhere in the pieces. */
export function hasGrey(edges: ArrayLike<number>): boolean {
  for (let i = 0; i < edges.length; i++) if (edges[i] === GREY) return true;
  return false;
}

/** The frame of a set with grey edges, in a given field order: corners, sides and inner pieces where the board wants them. */
export function frameEvidence(fields: ArrayLike<number>, order: Order, rows: number, cols: number): Evidence {
  if (!hasGrey(fields)) return { reason: 'no grey edge: no frame to fit', weight: 0 };
  if (fields.length !== 4 * rows * cols) return { reason: 'the pieces do not fill the board', weight: 0 };
  const fit = orderFit(fields, order, rows, cols);
  if (fit.misfit === 0) return { reason: `the frame fits a ${rows}x${cols} board (corners, sides, inner pieces)`, weight: 4 };
  if (fit.shapeMisfit === 0) return { reason: `the corner, side and inner pieces fit a ${rows}x${cols} board (${fit.reason})`, weight: 2 };
  return { reason: fit.reason, weight: -3 };
}

/** Turning pieces: every colour but grey must appear an even number of times to pair up on the joins. */
export function parityEvidence(edges: ArrayLike<number>): Evidence {
  const odd = new Set<number>();
  for (let i = 0; i < edges.length; i++) {
    const c = edges[i];
    if (c === GREY) continue;
    if (odd.has(c)) odd.delete(c);
    else odd.add(c);
  }
  if (odd.size === 0) return { reason: 'every colour appears an even number of times (all can pair up)', weight: 2 };
  return { reason: `${odd.size} colour${odd.size > 1 ? 's appear' : ' appears'} an odd number of times (cannot all pair up)`, weight: -Math.min(3, odd.size) };
}

/** How many values of `a` find a partner in `b` (the size of the multiset intersection). */
function paired(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const count = new Map<number, number>();
  for (let i = 0; i < a.length; i++) count.set(a[i], (count.get(a[i]) ?? 0) + 1);
  let n = 0;
  for (let i = 0; i < b.length; i++) {
    const k = count.get(b[i]) ?? 0;
    if (k > 0) {
      n++;
      count.set(b[i], k - 1);
    }
  }
  return n;
}

/** The colours of one side of every tile, the tiles given in field order `order` (field f is side order[f]). */
function sideColours(fields: ArrayLike<number>, order: Order, side: number): Uint16Array {
  const f = order.indexOf(side);
  const out = new Uint16Array(fields.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = fields[4 * i + f];
  return out;
}

/**
 * Tiles that never turn: a solved board joins R(C-1) right edges to left edges and (R-1)C bottom
 * edges to top edges, so at least that many must pair up by colour. In the wrong order the sides
 * compared are unrelated and pair up only by chance.
 */
export function pairingEvidence(fields: ArrayLike<number>, order: Order, rows: number, cols: number): Evidence {
  const across = paired(sideColours(fields, order, 1), sideColours(fields, order, 3));
  const down = paired(sideColours(fields, order, 2), sideColours(fields, order, 0));
  const needAcross = rows * (cols - 1);
  const needDown = (rows - 1) * cols;
  const have = across + down;
  const need = needAcross + needDown;
  if (across >= needAcross && down >= needDown) return { reason: `${have} opposite edges pair up where a solved board needs ${need}`, weight: 3 };
  return { reason: `only ${have} opposite edges pair up where a solved ${rows}x${cols} board needs ${need}`, weight: -4 };
}

/** Steps a short search may take: a few milliseconds, the same on every machine. */
export const SHORT_SEARCH_STEPS = 60_000;

/**
 * A short depth-first search for tiles that never turn (`edges` top right bottom left), cells in
 * row-major order: whether it solves the board within the step budget, and the most tiles it
 * placed. Bounded, deterministic.
 */
export function shortTileSearch(edges: ArrayLike<number>, rows: number, cols: number, steps = SHORT_SEARCH_STEPS): { solved: boolean; placed: number } {
  const n = edges.length >> 2;
  if (n !== rows * cols) return { solved: false, placed: 0 };
  const used = new Uint8Array(n);
  const at = new Int32Array(n).fill(-1);
  let left = steps;
  let most = 0;
  const go = (cell: number): boolean => {
    if (cell > most) most = cell;
    if (cell === n) return true;
    const r = Math.floor(cell / cols);
    const c = cell % cols;
    const wantLeft = c > 0 ? edges[4 * at[cell - 1] + 1] : -1;
    const wantTop = r > 0 ? edges[4 * at[cell - cols] + 2] : -1;
    const tried = new Set<string>();
    for (let t = 0; t < n; t++) {
      if (used[t]) continue;
      if (wantLeft >= 0 && edges[4 * t + 3] !== wantLeft) continue;
      if (wantTop >= 0 && edges[4 * t] !== wantTop) continue;
      // Equal tiles are one choice.
      const key = `${edges[4 * t]},${edges[4 * t + 1]},${edges[4 * t + 2]},${edges[4 * t + 3]}`;
      if (tried.has(key)) continue;
      tried.add(key);
      if (--left < 0) return false;
      used[t] = 1;
      at[cell] = t;
      if (go(cell + 1)) return true;
      used[t] = 0;
      if (left < 0) return false;
    }
    return false;
  };
  const solved = n <= 400 && go(0);
  return { solved, placed: most };
}

/** The short search as evidence, for readings the cheaper evidence leaves tied. */
export function searchEvidence(edges: ArrayLike<number>, rows: number, cols: number): Evidence {
  const s = shortTileSearch(edges, rows, cols);
  if (s.solved) return { reason: 'a short search solves it', weight: 3 };
  return { reason: `a short search placed at most ${s.placed} of ${rows * cols} tiles`, weight: s.placed < (rows * cols) / 2 ? -1 : 0 };
}
