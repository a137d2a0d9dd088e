import type { Rng } from '../../rng/rng';

/**
 * Operator weights as a cumulative table, so picking one costs a short scan and no allocation.
 * A weight of 0 disables its operator; `total` is 0 when every operator is disabled.
 */
export class WeightedChoice {
  private readonly cum: Float64Array;
  readonly total: number;

  constructor(weights: readonly number[]) {
    this.cum = new Float64Array(weights.length);
    let acc = 0;
    weights.forEach((w, i) => (this.cum[i] = acc += w > 0 ? w : 0));
    this.total = acc;
  }

  /** Index of the chosen operator; callers check `total > 0` first. */
  pick(rng: Rng): number {
    const u = rng.next() * this.total;
    const cum = this.cum;
    const last = cum.length - 1;
    let i = 0;
    while (i < last && u >= cum[i]) i++;
    // Only when rounding puts u at the very top can the scan end on a disabled operator.
    while (i > 0 && cum[i] === cum[i - 1]) i--;
    return i;
  }

  /** Same as pick, but with some operators switched off for this call (mask bit i = off). */
  pickWithout(rng: Rng, offMask: number): number {
    if (offMask === 0) return this.pick(rng);
    let total = 0;
    for (let i = 0; i < this.cum.length; i++) if (!(offMask & (1 << i))) total += this.weight(i);
    if (total <= 0) return -1;
    let u = rng.next() * total;
    for (let i = 0; i < this.cum.length; i++) {
      if (offMask & (1 << i)) continue;
      const w = this.weight(i);
      if (w > 0 && u < w) return i;
      u -= w;
    }
    // Rounding left u just above the last weight: take the last enabled operator.
    for (let i = this.cum.length - 1; i >= 0; i--) if (!(offMask & (1 << i)) && this.weight(i) > 0) return i;
    return -1;
  }

  weight(i: number): number {
    return i === 0 ? this.cum[0] : this.cum[i] - this.cum[i - 1];
  }
}
