/**
 * Effect size, multiple-testing correction and bootstrap intervals for a study's comparisons.
 */
import { Rng } from '../rng/rng';
import { doubledRanks } from './ranks';

/**
 * Vargha-Delaney A12 of x over y: P(X > Y) + P(X = Y) / 2 for a random x and y (0.5 = no
 * difference, 1 = every x above every y). Null when either sample is empty. From the rank sum,
 * so linear after the sort.
 */
export function a12(x: readonly number[], y: readonly number[]): number | null {
  if (x.length === 0 || y.length === 0) return null;
  const r = doubledRanks([...x, ...y]);
  let r1 = 0;
  for (let i = 0; i < x.length; i++) r1 += r[i]!;
  return (r1 / 2 - (x.length * (x.length + 1)) / 2) / (x.length * y.length);
}

/**
 * Holm's step-down adjusted p-values, in the order given (nulls stay null and do not count as
 * tests): the i-th smallest of m is multiplied by m - i + 1, made monotone, capped at 1.
 */
export function holm(ps: readonly (number | null)[]): (number | null)[] {
  const idx = ps.map((p, i) => (p === null ? -1 : i)).filter((i) => i >= 0);
  idx.sort((a, b) => ps[a]! - ps[b]! || a - b);
  const m = idx.length;
  const out: (number | null)[] = ps.map(() => null);
  let running = 0;
  idx.forEach((i, k) => {
    running = Math.max(running, Math.min(1, (m - k) * ps[i]!));
    out[i] = running;
  });
  return out;
}

export interface Interval {
  low: number;
  high: number;
}

export const BOOTSTRAP_RESAMPLES = 2000;

/**
 * Percentile bootstrap 95 % intervals of the mean and the median: `resamples` resamples with
 * replacement drawn by a seeded generator, so the same values always give the same interval.
 * Null below two values (one value has no spread to resample).
 */
export function bootstrapIntervals(xs: readonly number[], seed = 1, resamples = BOOTSTRAP_RESAMPLES): { mean: Interval; median: Interval } | null {
  const n = xs.length;
  if (n < 2) return null;
  const rng = new Rng(seed);
  const means = new Float64Array(resamples);
  const medians = new Float64Array(resamples);
  const sample = new Float64Array(n);
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const v = xs[Math.floor((rng.u32() / 4294967296) * n)]!;
      sample[i] = v;
      sum += v;
    }
    means[b] = sum / n;
    sample.sort();
    medians[b] = n % 2 === 1 ? sample[n >> 1]! : (sample[(n >> 1) - 1]! + sample[n >> 1]!) / 2;
  }
  means.sort();
  medians.sort();
  return { mean: percentiles(means), median: percentiles(medians) };
}

function percentiles(sorted: Float64Array): Interval {
  const at = (q: number): number => {
    const pos = (sorted.length - 1) * q;
    const lo = Math.floor(pos);
    const hi = Math.ceil(pos);
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
  };
  return { low: at(0.025), high: at(0.975) };
}
