import type { Rng } from '../../../rng/rng';
import type { VnsBoard } from '../local-search/board';
import { Assignment } from './assignment';

/**
 * The two exact repairs of the large-neighbourhood search, on a VnsBoard whose `score` is kept:
 * - `assign`: cells no two of which touch, all of one class; with every other cell fixed, the
 *   best way to put their pieces back (each at its best rotation) is an assignment problem.
 * - `region`: a small connected set of cells refilled by depth-first search with a bound,
 *   every arrangement of its pieces considered (up to a node limit).
 * Neither ever lowers the score: the current arrangement is always one of the candidates.
 */
export class Refill {
  private readonly lap: Assignment;
  /** Best rotation of piece i (row) on cell j (column), beside the assignment weights. */
  private readonly rotOf: Uint8Array;
  private readonly pieces: Int16Array;
  private readonly oldRot: Uint8Array;
  /** Rotations a free inner piece may take: 4, or 1 when the puzzle keeps tiles upright. */
  readonly turns: number;

  // Region search state, sized for the largest region.
  private readonly rCells: Int32Array;
  private readonly rPieces: Int16Array;
  private readonly rUsed: Uint8Array;
  private readonly rPick: Int16Array;
  private readonly rPickRot: Uint8Array;
  private readonly rBestPiece: Int16Array;
  private readonly rBestRot: Uint8Array;
  /** Joins each depth can close, and the sum of them from a depth on (the bound). */
  private readonly rGain: Int32Array;
  private readonly rRest: Int32Array;
  private readonly inRegion: Int32Array;
  /** Class of each free piece (the class of the cells it may take), -1 for fixed pieces. */
  private readonly pieceClass: Int8Array;
  private rSize = 0;
  private rBest = 0;
  private rNodes = 0;
  private rLimit = 0;
  private stamp = 0;

  constructor(
    private readonly B: VnsBoard,
    maxSet: number,
    readonly maxRegion: number,
    rotatable: boolean,
  ) {
    this.turns = rotatable ? 4 : 1;
    this.lap = new Assignment(maxSet);
    this.rotOf = new Uint8Array(maxSet * maxSet);
    this.pieces = new Int16Array(maxSet);
    this.oldRot = new Uint8Array(maxSet);
    this.rCells = new Int32Array(maxRegion);
    this.rPieces = new Int16Array(maxRegion);
    this.rUsed = new Uint8Array(maxRegion);
    this.rPick = new Int16Array(maxRegion);
    this.rPickRot = new Uint8Array(maxRegion);
    this.rBestPiece = new Int16Array(maxRegion);
    this.rBestRot = new Uint8Array(maxRegion);
    this.rGain = new Int32Array(maxRegion + 1);
    this.rRest = new Int32Array(maxRegion + 1);
    this.inRegion = new Int32Array(B.cells);
    this.pieceClass = new Int8Array(B.cells).fill(-1);
    B.classPieces.forEach((list, k) => {
      for (const p of list) this.pieceClass[p] = k;
    });
  }

  get maxSet(): number {
    return this.lap.stride;
  }

  /**
   * Refill `cells[0..k)` (pairwise non-adjacent, one class) optimally. Returns the score change
   * (>= 0) and the work done (k * k pair scores) through `work`.
   */
  assign(cells: Int32Array, k: number): number {
    const B = this.B;
    const { weight, stride } = this.lap;
    const rotOf = this.rotOf;
    const pieces = this.pieces;
    let before = 0;
    for (let j = 0; j < k; j++) {
      pieces[j] = B.piece[cells[j]];
      this.oldRot[j] = B.rot[cells[j]];
      before += B.here(cells[j]);
    }
    const border = B.isBorderClass(B.cellClass[cells[0]]);
    const turns = this.turns;
    for (let i = 0; i < k; i++) {
      const p = pieces[i];
      const row = i * stride;
      for (let j = 0; j < k; j++) {
        const c = cells[j];
        let best = -1;
        let br = 0;
        if (border) {
          br = B.faceOut[16 * p + B.cellOut[c]];
          best = B.fit(c, p, br);
        } else {
          for (let r = 0; r < turns; r++) {
            const f = B.fit(c, p, r);
            if (f > best) {
              best = f;
              br = r;
            }
          }
        }
        weight[row + j] = best;
        rotOf[row + j] = br;
      }
    }
    const after = this.lap.solve(k);
    if (after < before) throw new Error('assignment refill lost joins: the assignment solver is wrong');
    const colOf = this.lap.colOf;
    for (let i = 0; i < k; i++) {
      const j = colOf[i];
      B.place(cells[j], pieces[i], rotOf[i * stride + j]);
    }
    B.score += after - before;
    return after - before;
  }

