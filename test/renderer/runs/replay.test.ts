import { describe, expect, it } from 'vitest';
import { SPEEDS, advance, frameAt, fromSlider, nextFrameTime, prevFrameTime, timelineEnd, toSlider } from '../../../src/renderer/src/runs/replay';

const frames = [
  { eventId: 1, t: 0, evaluations: 1, score: 10 },
  { eventId: 2, t: 100, evaluations: 50, score: 20 },
  { eventId: 3, t: 200, evaluations: 90, score: 30 },
  { eventId: 4, t: 5000, evaluations: 4000, score: 31 },
];
const fit = SPEEDS.find((s) => s.id === 'fit')!;
const x10 = SPEEDS.find((s) => s.id === '10')!;

describe('the replay timeline', () => {
  it('finds the board shown at any moment', () => {
    expect(frameAt(frames, -1)).toBe(-1);
    expect(frameAt(frames, 0)).toBe(0);
    expect(frameAt(frames, 99)).toBe(0);
    expect(frameAt(frames, 100)).toBe(1);
    expect(frameAt(frames, 4999)).toBe(2);
    expect(frameAt(frames, 1e9)).toBe(3);
    expect(frameAt([], 5)).toBe(-1);
  });

  it('steps to the next and previous improvement', () => {
    expect(nextFrameTime(frames, 0)).toBe(100);
    expect(nextFrameTime(frames, 150)).toBe(200);
    expect(nextFrameTime(frames, 5000)).toBeNull();
    expect(prevFrameTime(frames, 150)).toBe(100); // back to the start of the current one
    expect(prevFrameTime(frames, 200)).toBe(100);
    expect(prevFrameTime(frames, 0)).toBeNull();
    expect(timelineEnd(frames, 8000)).toBe(8000);
    expect(timelineEnd(frames, 10)).toBe(5000);
  });

  it('maps time and slider both ways, by time and by improvement', () => {
    const end = 10_000;
    expect(toSlider(frames, end, 2500, 'time')).toBe(0.25);
    expect(fromSlider(frames, end, 0.25, 'time')).toBe(2500);
    // By improvement: five equal slots (before the first, then one per improvement).
    expect(toSlider(frames, end, 0, 'steps')).toBeCloseTo(1 / 5);
    expect(toSlider(frames, end, 100, 'steps')).toBeCloseTo(2 / 5);
    expect(toSlider(frames, end, 150, 'steps')).toBeCloseTo(2.5 / 5);
    expect(toSlider(frames, end, end, 'steps')).toBeCloseTo(1);
    for (const t of [0, 50, 100, 150, 200, 2600, 5000, 7500, end]) expect(fromSlider(frames, end, toSlider(frames, end, t, 'steps'), 'steps')).toBeCloseTo(t, 6);
    // Each improvement is reachable on the slider even when they bunch up early.
    const x = (t: number): number => toSlider(frames, end, t, 'steps');
    expect(x(200) - x(100)).toBeCloseTo(0.2);
  });

  it('plays at a chosen speed and stops at the end', () => {
    expect(advance(frames, 10_000, 0, 100, x10, 'time')).toEqual({ t: 1000, done: false });
    expect(advance(frames, 10_000, 9500, 100, x10, 'time')).toEqual({ t: 10_000, done: true });
    // "Whole run in 20 s": 1 s of wall time is a twentieth of the run.
    expect(advance(frames, 10_000, 0, 1000, fit, 'time').t).toBeCloseTo(500);
    const s = advance(frames, 10_000, 0, 1000, fit, 'steps');
    expect(toSlider(frames, 10_000, s.t, 'steps')).toBeCloseTo(toSlider(frames, 10_000, 0, 'steps') + 1 / 20);
    expect(advance(frames, 10_000, 9999, 20_000, fit, 'steps')).toEqual({ t: 10_000, done: true });
  });
});
