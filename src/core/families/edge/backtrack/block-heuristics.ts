import type { BlockLayout, BlockSet } from './blocks';

export const BLOCK_HEURISTICS = ['none', 'h1', 'h2'] as const;
export type BlockHeuristic = (typeof BLOCK_HEURISTICS)[number];

/** Classes of the neighbours on each side (top right bottom left) of each class's positions. */
function neighbourClasses(layout: BlockLayout): number[][][] {
  const out: number[][][] = Array.from({ length: layout.classes }, () => [[], [], [], []]);
  const { rows, cols, classOf } = layout;
  const at = (r: number, c: number): number => (r >= 0 && c >= 0 && r < rows && c < cols ? classOf[r * cols + c] : -1);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = classOf[r * cols + c];
      const nb = [at(r - 1, c), at(r, c + 1), at(r + 1, c), at(r, c - 1)];
      for (let s = 0; s < 4; s++) if (nb[s] >= 0 && !out[k][s].includes(nb[s])) out[k][s].push(nb[s]);
    }
  }
  return out;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * Aspinall et al.'s metrics for blocks of border classes (NaN for the others): the product, over
 * the block's sides that face another block, of how many blocks could lie there (h1), or of how
 * many could lie there without sharing a piece with it (h2). A block with metric 0 can be in no
 * solution. `count` is how many pieces each type has (a shared type conflicts only when the two
 * blocks together hold more of it than there are). Void sub-cells (type -1) share with nothing.
 */
export function blockMetrics(layout: BlockLayout, set: BlockSet, count: Int32Array, heuristic: 'h1' | 'h2'): Float64Array {
  const P = set.patterns;
  const nb = neighbourClasses(layout);
  const { cls, sides, types } = set;
  const B = set.count;
  // Blocks of class k with pattern x on side s: CSR over group (k, s, x).
  const groups = layout.classes * 4 * P;
  const gStart = new Int32Array(groups + 1);
  for (let b = 0; b < B; b++) for (let s = 0; s < 4; s++) gStart[(cls[b] * 4 + s) * P + sides[4 * b + s] + 1]++;
  for (let g = 0; g < groups; g++) gStart[g + 1] += gStart[g];
  const gList = new Int32Array(4 * B);
  const fill = gStart.slice(0, groups);
  for (let b = 0; b < B; b++) for (let s = 0; s < 4; s++) gList[fill[(cls[b] * 4 + s) * P + sides[4 * b + s]]++] = b;

  const metric = new Float64Array(B).fill(NaN);
  for (let b = 0; b < B; b++) if (layout.border[cls[b]]) metric[b] = 1;
  // Per border class and side: count partners for every block, group by group of partners.
  const partners = new Float64Array(B);
  const T = count.length;
  // H2 bit sets of one partner group: for type t and j = 1..4, the members holding t at least j times.
  const comboOf = new Int32Array(4 * T).fill(-1);
  let bits = new Int32Array(0);
  for (let k = 0; k < layout.classes; k++) {
    if (!layout.border[k]) continue;
    for (let s = 0; s < 4; s++) {
      if (nb[k][s].length === 0) continue;
      const facing = (s + 2) & 3;
      for (let x = 0; x < P; x++) {
        const own = (k * 4 + s) * P + x;
        if (gStart[own] === gStart[own + 1]) continue;
        for (let i = gStart[own]; i < gStart[own + 1]; i++) partners[gList[i]] = 0;
        for (const k2 of nb[k][s]) {
          const g = (k2 * 4 + facing) * P + x;
          const lo = gStart[g];
          const n = gStart[g + 1] - lo;
          if (n === 0) continue;
          if (heuristic === 'h1') {
            for (let i = gStart[own]; i < gStart[own + 1]; i++) partners[gList[i]] += n;
            continue;
          }
          const words = (n + 31) >>> 5;
          // Which (type, at least j copies) combos occur in the group, each with a bit set over its members.
          const combos: number[] = [];
          for (let i = 0; i < n; i++) {
            const b2 = gList[lo + i];
            for (let q = 0; q < 4; q++) {
              const t = types[4 * b2 + q];
              if (t < 0) continue;
              let j = 0;
              for (let r = 0; r <= q; r++) if (types[4 * b2 + r] === t) j++;
              const c = 4 * t + j - 1;
              if (comboOf[c] < 0) {
                comboOf[c] = combos.length;
                combos.push(c);
              }
            }
          }
          if (bits.length < combos.length * words) bits = new Int32Array(2 * combos.length * words);
          bits.fill(0, 0, combos.length * words);
          for (let i = 0; i < n; i++) {
            const b2 = gList[lo + i];
            for (let q = 0; q < 4; q++) {
              const t = types[4 * b2 + q];
              if (t < 0) continue;
              let j = 0;
              for (let r = 0; r <= q; r++) if (types[4 * b2 + r] === t) j++;
              bits[comboOf[4 * t + j - 1] * words + (i >>> 5)] |= 1 << (i & 31);
            }
          }
          // A partner conflicts when it holds t at least count[t] - (copies of t in the block) + 1 times.
          const sel: number[] = [];
          for (let i = gStart[own]; i < gStart[own + 1]; i++) {
            const b = gList[i];
            sel.length = 0;
            for (let q = 0; q < 4; q++) {
              const t = types[4 * b + q];
              if (t < 0) continue;
              let first = true;
              let o = 0;
              for (let r = 0; r < 4; r++) {
                if (types[4 * b + r] !== t) continue;
                if (r < q) first = false;
                o++;
              }
              if (!first) continue;
              const j = count[t] - o + 1;
              if (j < 1 || j > 4) continue;
              const c = comboOf[4 * t + j - 1];
              if (c >= 0) sel.push(c * words);
            }
            let clash = 0;
            for (let w = 0; w < words; w++) {
              let m = 0;
              for (const base of sel) m |= bits[base + w];
              clash += popcount(m);
            }
            partners[b] += n - clash;
          }
          for (const c of combos) comboOf[c] = -1;
        }
        for (let i = gStart[own]; i < gStart[own + 1]; i++) metric[gList[i]] *= partners[gList[i]];
      }
    }
  }
  return metric;
}
