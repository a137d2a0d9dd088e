import type { Rng } from '../../../rng/rng';
import { GREY as GREY_COLOUR } from '../model/model';
import { fitnessGain, joinMatches, quadGood, type FitnessKind, type LocalDelta } from './fitness';
import { CORNER, INNER as INNER_CLASS, SIDE, legalRotation, type GaLayout } from './layout';

/** Module-local copies: under tsx an imported binding is read through a getter, here in inner loops. */
const GREY = GREY_COLOUR;
const INNER = INNER_CLASS;

/** Symptom counts, the index into `Repairer.symptoms`' output. */
export const BORDER_FAULTS = 0;
export const DEADLOCKED = 1;
export const BAD_QUADS = 2;

/** Every ordering of the four cells of a 2x2 area, 4 entries each. */
const PERMS = ((): Int8Array => {
  const out: number[] = [];
  for (let a = 0; a < 4; a++)
    for (let b = 0; b < 4; b++)
      for (let c = 0; c < 4; c++) for (let d = 0; d < 4; d++) if (a !== b && a !== c && a !== d && b !== c && b !== d && c !== d) out.push(a, b, c, d);
  return Int8Array.from(out);
})();

/** Small tolerance for comparing fitness gains (sums of fractions). */
const EPS = 1e-12;

/**
 * Niang's repair heuristics (thesis 4.9), run on elites the selection heuristic found
 * deadlocked. The thesis names them only ("remove the deadlocks", "rearrange the 2x2 areas",
 * "rearrange the border tiles"); what each does here:
 * - border: swaps of two corner or two side tiles, kept when the fitness rises, until a pass
 *   over all pairs finds none (frame-aware boards only);
 * - deadlocks, two readings: `deadlockSearch` walks the board by moving deadlocked tiles (a
 *   short annealing-style search that ends on the fittest board met); `deadlocks` lifts every
 *   deadlocked tile off and puts them back one hole at a time (holes in random order), each hole
 *   taking the lifted tile and rotation that matches most of its already filled neighbours, which
 *   may lower the fitness, as the thesis saw. Only the search finishes 5x5 and 6x6 boards
 *   reliably (the niang bench);
 * - 2x2 areas: each area whose inner joins do not all match gets the arrangement of its four
 *   tiles (order and rotations, frame kept) that matches most of its twelve joins, kept when the
 *   fitness does not drop.
 */
export class Repairer {
  private readonly holes: Int32Array;
  private readonly liftedP: Int16Array;
  private readonly liftedUsed: Uint8Array;
  private readonly empty: Uint8Array;
  private readonly keepChance = new Float64Array(9);
  /** The best board the deadlock search has met. */
  private readonly keptP: Int16Array;
  private readonly keptR: Uint8Array;
  /** 2x2 work: cells, tiles, and external matches per (cell, tile, rotation), -1 = not allowed. */
  private readonly qCell = new Int32Array(4);
  private readonly qP = new Int16Array(4);
  private readonly qR = new Uint8Array(4);
  private readonly ext = new Int8Array(64);
  /** Colour tile j turned rot shows on side s, at 16j + 4rot + s. */
  private readonly col = new Int32Array(64);
  private readonly bestPerm = new Int8Array(4);
  private readonly bestRot = new Uint8Array(4);

  constructor(
    private readonly L: GaLayout,
    private readonly delta: LocalDelta,
    private readonly kind: FitnessKind,
  ) {
    this.holes = new Int32Array(L.cells);
    this.liftedP = new Int16Array(L.cells);
    this.liftedUsed = new Uint8Array(L.cells);
    this.empty = new Uint8Array(L.cells);
    this.keptP = new Int16Array(L.cells);
    this.keptR = new Uint8Array(L.cells);
  }

