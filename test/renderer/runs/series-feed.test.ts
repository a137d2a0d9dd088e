import { describe, expect, it } from 'vitest';
import type { WorkbenchApi } from '../../../src/main/api/contract';
import type { RunSeries } from '../../../src/main/store/run-history';
import { SeriesFeed, lastTime, mergeSeries } from '../../../src/renderer/src/runs/series-feed';

const p = (t: number) => ({ t, evaluations: t, iteration: t, best: t, current: t, mean: null });
const imp = (eventId: number, t: number) => ({ eventId, t, evaluations: t, score: t });
const series = (runId: number, ts: number[], imps: [number, number][] = []): RunSeries => ({
  runId,
  progress: ts.map(p),
  progressTotal: ts.length,
  improvements: imps.map(([e, t]) => imp(e, t)),
});

describe('live chart series', () => {
  it('merges what came after the last sample', () => {
    const a = series(1, [0, 1000, 2000], [[10, 500]]);
    const m = mergeSeries(
      a,
      series(
        1,
        [2000, 3000, 4000],
        [
          [10, 500],
          [11, 3500],
        ],
      ),
    );
    expect(m.progress.map((x) => x.t)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(m.improvements.map((x) => x.eventId)).toEqual([10, 11]);
    expect(m.progressTotal).toBe(5);
    expect(mergeSeries(a, series(2, [5000]))).toBe(a);
    expect(mergeSeries(a, series(1, [1000]))).toBe(a);
    expect(lastTime(m)).toBe(4000);
    expect(lastTime(series(1, [], []))).toBe(-1);
  });

  it('fetches once, then increments, one request at a time, dropping answers for another run', async () => {
    const calls: { id: number; after?: number }[] = [];
    let data = series(1, [0, 1000]);
    const pending: (() => void)[] = [];
    const api = {
      runSeries: (a: { id: number; after?: number }) => {
        calls.push(a);
        const answer = a.after === undefined ? data : { ...data, progress: data.progress.filter((x) => x.t > a.after!) };
        return new Promise<RunSeries>((resolve) => pending.push(() => resolve({ ...answer, runId: a.id })));
      },
    } as unknown as WorkbenchApi;
    const seen: (RunSeries | null)[] = [];
    const feed = new SeriesFeed(api, { onChange: (s) => seen.push(s) });
    feed.follow(1);
    feed.refresh(); // while the first is in flight: queued, not sent
    expect(calls).toEqual([{ id: 1, maxPoints: 1500 }]);
    data = series(1, [0, 1000, 2000]);
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls[1]).toEqual({ id: 1, after: 1000 }); // after the last sample of the first answer
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(feed.current?.progress.map((x) => x.t)).toEqual([0, 1000, 2000]);
    feed.follow(2);
    feed.follow(1); // back before run 2 answered: a fresh full load once it has
    expect(calls.at(-1)).toEqual({ id: 2, maxPoints: 1500 });
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls.at(-1)).toEqual({ id: 1, maxPoints: 1500 });
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(feed.current?.runId).toBe(1);
    expect(seen.filter((s) => s === null).length).toBeGreaterThanOrEqual(2);
  });

  it('follows a run resumed from an older checkpoint: the samples the store dropped go, the new ones come', async () => {
    // The store as the backend keeps it: `after` asks for what is later than a time.
    let store = series(1, [0, 1000, 2000, 3000], [[10, 2500]]);
    const api = {
      runSeries: (a: { id: number; after?: number }) => {
        const after = a.after ?? -Infinity;
        return Promise.resolve<RunSeries>({
          ...store,
          progress: store.progress.filter((x) => x.t > after),
          improvements: store.improvements.filter((x) => x.t > after),
        });
      },
    } as unknown as WorkbenchApi;
    const feed = new SeriesFeed(api, { onChange: () => {} });
    const settle = () => new Promise((r) => setTimeout(r, 0));
    feed.follow(1);
    await settle();
    expect(feed.current?.progress.map((x) => x.t)).toEqual([0, 1000, 2000, 3000]);
    // Resumed from its checkpoint at 1 s: the samples after it dropped (its improvements kept), the stretch sampled again.
    store = series(
      1,
      [0, 1000, 1500, 2000],
      [
        [11, 1800],
        [10, 2500],
      ],
    );
    feed.refresh(2000);
    await settle();
    expect(feed.current?.progress.map((x) => x.t)).toEqual([0, 1000, 1500, 2000]);
    expect(feed.current?.improvements.map((x) => x.eventId)).toEqual([11, 10]);
    // Then samples before the improvement kept from the first stretch still come in.
    store = series(
      1,
      [0, 1000, 1500, 2000, 2400],
      [
        [11, 1800],
        [10, 2500],
      ],
    );
    feed.refresh(2400);
    await settle();
    expect(feed.current?.progress.map((x) => x.t)).toEqual([0, 1000, 1500, 2000, 2400]);
    expect(feed.current?.improvements.map((x) => x.eventId)).toEqual([11, 10]);
  });
});
