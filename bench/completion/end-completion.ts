import type { Rng } from '../../src/core/rng/rng';
import type { EdgePuzzle } from '../../src/core/families/edge/model/model';
import type { ScanLayout } from '../../src/core/families/edge/beam/layout';
import type { ScanTables } from '../../src/core/families/edge/beam/tables';

/** What a completion's `run` ended with: a board above the best, the nodes spent, or every end tried. */
export type CompletionStatus = 'better' | 'more' | 'exhausted';

/**
 * Depth-first completion of a board's end, after Blackwood: the cells from layer d0 on (in the
 * beam's scan order) are filled again by backtracking, each candidate kept only while the joins
 * lost so far stay within an allowance that grows with depth and ends at what still beats the
 * best. A beam keeps the widest set of partial ends that fit in memory; this goes to the bottom at
 * once and spends its nodes only on ends that can still win, the way the long record runs did.
 *
 * Joins are counted per layer exactly as the beam counts them (left and top neighbours, a fixed
 * neighbour's join on the free cell's layer), so a board it finds scores what the beam would give.
 */
export class EndCompletion {
  private readonly n: number;
  private readonly cols: number;
  /** Joins layer d can close at most; restFrom[d] sums them from d to the end. */
  private readonly restFrom: Int32Array;
  private readonly rightOf: Int32Array;
  private readonly bottomOf: Int32Array;
  private readonly used: Uint8Array;
  /** Per layer: candidate placed (-1 none yet), enumeration phase and position, random offset, score after it. */
  private readonly cand: Int32Array;
  private readonly phase: Int8Array;
  private readonly at: Int32Array;
  private readonly off: Int32Array;
  private readonly got: Int32Array;
  /** Most joins lost by the end of layer d that can still reach `need`. */
  private readonly allow: Int32Array;
  private d0 = 0;
  private d = 0;
  private prefix = 0;
  private need = 0;
  private best = 0;
  private found = false;
  /** Candidates looked at and placements made (steps of `run`), all searches together. */
  examined = 0;
  placed = 0;
  /** The last board found at or above the need (pieces and turns by cell), and its score. */
  readonly piece: Int16Array;
  readonly rot: Uint8Array;
  foundScore = -1;

  constructor(
    private readonly puzzle: EdgePuzzle,
    private readonly T: ScanTables,
    private readonly L: ScanLayout,
    private readonly rng: Rng,
    /** How the allowance grows: 0 = every lost join allowed anywhere, 1 = in proportion to the depth, plus one. */
    private readonly ramp: number,
  ) {
    const n = puzzle.rows * puzzle.cols;
    this.n = n;
    this.cols = puzzle.cols;
    this.restFrom = new Int32Array(n + 1);
    for (let d = n - 1; d >= 0; d--) this.restFrom[d] = this.restFrom[d + 1] + this.joinsAt(d);
    this.rightOf = new Int32Array(n);
    this.bottomOf = new Int32Array(n);
    this.used = new Uint8Array(puzzle.edges.length >>> 2);
    this.cand = new Int32Array(n);
    this.phase = new Int8Array(n);
    this.at = new Int32Array(n);
    this.off = new Int32Array(n);
    this.got = new Int32Array(n);
    this.allow = new Int32Array(n);
    this.piece = new Int16Array(n);
    this.rot = new Uint8Array(n);
  }

  private joinsAt(d: number): number {
    const cell = this.L.cellOf[d];
    const hasL = cell % this.cols > 0;
    const hasT = cell >= this.cols;
    if (this.L.fixedPiece[cell] >= 0) return (hasL && this.L.fixL[d] === 1 ? 1 : 0) + (hasT && this.L.fixT[d] === 1 ? 1 : 0);
    return (hasL ? 1 : 0) + (hasT ? 1 : 0) + (this.L.fixR[d] >= 0 ? 1 : 0) + (this.L.fixB[d] >= 0 ? 1 : 0);
  }

  /**
   * Starts a search of the end of board (piece, rot) from layer d0 for a board scoring `need` or
   * more; `prefix` is the joins its first d0 layers close (as the beam counts them) and `best` the
   * score above which a board ends the search at once.
   */
  begin(piece: Int16Array, rot: Uint8Array, d0: number, prefix: number, need: number, best: number): void {
    const e = this.puzzle.edges;
    this.used.fill(0);
    this.piece.set(piece);
    this.rot.set(rot);
    for (let d = 0; d < d0; d++) {
      const cell = this.L.cellOf[d];
      const q = piece[cell];
      const r = rot[cell];
      this.used[q] = 1;
      this.rightOf[cell] = e[4 * q + ((1 - r + 4) & 3)];
      this.bottomOf[cell] = e[4 * q + ((2 - r + 4) & 3)];
    }
    this.d0 = d0;
    this.d = d0;
    this.prefix = prefix;
    this.best = best;
    this.found = false;
    this.foundScore = -1;
    this.setNeed(need);
    if (d0 < this.n) this.enter(d0);
  }

  private setNeed(need: number): void {
    this.need = need;
    const span = this.n - this.d0;
    const budget = this.restFrom[this.d0] - (need - this.prefix);
    for (let d = this.d0; d < this.n; d++) {
      const grown = this.ramp > 0 ? Math.floor((this.ramp * budget * (d - this.d0 + 1)) / span) + 1 : budget;
      this.allow[d] = Math.min(budget, grown);
    }
  }

  private enter(d: number): void {
    this.cand[d] = -1;
    this.phase[d] = 0;
    this.at[d] = 0;
    this.off[d] = this.rng.int(1 << 30);
  }

