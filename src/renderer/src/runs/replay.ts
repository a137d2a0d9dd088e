/**
 * The replay timeline of a run: a position in running time (ms), the improvement (frame) shown at
 * each position, stepping between improvements, and playback at a chosen speed. The timeline can
 * be laid out by time or by step (every improvement equally wide: early bursts stay scrubbable).
 */
import type { ImprovementPoint } from '../../../main/store/run-history';

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

/** The time the next / previous improvement happened, from `t`; null past the ends. */
export function nextFrameTime(frames: readonly { t: number }[], t: number): number | null {
  const i = frameAt(frames, t);
  return i + 1 < frames.length ? frames[i + 1]!.t : null;
}

export function prevFrameTime(frames: readonly { t: number }[], t: number): number | null {
  const i = frameAt(frames, t);
  // At a frame exactly: go to the one before it; between frames: go back to the current one's start.
  if (i < 0) return null;
  if (frames[i]!.t < t) return frames[i]!.t;
  return i > 0 ? frames[i - 1]!.t : null;
}

/** How long the timeline is: the run's running time, at least up to its last improvement. */
export function timelineEnd(frames: readonly ImprovementPoint[], elapsedMs: number): number {
  const last = frames.length ? frames[frames.length - 1]!.t : 0;
  return Math.max(elapsedMs, last, 1);
}

export type TimelineScale = 'time' | 'steps';

/**
 * Position on the slider (0..1) for a time. In 'steps', each improvement owns an equal slice:
 * slice k runs from frame k to frame k + 1 (the last slice to the end).
 */
export function toSlider(frames: readonly { t: number }[], end: number, t: number, scale: TimelineScale): number {
  if (scale === 'time' || frames.length === 0) return Math.min(1, Math.max(0, t / end));
  const n = frames.length;
  const i = frameAt(frames, t);
  if (i < 0) {
    const first = frames[0]!.t;
    return first > 0 ? (Math.max(0, t) / first) * (1 / (n + 1)) : 0;
  }
  const a = frames[i]!.t;
  const b = i + 1 < n ? frames[i + 1]!.t : end;
  const within = b > a ? Math.min(1, (t - a) / (b - a)) : 0;
  return (i + 1 + within) / (n + 1);
}

/** The time at a slider position (inverse of toSlider). */
export function fromSlider(frames: readonly { t: number }[], end: number, x: number, scale: TimelineScale): number {
  const p = Math.min(1, Math.max(0, x));
  if (scale === 'time' || frames.length === 0) return p * end;
  const n = frames.length;
  const slot = p * (n + 1);
  const k = Math.min(n, Math.floor(slot));
  const within = slot - k;
  if (k === 0) return within * frames[0]!.t;
  const a = frames[k - 1]!.t;
  const b = k < n ? frames[k]!.t : end;
  return a + within * (b - a);
}

export interface Speed {
  id: string;
  label: string;
  /** Timeline ms per real ms; null = the whole run in `fitSeconds`. */
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
 * One playback tick: where the cursor is after `realMs` of wall time. In 'steps' scale the speed
 * moves along the slider (so every improvement shows for the same time); in 'time' scale along
 * the running time. Returns the new time and whether the end was reached.
 */
export function advance(frames: readonly { t: number }[], end: number, t: number, realMs: number, speed: Speed, scale: TimelineScale): { t: number; done: boolean } {
  const fitPerMs = 1 / (FIT_SECONDS * 1000); // slider units per real ms in "fit"
  if (scale === 'steps' && frames.length > 0) {
    const perMs = speed.factor === null ? fitPerMs : (speed.factor / end) * 1; // factor relative to the run length
    const x = toSlider(frames, end, t, 'steps') + realMs * perMs;
    if (x >= 1) return { t: end, done: true };
    return { t: fromSlider(frames, end, x, 'steps'), done: false };
  }
  const delta = speed.factor === null ? realMs * fitPerMs * end : realMs * speed.factor;
  const next = t + delta;
  return next >= end ? { t: end, done: true } : { t: next, done: false };
}
