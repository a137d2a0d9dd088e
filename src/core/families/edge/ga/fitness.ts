import { GREY as GREY_COLOUR } from '../model/model';
import type { GaLayout } from './layout';

/** Module-local copy: under tsx an imported binding is read through a getter, once per join here. */
const GREY = GREY_COLOUR;

/**
 * The two quantities every fitness here is made of: matched joins (the program's score) and
 * "good" 2x2 areas, whose four inner joins all match (Niang's second constraint kind).
 */

/** 1 when the join on the right of cell i (dir 0) or below it (dir 1) matches. */
export function joinMatches(L: GaLayout, P: Int16Array, R: Uint8Array, off: number, i: number, down: number): number {
  const e = L.edges;
  const j = down ? i + L.cols : i + 1;
  // Right side (1) faces the neighbour's left (3); bottom (2) faces the neighbour's top (0).
  const a = e[4 * P[off + i] + ((1 + down - R[off + i] + 4) & 3)];
  return a !== GREY && a === e[4 * P[off + j] + ((3 - 3 * down - R[off + j] + 4) & 3)] ? 1 : 0;
}

/** 1 when all four inner joins of the 2x2 area with top-left cell t match. */
export function quadGood(L: GaLayout, P: Int16Array, R: Uint8Array, off: number, t: number): number {
  return joinMatches(L, P, R, off, t, 0) & joinMatches(L, P, R, off, t, 1) & joinMatches(L, P, R, off, t + L.cols, 0) & joinMatches(L, P, R, off, t + 1, 1);
}

/**
 * Full evaluation of boards: score (matched joins) and good 2x2 areas. Each cell's four shown
 * colours are looked up once and each join compared once, then the areas read the join flags:
 * about three times fewer lookups than testing every area's joins afresh.
 */
export class BoardScorer {
  private readonly shown: Uint16Array;
  private readonly right: Uint8Array;
  private readonly down: Uint8Array;

  constructor(private readonly L: GaLayout) {
    this.shown = new Uint16Array(4 * L.cells);
    this.right = new Uint8Array(L.cells);
    this.down = new Uint8Array(L.cells);
  }

  /** Score and good areas of the board at `off`, as [score, quads] in out. */
  evaluate(P: Int16Array, R: Uint8Array, off: number, out: Int32Array): void {
    const { rows, cols, cells, edges } = this.L;
    const sh = this.shown;
    for (let i = 0; i < cells; i++) {
      const b = 4 * P[off + i];
      const r = R[off + i];
      // Side s shows the piece's own side (s - r) mod 4.
      sh[4 * i] = edges[b + ((4 - r) & 3)];
      sh[4 * i + 1] = edges[b + ((5 - r) & 3)];
      sh[4 * i + 2] = edges[b + ((6 - r) & 3)];
      sh[4 * i + 3] = edges[b + ((7 - r) & 3)];
    }
    let score = 0;
    for (let rr = 0; rr < rows; rr++) {
      for (let c = 0; c < cols; c++) {
        const i = rr * cols + c;
        let m = 0;
        if (c + 1 < cols) {
          const a = sh[4 * i + 1];
          m = a !== GREY && a === sh[4 * i + 7] ? 1 : 0;
        }
        this.right[i] = m;
        score += m;
        m = 0;
        if (rr + 1 < rows) {
          const a = sh[4 * i + 2];
          m = a !== GREY && a === sh[4 * (i + cols)] ? 1 : 0;
        }
        this.down[i] = m;
        score += m;
      }
    }
    let quads = 0;
    for (let rr = 0; rr + 1 < rows; rr++) {
      for (let c = 0; c + 1 < cols; c++) {
        const t = rr * cols + c;
        quads += this.right[t] & this.down[t] & this.right[t + cols] & this.down[t + 1];
      }
    }
    out[0] = score;
    out[1] = quads;
  }
}

/** One-off evaluation (tests, checks); the GA keeps a BoardScorer. */
export function evaluateBoard(L: GaLayout, P: Int16Array, R: Uint8Array, off: number, out: Int32Array): void {
  new BoardScorer(L).evaluate(P, R, off, out);
}

export const FITNESS_KINDS = ['thesis', 'score'] as const;
export type FitnessKind = (typeof FITNESS_KINDS)[number];

/**
 * Selection fitness. `thesis`: P = 1 - (1/k) sum_i (total_i - score_i)/total_i over the k
 * constraint kinds present (joins, 2x2 areas), so 1 means solved; `score`: matched joins.
 */