  /** Unmatched joins along the frame, deadlocked tiles and bad 2x2 areas, into out[0..2]. */
  symptoms(P: Int16Array, R: Uint8Array, off: number, minSides: number, out: Int32Array): void {
    const L = this.L;
    const { rows, cols, cellOut, cellClass } = L;
    let border = 0;
    let dead = 0;
    let bad = 0;
    for (let i = 0; i < L.cells; i++) {
      const r = (i / cols) | 0;
      const c = i - r * cols;
      if (c + 1 < cols && cellOut[i] && cellOut[i + 1] && (r === 0 || r === rows - 1)) border += 1 - joinMatches(L, P, R, off, i, 0);
      if (r + 1 < rows && cellOut[i] && cellOut[i + cols] && (c === 0 || c === cols - 1)) border += 1 - joinMatches(L, P, R, off, i, 1);
      if (r + 1 < rows && c + 1 < cols) bad += 1 - quadGood(L, P, R, off, i);
      if (cellClass[i] <= INNER && this.unmatched(P, R, off, i) >= minSides) dead++;
    }
    out[BORDER_FAULTS] = L.standardFrame ? border : 0;
    out[DEADLOCKED] = dead;
    out[BAD_QUADS] = bad;
  }

  /** Unmatched joins around cell i (sides facing out of the board do not count). */
  private unmatched(P: Int16Array, R: Uint8Array, off: number, i: number): number {
    const { nbr } = this.L;
    let m = 0;
    if (nbr[4 * i + 1] >= 0) m += 1 - joinMatches(this.L, P, R, off, i, 0);
    if (nbr[4 * i + 2] >= 0) m += 1 - joinMatches(this.L, P, R, off, i, 1);
    if (nbr[4 * i + 3] >= 0) m += 1 - joinMatches(this.L, P, R, off, i - 1, 0);
    if (nbr[4 * i] >= 0) m += 1 - joinMatches(this.L, P, R, off, i - this.L.cols, 1);
    return m;
  }

  border(P: Int16Array, R: Uint8Array, off: number): void {
    const L = this.L;
    if (!L.standardFrame) return;
    for (let cls = CORNER; cls <= SIDE; cls++) {
      const cells = L.classCells[cls];
      for (let pass = 0; pass < 8; pass++) {
        let improved = false;
        for (let x = 0; x < cells.length; x++) {
          for (let y = x + 1; y < cells.length; y++) {
            const a = cells[x];
            const b = cells[y];
            const d = this.delta;
            d.reset();
            d.add(a);
            d.add(b);
            d.before(P, R, off);
            const pa = P[off + a];
            const ra = R[off + a];
            const pb = P[off + b];
            const rb = R[off + b];
            P[off + a] = pb;
            R[off + a] = legalRotation(L, pb, a, 0);
            P[off + b] = pa;
            R[off + b] = legalRotation(L, pa, b, 0);
            d.after(P, R, off);
            if (fitnessGain(this.kind, L, d.dScore, d.dQuads) > EPS) improved = true;
            else {
              P[off + a] = pa;
              R[off + a] = ra;
              P[off + b] = pb;
              R[off + b] = rb;
            }
          }
        }
        if (!improved) break;
      }
    }
  }

  /**
   * "Remove the deadlocks" as a search: `trials` times, a deadlocked tile (at least `minSides`
   * unmatched joins) is swapped with a random tile of its class, both turned to their best
   * rotation at their new cells, or (inner tiles, one trial in four) turned alone. A change that
   * keeps the fitness or the matched joins is kept; one that loses j joins is kept with chance
   * exp(-j / temperature) (never at temperature 0), so the walk can leave the elite's local
   * optimum. The board ends as the fittest one the walk met. Returns the trials made (each one
   * delta evaluation); stops early once no tile is deadlocked.
   */
  deadlockSearch(P: Int16Array, R: Uint8Array, off: number, rng: Rng, minSides: number, trials: number, temperature: number): number {
    const L = this.L;
    const d = this.delta;
    // exp(-j / T) for a loss of j joins (a swap changes at most 8): no Math.exp per trial.
    const keep = this.keepChance;
    for (let j = 1; j <= 8; j++) keep[j] = temperature > 0 ? Math.exp(-j / temperature) : 0;
    let n = this.collectDeadlocked(P, R, off, minSides);
    let gain = 0;
    let bestGain = 0;
    this.saveBoard(P, R, off);
    let t = 0;
    for (; t < trials && n > 0; t++) {
      const a = this.holes[rng.int(n)];
      const cls = L.cellClass[a];
      const same = L.classCells[cls];
      const pa = P[off + a];
      const ra = R[off + a];
      const turn = cls === INNER && L.turns > 1 && (same.length < 2 || rng.int(4) === 0);
      if (!turn && same.length < 2) continue;
      let b = -1;
      let pb = 0;
      let rb = 0;
      d.reset();
      d.add(a);
      if (turn) {
        d.before(P, R, off);
        R[off + a] = (ra + 1 + rng.int(3)) & 3;
      } else {
        b = a;
        while (b === a) b = same[rng.int(same.length)];
        pb = P[off + b];
        rb = R[off + b];
        d.add(b);
        d.before(P, R, off);
        P[off + a] = pb;
        P[off + b] = pa;
        R[off + a] = this.bestRotation(P, R, off, pb, a);
        R[off + b] = this.bestRotation(P, R, off, pa, b);
      }
      d.after(P, R, off);
      const g = fitnessGain(this.kind, L, d.dScore, d.dQuads);
      if (g >= -EPS || d.dScore >= 0 || rng.next() < keep[d.dScore < -8 ? 8 : -d.dScore]) {
        // A change that moves no join or area leaves the deadlocked list as good as it was.
        if (d.dScore === 0 && d.dQuads === 0) continue;
        gain += g;
        if (gain > bestGain + EPS) {
          bestGain = gain;
          this.saveBoard(P, R, off);
        }
        n = this.collectDeadlocked(P, R, off, minSides);
      } else {
        P[off + a] = pa;
        R[off + a] = ra;
        if (b >= 0) {
          P[off + b] = pb;
          R[off + b] = rb;
        }
      }
    }
    if (gain < bestGain - EPS || gain > bestGain + EPS) this.loadBoard(P, R, off);
    return t;
  }

