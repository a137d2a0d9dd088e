/**
 * Chart datasets from a run's series: best score as a step line (exact, from the checked improvements),
 * current and population-mean scores from the progress samples, against running time,
 * evaluations or iterations / generations. Pure.
 */
import type { ImprovementPoint, SeriesPoint } from '../../../../main/api/types';
import type { ChartLine, XY } from './line';
import { RUN_LINE_STYLES } from './palette';

export type { XY };

export type XMode = 'time' | 'evaluations' | 'iterations';

export const X_MODES: { id: XMode; label: string }[] = [
  { id: 'time', label: 'Time' },
  { id: 'evaluations', label: 'Evaluations' },
  { id: 'iterations', label: 'Iterations' },
];

/** Iterations at a number of evaluations, interpolated between progress samples (0 before the first). */
export function iterationAt(evaluations: number, progress: readonly SeriesPoint[]): number {
  if (progress.length === 0) return 0;
  let lo = 0;
  let hi = progress.length - 1;
  if (evaluations <= progress[0]!.evaluations) {
    const p = progress[0]!;
    return p.evaluations > 0 ? (p.iteration * evaluations) / p.evaluations : 0;
  }
  if (evaluations >= progress[hi]!.evaluations) {
    const p = progress[hi]!;
    return p.evaluations > 0 ? (p.iteration * evaluations) / p.evaluations : p.iteration;
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (progress[mid]!.evaluations <= evaluations) lo = mid;
    else hi = mid;
  }
  const a = progress[lo]!;
  const b = progress[hi]!;
  const f = b.evaluations > a.evaluations ? (evaluations - a.evaluations) / (b.evaluations - a.evaluations) : 0;
  return a.iteration + f * (b.iteration - a.iteration);
}

export function xOf(p: { t: number; evaluations: number }, mode: XMode, progress: readonly SeriesPoint[], iteration?: number): number {
  if (mode === 'time') return p.t;
  if (mode === 'evaluations') return p.evaluations;
  return iteration ?? iterationAt(p.evaluations, progress);
}

/**
 * At most `max` points of a step line (x ascending), keeping its shape: the first and last points,
 * and in each of max - 2 equal x-slices the last point (the value the step holds at the slice's end).
 */
export function thinSteps<P extends XY>(points: readonly P[], max: number): P[] {
  if (points.length <= max || max < 3) return [...points];
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const span = last.x - first.x;
  const slices = max - 2;
  const out: P[] = [first];
  let slot = -1;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i]!;
    const s = span > 0 ? Math.min(slices - 1, Math.floor(((p.x - first.x) / span) * slices)) : 0;
    if (s === slot) out[out.length - 1] = p;
    else {
      out.push(p);
      slot = s;
    }
  }
  out.push(last);
  return out;
}

export interface RunLines {
  best: XY[];
  current: XY[];
  /** Null when the solver reports no population mean. */
  mean: XY[] | null;
}

export interface LineOptions {
  /** The run's own end (running time and evaluations) so the best line reaches it. */
  end?: { t: number; evaluations: number } | null;
  /** At most this many points per line. Default 2000. */
  maxPoints?: number;
}

/**
 * The three lines of one run for a chart. The best line is made of the improvements alone (boards
 * the recorder checked): a sample's best is the solver's claim, so a run without improvements has
 * no best line.
 */
export function runLines(improvements: readonly ImprovementPoint[], progress: readonly SeriesPoint[], mode: XMode, opts: LineOptions = {}): RunLines {
  const max = opts.maxPoints ?? 2000;
  let best: XY[] = improvements.map((p) => ({ x: xOf(p, mode, progress), y: p.score }));
  // Reach the latest known moment with the last best.
  const tail = [
    ...progress.map((p) => ({ x: xOf(p, mode, progress, p.iteration), t: p.t })),
    ...(opts.end ? [{ x: xOf(opts.end, mode, progress), t: opts.end.t }] : []),
  ];
  const lastX = tail.reduce((m, p) => Math.max(m, p.x), -Infinity);
  if (best.length > 0 && lastX > best[best.length - 1]!.x) best.push({ x: lastX, y: best[best.length - 1]!.y });
  best = thinSteps(best, max);
  const sampled = sampledLine(progress, mode, (p) => p.current, max);
  const hasMean = progress.some((p) => p.mean !== null);
  const mean = hasMean ? sampledLine(progress, mode, (p) => p.mean, max) : null;
  return { best, current: sampled, mean };
}

/** How many times longer than both gaps beside it a gap between samples is a silence. */
const SILENCE = 10;

