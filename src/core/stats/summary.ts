/**
 * Summary statistics of a sample, as the papers report a study cell's: the studies' tables and
 * the app's comparison of runs both use these.
 */

/** A sample's figures; every one null when it is empty (sd also for a single value). */
export interface Summary {
  n: number;
  mean: number | null;
  median: number | null;
  /** Highest (scores are higher-is-better). */
  best: number | null;
  worst: number | null;
  /** Sample standard deviation (n - 1); null below two values. */
  sd: number | null;
}

export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function sampleSd(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs)!;
  let ss = 0;
  for (const x of xs) ss += (x - m) * (x - m);
  return Math.sqrt(ss / (xs.length - 1));
}

export function summarize(xs: readonly number[]): Summary {
  return {
    n: xs.length,
    mean: mean(xs),
    median: median(xs),
    best: xs.length ? xs.reduce((a, b) => (b > a ? b : a)) : null,
    worst: xs.length ? xs.reduce((a, b) => (b < a ? b : a)) : null,
    sd: sampleSd(xs),
  };
}
