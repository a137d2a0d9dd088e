import { describe, expect, it } from 'vitest';
import { LiveRuns, RateMeter, progressOf } from '../../../src/renderer/src/runs/progress';
import { runRate } from '../../../src/core/text/run-text';
import type { RunSummary } from '../../../src/main/store/types';

const stop = (seconds: number | null, evaluations: number | null) => ({ seconds, evaluations, target: null });

describe('progress towards a run’s limits', () => {
  it('measures time, evaluations, or the nearer of both', () => {
    expect(progressOf(stop(60, null), 15_000, 0, null)).toEqual({ fraction: 0.25, basis: 'time', remainingMs: 45_000, remainingClock: 'wall' });
    expect(progressOf(stop(null, 1000), 5000, 250, 100)).toEqual({ fraction: 0.25, basis: 'evaluations', remainingMs: 7500, remainingClock: 'wall' });
    expect(progressOf(stop(null, 1000), 5000, 250, null).remainingMs).toBeNull();
    // Evaluations will run out first: the evaluation limit is the one that ends the run.
    const both = progressOf(stop(100, 1000), 10_000, 500, 50);
    expect(both.basis).toBe('evaluations');
    expect(both.fraction).toBe(0.5);
    expect(both.remainingMs).toBe(10_000);
    expect(progressOf(stop(null, null), 1000, 10, 5)).toEqual({ fraction: null, basis: null, remainingMs: null, remainingClock: 'wall' });
    expect(progressOf(stop(10, null), 20_000, 0, null).fraction).toBe(1);
  });

  it('turns a CPU-time budget’s rest into wall time at the pace the run’s clock goes, and says CPU time before it is known', () => {
    const cpu = { seconds: 14_400, evaluations: null, target: null, clock: 'cpu' as const };
    // Two threads: an hour of CPU time left is half an hour of waiting.
    expect(progressOf(cpu, 10_800_000, 0, null, 2)).toMatchObject({ fraction: 0.75, remainingMs: 1_800_000, remainingClock: 'wall' });
    expect(progressOf(cpu, 10_800_000, 0, null, null)).toMatchObject({ remainingMs: 3_600_000, remainingClock: 'cpu' });
    // A wall-clock run's time left is wall time whatever the pace.
    expect(progressOf(stop(60, null), 15_000, 0, null, 2)).toMatchObject({ remainingMs: 45_000, remainingClock: 'wall' });
  });

  it('measures evaluations per second over a sliding window, and starts over after a resume', () => {
    const m = new RateMeter(10_000);
    expect(m.rate()).toBeNull();
    m.add(0, 0);
    m.add(100, 50);
    expect(m.rate()).toBeNull(); // too short a span
    m.add(1000, 1000);
    expect(m.rate()).toBe(1000);
    for (let t = 2000; t <= 30_000; t += 1000) m.add(t, t * 2 - 1000);
    expect(m.rate()).toBe(2000);
    m.add(5000, 100); // resumed from a checkpoint
    m.add(6000, 600);
    expect(m.rate()).toBe(500);
  });

  it('measures the pace of the run’s clock against the page’s: CPU time on two threads goes twice as fast', () => {
    const m = new RateMeter(10_000);
    m.add(0, 0, 100_000);
    m.add(2000, 10, 101_000);
    expect(m.pace()).toBeNull(); // under 2 s of the page's clock
    for (let s = 2; s <= 20; s++) m.add(s * 2000, s * 10, 100_000 + s * 1000);
    expect(m.pace()).toBe(2);
  });
});

const summary = (id: number, over: Partial<RunSummary> = {}): RunSummary => ({
  id,
  puzzleId: 1,
  puzzleName: 'p',
  family: 'edge',
  kind: 'Edge matching',
  solver: 'hill-climb',
  params: {},
  seed: 1,
  stop: stop(60, null),
  status: 'running',
  stopReason: null,
  error: null,
  createdAt: 0,
  startedAt: 0,
  endedAt: null,
  elapsedMs: 0,
  evaluations: 0,
  bestScore: null,
  maxScore: 60,
  rssBytes: null,
  peakRssBytes: null,
  changes: [],
  ...over,
});

