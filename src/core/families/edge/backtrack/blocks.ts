import { outMask, type EdgePuzzle } from '../model/model';
import type { CandidateTables } from './candidates';
import type { PieceTypes } from './piece-types';
import { countText } from '../../../text/numbers';

/** Beyond this many blocks the tables take hundreds of megabytes (E2 16x16 has 4.4 million: 500 MB). */
export const MAX_BLOCKS = 3_000_000;

/** Sub-cells of a block, in the order blocks store them. */
export const TL = 0;
export const TR = 1;
export const BL = 2;
export const BR = 3;

/**
 * The half-size board of 2x2 blocks. Block positions that need the same kind of block (the same
 * out sides on each of their four cells, the same fixed pieces) share a class; blocks are
 * enumerated once per class, already oriented for its positions, so the search never turns a block.
 *
 * A board with an odd number of columns (rows) is padded with one column (row) of void cells on
 * the right (bottom), so every block position has four sub-cells. A void cell holds the void
 * piece: grey on all four sides, unlimited, never on the board the run reports. The real cells
 * keep the out sides of the real board, so a real cell beside a void one shows grey there and
 * matches it, and a block's side made of void cells is a grey pair, as a frame side must be.
 */
export interface BlockLayout {
  rows: number;
  cols: number;
  /** Class of each block position, row-major. */
  classOf: Int32Array;
  classes: number;
  /** Per class: out mask of each sub-cell (TL TR BL BR), and the fixed piece there (index into puzzle.fixed, -1 = none). */
  subMask: Int32Array;
  subFixed: Int32Array;
  /** Per class: 1 for each sub-cell (TL TR BL BR) that is a void cell (out mask 0, no fixed piece). */
  subVoid: Uint8Array;
  /** Per class: 1 when its positions lie on the frame of the block board. */
  border: Uint8Array;
}

export function blockLayout(p: EdgePuzzle): BlockLayout {
  const { rows, cols } = p;
  const br = (rows + 1) >> 1;
  const bc = (cols + 1) >> 1;
  const fixedAt = new Map<number, number>(p.fixed.map((f, j) => [f.row * cols + f.col, j]));
  const classOf = new Int32Array(br * bc);
  const ids = new Map<string, number>();
  const subMask: number[] = [];
  const subFixed: number[] = [];
  const subVoid: number[] = [];
  const border: number[] = [];
  for (let i = 0; i < br; i++) {
    for (let j = 0; j < bc; j++) {
      const at = [
        [2 * i, 2 * j],
        [2 * i, 2 * j + 1],
        [2 * i + 1, 2 * j],
        [2 * i + 1, 2 * j + 1],
      ];
      const isVoid = at.map(([r, c]) => (r < rows && c < cols ? 0 : 1));
      const masks = at.map(([r, c], q) => (isVoid[q] ? 0 : outMask(rows, cols, r, c)));
      const fixed = at.map(([r, c], q) => (isVoid[q] ? -1 : (fixedAt.get(r * cols + c) ?? -1)));
      const sig = `${masks.join(',')}|${fixed.join(',')}|${isVoid.join('')}`;
      let k = ids.get(sig);
      if (k === undefined) {
        k = ids.size;
        ids.set(sig, k);
        subMask.push(...masks);
        subFixed.push(...fixed);
        subVoid.push(...isVoid);
        border.push(i === 0 || j === 0 || i === br - 1 || j === bc - 1 ? 1 : 0);
      }
      classOf[i * bc + j] = k;
    }
  }
  return {
    rows: br,
    cols: bc,
    classOf,
    classes: ids.size,
    subMask: Int32Array.from(subMask),
    subFixed: Int32Array.from(subFixed),
    subVoid: Uint8Array.from(subVoid),
    border: Uint8Array.from(border),
  };
}

/**
 * Every valid block of every class: four distinct pieces (as many of a type as it has), grey
 * sides exactly out, the four inner joins matching. A block's outer side is a pattern: the pair of
 * colours its two cells show there (top and bottom sides read left to right, left and right sides
 * read top to bottom, so facing sides of neighbouring blocks compare equal); pattern 0 = grey pair.
 * A void sub-cell has type -1 and rotation 0.
 */
export interface BlockSet {
  count: number;
  patterns: number;
  cls: Int32Array;
  /** 4 per block, TL TR BL BR; -1 = the void piece. */
  types: Int32Array;
  rots: Int32Array;
  /** 4 per block: patterns on its top, right, bottom and left. */
  sides: Int32Array;
}

