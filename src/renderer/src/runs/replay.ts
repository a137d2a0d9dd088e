/**
 * The replay timeline of a run. The position is a cursor: a running time and the improvement
 * (frame) shown then. Improvements can share a timestamp (several in one millisecond), so the
 * frame is kept explicitly: stepping moves one improvement at a time, and the "by improvement"
 * layout gives every improvement an equal slice of the slider (early bursts stay scrubbable).
 */
import type { ImprovementPoint } from '../../../main/api/types';

export interface Cursor {
  /** Running time, ms. */
  t: number;
  /** Index of the improvement shown, -1 before the first. */
  frame: number;
}

/** Index of the last improvement at or before `t`, or -1 when there is none yet. */
export function frameAt(frames: readonly { t: number }[], t: number): number {
  let lo = 0;
  let hi = frames.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (frames[mid]!.t <= t) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

export const atTime = (frames: readonly { t: number }[], t: number): Cursor => ({ t, frame: frameAt(frames, t) });

/** How long the timeline is: the run's running time, at least up to its last improvement. */
export function timelineEnd(frames: readonly ImprovementPoint[], elapsedMs: number): number {
  const last = frames.length ? frames[frames.length - 1]!.t : 0;
  return Math.max(elapsedMs, last, 1);
}

/** The next (+1) or previous (-1) improvement, or null past the ends. Moving back from inside a frame's stretch goes to its start. */
export function step(frames: readonly { t: number }[], c: Cursor, dir: 1 | -1): Cursor | null {
  if (dir > 0) {
    const k = c.frame + 1;
    return k < frames.length ? { t: frames[k]!.t, frame: k } : null;
  }
  if (c.frame >= 0 && frames[c.frame]!.t < c.t) return { t: frames[c.frame]!.t, frame: c.frame };
  const k = c.frame - 1;
  if (k >= 0) return { t: frames[k]!.t, frame: k };
  return c.frame === 0 || (c.frame < 0 && c.t > 0) ? { t: 0, frame: -1 } : null;
}

export type TimelineScale = 'time' | 'steps';

/**
 * Slider position (0..1) of a cursor. In 'steps', the slider has frames + 1 equal slots: before
 * the first improvement, then one per improvement (from it to the next, or to the end).
 */
export function sliderOf(frames: readonly { t: number }[], end: number, c: Cursor, scale: TimelineScale): number {
  if (scale === 'time' || frames.length === 0) return Math.min(1, Math.max(0, c.t / end));
  const n = frames.length;
  const k = Math.max(-1, Math.min(n - 1, c.frame));
  const a = k < 0 ? 0 : frames[k]!.t;
  const b = k + 1 < n ? frames[k + 1]!.t : end;
  const within = b > a ? Math.min(1, Math.max(0, (c.t - a) / (b - a))) : 0;
  return (k + 1 + within) / (n + 1);
}

/** The cursor at a slider position (inverse of sliderOf). */
export function atSlider(frames: readonly { t: number }[], end: number, x: number, scale: TimelineScale): Cursor {
  const p = Math.min(1, Math.max(0, x));
  if (scale === 'time' || frames.length === 0) return atTime(frames, p * end);
  const n = frames.length;
  const slot = Math.min(n + 1 - 1e-9, p * (n + 1));
  const k = Math.floor(slot) - 1; // -1 .. n-1
  const within = slot - (k + 1);
  const a = k < 0 ? 0 : frames[k]!.t;
  const b = k + 1 < n ? frames[k + 1]!.t : end;
  return { t: p >= 1 ? end : a + within * (b - a), frame: k };
}

export interface Speed {
  id: string;
  label: string;
  /** Timeline ms per real ms; null = the whole run in FIT_SECONDS. */
  factor: number | null;
}

export const FIT_SECONDS = 20;

export const SPEEDS: readonly Speed[] = [
  { id: 'fit', label: `Whole run in ${FIT_SECONDS} s`, factor: null },
  { id: '1', label: '1×', factor: 1 },
  { id: '10', label: '10×', factor: 10 },
  { id: '60', label: '60×', factor: 60 },
  { id: '600', label: '600×', factor: 600 },
  { id: '3600', label: '3600×', factor: 3600 },
];

/**
 * One playback tick: the cursor after `realMs` of wall time. In 'time' the running time moves by
 * the speed; in 'steps' the slider does (a factor f covers the run's slider in end / f ms, as it
 * would its time), so every improvement shows for the same while. `x` is the slider position the
 * playback has reached (slots of improvements that share a time have no width in time, so the
 * position is carried from tick to tick rather than recomputed from the cursor).
 */
export function advance(
  frames: readonly { t: number }[],
  end: number,
  c: Cursor,
  realMs: number,
  speed: Speed,
  scale: TimelineScale,
  x: number = sliderOf(frames, end, c, scale),
): { cursor: Cursor; x: number; done: boolean } {
  const sliderPerMs = speed.factor === null ? 1 / (FIT_SECONDS * 1000) : speed.factor / end;
  if (scale === 'steps' && frames.length > 0) {
    const nx = x + realMs * sliderPerMs;
    if (nx >= 1) return { cursor: atTime(frames, end), x: 1, done: true };
    return { cursor: atSlider(frames, end, nx, 'steps'), x: nx, done: false };
  }
  const next = c.t + realMs * sliderPerMs * end;
  if (next >= end) return { cursor: atTime(frames, end), x: 1, done: true };
  return { cursor: atTime(frames, next), x: next / end, done: false };
}
