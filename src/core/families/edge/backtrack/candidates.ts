import type { Rng } from '../../../rng/rng';
import { distinctRotations, typeEdge, typeGreyMask, type PieceTypes } from './piece-types';

/** Tables are indexed by colour pairs, so their size grows with the square of the colour count. */
export const MAX_COLOURS = 255;

/**
 * Candidate lists for one cell, precomputed for every (out mask, key side s, colour a on side s,
 * colour b on side s+1): the oriented piece types whose grey sides are exactly the out sides and
 * that show a and b there. A key colour may be `wild` (any colour), so the same tables serve cells
 * with one known neighbour, the first cell, and mismatch searches that give up one side.
 *
 * Keying on a pair of adjacent sides with the side index as part of the key lets every scan order
 * use them: row scans key on (left, top), a frame walked clockwise on (left, top), (top, right),
 * (right, bottom) and (bottom, left) in turn.
 *
 * Entries live in parallel typed arrays, list by list: list k runs from `start[k]` to its sentinel
 * at `stop[k]`.
 */
export class CandidateTables {
  /** The wildcard colour (one past the last colour). */
  readonly wild: number;
  /** Bits per key colour: key = base(mask, side) + (a << shift) + b. */
  readonly shift: number;
  readonly start: Int32Array;
  /** Where each list's sentinel is. */
  readonly stop: Int32Array;
  readonly type: Int32Array;
  readonly rot: Int32Array;
  /** Colours each entry shows, 4 per entry (top right bottom left). */
  readonly edge: Int32Array;
  /** Type of the sentinel closing each list (one past the last type). */
  readonly sentinel: number;
  /** A key whose list is empty (for the depth past the last cell). */
  readonly emptyKey: number;
  private readonly natural: { type: Int32Array; rot: Int32Array; edge: Int32Array };

  constructor(pt: PieceTypes) {
    if (pt.colours > MAX_COLOURS) throw new Error(`exact search supports at most ${MAX_COLOURS - 1} colours besides grey, the puzzle has ${pt.colours - 1}`);
    this.wild = pt.colours;
    let shift = 1;
    while (1 << shift <= this.wild) shift++;
    this.shift = shift;
    const keys = 64 << (2 * shift);
    this.emptyKey = keys;
    const count = new Int32Array(keys + 1);

    // Every distinct orientation of every free type, with the keys it goes under.
    const oType: number[] = [];
    const oRot: number[] = [];
    for (let t = 0; t < pt.typeCount; t++) {
      if (pt.fixedType[t]) continue;
      for (const r of distinctRotations(pt, t)) {
        oType.push(t);
        oRot.push(r);
      }
    }
    const keysOf = (o: number, out: number[]): void => {
      const t = oType[o];
      const r = oRot[o];
      const m = typeGreyMask(pt, t, r);
      out.length = 0;
      for (let s = 0; s < 4; s++) {
        const a = typeEdge(pt, t, r, s);
        const b = typeEdge(pt, t, r, (s + 1) & 3);
        const base = this.base(m, s);
        out.push(base + (a << shift) + b, base + (a << shift) + this.wild, base + (this.wild << shift) + b, base + (this.wild << shift) + this.wild);
      }
    };
    const ks: number[] = [];
    for (let o = 0; o < oType.length; o++) {
      keysOf(o, ks);
      for (const k of ks) count[k]++;
    }
    // Each list ends in a sentinel entry of type `sentinel`, whose count is always 0: the inner
    // loop finds the end of a list with the test that rejects a used piece. Empty lists share
    // entry 0. Exact lists come first, those of a row scan's key side first of all, so the lists
    // a search mostly reads sit close together in memory.
    this.start = new Int32Array(keys + 1);
    this.stop = new Int32Array(keys + 1);
    let at = 1;
    for (const wildPass of [false, true]) {
      for (const s of [3, 0, 1, 2]) {
        for (let m = 0; m < 16; m++) {
          for (let a = 0; a <= this.wild; a++) {
            for (let b = 0; b <= this.wild; b++) {
              if ((a === this.wild || b === this.wild) !== wildPass) continue;
              const k = this.key(m, s, a, b);
              if (count[k] === 0) continue;
              this.start[k] = at;
              at += count[k];
              this.stop[k] = at++;
            }
          }
        }
      }
    }
    const total = at;
    this.sentinel = pt.typeCount;
    this.type = new Int32Array(total);
    this.rot = new Int32Array(total);
    this.edge = new Int32Array(4 * total);
    const fill = this.start.slice();
    for (let o = 0; o < oType.length; o++) {
      keysOf(o, ks);
      for (const k of ks) {
        const i = fill[k]++;
        this.type[i] = oType[o];
        this.rot[i] = oRot[o];
        for (let s = 0; s < 4; s++) this.edge[4 * i + s] = typeEdge(pt, oType[o], oRot[o], s);
      }
    }
    for (let k = 0; k <= keys; k++) this.type[this.stop[k]] = this.sentinel;
    this.natural = { type: this.type.slice(), rot: this.rot.slice(), edge: this.edge.slice() };
  }

  base(mask: number, side: number): number {
    return ((mask << 2) | side) << (2 * this.shift);
  }

  key(mask: number, side: number, a: number, b: number): number {
    return this.base(mask, side) + (a << this.shift) + b;
  }

  get entries(): number {
    return this.type.length;
  }

  /**
   * Shuffle the order within every list, always starting from the built order, so one RNG state
   * (kept in checkpoints) reproduces the arrangement however many restarts came before.
   */
  shuffle(rng: Rng): void {
    const { start, type, rot, edge } = this;
    type.set(this.natural.type);
    rot.set(this.natural.rot);
    edge.set(this.natural.edge);
    for (let k = 0; k < this.emptyKey; k++) {
      const lo = start[k];
      for (let i = this.stop[k] - 1; i > lo; i--) {
        const j = lo + rng.int(i - lo + 1);
        if (j === i) continue;
        let x = type[i];
        type[i] = type[j];
        type[j] = x;
        x = rot[i];
        rot[i] = rot[j];
        rot[j] = x;
        for (let s = 0; s < 4; s++) {
          x = edge[4 * i + s];
          edge[4 * i + s] = edge[4 * j + s];
          edge[4 * j + s] = x;
        }
      }
    }
  }
}
