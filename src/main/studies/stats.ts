/**
 * Summary statistics of a study cell, as the papers report them. Pure functions on plain numbers
 * (no Node), so the app's results view can use them unchanged.
 */
import type { Summary } from '../api/studies';

export type { Summary };

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
    best: xs.length ? Math.max(...xs) : null,
    worst: xs.length ? Math.min(...xs) : null,
    sd: sampleSd(xs),
  };
}