class Grow {
  data = new Int32Array(1024);
  length = 0;
  push(x: number): void {
    if (this.length === this.data.length) {
      const d = new Int32Array(this.data.length * 2);
      d.set(this.data);
      this.data = d;
    }
    this.data[this.length++] = x;
  }
  done(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

export function enumerateBlocks(p: EdgePuzzle, pt: PieceTypes, tables: CandidateTables, layout: BlockLayout): BlockSet {
  const { wild, shift, start, stop } = tables;
  const C = pt.colours;
  const patternOf = new Int32Array(C * C).fill(-1);
  patternOf[0] = 0;
  let patterns = 1;
  const cls = new Grow();
  const types = new Grow();
  const rots = new Grow();
  const sides = new Grow();
  let count = 0;

  // Options of a sub-cell are entries of the candidate tables, or for a fixed cell its piece as
  // one more entry past the tables' end, or for a void cell the void piece as the last entry:
  // the same arrays serve all three. The void piece has type T, whose supply never runs out.
  const E = tables.entries;
  const F = p.fixed.length;
  const T = pt.typeCount;
  const V = E + F;
  const eType = new Int32Array(V + 1);
  const eRot = new Int32Array(V + 1);
  const eEdge = new Int32Array(4 * (V + 1));
  eType.set(tables.type);
  eRot.set(tables.rot);
  eEdge.set(tables.edge);
  p.fixed.forEach((f, j) => {
    const t = pt.typeOfFixed[j];
    eType[E + j] = t;
    eRot[E + j] = f.rotation;
    for (let s = 0; s < 4; s++) eEdge[4 * (E + j) + s] = pt.edges[4 * t + ((s - f.rotation + 4) & 3)];
  });
  eType[V] = T;
  // Range of options for sub-cell q of class k whose left and top show a and b (wild = anything).
  const range = new Int32Array(8);
  const options = (k: number, q: number, a: number, b: number, at: number): void => {
    if (layout.subVoid[4 * k + q]) {
      range[at] = V;
      range[at + 1] = (a === wild || a === 0) && (b === wild || b === 0) ? V + 1 : V;
      return;
    }
    const m = layout.subMask[4 * k + q];
    const f = layout.subFixed[4 * k + q];
    if (f < 0) {
      const key = tables.base(m, 3) + (a << shift) + b;
      range[at] = start[key];
      range[at + 1] = stop[key];
      return;
    }
    const o = E + f;
    let grey = 0;
    for (let s = 0; s < 4; s++) if (eEdge[4 * o + s] === 0) grey |= 1 << s;
    const ok = grey === m && (a === wild || eEdge[4 * o + 3] === a) && (b === wild || eEdge[4 * o] === b);
    range[at] = o;
    range[at + 1] = ok ? o + 1 : o;
  };
  const pattern = (a: number, b: number): number => {
    const k = a * C + b;
    if (patternOf[k] < 0) patternOf[k] = patterns++;
    return patternOf[k];
  };
  const cnt = new Int32Array(T + 1);
  cnt.set(pt.count);
  cnt[T] = 4;
  const used = new Int32Array(T + 1);

  for (let k = 0; k < layout.classes; k++) {
    // Outer sides of the block are grey where they face out, anything otherwise.
    const outer = (q: number, side: number): number => (layout.subMask[4 * k + q] & (1 << side) ? 0 : wild);
    const trTop = outer(TR, 0);
    const blLeft = outer(BL, 3);
    options(k, TL, outer(TL, 3), outer(TL, 0), 0);
    for (let o0 = range[0]; o0 < range[1]; o0++) {
      const t0 = eType[o0];
      used[t0]++;
      options(k, TR, eEdge[4 * o0 + 1], trTop, 2);
      for (let o1 = range[2]; o1 < range[3]; o1++) {
        const t1 = eType[o1];
        if (used[t1] >= cnt[t1]) continue;
        used[t1]++;
        options(k, BL, blLeft, eEdge[4 * o0 + 2], 4);
        for (let o2 = range[4]; o2 < range[5]; o2++) {
          const t2 = eType[o2];
          if (used[t2] >= cnt[t2]) continue;
          used[t2]++;
          options(k, BR, eEdge[4 * o2 + 1], eEdge[4 * o1 + 2], 6);
          for (let o3 = range[6]; o3 < range[7]; o3++) {
            const t3 = eType[o3];
            if (used[t3] >= cnt[t3]) continue;
            if (++count > MAX_BLOCKS)
              throw new Error(
                `the 2x2 transform of this ${p.rows}x${p.cols} puzzle has more than ${countText(MAX_BLOCKS)} blocks; it is meant for boards up to about 14x14`,
              );
            cls.push(k);
            types.push(t0);
            types.push(t1 === T ? -1 : t1);
            types.push(t2 === T ? -1 : t2);
            types.push(t3 === T ? -1 : t3);
            rots.push(eRot[o0]);
            rots.push(eRot[o1]);
            rots.push(eRot[o2]);
            rots.push(eRot[o3]);
            sides.push(pattern(eEdge[4 * o0], eEdge[4 * o1]));
            sides.push(pattern(eEdge[4 * o1 + 1], eEdge[4 * o3 + 1]));
            sides.push(pattern(eEdge[4 * o2 + 2], eEdge[4 * o3 + 2]));
            sides.push(pattern(eEdge[4 * o0 + 3], eEdge[4 * o2 + 3]));
          }
          used[t2]--;
        }
        used[t1]--;
      }
      used[t0]--;
    }
  }
  return { count, patterns, cls: cls.done(), types: types.done(), rots: rots.done(), sides: sides.done() };
}
