import { greyMask, outMask, pieceCount, rotateMask, type EdgePuzzle } from '../model/model';

/**
 * Oriented pieces a scan-order search may put on a cell, grouped by the cell's frame position
 * (its out mask) and indexed by the colours they show left and top, so a search finds the
 * pieces that close both joins, one of them, or none without scanning the whole set. With no
 * standard frame (no grey edges, e.g. Tetravex, or an odd set) every cell shares one group.
 */
export class ScanTables {
  readonly colours: number;
  /** Group of each cell (an index into the lists below). */
  readonly groupOf: Int32Array;
  /** Per group: oriented candidates (piece, rotation), and their colours on each side. */
  readonly piece: Int16Array[] = [];
  readonly rot: Uint8Array[] = [];
  readonly top: Uint16Array[] = [];
  readonly right: Uint16Array[] = [];
  readonly bottom: Uint16Array[] = [];
  readonly left: Uint16Array[] = [];
  /** CSR lists of candidate indices by (left, top), by left, by top. */
  readonly byLT: { start: Int32Array; items: Int32Array }[] = [];
  readonly byL: { start: Int32Array; items: Int32Array }[] = [];
  readonly byT: { start: Int32Array; items: Int32Array }[] = [];
  /** Candidates by piece: piece q's are pieceStart[q] .. pieceStart[q + 1] (a piece's rotations are listed together, pieces ascending). */
  readonly pieceStart: Int32Array[] = [];

  constructor(p: EdgePuzzle, free: Uint8Array, rotatable: boolean, standardFrame: boolean) {
    const n = pieceCount(p);
    const { rows, cols } = p;
    let maxC = 0;
    for (const e of p.edges) if (e > maxC) maxC = e;
    this.colours = maxC + 1;
    const C = this.colours;
    this.groupOf = new Int32Array(rows * cols);
    const groups = new Map<number, number>();
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const m = standardFrame ? outMask(rows, cols, r, c) : 0;
        let g = groups.get(m);
        if (g === undefined) {
          g = groups.size;
          groups.set(m, g);
        }
        this.groupOf[r * cols + c] = g;
      }
    for (const [m] of [...groups.entries()].sort((a, b) => a[1] - b[1])) {
      const ps: number[] = [];
      const rs: number[] = [];
      for (let q = 0; q < n; q++) {
        if (!free[q]) continue;
        const gm = greyMask(p, q);
        for (let r = 0; r < (rotatable ? 4 : 1); r++) {
          if (standardFrame && rotateMask(gm, r) !== m) continue;
          // Two rotations of a symmetric piece look the same: keep one.
          if (rs.some((r0, i) => ps[i] === q && sameFace(p, q, r0, r))) continue;
          ps.push(q);
          rs.push(r);
        }
      }
      const k = ps.length;
      const piece = Int16Array.from(ps);
      const rot = Uint8Array.from(rs);
      const side = (s: number): Uint16Array => Uint16Array.from(ps.map((q, i) => p.edges[4 * q + ((s - rs[i] + 4) & 3)]));
      const top = side(0);
      const left = side(3);
      this.piece.push(piece);
      this.rot.push(rot);
      this.top.push(top);
      this.right.push(side(1));
      this.bottom.push(side(2));
      this.left.push(left);
      this.byLT.push(csr(C * C, k, (i) => left[i] * C + top[i]));
      this.byL.push(csr(C, k, (i) => left[i]));
      this.byT.push(csr(C, k, (i) => top[i]));
      this.pieceStart.push(csr(n, k, (i) => ps[i]).start);
    }
  }
}

function sameFace(p: EdgePuzzle, q: number, r0: number, r1: number): boolean {
  for (let s = 0; s < 4; s++) if (p.edges[4 * q + ((s - r0 + 4) & 3)] !== p.edges[4 * q + ((s - r1 + 4) & 3)]) return false;
  return true;
}

function csr(keys: number, k: number, key: (i: number) => number): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(keys + 1);
  for (let i = 0; i < k; i++) start[key(i) + 1]++;
  for (let j = 0; j < keys; j++) start[j + 1] += start[j];
  const fill = start.slice(0, keys);
  const items = new Int32Array(k);
  for (let i = 0; i < k; i++) items[fill[key(i)]++] = i;
  return { start, items };
}
