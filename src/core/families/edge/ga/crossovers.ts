import type { Rng } from '../../../rng/rng';
import { FIXED, legalRotation, type GaLayout } from './layout';

/** Crossover operators (thesis 4.6), in the order of their weight parameters. */
export const CROSSOVERS = ['regionExchange', 'uniform'] as const;
export type CrossoverName = (typeof CROSSOVERS)[number];

/**
 * Crossovers read two parents from one population buffer and write two children into another
 * (children are full boards; the caller rescores them). Both keep the frame: a tile either stays
 * on the cell it had in a parent (legal there, so legal here) or fills a hole whose class, by
 * counting, matches the leftover tiles dealt into it in order; border tiles then face out.
 */
export class Crossover {
  /** Piece stamps: `mark[p] === stamp` means piece p is in the region / already placed. */
  private readonly mark: Int32Array;
  private stamp = 0;
  private readonly restP: Int16Array;
  private readonly restR: Uint8Array;
  private readonly template: Uint8Array;
  /** Next leftover to use for each class (fixed cells never need one). */
  private readonly cursor = new Int32Array(FIXED);
  private nRest = 0;

  constructor(private readonly L: GaLayout) {
    this.mark = new Int32Array(L.cells);
    this.restP = new Int16Array(L.cells);
    this.restR = new Uint8Array(L.cells);
    this.template = new Uint8Array(L.cells);
  }

  apply(op: number, sP: Int16Array, sR: Uint8Array, offA: number, offB: number, dP: Int16Array, dR: Uint8Array, off1: number, off2: number, rng: Rng): void {
    if (op === 0) this.regionExchange(sP, sR, offA, offB, dP, dR, off1, off2, rng);
    else if (op === 1) this.uniform(sP, sR, offA, offB, dP, dR, off1, off2, rng);
    else throw new Error(`unknown crossover ${op}`);
  }

  private nextStamp(): number {
    if (++this.stamp === 0x7fffffff) {
      this.mark.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** The next leftover tile of class k (leftovers are restP[0..count)). */
  private takeRest(k: number): number {
    const pc = this.L.pieceClass;
    let i = this.cursor[k];
    while (i < this.nRest && pc[this.restP[i]] !== k) i++;
    if (i === this.nRest) throw new Error('crossover: no leftover tile for a hole of its class (operator bug)');
    this.cursor[k] = i + 1;
    return i;
  }

  /**
   * Munoz et al.'s region exchange as the thesis runs it (Algorithm 7): a random rectangle
   * (two random corners); child 1 is A with B's region copied in, the tiles of B's region
   * removed from where they were in A and A's displaced region tiles refilled into those holes
   * in reading order; child 2 the same the other way round.
   */
  regionExchange(sP: Int16Array, sR: Uint8Array, offA: number, offB: number, dP: Int16Array, dR: Uint8Array, off1: number, off2: number, rng: Rng): void {
    const { rows, cols } = this.L;
    const y1 = rng.int(rows);
    const y2 = rng.int(rows);
    const x1 = rng.int(cols);
    const x2 = rng.int(cols);
    const r0 = Math.min(y1, y2);
    const r1 = Math.max(y1, y2);
    const c0 = Math.min(x1, x2);
    const c1 = Math.max(x1, x2);
    this.exchangeChild(sP, sR, offA, offB, dP, dR, off1, r0, r1, c0, c1);
    this.exchangeChild(sP, sR, offB, offA, dP, dR, off2, r0, r1, c0, c1);
  }

  private exchangeChild(
    sP: Int16Array,
    sR: Uint8Array,
    offX: number,
    offY: number,
    dP: Int16Array,
    dR: Uint8Array,
    offC: number,
    r0: number,
    r1: number,
    c0: number,
    c1: number,
  ): void {
    const L = this.L;
    const cols = L.cols;
    const st = this.nextStamp();
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.mark[sP[offY + r * cols + c]] = st;
    let nRest = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const i = r * cols + c;
        const p = sP[offX + i];
        if (this.mark[p] !== st) {
          this.restP[nRest] = p;
          this.restR[nRest++] = sR[offX + i];
        }
      }
    }
    this.nRest = nRest;
    this.cursor.fill(0);
    for (let r = 0; r < L.rows; r++) {
      const inRows = r >= r0 && r <= r1;
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        if (inRows && c >= c0 && c <= c1) {
          dP[offC + i] = sP[offY + i];
          dR[offC + i] = sR[offY + i];
        } else if (this.mark[sP[offX + i]] === st) {
          const k = this.takeRest(L.cellClass[i]);
          const p = this.restP[k];
          dP[offC + i] = p;
          dR[offC + i] = legalRotation(L, p, i, this.restR[k]);
        } else {
          dP[offC + i] = sP[offX + i];
          dR[offC + i] = sR[offX + i];
        }
      }
    }
  }

  /**
   * Uniform crossover: a template of 1s and 2s says which parent each cell's tile comes from
   * (child 2 reads it the other way); a tile already placed leaves a hole, filled afterwards with
   * the unplaced tiles in the order they sit in the child's first parent.
   */
  uniform(sP: Int16Array, sR: Uint8Array, offA: number, offB: number, dP: Int16Array, dR: Uint8Array, off1: number, off2: number, rng: Rng): void {
    for (let i = 0; i < this.L.cells; i++) this.template[i] = rng.int(2);
    this.uniformChild(sP, sR, offA, offB, dP, dR, off1, 0);
    this.uniformChild(sP, sR, offB, offA, dP, dR, off2, 1);
  }

  private uniformChild(sP: Int16Array, sR: Uint8Array, offX: number, offY: number, dP: Int16Array, dR: Uint8Array, offC: number, flip: number): void {
    const L = this.L;
    const n = L.cells;
    const st = this.nextStamp();
    for (let i = 0; i < n; i++) {
      const off = (this.template[i] ^ flip) === 0 ? offX : offY;
      const p = sP[off + i];
      if (this.mark[p] === st) dP[offC + i] = -1;
      else {
        this.mark[p] = st;
        dP[offC + i] = p;
        dR[offC + i] = sR[off + i];
      }
    }
    let nRest = 0;
    for (let i = 0; i < n; i++) {
      const p = sP[offX + i];
      if (this.mark[p] !== st) {
        this.restP[nRest] = p;
        this.restR[nRest++] = sR[offX + i];
      }
    }
    this.nRest = nRest;
    this.cursor.fill(0);
    for (let i = 0; i < n; i++) {
      if (dP[offC + i] >= 0) continue;
      const k = this.takeRest(L.cellClass[i]);
      const p = this.restP[k];
      dP[offC + i] = p;
      dR[offC + i] = legalRotation(L, p, i, this.restR[k]);
    }
  }
}
