/** The study page's drawing helpers: progress bar, a row's scale, strip-plot dots, curve lines. */
import { describe, expect, it } from 'vitest';
import type { CellRun, StudyCellResult, StudyCurve, StudyProgress } from '../../../src/main/api/types';
import { curveLines, progressKey, progressParts, rowRange, stripDots, stripX, withAlpha } from '../../../src/renderer/src/studies/study-view';
import { parseRoute, routeHash } from '../../../src/renderer/src/lib/route';

const progress = (over: Partial<StudyProgress>): StudyProgress => ({
  planned: 10,
  done: 0,
  running: 0,
  queued: 0,
  stopped: 0,
  interrupted: 0,
  failed: 0,
  notStarted: 0,
  estimatedMsLeft: null,
  estimateClock: 'wall',
  ...over,
});
const run = (runId: number, bestScore: number | null, status: CellRun['status'] = 'done'): CellRun => ({
  runId,
  puzzleIndex: 0,
  seed: runId,
  status,
  bestScore,
  elapsedMs: 100,
});

describe('study view', () => {
  it('splits the progress bar by status', () => {
    expect(progressParts(progress({ done: 5, running: 1, queued: 2, failed: 1 }))).toEqual({
      done: 50,
      running: 10,
      queued: 20,
      stopped: 0,
      interrupted: 0,
      failed: 10,
      other: 10,
    });
    expect(progressParts(progress({ planned: 0 }))).toEqual({ done: 0, running: 0, queued: 0, stopped: 0, interrupted: 0, failed: 0, other: 0 });
  });

  it('names each way a run ended short, never one number for all of them', () => {
    const key = (p: StudyProgress): string[] => progressKey(p).map((k) => `${k.count} ${k.label}`);
    expect(key(progress({ done: 4, queued: 1, stopped: 2, interrupted: 0, failed: 3 }))).toEqual(['0 running', '1 queued', '2 stopped', '3 failed']);
    expect(key(progress({ done: 9, interrupted: 1 }))).toEqual(['0 running', '0 queued', '1 interrupted']);
    expect(key(progress({ done: 10 }))).toEqual(['0 running', '0 queued']);
  });

  it('draws a failed run the figures count, marked, and stretches the scale only to drawn runs', () => {
    const runs = [run(1, 10), run(2, 14, 'failed'), run(3, null, 'failed'), run(4, 30, 'stopped'), run(5, 2, 'interrupted'), run(6, 12, 'running')];
    // The failed run's 14 is in the cell's figures ("done, or failed with the best it recorded"): it has a dot.
    const range = rowRange([], [runs])!;
    expect(range).toEqual({ lo: 10, hi: 14 });
    const dots = stripDots(runs, range, 110, 24);
    expect(dots.map((d) => [d.runId, d.score, d.failed, d.live])).toEqual([
      [1, 10, false, false],
      [2, 14, true, false],
      [6, 12, false, true],
    ]);
    // Every end of the scale is some dot's score.
    expect(Math.min(...dots.map((d) => d.x))).toBe(stripX(range.lo, range, 110));
    expect(Math.max(...dots.map((d) => d.x))).toBe(stripX(range.hi, range, 110));
  });

  it('shares one scale per row over its runs and the paper, and places each run on it', () => {
    const cells = [{ published: { mean: 30 } }, { published: null }] as unknown as StudyCellResult[];
    expect(rowRange(cells, [[run(1, 10), run(2, null, 'queued')], [run(3, 20)]])).toEqual({ lo: 10, hi: 30 });
    expect(rowRange([], [[run(1, 5), run(2, 5)]])).toEqual({ lo: 4, hi: 6 });
    expect(rowRange([], [[run(1, null, 'queued')]])).toBeNull();
    const dots = stripDots(
      [run(1, 10), run(2, 20), run(3, 20), run(4, 20, 'running'), run(5, null, 'queued'), run(6, 15, 'stopped')],
      { lo: 10, hi: 20 },
      110,
      24,
    );
    expect(dots.map((d) => [d.runId, d.x, d.live])).toEqual([
      [1, 5, false],
      [2, 105, false],
      [3, 105, false],
      [4, 105, true],
    ]);
    // Equal scores are spread up and down from the middle, inside the strip.
    expect(dots.slice(1).map((d) => d.y)).toEqual([12, 15, 9]);
    expect(stripX(15, { lo: 10, hi: 20 }, 110)).toBe(55);
  });

  it('draws a band under each solver’s mean line, bands first', () => {
    const curves: StudyCurve[] = [
      { rowIndex: 0, configIndex: 0, points: [{ t: 10, mean: 2, low: 1, high: 3, n: 2 }] },
      { rowIndex: 0, configIndex: 1, points: [{ t: 10, mean: 5, low: 5, high: 5, n: 1 }] },
      { rowIndex: 1, configIndex: 0, points: [{ t: 10, mean: 9, low: 9, high: 9, n: 1 }] },
    ];
    const lines = curveLines(curves, 0, ['hc', 'sa']);
    expect(lines.map((l) => [l.id, l.fill ?? null, l.points[0]!.y])).toEqual([
      ['hi-0', '+1', 3],
      ['lo-0', null, 1],
      ['hi-1', '+1', 5],
      ['lo-1', null, 5],
      ['mean-0', null, 2],
      ['mean-1', null, 5],
    ]);
    expect(curveLines(curves, 0, ['hc', 'sa'], new Set([1])).map((l) => l.id)).toEqual(['hi-1', 'lo-1', 'mean-1']);
    expect(withAlpha('#56B4E9', 0.5)).toBe('rgba(86, 180, 233, 0.5)');
  });

  it('has a place in the router: the list and each study', () => {
    expect(parseRoute('#/studies')).toEqual({ view: 'studies', id: null });
    expect(parseRoute('#/studies/12')).toEqual({ view: 'studies', id: 12 });
    expect(parseRoute('#/studies/0')).toEqual({ view: 'studies', id: null });
    expect(parseRoute('#/studies/x')).toEqual({ view: 'library' });
    expect(routeHash({ view: 'studies', id: 7 })).toBe('#/studies/7');
    expect(routeHash({ view: 'studies', id: null })).toBe('#/studies');
  });
});
