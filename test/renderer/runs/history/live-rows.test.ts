/**
 * History rows of running runs follow their progress pushes between page loads (a page is queried
 * again on improvements and status changes only), gathered, with no query per push. The page
 * itself is checked in the browser (test/renderer/e2e/runs-live-figures.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import type { PushEvent, RunSummary, WorkbenchApi } from '../../../../src/main/api/types';
import { gatherProgress, withProgress } from '../../../../src/renderer/src/runs/history/live-rows';

const run = (id: number, over: Partial<RunSummary> = {}): RunSummary => ({
  id,
  puzzleId: 1,
  puzzleName: 'P',
  family: 'edge',
  kind: 'Edge matching',
  solver: 'sa',
  params: {},
  seed: 1,
  stop: { seconds: 90, evaluations: null, target: null },
  status: 'running',
  stopReason: null,
  error: null,
  createdAt: 0,
  startedAt: 0,
  endedAt: null,
  elapsedMs: 12_000,
  evaluations: 36_500_000,
  bestScore: 100,
  maxScore: 180,
  rssBytes: null,
  peakRssBytes: null,
  changes: [],
  ...over,
});

const progress = (runId: number, elapsedMs: number, evaluations: number): PushEvent => ({
  type: 'run-progress',
  runId,
  elapsedMs,
  evaluations,
  bestScore: 999,
  currentScore: 90,
});

/** A backend's push stream, pushing what the test pushes. */
function pushes() {
  const listeners = new Set<(e: PushEvent) => void>();
  const api: Pick<WorkbenchApi, 'subscribe'> = {
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { api, push: (e: PushEvent) => listeners.forEach((l) => l(e)) };
}

describe('history rows of running runs', () => {
  it('gathers the pushes: the latest figures of each run, once per interval', () => {
    vi.useFakeTimers();
    try {
      const { api, push } = pushes();
      const flushed: [number, number][][] = [];
      const off = gatherProgress(api, 500, (p) => flushed.push([...p].map(([id, f]) => [id, f.evaluations])));
      push(progress(1, 1000, 10));
      push(progress(2, 1000, 20));
      push(progress(1, 2000, 30));
      expect(flushed).toEqual([]);
      vi.advanceTimersByTime(500);
      expect(flushed).toEqual([
        [
          [1, 30],
          [2, 20],
        ],
      ]);
      push(progress(1, 3000, 40));
      off();
      vi.advanceTimersByTime(1000);
      expect(flushed).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("take a running row's time and evaluations, not the claimed best, and leave the others", () => {
    const rows = [run(1), run(2, { status: 'stopped' })];
    expect(withProgress(rows, new Map([[2, { elapsedMs: 1, evaluations: 1 }]]))).toBeNull();
    expect(withProgress(rows, new Map([[1, { elapsedMs: 12_000, evaluations: 36_500_000 }]]))).toBeNull();
    const moved = withProgress(rows, new Map([[1, { elapsedMs: 13_000, evaluations: 40_000_000 }]]))!;
    expect(moved[0]).toEqual({ ...rows[0], elapsedMs: 13_000, evaluations: 40_000_000 });
    expect(moved[1]).toBe(rows[1]);
  });
});