  /**
   * Refill `cells[0..m)` (any cells, connected or not; filled in the order given) with the best
   * arrangement of their own pieces found within `nodeLimit` search nodes. Returns the score
   * change (>= 0); `nodes` holds the work done.
   */
  region(cells: Int32Array, m: number, rng: Rng, nodeLimit: number): number {
    const B = this.B;
    if (m > this.maxRegion) throw new Error(`region of ${m} cells exceeds ${this.maxRegion}`);
    const stamp = ++this.stamp;
    for (let d = 0; d < m; d++) this.inRegion[cells[d]] = stamp;
    // Joins each depth closes: with cells outside the region and with earlier cells in it.
    let before = 0;
    for (let d = 0; d < m; d++) {
      const c = cells[d];
      this.rCells[d] = c;
      this.rPieces[d] = B.piece[c];
      this.rBestPiece[d] = B.piece[c];
      this.rBestRot[d] = B.rot[c];
      let g = 0;
      for (let s = 0; s < 4; s++) {
        const q = B.nbr[4 * c + s];
        if (q < 0) continue;
        if (this.inRegion[q] !== stamp) g++;
        else {
          // A join inside the region counts once, at the later of its two cells.
          let later = true;
          for (let e = d + 1; e < m; e++) if (cells[e] === q) later = false;
          if (later) g++;
        }
      }
      this.rGain[d] = g;
    }
    // The current arrangement's score inside the region: its cells' joins with outside cells
    // plus the joins between region cells, each counted once.
    for (let d = 0; d < m; d++) {
      const c = cells[d];
      const h = B.here(c);
      let inner = 0;
      for (let s = 0; s < 4; s++) {
        const q = B.nbr[4 * c + s];
        if (q < 0 || this.inRegion[q] !== stamp) continue;
        const x = B.col[16 * B.piece[c] + 4 * B.rot[c] + s];
        if (x !== 0 && x === B.need[4 * c + s]) inner++;
      }
      before += h - inner / 2;
    }
    this.rRest[m] = 0;
    for (let d = m - 1; d >= 0; d--) this.rRest[d] = this.rRest[d + 1] + this.rGain[d];
    for (let d = 0; d < m; d++) B.place(cells[d], -1, 0);
    rng.shuffle(this.rPieces.subarray(0, m));
    this.rUsed.fill(0, 0, m);
    this.rSize = m;
    // Look for arrangements at least as good as the current one; the first found (random piece
    // order) replaces it, so equal-score regions drift, which keeps plateau searches moving.
    this.rBest = before - 1;
    this.rNodes = 0;
    this.rLimit = nodeLimit;
    this.dfs(0, 0);
    for (let d = 0; d < m; d++) B.place(cells[d], this.rBestPiece[d], this.rBestRot[d]);
    const gain = Math.max(0, this.rBest - before);
    B.score += gain;
    return gain;
  }

  /** Search nodes of the last `region` call. */
  get nodes(): number {
    return this.rNodes;
  }

  private dfs(d: number, cur: number): void {
    const B = this.B;
    if (d === this.rSize) {
      if (cur > this.rBest) {
        this.rBest = cur;
        for (let e = 0; e < d; e++) {
          this.rBestPiece[e] = this.rPick[e];
          this.rBestRot[e] = this.rPickRot[e];
        }
      }
      return;
    }
    const c = this.rCells[d];
    const k = B.cellClass[c];
    const border = B.isBorderClass(k);
    const rest = this.rRest[d + 1];
    for (let t = 0; t < this.rSize; t++) {
      if (this.rUsed[t]) continue;
      const p = this.rPieces[t];
      if (this.pieceClass[p] !== k) continue;
      const lo = border ? B.faceOut[16 * p + B.cellOut[c]] : 0;
      const hi = border ? lo : this.turns - 1;
      for (let r = lo; r <= hi; r++) {
        if (++this.rNodes > this.rLimit) return;
        const g = B.fit(c, p, r);
        if (cur + g + rest <= this.rBest) continue;
        this.rUsed[t] = 1;
        this.rPick[d] = p;
        this.rPickRot[d] = r;
        B.place(c, p, r);
        this.dfs(d + 1, cur + g);
        B.place(c, -1, 0);
        this.rUsed[t] = 0;
        if (this.rNodes > this.rLimit) return;
      }
    }
  }
}