  private saveBoard(P: Int16Array, R: Uint8Array, off: number): void {
    for (let i = 0; i < this.L.cells; i++) {
      this.keptP[i] = P[off + i];
      this.keptR[i] = R[off + i];
    }
  }

  private loadBoard(P: Int16Array, R: Uint8Array, off: number): void {
    for (let i = 0; i < this.L.cells; i++) {
      P[off + i] = this.keptP[i];
      R[off + i] = this.keptR[i];
    }
  }

  /** Deadlocked free cells into holes[0..n); returns n. */
  private collectDeadlocked(P: Int16Array, R: Uint8Array, off: number, minSides: number): number {
    const L = this.L;
    let n = 0;
    for (let i = 0; i < L.cells; i++) if (L.cellClass[i] <= INNER && this.unmatched(P, R, off, i) >= minSides) this.holes[n++] = i;
    return n;
  }

  /** The rotation of piece p on cell c matching most of c's neighbours as they lie (border cells: the face-out one). */
  private bestRotation(P: Int16Array, R: Uint8Array, off: number, p: number, c: number): number {
    const L = this.L;
    if (L.cellClass[c] !== INNER) return legalRotation(L, p, c, 0);
    const e = L.edges;
    let best = 0;
    let bestVal = -1;
    for (let rot = 0; rot < L.turns; rot++) {
      let v = 0;
      for (let s = 0; s < 4; s++) {
        const q = L.nbr[4 * c + s];
        if (q < 0) continue;
        const a = e[4 * p + ((s - rot + 4) & 3)];
        if (a !== GREY && a === e[4 * P[off + q] + ((s + 6 - R[off + q]) & 3)]) v++;
      }
      if (v > bestVal) {
        bestVal = v;
        best = rot;
      }
    }
    return best;
  }

  deadlocks(P: Int16Array, R: Uint8Array, off: number, rng: Rng, minSides: number): void {
    const L = this.L;
    let n = 0;
    for (let i = 0; i < L.cells; i++) if (L.cellClass[i] <= INNER && this.unmatched(P, R, off, i) >= minSides) this.holes[n++] = i;
    if (n < 2) return;
    for (let k = 0; k < n; k++) {
      this.liftedP[k] = P[off + this.holes[k]];
      this.liftedUsed[k] = 0;
      this.empty[this.holes[k]] = 1;
    }
    for (let k = n - 1; k > 0; k--) {
      const j = rng.int(k + 1);
      const t = this.holes[k];
      this.holes[k] = this.holes[j];
      this.holes[j] = t;
    }
    const e = L.edges;
    for (let k = 0; k < n; k++) {
      const c = this.holes[k];
      const cls = L.cellClass[c];
      let best = -1;
      let bestRot = 0;
      let bestVal = -1;
      for (let j = 0; j < n; j++) {
        const p = this.liftedP[j];
        if (this.liftedUsed[j] || L.pieceClass[p] !== cls) continue;
        for (let t = 0; t < 4; t++) {
          const rot = cls === INNER ? t : legalRotation(L, p, c, 0);
          let v = 0;
          for (let s = 0; s < 4; s++) {
            const q = L.nbr[4 * c + s];
            if (q < 0 || this.empty[q]) continue;
            const a = e[4 * p + ((s - rot + 4) & 3)];
            if (a !== GREY && a === e[4 * P[off + q] + ((s + 6 - R[off + q]) & 3)]) v++;
          }
          if (v > bestVal) {
            bestVal = v;
            best = j;
            bestRot = rot;
          }
          if (cls !== INNER) break;
        }
      }
      this.liftedUsed[best] = 1;
      P[off + c] = this.liftedP[best];
      R[off + c] = bestRot;
      this.empty[c] = 0;
    }
  }

