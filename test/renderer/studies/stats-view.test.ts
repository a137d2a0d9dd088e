/** The study page's statistics helpers: the who-beats-whom matrix, runtime lines at a level, profiles. */
import { describe, expect, it } from 'vitest';
import type { StudyAnalysisDetail, StudyCellResult } from '../../../src/main/api/types';
import type { RunTrace } from '../../../src/core/stats/runtime';
import {
  comparisonMatrix,
  defaultLevel,
  profileLines,
  reachedCounts,
  rowLevels,
  rowTraces,
  runtimeLines,
  winsOf,
} from '../../../src/renderer/src/studies/stats-view';

type Comparison = StudyAnalysisDetail['comparisons'][number];
const test = (p: number, a12: number) => ({
  test: 'mann-whitney' as const,
  n: [5, 5] as [number, number],
  statistic: 25 * a12,
  p,
  pHolm: Math.min(1, 3 * p),
  exact: true,
  a12,
});
const comparisons: Comparison[] = [
  { rowIndex: 0, puzzle: 'p', a: 0, b: 1, score: test(0.0079, 1), paired: null, time: null, winner: 0, by: 'score' },
  { rowIndex: 0, puzzle: 'p', a: 0, b: 2, score: test(1, 0.5), paired: null, time: test(0.002, 0.1), winner: 2, by: 'time' },
  { rowIndex: 0, puzzle: 'p', a: 1, b: 2, score: test(1, 0.5), paired: null, time: null, winner: null, by: null },
];
const labels = ['a', 'b', 'c'];

const trace = (runId: number, endMs: number, points: [number, number][], live = false): RunTrace => ({
  runId,
  live,
  endMs,
  endEvaluations: endMs * 10,
  points: points.map(([t, score]) => ({ t, evaluations: t * 10, score })),
});

describe('study statistics view', () => {
  it('lays the comparisons out as a matrix seen from each row, A12 mirrored', () => {
    const m = comparisonMatrix(comparisons, 0, labels);
    expect(m.map((r) => r.map((c) => c.kind))).toEqual([
      ['self', 'win', 'loss'],
      ['loss', 'self', 'tie'],
      ['win', 'tie', 'self'],
    ]);
    expect(m[0]![1]!.title).toBe('a vs b\nbest score, Mann-Whitney: p 0.0079 (Holm 0.024), A12 1.00\na better');
    expect(m[1]![0]!.title).toContain('A12 0.00');
    expect(m[2]![0]!.title).toContain('time to target, Mann-Whitney: p 0.0020 (Holm 0.0060), A12 0.90\nc faster to the target');
    expect(m[2]![0]!.by).toBe('time');
    expect(m[1]![2]!.title).toContain('no significant difference');
    expect(winsOf(m)).toEqual([1, 0, 1]);
    expect(comparisonMatrix([], 0, labels)[0]![1]!.kind).toBe('none');
  });

  it('draws a runtime line per setting at any level, from the stored improvements', () => {
    const traces = [
      [
        trace(1, 100, [
          [5, 3],
          [20, 10],
        ]),
        trace(2, 100, [[8, 4]]),
      ],
      [trace(3, 50, [[2, 10]])],
      [],
    ];
    const all = [...traces, [], [], []];
    expect(rowTraces(all, 0, 3)).toEqual(traces);
    expect(rowLevels(traces)).toEqual([10, 4, 3]);
    const lines = runtimeLines(traces, 10, 'time', labels);
    expect(lines.map((l) => l.label)).toEqual(['a', 'b']);
    expect(lines[0]!.points).toEqual([
      { x: 20, y: 0 },
      { x: 20, y: 0.5 },
      { x: 100, y: 0.5 },
    ]);
    expect(lines[0]!.marks).toEqual([{ x: 100, y: 0.5, live: false }]);
    expect(runtimeLines(traces, 3, 'evaluations', labels)[0]!.points.at(-1)).toEqual({ x: 80, y: 1 });
    expect(reachedCounts(traces, 10)).toEqual([
      { reached: 1, runs: 2 },
      { reached: 1, runs: 1 },
      { reached: 0, runs: 0 },
    ]);
    const cell = (target: number | null) => ({ target }) as StudyCellResult;
    expect(defaultLevel([cell(10)], [10, 4])).toBe(10);
    expect(defaultLevel([cell(60)], [10, 4])).toBe(10);
    expect(defaultLevel([cell(null)], [])).toBeNull();
  });

  it('profiles the settings across the puzzles, by time to the best mean and by the gap to it', () => {
    const cells = [10, 8, 5, 5].map((mean) => ({ mean }) as StudyCellResult);
    const traces = [[trace(1, 100, [[10, 10]])], [trace(2, 100, [[30, 8]])], [trace(3, 100, [[4, 5]])], [trace(4, 100, [[40, 5]])]];
    const time = profileLines({ traces }, cells, ['a', 'b'], 'time');
    expect(time.puzzles).toBe(2);
    // Puzzle 1: a reaches 10, b never does; puzzle 2: both reach 5, a at 4 ms, b at 40 (ratio 10).
    expect(time.lines[0]!.points.at(-1)).toEqual({ x: 10, y: 1 });
    expect(time.lines[1]!.points.at(-1)).toEqual({ x: 10, y: 0.5 });
    const score = profileLines({ traces }, cells, ['a', 'b'], 'score');
    expect(score.lines[1]!.points).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 0.5 },
      { x: 2, y: 0.5 },
      { x: 2, y: 1 },
    ]);
  });
});
