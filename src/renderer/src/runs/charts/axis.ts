/**
 * The score axis of a run chart. By default it spans the data with a little headroom, so the
 * range where a run spends its time (440 to 458 on Eternity II) fills the chart instead of a
 * sliver of 0 to 480; the best possible score is marked (a line when in range, a label at the
 * top when above it). "Full range" asks for 0 up to that maximum. Pure.
 *
 * The bottom is set by what the chart shows for a while: a start that is over within the first
 * EARLY share of the time axis (the empty board at 0 s of a night's run, the first second of 459
 * on a 20-hour axis) is drawn rising in from below, instead of squashing the hours spent at
 * 462-466 into the top tenth. The top always takes in every point: the best is never cut.
 */
import type { XY } from './series';

export interface ScoreAxis {
  min: number;
  max: number;
}

/** Lowest and highest finite y of the lines (NaN marks a break), or null when there is none. */
export function dataRange(lines: readonly { points: readonly XY[] }[]): { lo: number; hi: number } | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const l of lines)
    for (const p of l.points) {
      if (!Number.isFinite(p.y)) continue;
      if (p.y < lo) lo = p.y;
      if (p.y > hi) hi = p.y;
    }
  return lo <= hi ? { lo, hi } : null;
}

/** The share of the time axis whose levels do not set its bottom (see above). */
export const EARLY = 0.02;

/**
 * The lowest finite y the chart shows beyond its first EARLY share of x: each point holds its y to
 * the next point (a step line; a line's last point to the axis's end). `xLog`: x as the log axis
 * places it, which draws no point at x <= 0. Null when no point is left (then all count).
 */
export function heldLow(lines: readonly { points: readonly XY[] }[], xLog = false): number | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const l of lines)
    for (const p of l.points) {
      if (xLog && !(p.x > 0)) continue;
      const x = xLog ? Math.log10(p.x) : p.x;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
  if (!(hi > lo)) return null;
  const early = lo + (hi - lo) * EARLY;
  let low = Infinity;
  for (const l of lines) {
    const pts = l.points;
    for (let i = 0; i < pts.length; i++) {
      const p = pts[i]!;
      if (!Number.isFinite(p.y) || (xLog && !(p.x > 0))) continue;
      const next = i + 1 < pts.length ? pts[i + 1]!.x : Infinity;
      const until = next === Infinity ? hi : xLog ? Math.log10(Math.max(next, p.x)) : next;
      if (until > early && p.y < low) low = p.y;
    }
  }
  return low === Infinity ? null : low;
}

/** Headroom above and below the data, as a share of its span. */
export const HEADROOM = 0.06;

/**
 * The axis for these lines: whole numbers around the data with HEADROOM (its bottom from
 * `heldLow`), never below 0 when no score is, never above `yMax` when no score is; `full` = 0 (or
 * the lowest score) to `yMax`.
 * An empty chart gets 0 to `yMax` (or 0 to 1).
 */
export function scoreAxis(lines: readonly { points: readonly XY[] }[], yMax: number | null, full = false, xLog = false): ScoreAxis {
  const top = yMax !== null && yMax > 0 ? yMax : null;
  const all = dataRange(lines);
  if (!all) return { min: 0, max: top ?? 1 };
  // The bottom from what is shown for a while (above); the "never below 0" rule from every score.
  const r = full ? all : { lo: Math.max(all.lo, heldLow(lines, xLog) ?? all.lo), hi: all.hi };
  if (full) {
    const min = Math.min(0, Math.floor(r.lo));
    const max = Math.max(Math.ceil(r.hi), top ?? Math.ceil(r.hi + (r.hi - min) * HEADROOM));
    return { min, max: max > min ? max : min + 1 };
  }
  const pad = r.hi > r.lo ? (r.hi - r.lo) * HEADROOM : Math.max(1, Math.abs(r.hi) * HEADROOM);
  // Ends on round ticks (430, not 424): a 1, 2 or 5 step giving about six of them.
  const step = niceStep((r.hi - r.lo + 2 * pad) / 6);
  let min = Math.floor((r.lo - pad) / step) * step;
  if (all.lo >= 0) min = Math.max(0, min);
  let max = Math.ceil((r.hi + pad) / step) * step;
  if (top !== null && r.hi <= top) max = Math.min(max, top);
  if (max <= min) max = min + 1;
  return { min, max };
}

/** The smallest whole 1, 2 or 5 times a power of ten at least `raw` (at least 1: scores are whole). */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** Where the best possible score is shown: a line inside the axis, a label at its top above it. */
export function maxMark(axis: ScoreAxis, yMax: number | null): 'line' | 'above' | null {
  if (yMax === null || yMax <= 0) return null;
  if (yMax > axis.max) return 'above';
  return yMax >= axis.min ? 'line' : null;
}