  quads(P: Int16Array, R: Uint8Array, off: number): void {
    const L = this.L;
    const { rows, cols } = L;
    for (let r = 0; r + 1 < rows; r++) {
      for (let c = 0; c + 1 < cols; c++) {
        const t = r * cols + c;
        if (!quadGood(L, P, R, off, t)) this.rearrange(P, R, off, t);
      }
    }
  }

  /** Colour piece p shows on side s when turned rot times. */
  private shown(p: number, rot: number, s: number): number {
    return this.L.edges[4 * p + ((s - rot + 4) & 3)];
  }

  /**
   * How good an arrangement is (tiles j0..j3 at TL, TR, BL, BR turned r0..r3): matched joins of
   * the area (external `e` plus the four inner ones), twice, plus one when the area itself is
   * good, so a tie in joins prefers a good area.
   */
  private value(j0: number, j1: number, j2: number, j3: number, r0: number, r1: number, r2: number, r3: number, e: number): number {
    const col = this.col;
    const t0 = 16 * j0 + 4 * r0;
    const t1 = 16 * j1 + 4 * r1;
    const t2 = 16 * j2 + 4 * r2;
    const t3 = 16 * j3 + 4 * r3;
    let inner = 0;
    let a = col[t0 + 1];
    if (a !== GREY && a === col[t1 + 3]) inner++;
    a = col[t2 + 1];
    if (a !== GREY && a === col[t3 + 3]) inner++;
    a = col[t0 + 2];
    if (a !== GREY && a === col[t2]) inner++;
    a = col[t1 + 2];
    if (a !== GREY && a === col[t3]) inner++;
    return 2 * (e + inner) + (inner === 4 ? 1 : 0);
  }

