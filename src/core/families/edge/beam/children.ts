import type { Rng } from '../../../rng/rng';

/** Widest range of keys' joins-and-rank parts `select` counts in one sweep (beyond it, in buckets). */
export const SPAN = 65536;

/**
 * Children a pool holds for layers of `W` before a cut: with a floor, half as many again as a
 * layer keeps (`expand` visits the best boards first, so the first cut's floor is close to the
 * last and few children are pushed after it; four per kept board pushed twice the children and
 * their cuts swept a pool four times as large); without one (`dedupe`), four per kept board.
 */
export function childPoolCap(W: number, bounded = true): number {
  return bounded ? W + Math.floor(W / 2) + 1024 : 4 * W + 1024;
}

/**
 * The children a beam layer considers (their parent, candidate, score and ranking key), cut back
 * to the layer's width whenever the buffer fills: later children must reach the weakest kept
 * score, so children that close fewer joins are generated only while they could still make it.
 */
export class ChildPool {
  /** Children held before a cut, at most: the cut's timing (and so the run) depends on it. */
  cap: number;
  /** `room`: `childPoolCap` of the layer's width, within `cap` (with dedupe, `cap`). */
  private held: number;
  readonly parent: Int32Array;
  readonly cand: Int32Array;
  readonly score: Int32Array;
  readonly key: Float64Array;
  /**
   * `select`'s counts: SPAN of the keys' joins-and-rank parts (or buckets of them), then 1024 of
   * tie-breaks. Free between a cut and the next, so `boardOrder` sorts a layer's boards in them.
   */
  readonly counts: Int32Array;
  count = 0;
  cut = -Infinity;
  /**
   * The key of the weakest child kept at the last cut (-Infinity before one). The random
   * tie-break adds less than 1024 to a key, so a child whose key cannot reach it even so is never
   * kept: it is dropped before it draws, and a parent none of whose children could is not looked at.
   */
  floor = -Infinity;
  /** Whether the floor is kept (not with dedupe, which takes more children than the width). */
  private readonly bounded: boolean;
  /** Children kept at the layer under way. */
  private width = 1;

  /** `W`: the widest layer. `arrays`: its arrays, `childPoolCap(W)` long, where they are given (the WebAssembly kernel's). */
  constructor(
    W: number,
    private readonly rng: Rng,
    arrays?: { parent: Int32Array; cand: Int32Array; score: Int32Array; key: Float64Array; counts: Int32Array },
    bounded = true,
  ) {
    this.bounded = bounded;
    this.cap = this.held = childPoolCap(W, bounded);
    this.parent = arrays?.parent ?? new Int32Array(this.cap);
    this.cand = arrays?.cand ?? new Int32Array(this.cap);
    this.score = arrays?.score ?? new Int32Array(this.cap);
    this.key = arrays?.key ?? new Float64Array(this.cap);
    this.counts = arrays?.counts ?? new Int32Array(SPAN + 1024);
  }

  /**
   * Hold the children of layers up to `W` wide before a cut (within the arrays): a run whose
   * buffers are sized for wider passes to come cuts as one sized for its present passes does.
   */
  limit(W: number): void {
    this.cap = Math.min(childPoolCap(W, this.bounded), this.parent.length);
  }

  /** Children held before a cut in the layer under way (the WebAssembly kernel holds as many). */
  get room(): number {
    return this.held;
  }

  /** Empty, for a layer keeping `width` children. */
  reset(width: number): void {
    this.width = width;
    this.held = this.bounded ? Math.min(this.cap, childPoolCap(width)) : this.cap;
    this.count = 0;
    this.cut = -Infinity;
    this.floor = -Infinity;
  }

  /** Whether a child of `score` and rank `rank` could still reach the floor (with the largest tie-break). */
  reaches(score: number, rank: number): boolean {
    return score * 1048576 + rank * 1024 + 1023 >= this.floor;
  }

  push(parent: number, cand: number, score: number, balance: number): void {
    if (score < this.cut || !this.reaches(score, balance)) return;
    if (this.count >= this.held) {
      this.prune();
      if (score < this.cut || !this.reaches(score, balance)) return;
    }
    // Matched joins first, then the balance estimate, then a random tie-break.
    const key = score * 1048576 + balance * 1024 + (this.rng.u32() & 1023);
    // Below the floor once drawn, it can never be kept, so it takes no room: without `exhaust`
    // every child of the floor's joins reaches the floor before its draw, and would fill the pool.
    if (key < this.floor) return;
    const k = this.count++;
    this.parent[k] = parent;
    this.cand[k] = cand;
    this.score[k] = score;
    this.key[k] = key;
  }

  /** Keep the `width` best children (by key); later children must reach the weakest kept score. */
  prune(): void {
    const w = this.width;
    if (this.count <= w) return;
    const floor = this.select(w);
    this.count = w;
    // The weakest kept key's joins are the weakest kept joins (a key's rank and tie-break add less than 2^20).
    this.cut = Math.floor(floor / 1048576);
    if (this.bounded) this.floor = floor;
  }

  /**
   * Put the `k` children of largest key first, in the order they came: mostly their parents'
   * order, so that making them the next layer reads the parents' states in order. The k-th
   * largest key is found by counting: the keys' joins-and-rank parts (a key over 1024), then the
   * tie-breaks of those equal to the k-th's. Once a layer has been cut the parts span a few joins,
   * so one sweep counts them; where they span more than SPAN, a sweep counts them in SPAN buckets
   * and the next looks only inside the k-th's. Then the kept children move down.
   * Returns the weakest key kept (-Infinity when all are).
   */
  select(k: number): number {
    const n = this.count;
    if (k >= n) return -Infinity;
    const key = this.key;
    const c = this.counts;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < n; i++) {
      const b = Math.floor(key[i] / 1024);
      if (b < lo) lo = b;
      if (b > hi) hi = b;
    }
    // Keys above the k-th, then children with the k-th key itself kept first come.
    let above = 0;
    // Narrow [lo, hi] down to the k-th's part, counting in buckets of `step` parts.
    let step: number;
    do {
      step = 1;
      while ((hi - lo) / step >= SPAN) step *= 2;
      const buckets = Math.floor((hi - lo) / step) + 1;
      c.fill(0, 0, buckets);
      for (let i = 0; i < n; i++) {
        const b = Math.floor(key[i] / 1024);
        if (b >= lo && b <= hi) c[Math.floor((b - lo) / step)]++;
      }
      let j = buckets - 1;
      while (above + c[j] < k) above += c[j--];
      lo += j * step;
      hi = Math.min(hi, lo + step - 1);
    } while (step > 1);
    const b = lo;
    c.fill(0, SPAN, SPAN + 1024);
    for (let i = 0; i < n; i++) if (Math.floor(key[i] / 1024) === b) c[SPAN + key[i] - b * 1024]++;
    let r = 1023;
    while (above + c[SPAN + r] < k) above += c[SPAN + r--];
    const t = b * 1024 + r;
    let ties = k - above;
    let m = 0;
    for (let i = 0; m < k; i++) {
      const x = key[i];
      if (x < t) continue;
      if (x === t) {
        if (ties === 0) continue;
        ties--;
      }
      if (i !== m) {
        this.parent[m] = this.parent[i];
        this.cand[m] = this.cand[i];
        this.score[m] = this.score[i];
        key[m] = x;
      }
      m++;
    }
    return t;
  }
}
