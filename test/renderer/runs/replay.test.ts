import { describe, expect, it } from 'vitest';
import { SPEEDS, advance, atSlider, atTime, frameAt, sliderOf, step, timelineEnd, type Cursor } from '../../../src/renderer/src/runs/replay';

// Two improvements in the same millisecond (it happens early in a run).
const frames = [
  { eventId: 1, t: 0, evaluations: 1, score: 10 },
  { eventId: 2, t: 100, evaluations: 50, score: 20 },
  { eventId: 3, t: 100, evaluations: 51, score: 21 },
  { eventId: 4, t: 200, evaluations: 90, score: 30 },
  { eventId: 5, t: 5000, evaluations: 4000, score: 31 },
];
const fit = SPEEDS.find((s) => s.id === 'fit')!;
const x10 = SPEEDS.find((s) => s.id === '10')!;

describe('the replay timeline', () => {
  it('finds the board shown at any moment', () => {
    expect(frameAt(frames, -1)).toBe(-1);
    expect(frameAt(frames, 0)).toBe(0);
    expect(frameAt(frames, 99)).toBe(0);
    expect(frameAt(frames, 100)).toBe(2);
    expect(frameAt(frames, 4999)).toBe(3);
    expect(frameAt(frames, 1e9)).toBe(4);
    expect(frameAt([], 5)).toBe(-1);
    expect(timelineEnd(frames, 8000)).toBe(8000);
    expect(timelineEnd(frames, 10)).toBe(5000);
  });

  it('steps one improvement at a time, even within one millisecond', () => {
    let c: Cursor = { t: 0, frame: -1 };
    const seen: number[] = [];
    for (let next = step(frames, c, 1); next; next = step(frames, c, 1)) {
      c = next;
      seen.push(c.frame);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(c).toEqual({ t: 5000, frame: 4 });
    expect(step(frames, { t: 100, frame: 2 }, -1)).toEqual({ t: 100, frame: 1 });
    expect(step(frames, { t: 150, frame: 2 }, -1)).toEqual({ t: 100, frame: 2 }); // back to the start of the current one
    expect(step(frames, { t: 0, frame: 0 }, -1)).toEqual({ t: 0, frame: -1 });
    expect(step(frames, { t: 0, frame: -1 }, -1)).toBeNull();
  });

  it('maps cursors and slider positions both ways, by time and by improvement', () => {
    const end = 10_000;
    expect(sliderOf(frames, end, atTime(frames, 2500), 'time')).toBe(0.25);
    expect(atSlider(frames, end, 0.25, 'time')).toEqual({ t: 2500, frame: 3 });
    // By improvement: six equal slots, before the first then one per improvement.
    expect(sliderOf(frames, end, { t: 0, frame: -1 }, 'steps')).toBe(0);
    expect(sliderOf(frames, end, { t: 0, frame: 0 }, 'steps')).toBeCloseTo(1 / 6);
    expect(sliderOf(frames, end, { t: 100, frame: 1 }, 'steps')).toBeCloseTo(2 / 6);
    expect(sliderOf(frames, end, { t: 100, frame: 2 }, 'steps')).toBeCloseTo(3 / 6);
    expect(sliderOf(frames, end, { t: 150, frame: 2 }, 'steps')).toBeCloseTo(3.5 / 6);
    expect(sliderOf(frames, end, atTime(frames, end), 'steps')).toBeCloseTo(1);
    expect(atSlider(frames, end, 2.5 / 6, 'steps')).toEqual({ t: 100, frame: 1 });
    expect(atSlider(frames, end, 1, 'steps')).toEqual({ t: end, frame: 4 });
    for (const c of [
      { t: 0, frame: 0 },
      { t: 100, frame: 1 },
      { t: 150, frame: 2 },
      { t: 2600, frame: 3 },
      { t: 7500, frame: 4 },
    ])
      expect(atSlider(frames, end, sliderOf(frames, end, c, 'steps'), 'steps')).toEqual({ t: expect.closeTo(c.t, 6), frame: c.frame });
  });

  it('plays at a chosen speed and stops at the end', () => {
    expect(advance(frames, 10_000, atTime(frames, 0), 100, x10, 'time')).toEqual({ cursor: { t: 1000, frame: 4 - 1 }, x: 0.1, done: false });
    expect(advance(frames, 10_000, atTime(frames, 9500), 100, x10, 'time')).toEqual({ cursor: { t: 10_000, frame: 4 }, x: 1, done: true });
    // "Whole run in 20 s": 1 s of wall time is a twentieth of the run, or of the slider.
    expect(advance(frames, 10_000, atTime(frames, 0), 1000, fit, 'time').cursor.t).toBeCloseTo(500);
    // By improvement: 480 ticks of 1/60 s (8 s of the 20, 0.4 of the slider) go through the first
    // three slots of six, one frame each, though the first has no width in time.
    let c: Cursor = { t: 0, frame: -1 };
    let x = 0;
    const shown = new Set<number>();
    for (let i = 0; i < 480; i++) {
      const r = advance(frames, 10_000, c, 1000 / 60, fit, 'steps', x);
      c = r.cursor;
      x = r.x;
      shown.add(c.frame);
    }
    expect(x).toBeCloseTo(8 / 20);
    expect([...shown].sort()).toEqual([-1, 0, 1]);
    expect(advance(frames, 10_000, { t: 9999, frame: 4 }, 20_000, fit, 'steps')).toEqual({ cursor: { t: 10_000, frame: 4 }, x: 1, done: true });
  });
});