  private rearrange(P: Int16Array, R: Uint8Array, off: number, t: number): void {
    const L = this.L;
    const cols = L.cols;
    const { qCell, qP, qR, ext } = this;
    qCell[0] = t;
    qCell[1] = t + 1;
    qCell[2] = t + cols;
    qCell[3] = t + cols + 1;
    for (let i = 0; i < 4; i++) {
      qP[i] = P[off + qCell[i]];
      qR[i] = R[off + qCell[i]];
      for (let rot = 0; rot < 4; rot++) for (let side = 0; side < 4; side++) this.col[16 * i + 4 * rot + side] = this.shown(qP[i], rot, side);
    }
    // Sides of each cell that face out of the area: TL top/left, TR top/right, BL bottom/left, BR bottom/right.
    for (let i = 0; i < 4; i++) {
      const cell = qCell[i];
      const sv = i < 2 ? 0 : 2;
      const sh = (i & 1) === 0 ? 3 : 1;
      for (let j = 0; j < 4; j++) {
        const p = qP[j];
        const allowed = L.pieceClass[p] === L.cellClass[cell];
        const only = allowed && (L.cellClass[cell] !== INNER || L.turns === 1) ? legalRotation(L, p, cell, 0) : -1;
        for (let rot = 0; rot < 4; rot++) {
          const at = 16 * i + 4 * j + rot;
          if (!allowed || (only >= 0 && rot !== only)) {
            ext[at] = -1;
            continue;
          }
          let v = 0;
          for (let z = 0; z < 2; z++) {
            const s = z === 0 ? sv : sh;
            const q = L.nbr[4 * cell + s];
            if (q < 0) continue;
            const a = this.col[16 * j + 4 * rot + s];
            if (a !== GREY && a === this.shown(P[off + q], R[off + q], (s + 2) & 3)) v++;
          }
          ext[at] = v;
        }
      }
    }
    const current = this.value(0, 1, 2, 3, qR[0], qR[1], qR[2], qR[3], ext[qR[0]] + ext[16 + 4 + qR[1]] + ext[32 + 8 + qR[2]] + ext[48 + 12 + qR[3]]);
    let bestVal = current;
    for (let k = 0; k < 24; k++) {
      const j0 = PERMS[4 * k];
      const j1 = PERMS[4 * k + 1];
      const j2 = PERMS[4 * k + 2];
      const j3 = PERMS[4 * k + 3];
      const b0 = 4 * j0;
      const b1 = 16 + 4 * j1;
      const b2 = 32 + 4 * j2;
      const b3 = 48 + 4 * j3;
      // TR meets only TL and BR, BL only TL and BR: with r0 and r3 chosen, r1 and r2 are
      // independent, so 4 x 4 x (4 + 4) trials replace 4^4. Each keeps its best overall and its
      // best with both its inner joins matched (for the good-area bonus).
      const col = this.col;
      for (let r0 = 0; r0 < 4; r0++) {
        if (ext[b0 + r0] < 0) continue;
        const t0 = 16 * j0 + 4 * r0;
        for (let r3 = 0; r3 < 4; r3++) {
          if (ext[b3 + r3] < 0) continue;
          const t3 = 16 * j3 + 4 * r3;
          let v1 = -1;
          let a1 = 0;
          let v1m = -1;
          let a1m = 0;
          for (let r1 = 0; r1 < 4; r1++) {
            if (ext[b1 + r1] < 0) continue;
            const t1 = 16 * j1 + 4 * r1;
            const x = col[t0 + 1];
            const y = col[t1 + 2];
            const m = (x !== GREY && x === col[t1 + 3] ? 1 : 0) + (y !== GREY && y === col[t3] ? 1 : 0);
            const v = ext[b1 + r1] + m;
            if (v > v1) {
              v1 = v;
              a1 = r1;
            }
            if (m === 2 && v > v1m) {
              v1m = v;
              a1m = r1;
            }
          }
          let v2 = -1;
          let a2 = 0;
          let v2m = -1;
          let a2m = 0;
          for (let r2 = 0; r2 < 4; r2++) {
            if (ext[b2 + r2] < 0) continue;
            const t2 = 16 * j2 + 4 * r2;
            const x = col[t0 + 2];
            const y = col[t2 + 1];
            const m = (x !== GREY && x === col[t2] ? 1 : 0) + (y !== GREY && y === col[t3 + 3] ? 1 : 0);
            const v = ext[b2 + r2] + m;
            if (v > v2) {
              v2 = v;
              a2 = r2;
            }
            if (m === 2 && v > v2m) {
              v2m = v;
              a2m = r2;
            }
          }
          if (v1 < 0 || v2 < 0) continue;
          const base = ext[b0 + r0] + ext[b3 + r3];
          let v = 2 * (base + v1 + v2);
          let r1 = a1;
          let r2 = a2;
          if (v1m >= 0 && v2m >= 0 && 2 * (base + v1m + v2m) + 1 > v) {
            v = 2 * (base + v1m + v2m) + 1;
            r1 = a1m;
            r2 = a2m;
          }
          if (v > bestVal) {
            bestVal = v;
            this.bestPerm[0] = j0;
            this.bestPerm[1] = j1;
            this.bestPerm[2] = j2;
            this.bestPerm[3] = j3;
            this.bestRot[0] = r0;
            this.bestRot[1] = r1;
            this.bestRot[2] = r2;
            this.bestRot[3] = r3;
          }
        }
      }
    }
    if (bestVal === current) return;
    const d = this.delta;
    d.reset();
    for (let i = 0; i < 4; i++) d.add(qCell[i]);
    d.before(P, R, off);
    for (let i = 0; i < 4; i++) {
      P[off + qCell[i]] = qP[this.bestPerm[i]];
      R[off + qCell[i]] = this.bestRot[i];
    }
    d.after(P, R, off);
    const gain = fitnessGain(this.kind, L, d.dScore, d.dQuads);
    if (gain > EPS || (gain > -EPS && (d.dScore > 0 || d.dQuads > 0))) return;
    for (let i = 0; i < 4; i++) {
      P[off + qCell[i]] = qP[i];
      R[off + qCell[i]] = qR[i];
    }
  }
}