describe('live runs from summaries and pushes', () => {
  it('follows progress pushes and extrapolates the elapsed time briefly', () => {
    const live = new LiveRuns();
    live.reset([summary(1), summary(2, { status: 'queued' })], 0);
    expect(live.apply({ type: 'run-progress', runId: 1, elapsedMs: 1000, evaluations: 500, bestScore: 10, currentScore: 8 }, 1000)).toBe(true);
    expect(live.apply({ type: 'run-progress', runId: 1, elapsedMs: 2000, evaluations: 1500, bestScore: 12, currentScore: 9 }, 2000)).toBe(true);
    const l = live.get(1)!;
    expect(l).toMatchObject({ elapsedMs: 2000, evaluations: 1500, best: null, current: 9 });
    expect(l.rate).toBe(750); // 1500 evaluations in 2 s since the summary (0, 0)
    expect(live.elapsedNow(l, 2600)).toBe(2600);
    expect(live.elapsedNow(l, 60_000)).toBe(7000); // at most 5 s of guessing
    expect(l.pace).toBe(1);
    // A queued run's first progress means it runs.
    live.apply({ type: 'run-progress', runId: 2, elapsedMs: 10, evaluations: 1, bestScore: 1, currentScore: 1 }, 2000);
    expect(live.get(2)!.run.status).toBe('running');
    // Unknown runs are ignored until a status says they are active.
    expect(live.apply({ type: 'run-progress', runId: 9, elapsedMs: 1, evaluations: 1, bestScore: 1, currentScore: 1 }, 0)).toBe(false);
    expect(live.apply({ type: 'run-updated', run: summary(9, { status: 'done' }) }, 0)).toBe(false);
    expect(live.apply({ type: 'run-updated', run: summary(9, { status: 'queued' }) }, 0)).toBe(true);
  });

  it('extrapolates a CPU-time run’s elapsed time only at its measured pace', () => {
    const live = new LiveRuns();
    live.reset([summary(1, { stop: { seconds: 3600, evaluations: null, target: null, clock: 'cpu' } })], 0);
    live.apply({ type: 'run-progress', runId: 1, elapsedMs: 1000, evaluations: 10, bestScore: 1, currentScore: 1 }, 1000);
    expect(live.elapsedNow(live.get(1)!, 3000)).toBe(1000); // pace not known yet: no guess
    live.apply({ type: 'run-progress', runId: 1, elapsedMs: 6000, evaluations: 60, bestScore: 1, currentScore: 1 }, 3000);
    expect(live.get(1)!.pace).toBe(2);
    expect(live.elapsedNow(live.get(1)!, 4000)).toBe(8000);
  });

  it("keeps the checked best (the summaries'), not the solver's claim in its pushes", () => {
    const live = new LiveRuns();
    live.reset([summary(1, { bestScore: 8 })], 0);
    live.apply({ type: 'run-progress', runId: 1, elapsedMs: 1000, evaluations: 500, bestScore: 999, currentScore: 8 }, 1000);
    expect(live.get(1)!.best).toBe(8);
    live.apply({ type: 'run-updated', run: summary(1, { elapsedMs: 1500, evaluations: 700, bestScore: 9 }) }, 1500);
    live.apply({ type: 'run-progress', runId: 1, elapsedMs: 2000, evaluations: 900, bestScore: 999, currentScore: 9 }, 2000);
    expect(live.get(1)!.best).toBe(9);
  });

  it('takes a resumed run back to its checkpoint when it starts again', () => {
    const live = new LiveRuns();
    live.reset([summary(1)], 0);
    live.apply({ type: 'run-progress', runId: 1, elapsedMs: 9000, evaluations: 900, bestScore: 1, currentScore: 1 }, 9000);
    live.apply({ type: 'run-updated', run: summary(1, { status: 'stopped', elapsedMs: 9000, evaluations: 900 }) }, 9100);
    live.apply({ type: 'run-updated', run: summary(1, { status: 'queued', elapsedMs: 9000, evaluations: 900 }) }, 12_000);
    // Started again from a checkpoint at 4 s: the figures after it are gone.
    live.apply({ type: 'run-updated', run: summary(1, { status: 'running', elapsedMs: 4000, evaluations: 400 }) }, 12_100);
    expect(live.get(1)).toMatchObject({ elapsedMs: 4000, evaluations: 400 });
  });

  it('keeps the fresher figures when an older summary arrives, and forgets deleted runs', () => {
    const live = new LiveRuns();
    live.reset([summary(1)], 0);
    live.apply({ type: 'run-progress', runId: 1, elapsedMs: 5000, evaluations: 900, bestScore: 30, currentScore: 20 }, 5000);
    live.apply({ type: 'run-updated', run: summary(1, { elapsedMs: 4000, evaluations: 800, bestScore: 31 }) }, 5100);
    expect(live.get(1)).toMatchObject({ elapsedMs: 5000, evaluations: 900, best: 31 });
    live.apply({ type: 'run-updated', run: summary(1, { status: 'done', elapsedMs: 6000, evaluations: 1000, bestScore: 31 }) }, 6000);
    expect(live.get(1)).toMatchObject({ elapsedMs: 6000, evaluations: 1000 });
    expect(live.elapsedNow(live.get(1)!, 99_000)).toBe(6000);
    expect(live.apply({ type: 'runs-deleted', ids: [1] }, 0)).toBe(true);
    expect(live.list()).toEqual([]);
  });
});

