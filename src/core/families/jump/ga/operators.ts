import type { Rng } from '../../../rng/rng';

/**
 * The report's GA operators on row-major chromosomes stored back to back in one Int32Array
 * (`off` = start of an individual). Position k always holds a value legal for cell k, and both
 * operators keep it so: crossover only moves genes between parents at the same position, mutation
 * draws from the cell's own range.
 */

/** Cut point of the one-point crossover: uniform over [low * len, high * len] (whole cells). */
export function crossoverPoint(rng: Rng, len: number, low: number, high: number): number {
  const a = Math.max(1, Math.ceil(low * len));
  const b = Math.min(len - 1, Math.floor(high * len));
  return b <= a ? Math.min(Math.max(a, 1), len - 1) : a + rng.int(b - a + 1);
}

/** Children c1 = a[0, cut) + b[cut, len), c2 = b[0, cut) + a[cut, len); c2 < 0 makes only c1. */
export function crossover(src: Int32Array, a: number, b: number, dst: Int32Array, c1: number, c2: number, len: number, cut: number): void {
  for (let k = 0; k < cut; k++) dst[c1 + k] = src[a + k];
  for (let k = cut; k < len; k++) dst[c1 + k] = src[b + k];
  if (c2 < 0) return;
  for (let k = 0; k < cut; k++) dst[c2 + k] = src[b + k];
  for (let k = cut; k < len; k++) dst[c2 + k] = src[a + k];
}

/**
 * The report's mutation: while a draw falls below the rate, one random changeable cell takes
 * another legal value, and the rate is divided by `decay` (so several mutations are rare).
 * Returns the number of mutations.
 */
export function mutate(pop: Int32Array, off: number, rng: Rng, rate: number, decay: number, mutable: Int32Array, maxJ: Int32Array): number {
  if (mutable.length === 0) return 0;
  let count = 0;
  let p = rate;
  while (rng.next() < p) {
    const i = mutable[rng.int(mutable.length)];
    const old = pop[off + i];
    let v = 1 + rng.int(maxJ[i] - 1);
    if (v >= old) v++;
    pop[off + i] = v;
    count++;
    p /= decay;
  }
  return count;
}

/**
 * The report's first mutation (its parameter table's reading): every changeable cell takes another
 * legal value with probability `rate`. The gaps between mutated cells are drawn (geometric, the
 * same distribution as a coin per cell), so a child costs about rate x cells draws, not cells.
 * Returns the number of mutations.
 */
export function mutateCells(pop: Int32Array, off: number, rng: Rng, rate: number, mutable: Int32Array, maxJ: Int32Array): number {
  let count = 0;
  for (let k = rng.failures(rate); k < mutable.length; k += 1 + rng.failures(rate)) {
    const i = mutable[k];
    const old = pop[off + i];
    let v = 1 + rng.int(maxJ[i] - 1);
    if (v >= old) v++;
    pop[off + i] = v;
    count++;
  }
  return count;
}
