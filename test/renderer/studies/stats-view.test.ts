/** The study page's statistics helpers: the who-beats-whom matrix, the pairs table, the verdict, runtime lines at a level, profiles, coinciding curves. */
import { describe, expect, it } from 'vitest';
import type { StudyAnalysisDetail, StudyCellResult } from '../../../src/main/api/types';
import type { RunTrace } from '../../../src/core/stats/runtime';
import {
  comparisonMatrix,
  COINCIDE_DASH,
  defaultLevel,
  diagramSrc,
  markCoinciding,
  pairRows,
  profileLines,
  profileNote,
  sameCurve,
  studyVerdict,
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
const time = (p: number, a12: number) => ({
  test: 'mann-whitney' as const,
  measure: 'ms' as const,
  n: [5, 5] as [number, number],
  reached: [5, 5] as [number, number],
  statistic: 25 * a12,
  p,
  pHolm: Math.min(1, 3 * p),
  exact: true,
  a12,
});
const success = {
  test: 'fisher' as const,
  reached: [10, 1] as [number, number],
  runs: [10, 10] as [number, number],
  p: 0.0001,
  pHolm: 0.0003,
  oddsRatio: Infinity,
};
const comparisons: Comparison[] = [
  { rowIndex: 0, puzzle: 'p', a: 0, b: 1, score: test(0.0079, 1), paired: null, success: null, time: null, winner: 0, by: 'score' },
  { rowIndex: 0, puzzle: 'p', a: 0, b: 2, score: test(1, 0.5), paired: null, success: null, time: time(0.002, 0.1), winner: 2, by: 'time' },
  { rowIndex: 0, puzzle: 'p', a: 1, b: 2, score: test(1, 0.5), paired: null, success: null, time: null, winner: null, by: null },
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
    expect(m[0]![1]!.title).toBe(
      'a vs b\nbest score, Mann-Whitney: p 0.0079 (Holm 0.024), A12 1.00\na better than b (Mann-Whitney p = 0.0079, Holm 0.024, A12 1.00)',
    );
    expect(m[1]![0]!.title).toContain('A12 0.00');
    expect(m[2]![0]!.title).toContain(
      'time to target, every run (non-reachers slowest): p 0.0020 (Holm 0.0060), A12 0.90\nc faster to the target than a (Mann-Whitney on times with non-reachers slowest p = 0.0020, Holm 0.0060, A12 0.90)',
    );
    expect(m[2]![0]!.by).toBe('time');
    expect(m[1]![2]!.title).toContain('b and c not told apart');
    expect(winsOf(m)).toEqual([1, 0, 1]);
    expect(comparisonMatrix([], 0, labels)[0]![1]!.kind).toBe('none');
    // A paired test's effect is the rank-biserial r, its sign turned with the side it is seen from.
    const paired: Comparison[] = [{ ...comparisons[0]!, paired: { ...test(0.0079, 0.75), test: 'signed-rank' } as Comparison['paired'] }];
    const seen = comparisonMatrix(paired, 0, labels);
    expect(seen[0]![1]!.title).toContain('signed-rank: p 0.0079 (Holm 0.024), r 0.50');
    expect(seen[1]![0]!.title).toContain('signed-rank: p 0.0079 (Holm 0.024), r -0.50');
    expect(pairRows({ comparisons: paired, pairing: null }, labels)[0]!.score.a12).toBe('r 0.50');
  });

  it('gives every tested pair its p, Holm p, A12, success counts and Fisher p as text, and the verdict in words', () => {
    const withSuccess: Comparison[] = [{ ...comparisons[1]!, success, winner: 0, by: 'success' }];
    const rows = pairRows({ comparisons: withSuccess, pairing: null }, labels);
    expect(rows).toEqual([
      {
        rowIndex: 0,
        a: 0,
        b: 2,
        score: { p: '1.000', holm: '1.000', a12: '0.50' },
        success: { a: '10/10', b: '1/10', p: '< 0.001', holm: '< 0.001' },
        time: { p: '0.0020', holm: '0.0060', a12: '0.10', test: 'Mann-Whitney' },
        verdict: 'a reached the target in 10 of 10 runs, c in 1 of 10 (Fisher p < 0.001, Holm < 0.001)',
        winner: 0,
      },
    ]);
    // One puzzle: the pairs' verdicts; over several, the verdict over the puzzles (or nothing yet).
    expect(studyVerdict({ comparisons, pairing: null, overPuzzles: null }, labels, 1)).toEqual([
      'a better than b (Mann-Whitney p = 0.0079, Holm 0.024, A12 1.00)',
      'c faster to the target than a (Mann-Whitney on times with non-reachers slowest p = 0.0020, Holm 0.0060, A12 0.90)',
      'b and c not told apart (Mann-Whitney p = 1.000, Holm 1.000, A12 0.50)',
    ]);
    expect(studyVerdict({ comparisons, pairing: null, overPuzzles: null }, labels, 2)).toEqual([]);
    const over = {
      aggregate: 'median' as const,
      rows: [0, 1, 2, 3],
      rowsInStudy: 4,
      table: [],
      test: 'wilcoxon' as const,
      statistic: 0,
      p: 0.125,
      method: 'exact' as const,
      df: null,
      averageRanks: [1, 2],
      ahead: [4, 0],
      tied: 0,
      leader: 0,
      cd: null,
      alpha: 0.05,
      posthoc: [],
      posthocMethod: null,
      cliques: [],
      diagram: null,
      verdict: 'from the API',
    };
    // The view words it with its own labels (the catalogue's names), through the same text function.
    expect(studyVerdict({ comparisons, pairing: null, overPuzzles: over }, ['Beam search', 'LNS'], 4)).toEqual([
      'Beam search and LNS not told apart over 4 puzzles (median best score): Beam search ahead on 4, LNS on 0; Wilcoxon over puzzles p = 0.125',
    ]);
    expect(diagramSrc('<svg><text>a &amp; b</text></svg>')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg><text>a &amp; b</text></svg>')}`);
    expect(diagramSrc(null)).toBeNull();
  });

  it('dashes a curve that lies on an earlier one, and says which', () => {
    const line = (id: string, points: { x: number; y: number }[]) => ({ id, label: id, colour: '#fff', dash: [], points });
    const a = line('a', [
      { x: 1, y: 0 },
      { x: 1, y: 0.5 },
      { x: 4, y: 0.5 },
    ]);
    // The same step function, written with one more point.
    const b = line('b', [
      { x: 1, y: 0 },
      { x: 1, y: 0.5 },
      { x: 2, y: 0.5 },
      { x: 4, y: 0.5 },
    ]);
    const c = line('c', [
      { x: 1, y: 0 },
      { x: 2, y: 0.5 },
    ]);
    expect(sameCurve(a.points, b.points)).toBe(true);
    expect(sameCurve(a.points, c.points)).toBe(false);
    const marked = markCoinciding([a, b, c]);
    expect(marked.lines.map((l) => l.dash)).toEqual([[], COINCIDE_DASH, []]);
    expect(marked.notes).toEqual([{ id: 'b', label: 'b', on: 'a' }]);
    // Lines not picked (a band) are left alone.
    expect(markCoinciding([a, b], (l) => l.id === 'a').notes).toEqual([]);
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
    expect(time.leftOut).toBe(0);
    expect(profileNote('time', 'time', time.puzzles, time.leftOut)).not.toContain('left out');
    // Puzzle 1: a reaches 10, b never does; puzzle 2: both reach 5, a at 4 ms, b at 40 (ratio 10).
    expect(time.lines[0]!.points.at(-1)).toEqual({ x: 10, y: 1 });
    expect(time.lines[1]!.points.at(-1)).toEqual({ x: 10, y: 0.5 });
    expect(time.coinciding).toEqual([]);
    // Two settings with the same means and times: the second profile lies on the first, dashed.
    const same = profileLines(
      { traces: [traces[0]!, traces[0]!, traces[2]!, traces[2]!] },
      [10, 10, 5, 5].map((mean) => ({ mean }) as StudyCellResult),
      ['a', 'b'],
      'time',
    );
    expect(same.coinciding).toEqual([{ id: 'profile-1', label: 'b', on: 'a' }]);
    expect(same.lines[1]!.dash).toEqual(COINCIDE_DASH);
    // A third puzzle with no finished run anywhere ranks nobody: left out, and the note says so.
    const unsolved = profileLines(
      { traces: [...traces, [], []] },
      [...cells, ...[null, null].map((mean) => ({ mean }) as StudyCellResult)],
      ['a', 'b'],
      'time',
    );
    expect([unsolved.puzzles, unsolved.leftOut]).toEqual([2, 1]);
    expect(profileNote('time', 'time', unsolved.puzzles, unsolved.leftOut)).toMatch(
      /the 2 puzzles .*; 1 more puzzle left out: no setting's finished runs reached the best mean there$/,
    );
    expect(profileNote('score', 'time', 2, 3)).toMatch(/3 more puzzles left out: no setting has a mean best score there$/);
    const score = profileLines({ traces }, cells, ['a', 'b'], 'score');
    expect(score.lines[1]!.points).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 0.5 },
      { x: 2, y: 0.5 },
      { x: 2, y: 1 },
    ]);
  });
});
