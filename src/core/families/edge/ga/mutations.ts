import type { Rng } from '../../../rng/rng';
import type { LocalDelta } from './fitness';
import { FrameSettler } from './frame';
import { CORNER, INNER, legalRotation, type GaLayout } from './layout';

/** Mutation operators (thesis 4.5), in the order of their weight parameters. */
export const MUTATIONS = [
  'rotate',
  'swap',
  'swapRotate',
  'rotateRegion',
  'swapRegion',
  'regionInversion',
  'rowInversion',
  'columnInversion',
  'scramble',
] as const;
export type MutationName = (typeof MUTATIONS)[number];
export const MUT_SCRAMBLE = MUTATIONS.indexOf('scramble');

/**
 * The mutations, each changing one board in place and leaving `delta.dScore` / `delta.dQuads`
 * set to the change it made (joins and 2x2 areas around the changed cells only).
 *
 * Frame: rotate, swap and swap & rotate pick only cells where the result stays legal (rotation
 * on inner cells; swaps within one class, border pieces turned to face out); row and column
 * inversion map every cell to one of its own class, so they only re-turn border pieces; rotate
 * region, swap region and region inversion can move pieces across classes and are settled by
 * FrameSettler; scramble deals each class's pieces out again. Fixed pieces never move.
 */
export class Mutator {
  private readonly list: Int32Array;
  private readonly bufP: Int16Array;
  private readonly bufR: Uint8Array;
  private readonly settler: FrameSettler;
  private n = 0;

  constructor(
    private readonly L: GaLayout,
    private readonly delta: LocalDelta,
  ) {
    this.list = new Int32Array(L.cells);
    this.bufP = new Int16Array(L.cells);
    this.bufR = new Uint8Array(L.cells);
    this.settler = new FrameSettler(L);
  }

  apply(op: number, P: Int16Array, R: Uint8Array, off: number, rng: Rng): void {
    switch (op) {
      case 0:
        return this.rotate(P, R, off, rng);
      case 1:
        return this.swap(P, R, off, rng, false);
      case 2:
        return this.swap(P, R, off, rng, true);
      case 3:
        return this.rotateRegion(P, R, off, rng);
      case 4:
        return this.swapRegion(P, R, off, rng);
      case 5:
        return this.regionInversion(P, R, off, rng);
      case 6:
        return this.lineInversion(P, R, off, rng, false);
      case 7:
        return this.lineInversion(P, R, off, rng, true);
      case 8:
        return this.scramble(P, R, off, rng);
      default:
        throw new Error(`unknown mutation ${op}`);
    }
  }

  /** Start a change: `cells` of list are about to change. */
  private begin(P: Int16Array, R: Uint8Array, off: number): void {
    const d = this.delta;
    d.reset();
    for (let k = 0; k < this.n; k++) d.add(this.list[k]);
    d.before(P, R, off);
  }

  private none(): void {
    this.delta.dScore = 0;
    this.delta.dQuads = 0;
  }

  /** Turn one inner tile a quarter turn clockwise (only inner tiles have a choice of rotation). */
  rotate(P: Int16Array, R: Uint8Array, off: number, rng: Rng): void {
    const inner = this.L.classCells[INNER];
    if (inner.length === 0) return this.none();
    const c = inner[rng.int(inner.length)];
    this.list[0] = c;
    this.n = 1;
    this.begin(P, R, off);
    R[off + c] = (R[off + c] + 1) & 3;
    this.delta.after(P, R, off);
  }

  /** Exchange two tiles of the same class; with `turn`, inner ones also get 1-3 quarter turns. */
  swap(P: Int16Array, R: Uint8Array, off: number, rng: Rng, turn: boolean): void {
    const L = this.L;
    const free = L.freeCells;
    if (free.length < 2) return this.none();
    const a = free[rng.int(free.length)];
    const same = L.classCells[L.cellClass[a]];
    if (same.length < 2) return this.none();
    let b = a;
    while (b === a) b = same[rng.int(same.length)];
    this.list[0] = a;
    this.list[1] = b;
    this.n = 2;
    this.begin(P, R, off);
    const pa = P[off + a];
    const ra = R[off + a];
    P[off + a] = P[off + b];
    P[off + b] = pa;
    let rotA = R[off + b];
    let rotB = ra;
    if (turn && L.cellClass[a] === INNER) {
      rotA = (rotA + 1 + rng.int(3)) & 3;
      rotB = (rotB + 1 + rng.int(3)) & 3;
    }
    R[off + a] = legalRotation(L, P[off + a], a, rotA);
    R[off + b] = legalRotation(L, P[off + b], b, rotB);
    this.delta.after(P, R, off);
  }

  /** Turn a random k x k square (k >= 2) by 1-3 quarter turns as a block, tiles turning with it. */
  rotateRegion(P: Int16Array, R: Uint8Array, off: number, rng: Rng): void {
    const { rows, cols } = this.L;
    const most = Math.min(rows, cols);
    if (most < 2) return this.none();
    const k = 2 + rng.int(most - 1);
    const r0 = rng.int(rows - k + 1);
    const c0 = rng.int(cols - k + 1);
    const turns = 1 + rng.int(3);
    this.n = 0;
    for (let y = 0; y < k; y++) for (let x = 0; x < k; x++) this.list[this.n++] = (r0 + y) * cols + c0 + x;
    this.begin(P, R, off);
    for (let j = 0; j < this.n; j++) {
      this.bufP[j] = P[off + this.list[j]];
      this.bufR[j] = R[off + this.list[j]];
    }
    for (let y = 0; y < k; y++) {
      for (let x = 0; x < k; x++) {
        // One clockwise quarter turn takes local (y, x) to (x, k - 1 - y).
        let ty = y;
        let tx = x;
        for (let t = 0; t < turns; t++) {
          const ny = tx;
          tx = k - 1 - ty;
          ty = ny;
        }
        const to = off + (r0 + ty) * cols + c0 + tx;
        P[to] = this.bufP[y * k + x];
        R[to] = (this.bufR[y * k + x] + turns) & 3;
      }
    }
    this.settler.settle(P, R, off, this.list, this.n);
    this.delta.after(P, R, off);
  }