/**
 * A sampled quantity (current score, population mean) as a line that is drawn only where samples
 * are (a break is a point whose y is NaN, which Chart.js does not join): the sample taken as the
 * run started (before its first progress interval) is left out, so no straight climb from it to
 * the next sample is made up, and the line breaks across a silence (a pause, a resume): a gap more
 * than SILENCE times both gaps beside it. Each gap is judged against its neighbours, not the run's
 * usual interval, because the store keeps older samples sparser (each halving doubles the gaps of
 * what is older, thin.ts): a long run's early stretch is sparse, not silent. Thinning makes
 * neighbouring gaps differ too, by under 2x in the store and up to about 6x once the lowest and
 * highest of each stretch are sent (thinSeries: the store's 2000 samples at most, sent as
 * series-feed's FEED_POINTS).
 */
export function sampledLine(progress: readonly SeriesPoint[], mode: XMode, value: (p: SeriesPoint) => number | null, max = 2000): XY[] {
  let pts = progress.filter((p) => value(p) !== null);
  if (pts.length > 1 && pts[0]!.t < 0.1 * (pts[1]!.t - pts[0]!.t)) pts = pts.slice(1);
  const line = thinSteps(
    pts.map((p) => ({ x: xOf(p, mode, progress, p.iteration), y: value(p)!, t: p.t })),
    max,
  );
  const gap = (i: number): number => (i >= 1 && i < line.length ? line[i]!.t - line[i - 1]!.t : 0);
  const out: XY[] = [];
  for (let i = 0; i < line.length; i++) {
    const p = line[i]!;
    const beside = Math.max(gap(i - 1), gap(i + 1));
    if (i > 0 && beside > 0 && gap(i) > SILENCE * beside) out.push({ x: (line[i - 1]!.x + p.x) / 2, y: NaN });
    out.push({ x: p.x, y: p.y });
  }
  return out;
}

/** The y value of a step line at x (the last point at or before x), or null before it starts. */
export function stepValueAt(line: readonly XY[], x: number): number | null {
  let lo = 0;
  let hi = line.length - 1;
  let ans: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (line[mid]!.x <= x) {
      ans = line[mid]!.y;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

/** A progress quantity at a running time, interpolated between samples (improvements refine evaluations). */
export function evaluationsAt(t: number, progress: readonly SeriesPoint[], improvements: readonly ImprovementPoint[] = []): number {
  const pts = mergeByTime(progress, improvements);
  if (pts.length === 0) return 0;
  if (t <= pts[0]!.t) return pts[0]!.t > 0 ? (pts[0]!.evaluations * Math.max(0, t)) / pts[0]!.t : pts[0]!.evaluations;
  const last = pts[pts.length - 1]!;
  if (t >= last.t) return last.evaluations;
  let lo = 0;
  let hi = pts.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (pts[mid]!.t <= t) lo = mid;
    else hi = mid;
  }
  const a = pts[lo]!;
  const b = pts[hi]!;
  return b.t > a.t ? a.evaluations + ((t - a.t) / (b.t - a.t)) * (b.evaluations - a.evaluations) : a.evaluations;
}

function mergeByTime(progress: readonly SeriesPoint[], improvements: readonly ImprovementPoint[]): { t: number; evaluations: number }[] {
  const all = [...progress.map((p) => ({ t: p.t, evaluations: p.evaluations })), ...improvements.map((p) => ({ t: p.t, evaluations: p.evaluations }))];
  all.sort((a, b) => a.t - b.t || a.evaluations - b.evaluations);
  return all;
}

/** The x of a running time on an axis of `mode`. */
export function xAtTime(t: number, mode: XMode, progress: readonly SeriesPoint[], improvements: readonly ImprovementPoint[] = []): number {
  if (mode === 'time') return t;
  const e = evaluationsAt(t, progress, improvements);
  return mode === 'evaluations' ? e : iterationAt(e, progress);
}

/** The running time at an x of `mode` (inverse of xAtTime, by bisection on the monotone mapping). */
export function timeAtX(x: number, mode: XMode, end: number, progress: readonly SeriesPoint[], improvements: readonly ImprovementPoint[] = []): number {
  if (mode === 'time') return Math.min(end, Math.max(0, x));
  let lo = 0;
  let hi = end;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (xAtTime(mid, mode, progress, improvements) < x) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** One run's lines on its own chart, drawn in RUN_LINE_STYLES: current, population mean (if any), best (if any) on top. */
export function runChartLines(improvements: readonly ImprovementPoint[], progress: readonly SeriesPoint[], mode: XMode, opts: LineOptions = {}): ChartLine[] {
  const l = runLines(improvements, progress, mode, opts);
  const { best, current, mean } = RUN_LINE_STYLES;
  const out: ChartLine[] = [{ id: 'current', label: 'Current', points: l.current, colour: current.colour, width: current.width }];
  if (l.mean) out.push({ id: 'mean', label: 'Population mean', points: l.mean, colour: mean.colour, dash: mean.dash, width: mean.width });
  if (l.best.length > 0) out.push({ id: 'best', label: 'Best', points: l.best, colour: best.colour, width: best.width, stepped: true });
  return out;
}
