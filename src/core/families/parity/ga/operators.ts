import type { Rng } from '../../../rng/rng';

/**
 * The operators of Almuhaideb et al. 2022 on n x n 0/1 grids with exactly m zeros (0 = removed
 * token). Every grid is N = n^2 bytes, row-major, at an offset in a shared buffer, so the GA
 * keeps its population in one typed array and nothing is allocated per offspring. Each
 * operator's result keeps exactly m zeros.
 */

/** Row and column parities of the kept tokens into rp/cp[po .. po + n); returns the cost (odd rows + odd columns). */
export function gridParity(g: Uint8Array, off: number, n: number, rp: Uint8Array, cp: Uint8Array, po: number): number {
  cp.fill(0, po, po + n);
  let cost = 0;
  for (let r = 0; r < n; r++) {
    const row = off + r * n;
    let p = 0;
    for (let c = 0; c < n; c++) {
      const v = g[row + c];
      p ^= v;
      cp[po + c] ^= v;
    }
    rp[po + r] = p;
    cost += p;
  }
  for (let c = 0; c < n; c++) cost += cp[po + c];
  return cost;
}

/** Turns `count` random 1s of a grid holding `ones` 1s into 0s (uniform over the 1s each time). */
function removeRandomOnes(g: Uint8Array, off: number, size: number, ones: number, count: number, rng: Rng): void {
  for (; count > 0; count--, ones--) {
    let i: number;
    if (ones * 4 >= size) {
      // Mostly ones: rejection takes at most ~4 draws on average.
      do i = rng.int(size);
      while (g[off + i] === 0);
    } else {
      let rank = rng.int(ones);
      i = 0;
      for (; ; i++) if (g[off + i] === 1 && rank-- === 0) break;
    }
    g[off + i] = 0;
  }
}

/**
 * The row-major index of the k-th cell in chromosome order: MATLAB's column-major linear order
 * (`byColumn`, what its `find` returns and what BInversion's Figure 5 reverses) or row-major
 * (the order Figures 3 and 4 draw). The crossovers take "the first" zeros in this order.
 */
function cellAt(k: number, n: number, byColumn: boolean): number {
  if (!byColumn) return k;
  const c = (k / n) | 0;
  return (k - c * n) * n + c;
}

/**
 * BMOC (Algorithm 2, Figure 3), one offspring: the zeros of `left` in columns [0, w), then the
 * first zeros of `right` in columns [w, n) in chromosome order until there are m, then random
 * ones turned to zeros if `right` had too few there. The paper's second offspring is the same
 * call with the parents swapped; w = a - 1 for its 1-based point a in [2, n], i.e. w in [1, n - 1].
 */
export function bmocChild(g: Uint8Array, left: number, right: number, child: number, n: number, m: number, w: number, byColumn: boolean, rng: Rng): void {
  const size = n * n;
  g.fill(1, child, child + size);
  let zeros = 0;
  for (let r = 0; r < n; r++) {
    const row = r * n;
    for (let c = 0; c < w; c++)
      if (g[left + row + c] === 0) {
        g[child + row + c] = 0;
        zeros++;
      }
  }
  for (let k = byColumn ? w * n : 0; k < size && zeros < m; k++) {
    const i = cellAt(k, n, byColumn);
    if (i % n >= w && g[right + i] === 0) {
      g[child + i] = 0;
      zeros++;
    }
  }
  if (zeros < m) removeRandomOnes(g, child, size, size - zeros, m - zeros, rng);
}

/** Sets the first `count` cells equal to `from` outside columns [a, b], in chromosome order, to `to`. */
function turnOutside(g: Uint8Array, off: number, n: number, a: number, b: number, byColumn: boolean, from: number, count: number): void {
  const size = n * n;
  for (let k = 0; k < size && count > 0; k++) {
    const i = cellAt(k, n, byColumn);
    const c = i % n;
    if ((c < a || c > b) && g[off + i] === from) {
      g[off + i] = 1 - from;
      count--;
    }
  }
}

/**
 * BPMX (Algorithm 3, Figure 4): columns [a, b] (0-based, inclusive) come from the own parent
 * (o1 from p1, o2 from p2), the rest from the other one. The two offspring hold 2m zeros between
 * them; when one has d extra, its first d zeros outside [a, b] (chromosome order) become ones and
 * the other's first d ones outside [a, b] become zeros (the algorithm text does not say which
 * positions). The paper's points 2 <= a < b <= n - 1 (1-based) are a in [1, n - 3],
 * b in [a + 1, n - 2] here.
 */
export function bpmx(g: Uint8Array, p1: number, p2: number, o1: number, o2: number, n: number, m: number, a: number, b: number, byColumn: boolean): void {
  let z1 = 0;
  for (let r = 0; r < n; r++) {
    const row = r * n;
    for (let c = 0; c < n; c++) {
      const inside = c >= a && c <= b;
      const v1 = inside ? g[p1 + row + c] : g[p2 + row + c];
      g[o1 + row + c] = v1;
      g[o2 + row + c] = inside ? g[p2 + row + c] : g[p1 + row + c];
      z1 += 1 - v1;
    }
  }
  if (z1 === m) return;
  // Both always find d cells: the surplus child's outside zeros are its other parent's
  // m - (zeros inside) >= d, and symmetrically for the short child's outside ones.
  const d = Math.abs(z1 - m);
  turnOutside(g, z1 > m ? o1 : o2, n, a, b, byColumn, 0, d);
  turnOutside(g, z1 > m ? o2 : o1, n, a, b, byColumn, 1, d);
}

/** Flips one kept-count parity bit and returns the cost change. */
function flip(par: Uint8Array, i: number): number {
  const was = par[i];
  par[i] = was ^ 1;
  return was ? -1 : 1;
}

/**
 * BSwap (Figure 6): swaps the cells at p and q (row-major indexes). Equal values make it a no-op,
 * as in the paper. Updates the parities in O(1) and returns the cost change.
 */
export function bswap(g: Uint8Array, off: number, n: number, rp: Uint8Array, cp: Uint8Array, po: number, p: number, q: number): number {
  const vp = g[off + p];
  if (vp === g[off + q]) return 0;
  g[off + p] = g[off + q];
  g[off + q] = vp;
  const rpI = (p / n) | 0;
  const rqI = (q / n) | 0;
  return flip(rp, po + rpI) + flip(cp, po + p - rpI * n) + flip(rp, po + rqI) + flip(cp, po + q - rqI * n);
}

/**
 * BInversion (Figure 5): reverses the run of cells from linear position i to j (inclusive) of the
 * chromosome. Figure 5 reverses part of a column, i.e. the chromosome is the grid in column-major
 * order (MATLAB's linear indexing), so position L is row L % n, column L / n. O(j - i): only
 * pairs that differ change, each flipping its rows' and columns' parities.
 */
export function binversion(g: Uint8Array, off: number, n: number, rp: Uint8Array, cp: Uint8Array, po: number, i: number, j: number): number {
  let d = 0;
  for (let lo = i, hi = j; lo < hi; lo++, hi--) {
    const cl = (lo / n) | 0;
    const rl = lo - cl * n;
    const ch = (hi / n) | 0;
    const rh = hi - ch * n;
    const a = off + rl * n + cl;
    const b = off + rh * n + ch;
    const va = g[a];
    if (va === g[b]) continue;
    g[a] = g[b];
    g[b] = va;
    d += flip(rp, po + rl) + flip(cp, po + cl) + flip(rp, po + rh) + flip(cp, po + ch);
  }
  return d;
}
