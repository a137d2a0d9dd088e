import type { Rng } from '../../../rng/rng';
import type { EdgePuzzle } from '../model/model';
import { blockMetrics, type BlockHeuristic } from './block-heuristics';
import { blockLayout, enumerateBlocks, type BlockLayout } from './blocks';
import { CandidateTables } from './candidates';
import type { PieceTypes } from './piece-types';

/**
 * The blocks of a puzzle sorted into candidate lists by (class, left pattern, top pattern), in
 * search order within each list; entries hold what the inner loop reads, in typed arrays.
 */
export class BlockTables {
  readonly layout: BlockLayout;
  readonly patterns: number;
  /** Blocks the transform produced, before heuristics dropped any. */
  readonly enumerated: number;
  readonly start: Int32Array;
  /** End of each list (one past its last entry). */
  readonly stop: Int32Array;
  /**
   * 4 per entry: piece types and rotations of TL TR BL BR. A void sub-cell holds `voidType`, which
   * the counting loop gives an endless supply, so it tests and counts it like any other type.
   */
  readonly types: Int32Array;
  readonly rots: Int32Array;
  readonly right: Int32Array;
  readonly bottom: Int32Array;
  readonly emptyKey: number;
  readonly voidType: number;
  /** Blocks enumerated per class. */
  readonly perClass: Int32Array;
  /**
   * When every piece is unique: per entry, its pieces as a bit set of `words` 32-bit words, so
   * the loop tests a block against the pieces in use with a word or two instead of four counts.
   */
  readonly words: number;
  readonly masks: Int32Array | null;

  constructor(p: EdgePuzzle, pt: PieceTypes, heuristic: BlockHeuristic, shuffleRng: Rng | null) {
    this.layout = blockLayout(p);
    const set = enumerateBlocks(p, pt, new CandidateTables(pt), this.layout);
    const P = (this.patterns = set.patterns);
    this.enumerated = set.count;
    this.perClass = new Int32Array(this.layout.classes);
    for (let b = 0; b < set.count; b++) this.perClass[set.cls[b]]++;
    const order = Int32Array.from({ length: set.count }, (_, i) => i);
    if (shuffleRng) shuffleRng.shuffle(order);
    const metric = heuristic === 'none' ? null : blockMetrics(this.layout, set, pt.count, heuristic);
    const keyOf = (b: number): number => (set.cls[b] * P + set.sides[4 * b + 3]) * P + set.sides[4 * b];
    const keys = this.layout.classes * P * P;
    this.emptyKey = keys;
    this.start = new Int32Array(keys + 2);
    let kept = 0;
    for (const b of order) {
      if (metric && metric[b] === 0) continue;
      this.start[keyOf(b) + 1]++;
      kept++;
    }
    for (let k = 0; k <= keys; k++) this.start[k + 1] += this.start[k];
    this.stop = this.start.subarray(1);
    const sorted = new Int32Array(kept);
    const fill = this.start.slice(0, keys + 1);
    for (const b of order) if (!(metric && metric[b] === 0)) sorted[fill[keyOf(b)]++] = b;
    if (metric) {
      // Within a border list, the block with the most possible neighbours first (ties keep their order).
      for (let k = 0; k < keys; k++) {
        const lo = this.start[k];
        const hi = this.start[k + 1];
        if (hi - lo < 2 || !this.layout.border[Math.floor(k / (P * P))]) continue;
        const seg = Array.from(sorted.subarray(lo, hi)).sort((x, y) => metric[y] - metric[x]);
        sorted.set(seg, lo);
      }
    }
    this.voidType = pt.typeCount;
    this.types = new Int32Array(4 * kept);
    this.rots = new Int32Array(4 * kept);
    this.right = new Int32Array(kept);
    this.bottom = new Int32Array(kept);
    const unique = pt.count.every((c) => c === 1);
    this.words = unique ? (pt.typeCount + 31) >>> 5 : 0;
    this.masks = unique ? new Int32Array(this.words * kept) : null;
    for (let i = 0; i < kept; i++) {
      const b = sorted[i];
      for (let q = 0; q < 4; q++) {
        const t = set.types[4 * b + q];
        this.types[4 * i + q] = t < 0 ? this.voidType : t;
        this.rots[4 * i + q] = set.rots[4 * b + q];
        if (this.masks && t >= 0) this.masks[this.words * i + (t >>> 5)] |= 1 << (t & 31);
      }
      this.right[i] = set.sides[4 * b + 1];
      this.bottom[i] = set.sides[4 * b + 2];
    }
  }

  get entries(): number {
    return this.right.length;
  }
}
