import type { Rng } from '../../../rng/rng';

/** Children a pool holds for layers of `W`: four per kept board before a cut. */
export function childPoolCap(W: number): number {
  return 4 * W + 1024;
}

/**
 * The children a beam layer considers (their parent, candidate, score and ranking key), cut back
 * to the layer's width whenever the buffer fills: later children must reach the weakest kept
 * score, so children that close fewer joins are generated only while they could still make it.
 */
export class ChildPool {
  /** Children held before a cut: the cut's timing (and so the run) depends on it. */
  cap: number;
  readonly parent: Int32Array;
  readonly cand: Int32Array;
  readonly score: Int32Array;
  readonly key: Float64Array;
  count = 0;
  cut = -Infinity;
  /** Children kept at the layer under way. */
  private width = 1;

  /** `W`: the widest layer. `arrays`: the four arrays, `childPoolCap(W)` long, where they are given (the WebAssembly kernel's). */
  constructor(
    W: number,
    private readonly rng: Rng,
    arrays?: { parent: Int32Array; cand: Int32Array; score: Int32Array; key: Float64Array },
  ) {
    this.cap = childPoolCap(W);
    this.parent = arrays?.parent ?? new Int32Array(this.cap);
    this.cand = arrays?.cand ?? new Int32Array(this.cap);
    this.score = arrays?.score ?? new Int32Array(this.cap);
    this.key = arrays?.key ?? new Float64Array(this.cap);
  }

  /**
   * Hold the children of layers up to `W` wide before a cut (within the arrays): a run whose
   * buffers are sized for wider passes to come cuts as one sized for its present passes does.
   */
  limit(W: number): void {
    this.cap = Math.min(childPoolCap(W), this.parent.length);
  }

  /** Empty, for a layer keeping `width` children. */
  reset(width: number): void {
    this.width = width;
    this.count = 0;
    this.cut = -Infinity;
  }

  push(parent: number, cand: number, score: number, balance: number): void {
    if (score < this.cut) return;
    if (this.count === this.cap) this.prune();
    if (score < this.cut) return;
    const k = this.count++;
    this.parent[k] = parent;
    this.cand[k] = cand;
    this.score[k] = score;
    // Matched joins first, then the balance estimate, then a random tie-break.
    this.key[k] = score * 1048576 + balance * 1024 + (this.rng.u32() & 1023);
  }

  /** Keep the `width` best children (by key); later children must reach the weakest kept score. */
  prune(): void {
    const w = this.width;
    if (this.count <= w) return;
    this.select(w);
    this.count = w;
    let lo = Infinity;
    for (let i = 0; i < w; i++) if (this.score[i] < lo) lo = this.score[i];
    this.cut = lo;
  }

  /** Partition the children so the `k` largest keys come first (quickselect). */
  select(k: number): void {
    let lo = 0;
    let hi = this.count - 1;
    const key = this.key;
    while (lo < hi) {
      const pivot = key[(lo + hi) >>> 1];
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (key[i] > pivot) i++;
        while (key[j] < pivot) j--;
        if (i <= j) {
          this.swap(i, j);
          i++;
          j--;
        }
      }
      if (k - 1 <= j) hi = j;
      else if (k - 1 >= i) lo = i;
      else break;
    }
  }

  private swap(i: number, j: number): void {
    let t = this.parent[i];
    this.parent[i] = this.parent[j];
    this.parent[j] = t;
    t = this.cand[i];
    this.cand[i] = this.cand[j];
    this.cand[j] = t;
    t = this.score[i];
    this.score[i] = this.score[j];
    this.score[j] = t;
    const x = this.key[i];
    this.key[i] = this.key[j];
    this.key[j] = x;
  }
}