  /**
   * Halve the board vertically or horizontally, pick a region of the same size in each half
   * and exchange them, tiles keeping their rotation (thesis 4.5.5, after Munoz et al.).
   */
  swapRegion(P: Int16Array, R: Uint8Array, off: number, rng: Rng): void {
    const { rows, cols } = this.L;
    const canV = cols >= 2;
    const canH = rows >= 2;
    if (!canV && !canH) return this.none();
    const vertical = canV && (!canH || rng.int(2) === 0);
    // In "half" coordinates: the halved dimension is `len` (split at half = len >> 1), the other `span`.
    const len = vertical ? cols : rows;
    const span = vertical ? rows : cols;
    const half = len >> 1;
    const h = 1 + rng.int(span);
    const w = 1 + rng.int(half);
    const s1 = rng.int(span - h + 1);
    const s2 = rng.int(span - h + 1);
    const l1 = rng.int(half - w + 1);
    const l2 = half + rng.int(len - half - w + 1);
    // A cell at (s, l) in half coordinates is s * sStride + l * lStride.
    const sStride = vertical ? cols : 1;
    const lStride = vertical ? 1 : cols;
    this.n = 0;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) this.list[this.n++] = (s1 + y) * sStride + (l1 + x) * lStride;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) this.list[this.n++] = (s2 + y) * sStride + (l2 + x) * lStride;
    this.begin(P, R, off);
    const m = h * w;
    for (let j = 0; j < m; j++) {
      const a = off + this.list[j];
      const b = off + this.list[m + j];
      const p = P[a];
      const r = R[a];
      P[a] = P[b];
      R[a] = R[b];
      P[b] = p;
      R[b] = r;
    }
    this.settler.settle(P, R, off, this.list, this.n);
    this.delta.after(P, R, off);
  }

  /** Copy a random rectangle's tiles back in reverse reading order (tiles keep their rotation). */
  regionInversion(P: Int16Array, R: Uint8Array, off: number, rng: Rng): void {
    const { rows, cols } = this.L;
    const y1 = rng.int(rows);
    const y2 = rng.int(rows);
    const x1 = rng.int(cols);
    const x2 = rng.int(cols);
    const ra = Math.min(y1, y2);
    const rb = Math.max(y1, y2);
    const ca = Math.min(x1, x2);
    const cb = Math.max(x1, x2);
    this.n = 0;
    for (let r = ra; r <= rb; r++) for (let c = ca; c <= cb; c++) this.list[this.n++] = r * cols + c;
    this.reverseList(P, R, off);
  }

  /** Reverse one whole row (or column): each cell maps to one of its own class. */
  lineInversion(P: Int16Array, R: Uint8Array, off: number, rng: Rng, column: boolean): void {
    const { rows, cols } = this.L;
    this.n = 0;
    if (column) {
      const c = rng.int(cols);
      for (let r = 0; r < rows; r++) this.list[this.n++] = r * cols + c;
    } else {
      const r = rng.int(rows);
      for (let c = 0; c < cols; c++) this.list[this.n++] = r * cols + c;
    }
    this.reverseList(P, R, off);
  }

  private reverseList(P: Int16Array, R: Uint8Array, off: number): void {
    if (this.n < 2) return this.none();
    this.begin(P, R, off);
    for (let i = 0, j = this.n - 1; i < j; i++, j--) {
      const a = off + this.list[i];
      const b = off + this.list[j];
      const p = P[a];
      const r = R[a];
      P[a] = P[b];
      R[a] = R[b];
      P[b] = p;
      R[b] = r;
    }
    this.settler.settle(P, R, off, this.list, this.n);
    this.delta.after(P, R, off);
  }

  /**
   * Keep the tile in the top-left corner and deal every other free tile out again within its
   * class, inner tiles at random rotations: a restart for a board that is stuck.
   */
  scramble(P: Int16Array, R: Uint8Array, off: number, rng: Rng): void {
    const L = this.L;
    this.n = 0;
    for (let k = 0; k < L.freeCells.length; k++) if (L.freeCells[k] !== 0) this.list[this.n++] = L.freeCells[k];
    this.begin(P, R, off);
    for (let cls = CORNER; cls <= INNER; cls++) {
      const cells = L.classCells[cls];
      const buf = this.bufP;
      let m = 0;
      for (let j = 0; j < cells.length; j++) if (cells[j] !== 0) buf[m++] = P[off + cells[j]];
      for (let i = m - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        const t = buf[i];
        buf[i] = buf[j];
        buf[j] = t;
      }
      m = 0;
      for (let j = 0; j < cells.length; j++) {
        const c = cells[j];
        if (c === 0) continue;
        const p = this.bufP[m++];
        P[off + c] = p;
        R[off + c] = legalRotation(L, p, c, cls === INNER ? rng.int(4) : 0);
      }
    }
    this.delta.after(P, R, off);
  }
}
