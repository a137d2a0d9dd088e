import type { EdgePuzzle } from '../model';
import type { ScanLayout } from './layout';
import type { ScanTables } from './tables';

/**
 * A greedy completion of a partial board to its last cell, as a cheap guess at what its end can
 * become: at each cell the first unused piece closing the most joins (both, then one, then any).
 * Every join of a long run is lost in its last rows and the boards above them all match, so joins
 * cannot tell the tops apart; a completion can, if roughly.
 */
export class GreedyPilot {
  private readonly used: Uint32Array;
  private readonly front: Uint16Array;
  private readonly right: Uint16Array;
  /** Candidates looked at by the completions so far (their cost, for the step budget). */
  scanned = 0;

  constructor(
    private readonly puzzle: EdgePuzzle,
    private readonly T: ScanTables,
    private readonly L: ScanLayout,
    private readonly words: number,
  ) {
    this.used = new Uint32Array(words);
    this.front = new Uint16Array(puzzle.cols);
    this.right = new Uint16Array(L.slots);
  }

  /**
   * Joins a greedy completion closes after layer d, from state i of the layer buffers given with
   * candidate k (-1 on a fixed cell) placed on layer d's cell.
   */
  finish(used: Uint32Array, front: Uint16Array, right: Uint16Array, i: number, d: number, k: number): number {
    const { words, L } = this;
    const cols = this.puzzle.cols;
    const R = L.slots;
    const u = this.used;
    const f = this.front;
    const r = this.right;
    for (let w = 0; w < words; w++) u[w] = used[i * words + w];
    for (let x = 0; x < cols; x++) f[x] = front[i * cols + x];
    for (let s = 0; s < R; s++) r[s] = right[i * R + s];
    this.place(d, k);
    let joins = 0;
    const n = L.cellOf.length;
    for (let e = d + 1; e < n; e++) joins += this.placeBest(e);
    return joins;
  }

  /** Put candidate k (-1: the fixed piece) on layer d's cell. */
  private place(d: number, k: number): void {
    const cell = this.L.cellOf[d];
    const col = cell % this.puzzle.cols;
    const slot = this.L.slotOf[d];
    if (k < 0) {
      const e = this.puzzle.edges;
      const q = this.L.fixedPiece[cell];
      const r = this.L.fixedRot[cell];
      this.front[col] = e[4 * q + ((2 - r + 4) & 3)];
      this.right[slot] = e[4 * q + ((1 - r + 4) & 3)];
      return;
    }
    const g = this.T.groupOf[cell];
    const q = this.T.piece[g][k];
    this.used[q >>> 5] |= 1 << (q & 31);
    this.front[col] = this.T.bottom[g][k];
    this.right[slot] = this.T.right[g][k];
  }

  /** Place the greedy choice on layer d's cell; returns the joins it closes. */
  private placeBest(d: number): number {
    const { T, L } = this;
    const cols = this.puzzle.cols;
    const cell = L.cellOf[d];
    const col = cell % cols;
    const slot = L.slotOf[d];
    const hasL = col > 0;
    const hasT = cell >= cols;
    const l = hasL ? this.right[slot] : -1;
    const t = hasT ? this.front[col] : -1;
    if (L.fixedPiece[cell] >= 0) {
      const e = this.puzzle.edges;
      const q = L.fixedPiece[cell];
      const r = L.fixedRot[cell];
      const fl = e[4 * q + ((3 - r + 4) & 3)];
      const ft = e[4 * q + ((0 - r + 4) & 3)];
      const joins = (hasL && l !== 0 && fl === l ? 1 : 0) + (hasT && t !== 0 && ft === t ? 1 : 0);
      this.place(d, -1);
      return joins;
    }
    const g = T.groupOf[cell];
    const C = T.colours;
    const fr = L.fixR[d];
    const fb = L.fixB[d];
    let best = -1;
    let bestGain = -1;
    // Both joins, then either, then none: each list is tried only while it could beat what was found.
    if (hasL && hasT) {
      const gain = (l !== 0 ? 1 : 0) + (t !== 0 ? 1 : 0);
      const found = this.firstFree(T.byLT[g], l * C + t, g, fr, fb);
      if (found >= 0) {
        best = found;
        bestGain = gain + this.fixedGain(g, found, fr, fb);
      }
      if (bestGain < 2 + (fr >= 0 ? 1 : 0) + (fb >= 0 ? 1 : 0)) {
        const kl = this.firstFree(T.byL[g], l, g, fr, fb);
        const vl = kl < 0 ? -1 : (l !== 0 ? 1 : 0) + this.fixedGain(g, kl, fr, fb);
        if (vl > bestGain) {
          best = kl;
          bestGain = vl;
        }
        const kt = this.firstFree(T.byT[g], t, g, fr, fb);
        const vt = kt < 0 ? -1 : (t !== 0 ? 1 : 0) + this.fixedGain(g, kt, fr, fb);
        if (vt > bestGain) {
          best = kt;
          bestGain = vt;
        }
      }
    } else if (hasL || hasT) {
      const k = this.firstFree(hasL ? T.byL[g] : T.byT[g], hasL ? l : t, g, fr, fb);
      if (k >= 0) {
        best = k;
        bestGain = ((hasL ? l : t) !== 0 ? 1 : 0) + this.fixedGain(g, k, fr, fb);
      }
    }
    if (best < 0) {
      const pieces = T.piece[g];
      for (let k = 0; k < pieces.length; k++) {
        this.scanned++;
        const q = pieces[k];
        if ((this.used[q >>> 5] >>> (q & 31)) & 1) continue;
        best = k;
        bestGain = this.fixedGain(g, k, fr, fb);
        break;
      }
    }
    // A group with no unused piece left cannot happen on a board with one piece per cell.
    if (best < 0) return 0;
    this.place(d, best);
    return bestGain;
  }

  /** The unused candidate of a list entry closing the most joins with fixed neighbours further on (-1: none). */
  private firstFree(list: { start: Int32Array; items: Int32Array }, key: number, g: number, fr: number, fb: number): number {
    const pieces = this.T.piece[g];
    let best = -1;
    let bestGain = -1;
    const end = list.start[key + 1];
    for (let j = list.start[key]; j < end; j++) {
      this.scanned++;
      const k = list.items[j];
      const q = pieces[k];
      if ((this.used[q >>> 5] >>> (q & 31)) & 1) continue;
      const v = this.fixedGain(g, k, fr, fb);
      if (v > bestGain) {
        best = k;
        bestGain = v;
        if (fr < 0 && fb < 0) break;
      }
    }
    return best;
  }

  private fixedGain(g: number, k: number, fr: number, fb: number): number {
    return (fr >= 0 && this.T.right[g][k] === fr ? 1 : 0) + (fb >= 0 && this.T.bottom[g][k] === fb ? 1 : 0);
  }
}