  /** Goes on for at most `nodes` placements. */
  run(nodes: number): CompletionStatus {
    const n = this.n;
    if (this.d0 >= n) return 'exhausted';
    for (let k = 0; k < nodes; k++) {
      this.placed++;
      if (this.d === n) {
        const s = this.got[n - 1];
        this.record();
        if (s > this.best) return 'better';
        // An equal end is kept; the search goes on for a better one.
        if (s + 1 > this.need) this.setNeed(s + 1);
        this.d = n - 1;
        continue;
      }
      if (this.next(this.d)) {
        this.d++;
        if (this.d < n) this.enter(this.d);
      } else {
        if (this.d === this.d0) return 'exhausted';
        this.d--;
      }
    }
    return 'more';
  }

  /** True when a board at or above the need was found (in `piece`, `rot`, `foundScore`). */
  get hasFound(): boolean {
    return this.found;
  }

  private record(): void {
    for (let d = this.d0; d < this.n; d++) {
      const cell = this.L.cellOf[d];
      const k = this.cand[d];
      if (k < 0) continue;
      const g = this.T.groupOf[cell];
      this.piece[cell] = this.T.piece[g][k];
      this.rot[cell] = this.T.rot[g][k];
    }
    this.found = true;
    this.foundScore = this.got[this.n - 1];
  }

  /** Places the next candidate of layer d within its allowance; false when none is left. */
  private next(d: number): boolean {
    const cell = this.L.cellOf[d];
    const cols = this.cols;
    const col = cell % cols;
    const before = d > this.d0 ? this.got[d - 1] : this.prefix;
    // Joins lost before this layer; a candidate gaining g loses (possible here - g) more.
    const possible = this.restFrom[d] - this.restFrom[d + 1];
    const lost = this.restFrom[this.d0] - this.restFrom[d] - (before - this.prefix);
    const room = this.allow[d] - lost;
    const fp = this.L.fixedPiece[cell];
    const e = this.puzzle.edges;
    if (fp >= 0) {
      if (this.cand[d] !== -1) return false;
      const r = this.L.fixedRot[cell];
      const l = e[4 * fp + ((3 - r + 4) & 3)];
      const t = e[4 * fp + ((0 - r + 4) & 3)];
      const g =
        (col > 0 && this.L.fixL[d] === 1 && l !== 0 && l === this.rightOf[cell - 1] ? 1 : 0) +
        (cell >= cols && this.L.fixT[d] === 1 && t !== 0 && t === this.bottomOf[cell - cols] ? 1 : 0);
      this.cand[d] = -2;
      if (possible - g > room) return false;
      this.rightOf[cell] = e[4 * fp + ((1 - r + 4) & 3)];
      this.bottomOf[cell] = e[4 * fp + ((2 - r + 4) & 3)];
      this.got[d] = before + g;
      return true;
    }
    const T = this.T;
    const grp = T.groupOf[cell];
    const pieces = T.piece[grp];
    if (this.cand[d] >= 0) this.used[pieces[this.cand[d]]] = 0;
    const hasL = col > 0;
    const hasT = cell >= cols;
    const lc = hasL ? this.rightOf[cell - 1] : -1;
    const tc = hasT ? this.bottomOf[cell - cols] : -1;
    const fr = this.L.fixR[d];
    const fb = this.L.fixB[d];
    const ex = (fr >= 0 ? 1 : 0) + (fb >= 0 ? 1 : 0);
    const tl = T.left[grp];
    const tt = T.top[grp];
    const tr = T.right[grp];
    const tb = T.bottom[grp];
    const both = hasL && hasT;
    // Phases by joins closed: both (or the only one), left only, top only, none.
    for (let ph = this.phase[d]; ph < 4; ph++) {
      const closes = ph === 0 ? (hasL ? 1 : 0) + (hasT ? 1 : 0) : ph === 3 ? 0 : 1;
      if (ph > 0 && ph < 3 && !both) continue;
      if (ph === 3 && !hasL && !hasT) break;
      if (possible - closes - ex > room) break;
      let start = 0;
      let len = pieces.length;
      let items: Int32Array | null = null;
      if (ph === 0 && (hasL || hasT)) {
        const list = both ? T.byLT[grp] : hasL ? T.byL[grp] : T.byT[grp];
        const key = both ? lc * T.colours + tc : hasL ? lc : tc;
        start = list.start[key];
        len = list.start[key + 1] - start;
        items = list.items;
      } else if (ph === 1 || ph === 2) {
        const list = ph === 1 ? T.byL[grp] : T.byT[grp];
        const key = ph === 1 ? lc : tc;
        start = list.start[key];
        len = list.start[key + 1] - start;
        items = list.items;
      }
      for (let i = this.at[d]; i < len; i++) {
        const j = (this.off[d] + i) % len;
        const k = items ? items[start + j] : j;
        const q = pieces[k];
        if (this.used[q]) continue;
        this.examined++;
        if (ph === 1 && tt[k] === tc) continue;
        if (ph === 2 && tl[k] === lc) continue;
        if (ph === 3 && ((hasL && tl[k] === lc) || (hasT && tt[k] === tc))) continue;
        const g =
          (hasL && lc !== 0 && tl[k] === lc ? 1 : 0) +
          (hasT && tc !== 0 && tt[k] === tc ? 1 : 0) +
          (fr >= 0 && tr[k] === fr ? 1 : 0) +
          (fb >= 0 && tb[k] === fb ? 1 : 0);
        if (possible - g > room) continue;
        this.phase[d] = ph;
        this.at[d] = i + 1;
        this.cand[d] = k;
        this.used[q] = 1;
        this.rightOf[cell] = tr[k];
        this.bottomOf[cell] = tb[k];
        this.got[d] = before + g;
        return true;
      }
      this.at[d] = 0;
    }
    this.phase[d] = 4;
    this.cand[d] = -1;
    return false;
  }
}
