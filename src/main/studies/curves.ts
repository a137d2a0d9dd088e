/**
 * Mean best-score-against-time curves of a study's cells, with a spread band: every run's best
 * so far is a step function of its running time, carried forward; at each time of a log-spaced
 * grid the cell's curve is the mean of its runs, its band the middle half of them
 * (first to third quartile); the grid begins once every run has found a score. Pure, so the
 * results view and tests share it.
 */
import { mean } from '../../core/stats/summary';
import type { CurvePoint } from '../api/studies';

export type { CurvePoint };

/** A run's improvements: elapsed ms and the new best, in time order; `endMs` = its running time so far. */
export interface RunTrace {
  endMs: number;
  /** A finished run keeps its final best after its end; a live one says nothing past it yet. */
  finished: boolean;
  points: readonly { t: number; score: number }[];
}

/** `count` times from `from` to `to` ms, evenly spaced on a log scale. */
export function logGrid(from: number, to: number, count: number): number[] {
  const a = Math.max(1, from);
  const b = Math.max(a, to);
  if (count < 2 || b === a) return [a];
  const la = Math.log(a);
  const step = (Math.log(b) - la) / (count - 1);
  // The ends exactly: exp(log(a)) can fall a hair short of a, before the find the grid starts at.
  return Array.from({ length: count }, (_, i) => (i === 0 ? a : i === count - 1 ? b : Math.exp(la + i * step)));
}

/** The q-quantile (0..1) of sorted values, by linear interpolation. */
export function quantile(sorted: readonly number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The best so far of a run at time t (null before its first improvement). */
function bestAt(trace: RunTrace, t: number): number | null {
  let best: number | null = null;
  for (const p of trace.points) {
    if (p.t > t) break;
    best = p.score;
  }
  return best;
}

/**
 * One curve over the given runs on a shared time grid. Each run's best so far holds from its
 * first improvement on, past its end too (a live run's best cannot fall either), and a point is
 * drawn only once every run with a score has one: the mean of a fixed set of non-decreasing
 * steps, so the curve never falls. Points with no run are left out.
 */
export function meanCurve(traces: readonly RunTrace[], grid: readonly number[]): CurvePoint[] {
  const out: CurvePoint[] = [];
  const scored = traces.filter((tr) => tr.points.length > 0);
  for (const t of grid) {
    const values: number[] = [];
    for (const tr of scored) {
      const b = bestAt(tr, t);
      if (b !== null) values.push(b);
    }
    if (values.length === 0 || values.length < scored.length) continue;
    values.sort((x, y) => x - y);
    out.push({ t, mean: mean(values)!, low: quantile(values, 0.25), high: quantile(values, 0.75), n: values.length });
  }
  return out;
}

/**
 * The grid for a set of runs: from the moment every run with a score has found one to the longest
 * run. A run's start (its board at 0 ms, the empty board of a run from empty) is not a find: a
 * log axis cannot place 0, and a grid from it would spend half a log chart on the mean of the
 * starts and squash the range the runs then spend their hours in; before the latest first find
 * it would mix starts with finds. A run that found nothing past its start counts from its start.
 */
export function curveGrid(traces: readonly RunTrace[], count = 48): number[] {
  let first = -Infinity;
  let last = 0;
  for (const tr of traces) {
    if (tr.points.length > 0) first = Math.max(first, (tr.points.find((p) => p.t > 0) ?? tr.points[0]!).t);
    last = Math.max(last, tr.endMs, tr.points.at(-1)?.t ?? 0);
  }
  if (!Number.isFinite(first)) return [];
  return logGrid(first, last, count);
}
