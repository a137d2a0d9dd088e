/**
 * The score axis of a run chart. By default it spans the data with a little headroom, so the
 * range where a run spends its time (440 to 458 on Eternity II) fills the chart instead of a
 * sliver of 0 to 480; the best possible score is marked (a line when in range, a label at the
 * top when above it). "Full range" asks for 0 up to that maximum. Pure.
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

/** Headroom above and below the data, as a share of its span. */
export const HEADROOM = 0.06;

/**
 * The axis for these lines: whole numbers around the data with HEADROOM, never below 0 when no
 * score is, never above `yMax` when no score is; `full` = 0 (or the lowest score) to `yMax`.
 * An empty chart gets 0 to `yMax` (or 0 to 1).
 */
export function scoreAxis(lines: readonly { points: readonly XY[] }[], yMax: number | null, full = false): ScoreAxis {
  const top = yMax !== null && yMax > 0 ? yMax : null;
  const r = dataRange(lines);
  if (!r) return { min: 0, max: top ?? 1 };
  if (full) {
    const min = Math.min(0, Math.floor(r.lo));
    const max = Math.max(Math.ceil(r.hi), top ?? Math.ceil(r.hi + (r.hi - min) * HEADROOM));
    return { min, max: max > min ? max : min + 1 };
  }
  const pad = r.hi > r.lo ? (r.hi - r.lo) * HEADROOM : Math.max(1, Math.abs(r.hi) * HEADROOM);
  // Ends on round ticks (430, not 424): a 1, 2 or 5 step giving about six of them.
  const step = niceStep((r.hi - r.lo + 2 * pad) / 6);
  let min = Math.floor((r.lo - pad) / step) * step;
  if (r.lo >= 0) min = Math.max(0, min);
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
