import type { Rng } from '../../../rng/rng';
import { GREY as GREY_COLOUR } from '../model';
import { INNER as INNER_CLASS, legalRotation, type GaLayout } from './layout';

/** Module-local copies: under tsx an imported binding is read through a getter, here in the search's inner loop. */
const GREY = GREY_COLOUR;
const INNER = INNER_CLASS;

/**
 * Exact re-solve of a window (the thesis's "hybrid with CSP techniques" taken literally): the
 * tiles on a rectangle of free cells are lifted and put back, each cell taking a tile of its
 * class and a legal rotation, by depth-first search in reading order, so that the window's joins
 * (inside it and with the cells around it) have fewer mismatches than before, or as few but a
 * different arrangement (a sideways step across a plateau). Partial arrangements are cut as
 * soon as their mismatches exceed the allowance, which keeps the search small; tiles are tried
 * in a random order, so the arrangement found is a random one among those allowed. A node limit
 * bounds the work on windows too loose to prune.
 */
export class WindowSolver {
  private readonly cells: Int32Array;
  private readonly tiles: Int16Array;
  private readonly tileRot: Uint8Array;
  private readonly used: Uint8Array;
  private readonly inWindow: Uint8Array;
  private readonly order: Int32Array;
  /** Placement being built: tile index and rotation per window cell. */
  private readonly pickT: Int32Array;
  private readonly pickR: Uint8Array;
  private readonly bestT: Int32Array;
  private readonly bestR: Uint8Array;
  private n = 0;
  private nodes = 0;
  private nodeLimit = 0;
  private allowance = 0;
  private found = -1;
  private sideways = false;
  /** Nodes visited by the last solve (its cost, counted as evaluations by the caller). */
  lastNodes = 0;

  constructor(private readonly L: GaLayout) {
    const c = L.cells;
    this.cells = new Int32Array(c);
    this.tiles = new Int16Array(c);
    this.tileRot = new Uint8Array(c);
    this.used = new Uint8Array(c);
    this.inWindow = new Uint8Array(c);
    this.order = new Int32Array(c);
    this.pickT = new Int32Array(c);
    this.pickR = new Uint8Array(c);
    this.bestT = new Int32Array(c);
    this.bestR = new Uint8Array(c);
  }

  /** Colour tile p turned r shows on side s. */
  private shown(p: number, r: number, s: number): number {
    return this.L.edges[4 * p + ((s - r + 4) & 3)];
  }

  /**
   * Re-solve the window of rows r0..r1, cols c0..c1 of the board at `off`. Returns the change in
   * mismatched joins (negative = better; 0 with `sideways` may be a different arrangement), and
   * leaves the board changed only when an arrangement within the allowance was found.
   */
  solve(P: Int16Array, R: Uint8Array, off: number, r0: number, r1: number, c0: number, c1: number, rng: Rng, sideways: boolean, nodeLimit: number): number {
    const L = this.L;
    const cols = L.cols;
    let n = 0;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const i = r * cols + c;
        if (L.cellClass[i] > INNER) continue;
        this.cells[n] = i;
        this.tiles[n] = P[off + i];
        this.tileRot[n] = R[off + i];
        this.used[n] = 0;
        this.inWindow[i] = 1;
        n++;
      }
    this.n = n;
    let current = 0;
    for (let k = 0; k < n; k++) current += this.mismatchesAt(P, R, off, this.cells[k], this.tiles[k], this.tileRot[k], true);
    this.lastNodes = 0;
    if (n < 2 || (current === 0 && !sideways)) {
      for (let k = 0; k < n; k++) this.inWindow[this.cells[k]] = 0;
      return 0;
    }
    const order = this.order;
    for (let k = 0; k < n; k++) order[k] = k;
    for (let k = n - 1; k > 0; k--) {
      const j = rng.int(k + 1);
      const t = order[k];
      order[k] = order[j];
      order[j] = t;
    }
    this.allowance = sideways ? current : current - 1;
    this.sideways = sideways;
    this.nodes = 0;
    this.nodeLimit = nodeLimit;
    this.found = -1;
    // The window's cells are emptied while searching (P = -1 marks "not placed yet").
    for (let k = 0; k < n; k++) P[off + this.cells[k]] = -1;
    this.dfs(P, R, off, 0, 0);
    this.lastNodes = this.nodes;
    let delta = 0;
    if (this.found >= 0) {
      for (let k = 0; k < n; k++) {
        P[off + this.cells[k]] = this.tiles[this.bestT[k]];
        R[off + this.cells[k]] = this.bestR[k];
      }
      delta = this.found - current;
    } else {
      for (let k = 0; k < n; k++) {
        P[off + this.cells[k]] = this.tiles[k];
        R[off + this.cells[k]] = this.tileRot[k];
      }
    }
    for (let k = 0; k < n; k++) this.inWindow[this.cells[k]] = 0;
    return delta;
  }

  /**
   * Mismatched joins of tile p turned r on cell i with neighbours already known: cells outside
   * the window, and (when `all` is false) window cells placed before it. With `all` (counting
   * the current arrangement) a join inside the window is counted from its earlier cell only.
   */
  private mismatchesAt(P: Int16Array, R: Uint8Array, off: number, i: number, p: number, r: number, all: boolean): number {
    const L = this.L;
    let m = 0;
    for (let s = 0; s < 4; s++) {
      const q = L.nbr[4 * i + s];
      if (q < 0) continue;
      const qp = P[off + q];
      if (qp < 0) continue;
      if (all && this.inWindow[q] && q > i) continue;
      const a = this.shown(p, r, s);
      if (a === GREY || a !== this.shown(qp, R[off + q], (s + 2) & 3)) m++;
    }
    return m;
  }

  private dfs(P: Int16Array, R: Uint8Array, off: number, k: number, acc: number): boolean {
    if (k === this.n) {
      if (this.sideways && acc === this.allowance) {
        // A plateau step must move something.
        let same = true;
        for (let j = 0; j < this.n && same; j++) if (this.pickT[j] !== j || this.pickR[j] !== this.tileRot[j]) same = false;
        if (same) return false;
      }
      this.found = acc;
      for (let j = 0; j < this.n; j++) {
        this.bestT[j] = this.pickT[j];
        this.bestR[j] = this.pickR[j];
      }
      return true;
    }
    const L = this.L;
    const cell = this.cells[k];
    const cls = L.cellClass[cell];
    for (let x = 0; x < this.n; x++) {
      const t = this.order[x];
      if (this.used[t]) continue;
      const p = this.tiles[t];
      if (L.pieceClass[p] !== cls) continue;
      for (let rr = 0; rr < 4; rr++) {
        if (++this.nodes > this.nodeLimit) return true;
        const rot = cls === INNER ? rr : legalRotation(L, p, cell, 0);
        const m = acc + this.mismatchesAt(P, R, off, cell, p, rot, false);
        if (m <= this.allowance) {
          this.used[t] = 1;
          P[off + cell] = p;
          R[off + cell] = rot;
          this.pickT[k] = t;
          this.pickR[k] = rot;
          const done = this.dfs(P, R, off, k + 1, m);
          P[off + cell] = -1;
          this.used[t] = 0;
          if (done) return true;
        }
        if (cls !== INNER) break;
      }
    }
    return false;
  }
}