describe("a live run's memory (issue 23 item 4)", () => {
  const MB = 2 ** 20;
  const push = (t: number, rss?: number, peak?: number) =>
    ({ type: 'run-progress', runId: 1, elapsedMs: t, evaluations: t, bestScore: 1, currentScore: 1, rssBytes: rss, peakRssBytes: peak }) as const;

  it('follows the pushes: the memory now as sent, the peak never falling (a resumed run keeps its earlier peak)', () => {
    const live = new LiveRuns();
    live.reset([summary(1, { rssBytes: 50 * MB, peakRssBytes: 700 * MB })], 0);
    expect(live.get(1)).toMatchObject({ rssBytes: 50 * MB, peakRssBytes: 700 * MB });
    live.apply(push(1000, 312 * MB, 640 * MB), 1000);
    expect(live.get(1)).toMatchObject({ rssBytes: 312 * MB, peakRssBytes: 700 * MB });
    live.apply(push(2000, 800 * MB, 810 * MB), 2000);
    expect(live.get(1)).toMatchObject({ rssBytes: 800 * MB, peakRssBytes: 810 * MB });
    // A push without figures (a worker that does not measure) keeps the last ones.
    live.apply(push(3000), 3000);
    expect(live.get(1)).toMatchObject({ rssBytes: 800 * MB, peakRssBytes: 810 * MB });
    // An older summary does not take them back.
    live.apply({ type: 'run-updated', run: summary(1, { elapsedMs: 2500, rssBytes: 100 * MB, peakRssBytes: 700 * MB }) }, 3100);
    expect(live.get(1)).toMatchObject({ rssBytes: 800 * MB, peakRssBytes: 810 * MB });
  });

  it('is unknown for a run from before memory was measured', () => {
    const live = new LiveRuns();
    live.reset([summary(1)], 0);
    live.apply(push(1000), 1000);
    expect(live.get(1)).toMatchObject({ rssBytes: null, peakRssBytes: null });
  });
});

describe('the rate of a finished run (issue 21, item 8)', () => {
  it('is unknown, not "0/s", when the run made no evaluations or took no time', () => {
    expect(runRate(0, 1200)).toBeNull();
    expect(runRate(50, 0)).toBeNull();
    expect(runRate(500, 1000)).toBe(500);
  });
});
