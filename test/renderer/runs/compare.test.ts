import { describe, expect, it } from 'vitest';
import { bestFoundAt, figures, groupCoverText, groups, meanSpread, settingsKey, stats, timeToBestText } from '../../../src/renderer/src/runs/compare';
import type { RunSummary } from '../../../src/main/store/types';

const run = (id: number, over: Partial<RunSummary> = {}): RunSummary => ({
  id,
  puzzleId: 1,
  puzzleName: 'Clue 1',
  family: 'edge',
  kind: 'Edge matching',
  solver: 'hill-climb',
  params: { restartAfter: 0 },
  seed: id,
  stop: { seconds: 60, evaluations: null, target: null },
  status: 'done',
  stopReason: 'seconds',
  error: null,
  createdAt: 0,
  startedAt: 0,
  endedAt: 1,
  elapsedMs: 60_000,
  evaluations: 1000 * id,
  bestScore: 50,
  maxScore: 60,
  rssBytes: null,
  peakRssBytes: null,
  changes: [],
  ...over,
});

describe('comparing runs', () => {
  it('finds the time and evaluations at which the final best was first reached', () => {
    const imps = [
      { eventId: 1, t: 10, evaluations: 5, score: 40 },
      { eventId: 2, t: 500, evaluations: 300, score: 50 },
      { eventId: 3, t: 900, evaluations: 700, score: 50 },
    ];
    expect(figures(run(1), imps)).toEqual({ runId: 1, best: 50, timeToBest: 500, evalsToBest: 300, evaluations: 1000, elapsedMs: 60_000 });
    expect(figures(run(2, { bestScore: null }), [])).toMatchObject({ best: null, timeToBest: null, evalsToBest: null });
  });

  it('finds the improvement that first reached a best, none before any or for a best not reached yet', () => {
    const imps = [
      { eventId: 1, t: 10, evaluations: 5, score: 40 },
      { eventId: 2, t: 500, evaluations: 300, score: 50 },
    ];
    expect(bestFoundAt(imps, 50)?.t).toBe(500);
    expect(bestFoundAt(imps, 40)?.t).toBe(10);
    // A pushed best the series has not caught up with yet.
    expect(bestFoundAt(imps, 51)).toBeNull();
    expect(bestFoundAt(imps, null)).toBeNull();
    expect(bestFoundAt([], 50)).toBeNull();
  });

  it('computes mean, spread, range and median', () => {
    expect(stats([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ n: 8, mean: 5, sd: Math.sqrt(32 / 7), worst: 2, best: 9, median: 4.5 });
    expect(stats([3, null, Number.NaN])).toEqual({ n: 1, mean: 3, sd: null, worst: 3, best: 3, median: 3 });
    expect(stats([])).toBeNull();
    expect(meanSpread(stats([50, 52]))).toBe('51 ± 1.4');
    expect(meanSpread(stats([7]))).toBe('7');
    expect(meanSpread(null)).toBe('—');
  });

  it('groups runs whose settings differ only by seed', () => {
    const runs = [run(1), run(2, { bestScore: 54 }), run(3, { solver: 'sa' }), run(4, { params: { restartAfter: 5 } }), run(5, { bestScore: 58 })];
    expect(settingsKey(runs[0]!)).toBe(settingsKey(runs[1]!));
    expect(settingsKey(runs[0]!)).not.toBe(settingsKey(runs[3]!));
    expect(settingsKey(run(9, { params: { b: 1, a: 2 } }))).toBe(settingsKey(run(8, { params: { a: 2, b: 1 } })));
    const figs = new Map(runs.map((r) => [r.id, figures(r, [{ eventId: r.id, t: r.id * 100, evaluations: r.id, score: r.bestScore! }])]));
    const g = groups(runs, figs);
    expect(g).toHaveLength(1);
    expect(g[0]!.runIds).toEqual([1, 2, 5]);
    expect(g[0]!.best).toMatchObject({ n: 3, mean: 54, worst: 50, best: 58 });
    expect(g[0]!.timeToBest?.mean).toBeCloseTo(800 / 3);
    expect(g[0]!.evaluations?.mean).toBeCloseTo(8000 / 3);
  });

  it('keeps runs on different clocks apart: 60 s of CPU time is not 60 s of wall time', () => {
    const wall = run(1, { stop: { seconds: 60, evaluations: null, target: null } });
    const wall2 = run(2, { stop: { seconds: 60, evaluations: null, target: null, clock: 'wall' } });
    const cpu = run(3, { stop: { seconds: 60, evaluations: null, target: null, clock: 'cpu' } });
    const cpu2 = run(4, { stop: { seconds: 60, evaluations: null, target: null, clock: 'cpu' } });
    // A run stored before the clock existed counts wall time.
    expect(settingsKey(wall)).toBe(settingsKey(wall2));
    expect(settingsKey(wall)).not.toBe(settingsKey(cpu));
    const runs = [wall, cpu, wall2, cpu2];
    const figs = new Map(runs.map((r) => [r.id, figures(r, [{ eventId: r.id, t: r.id * 1000, evaluations: r.id, score: 50 }])]));
    const g = groups(runs, figs);
    expect(g.map((x) => [x.runIds, x.clock])).toEqual([
      [[1, 2], 'wall'],
      [[3, 4], 'cpu'],
    ]);
    // The time to best names its clock.
    expect(timeToBestText(g[0]!)).toBe('1.5 s ± 0.7 s wall');
    expect(timeToBestText(g[1]!)).toBe('3.5 s ± 0.7 s CPU');
  });

  it('averages the runs that ended with a best, and says which it leaves out', () => {
    const runs = [
      run(1, { bestScore: 50 }),
      run(2, { bestScore: 54 }),
      // Failed with a best recorded: counts, as in a study.
      run(3, { status: 'failed', bestScore: 52 }),
      // Failed before any improvement: no best to average.
      run(4, { status: 'failed', bestScore: null }),
      // Still running: its best so far is not its result.
      run(5, { status: 'running', bestScore: 30 }),
      run(6, { status: 'queued', bestScore: null }),
    ];
    const figs = new Map(
      runs.map((r) => [r.id, figures(r, r.bestScore === null ? [] : [{ eventId: r.id, t: 100 * r.id, evaluations: r.id, score: r.bestScore }])]),
    );
    const [g] = groups(runs, figs);
    expect(g!.runIds).toEqual([1, 2, 3, 4, 5, 6]);
    expect(g!.best).toMatchObject({ n: 3, mean: 52, worst: 50, best: 54 });
    expect(g!.timeToBest).toMatchObject({ n: 3, mean: 200 });
    expect(g!.evaluations).toMatchObject({ n: 3, mean: 2000 });
    expect(groupCoverText(g!)).toBe('mean of 3 of 6 runs: 2 not ended, 1 without a best');
    // A group whose figures are over all its runs needs no note.
    const whole = groups([run(1), run(2)], new Map([1, 2].map((id) => [id, figures(run(id), [])])));
    expect(groupCoverText(whole[0]!)).toBeNull();
    // A counted run with no improvement to date its best: the time is over fewer, and says so.
    expect(timeToBestText(whole[0]!)).toBe('—');
    const partly = groups(
      [run(1), run(2)],
      new Map([1, 2].map((id) => [id, figures(run(id), id === 1 ? [{ eventId: 1, t: 500, evaluations: 1, score: 50 }] : [])])),
    );
    expect(timeToBestText(partly[0]!)).toBe('0.5 s wall (of 1)');
  });
});
