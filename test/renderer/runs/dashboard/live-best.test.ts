import { describe, expect, it } from 'vitest';
import type { ImprovementPoint, RunSeries } from '../../../../src/main/api/types';
import { LiveBestFeed, bestImprovement, type LiveBest } from '../../../../src/renderer/src/runs/dashboard/live-best';

const imp = (eventId: number, score: number, t = eventId * 10): ImprovementPoint => ({ eventId, t, evaluations: t * 100, score });
const series = (runId: number, improvements: ImprovementPoint[]): RunSeries => ({ runId, progress: [], progressTotal: 0, improvements });

/** A board fetch the test answers by hand. */
function boards() {
  const asked: { runId: number; eventId: number; resolve: (b: unknown) => void; reject: (e: Error) => void }[] = [];
  const fetch = (runId: number, eventId: number): Promise<unknown> =>
    new Promise((resolve, reject) => {
      asked.push({ runId, eventId, resolve, reject });
    });
  return { asked, fetch };
}

const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('bestImprovement', () => {
  it('is the first improvement that reached the highest score', () => {
    expect(bestImprovement([])).toBeNull();
    expect(bestImprovement([imp(1, 5), imp(2, 9), imp(3, 9), imp(4, 7)])).toEqual(imp(2, 9));
  });
});

describe('LiveBestFeed', () => {
  it('publishes a new best only together with its board', async () => {
    const b = boards();
    const shown: (LiveBest | null)[] = [];
    const feed = new LiveBestFeed(b.fetch, (x) => shown.push(x));
    feed.offer(series(1, [imp(1, 10)]));
    expect(shown).toEqual([]);
    expect(b.asked.map((a) => a.eventId)).toEqual([1]);
    b.asked[0]!.resolve('board 10');
    await tick();
    expect(shown.at(-1)).toMatchObject({ best: imp(1, 10), board: 'board 10' });
    expect(shown.at(-1)!.series.improvements).toHaveLength(1);
  });

  it('keeps the best, its time and its board in step while improvements come faster than boards', async () => {
    const b = boards();
    const shown: LiveBest[] = [];
    const feed = new LiveBestFeed(b.fetch, (x) => x && shown.push(x));
    const all = [imp(1, 10), imp(2, 12), imp(3, 15), imp(4, 18)];
    feed.offer(series(1, all.slice(0, 1)));
    feed.offer(series(1, all.slice(0, 2)));
    feed.offer(series(1, all.slice(0, 3)));
    // One board at a time: the later series wait.
    expect(b.asked).toHaveLength(1);
    b.asked[0]!.resolve('board 10');
    await tick();
    // Then the newest waiting series, with its own best board (the one between is skipped).
    expect(b.asked.map((a) => a.eventId)).toEqual([1, 3]);
    feed.offer(series(1, all));
    b.asked[1]!.resolve('board 15');
    await tick();
    b.asked[2]!.resolve('board 18');
    await tick();
    expect(shown.map((s) => [s.best?.score, s.board, s.series.improvements.at(-1)?.score])).toEqual([
      [10, 'board 10', 10],
      [15, 'board 15', 15],
      [18, 'board 18', 18],
    ]);
    for (const s of shown) expect(s.best).toEqual(bestImprovement(s.series.improvements));
  });

  it('publishes series without a new best at once, with the board it has', async () => {
    const b = boards();
    const shown: LiveBest[] = [];
    const feed = new LiveBestFeed(b.fetch, (x) => x && shown.push(x));
    feed.offer(series(1, []));
    expect(shown.at(-1)).toEqual({ series: series(1, []), best: null, board: null });
    feed.offer(series(1, [imp(1, 4)]));
    b.asked[0]!.resolve('board 4');
    await tick();
    const more = { ...series(1, [imp(1, 4)]), progressTotal: 9 };
    feed.offer(more);
    expect(b.asked).toHaveLength(1);
    expect(shown.at(-1)).toEqual({ series: more, best: imp(1, 4), board: 'board 4' });
  });

  it('drops a late board of the run it no longer follows', async () => {
    const b = boards();
    const shown: (LiveBest | null)[] = [];
    const feed = new LiveBestFeed(b.fetch, (x) => shown.push(x));
    feed.offer(series(1, [imp(1, 10)]));
    feed.offer(null);
    feed.offer(series(2, [imp(7, 3)]));
    b.asked[0]!.resolve('board of run 1');
    await tick();
    expect(shown).toEqual([null]);
    b.asked[1]!.resolve('board of run 2');
    await tick();
    expect(shown.at(-1)).toMatchObject({ best: imp(7, 3), board: 'board of run 2' });
  });

  it('keeps what it shows when a board cannot be had, and tries again with the next series', async () => {
    const b = boards();
    const shown: LiveBest[] = [];
    const feed = new LiveBestFeed(b.fetch, (x) => x && shown.push(x));
    feed.offer(series(1, [imp(1, 10)]));
    b.asked[0]!.reject(new Error('connection lost'));
    await tick();
    expect(shown).toEqual([]);
    feed.offer(series(1, [imp(1, 10)]));
    expect(b.asked.map((a) => a.eventId)).toEqual([1, 1]);
    b.asked[1]!.resolve('board 10');
    await tick();
    expect(shown.at(-1)).toMatchObject({ best: imp(1, 10), board: 'board 10' });
  });
});