export function fitnessOf(kind: FitnessKind, L: GaLayout, score: number, quads: number): number {
  if (kind === 'score') return score;
  let k = 0;
  let penalty = 0;
  if (L.maxScore > 0) {
    k++;
    penalty += (L.maxScore - score) / L.maxScore;
  }
  if (L.quadTotal > 0) {
    k++;
    penalty += (L.quadTotal - quads) / L.quadTotal;
  }
  return k === 0 ? 1 : 1 - penalty / k;
}

/** The change in fitness for a change of dScore joins and dQuads areas (both fitnesses are linear). */
export function fitnessGain(kind: FitnessKind, L: GaLayout, dScore: number, dQuads: number): number {
  return fitnessOf(kind, L, dScore, dQuads) - fitnessOf(kind, L, 0, 0);
}

/**
 * The joins and 2x2 areas around a set of cells, each counted once, measured before and after an
 * operator changes those cells: the change in score and good areas without a full rescore.
 * Stamps instead of clearing keep a reset O(1). When many cells are marked (big regions), a
 * full rescore of the board is cheaper than the join-by-join count and is used instead.
 */
export class LocalDelta {
  private readonly joinStamp: Int32Array;
  private readonly quadStamp: Int32Array;
  private readonly joins: Int32Array;
  private readonly quads: Int32Array;
  private nJoins = 0;
  private nQuads = 0;
  private nCells = 0;
  private full = false;
  private readonly scorer: BoardScorer;
  private readonly out = new Int32Array(2);
  private stamp = 0;
  private score0 = 0;
  private quads0 = 0;
  dScore = 0;
  dQuads = 0;

  constructor(private readonly L: GaLayout) {
    this.joinStamp = new Int32Array(2 * L.cells);
    this.quadStamp = new Int32Array(L.cells);
    this.joins = new Int32Array(2 * L.cells);
    this.quads = new Int32Array(L.cells);
    this.scorer = new BoardScorer(L);
  }

  reset(): void {
    this.nJoins = 0;
    this.nQuads = 0;
    this.nCells = 0;
    if (++this.stamp === 0x7fffffff) {
      this.joinStamp.fill(0);
      this.quadStamp.fill(0);
      this.stamp = 1;
    }
  }

  private addJoin(j: number): void {
    if (this.joinStamp[j] !== this.stamp) {
      this.joinStamp[j] = this.stamp;
      this.joins[this.nJoins++] = j;
    }
  }

  private addQuad(t: number): void {
    if (this.quadStamp[t] !== this.stamp) {
      this.quadStamp[t] = this.stamp;
      this.quads[this.nQuads++] = t;
    }
  }

  /** Include every join and 2x2 area touching cell i. */
  add(i: number): void {
    const { rows, cols } = this.L;
    this.nCells++;
    const r = (i / cols) | 0;
    const c = i - r * cols;
    if (c + 1 < cols) this.addJoin(2 * i);
    if (r + 1 < rows) this.addJoin(2 * i + 1);
    if (c > 0) this.addJoin(2 * (i - 1));
    if (r > 0) this.addJoin(2 * (i - cols) + 1);
    const r0 = r > 0 ? r - 1 : 0;
    const c0 = c > 0 ? c - 1 : 0;
    const r1 = r + 1 < rows ? r : rows - 2;
    const c1 = c + 1 < cols ? c : cols - 2;
    for (let y = r0; y <= r1; y++) for (let x = c0; x <= c1; x++) this.addQuad(y * cols + x);
  }

  private measure(P: Int16Array, R: Uint8Array, off: number): void {
    const L = this.L;
    if (this.full) {
      this.scorer.evaluate(P, R, off, this.out);
      this.score0 = this.out[0];
      this.quads0 = this.out[1];
      return;
    }
    let s = 0;
    for (let k = 0; k < this.nJoins; k++) {
      const j = this.joins[k];
      s += joinMatches(L, P, R, off, j >> 1, j & 1);
    }
    let q = 0;
    for (let k = 0; k < this.nQuads; k++) q += quadGood(L, P, R, off, this.quads[k]);
    this.score0 = s;
    this.quads0 = q;
  }

  /** Measure the marked joins and areas before the change. */
  before(P: Int16Array, R: Uint8Array, off: number): void {
    // A marked cell costs about ten times a cell of a full rescore.
    this.full = 10 * this.nCells > this.L.cells;
    this.measure(P, R, off);
    this.dScore = -this.score0;
    this.dQuads = -this.quads0;
  }

  /** Measure again after the change: dScore and dQuads are then the change. */
  after(P: Int16Array, R: Uint8Array, off: number): void {
    this.measure(P, R, off);
    this.dScore += this.score0;
    this.dQuads += this.quads0;
  }
}
