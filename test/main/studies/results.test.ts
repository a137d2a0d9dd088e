/**
 * A study's results table and its curves from plain runs: rows (puzzles or groups), cell
 * statistics, success and time / evaluations to target, published figures, strip-plot runs,
 * mean curves with their band, and the exported texts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cellRuns, studyResults, studyRows, type Reach } from '../../../src/main/studies/results';
import { curveGrid, logGrid, meanCurve, quantile, type RunTrace } from '../../../src/main/studies/curves';
import { studyCsv, studyMarkdown, studyText } from '../../../src/main/studies/report';
import { summarize } from '../../../src/core/stats/summary';
import type { StudyRun } from '../../../src/main/store/studies';
import type { RunStatus, RunSummary } from '../../../src/main/store/types';
import type { StudySpec } from '../../../src/main/studies/spec';
import { WORKBENCH_VERSION as VERSION } from '../../../src/main/studies/version';

const stop = { seconds: 10, evaluations: null, target: null };
const puzzle = (label: string, group?: string, maxScore: number | null = 10) => ({
  label,
  source: 'inline',
  puzzleId: null,
  puzzle: {},
  maxScore,
  ...(group ? { group } : {}),
});
const spec = (over: Partial<StudySpec> = {}): StudySpec => ({
  name: 'grid',
  description: null,
  family: 'edge',
  puzzles: [puzzle('a'), puzzle('b #1', 'b'), puzzle('b #2', 'b')],
  configs: [
    { label: 'hc', solver: 'hill-climb', preset: null, params: {}, stop },
    { label: 'sa', solver: 'sa', preset: null, params: {}, stop },
  ],
  seeds: [1, 2],
  concurrency: null,
  published: {
    source: 'a paper',
    cells: [
      { puzzle: 0, solver: 1, mean: 9.5 },
      { group: 'b', solver: 0, evaluationsToTarget: 1234, timeToTarget: 2 },
    ],
  },
  ...over,
});

let nextId = 1;
const run = (puzzleIndex: number, configIndex: number, seed: number, bestScore: number | null, status: RunStatus = 'done', elapsedMs = 1000): StudyRun => ({
  puzzleIndex,
  configIndex,
  seed,
  run: { id: nextId++, status, bestScore, elapsedMs, stop: { seconds: null, evaluations: null, target: null } } as RunSummary,
});

describe('study results', () => {
  it('make one row per puzzle or group, with each cell summarised over its done runs', () => {
    const s = spec();
    expect(studyRows(s)).toEqual([
      { label: 'a', puzzles: [0] },
      { label: 'b', puzzles: [1, 2] },
    ]);
    const runs = [
      run(0, 0, 1, 6),
      run(0, 0, 2, 10),
      run(0, 1, 1, 9),
      run(0, 1, 2, null, 'running'),
      run(1, 0, 1, 10),
      run(2, 0, 1, 4),
      run(1, 0, 2, 10),
      run(2, 0, 2, 7, 'stopped'),
    ];
    // Run ids reach the target at known times and evaluations.
    const reach: Reach = (id) => ({ elapsedMs: id * 100, evaluations: id * 1000 });
    const { cells, progress } = studyResults(s, runs, reach);
    expect(progress).toMatchObject({ planned: 12, done: 6, running: 1, stopped: 1, notStarted: 4 });
    expect(cells.map((c) => [c.rowIndex, c.puzzle, c.solver, c.done, c.planned])).toEqual([
      [0, 'a', 'hc', 2, 2],
      [0, 'a', 'sa', 1, 2],
      [1, 'b', 'hc', 3, 4],
      [1, 'b', 'sa', 0, 4],
    ]);
    expect(cells[0]).toMatchObject({
      ...summarize([6, 10]),
      target: 10,
      successRate: 0.5,
      timeToTargetMs: runs[1]!.run.id * 100,
      evaluationsToTarget: runs[1]!.run.id * 1000,
      published: null,
    });
    expect(cells[1]).toMatchObject({ n: 1, mean: 9, successRate: 0, timeToTargetMs: null, published: { mean: 9.5 } });
    // The group's row: every puzzle of the group, the group's published figures.
    expect(cells[2]).toMatchObject({ n: 3, best: 10, worst: 4, median: 10, successRate: 2 / 3, published: { evaluationsToTarget: 1234, timeToTarget: 2 } });
    expect(cells[2]!.timeToTargetMs).toBe(((runs[4]!.run.id + runs[6]!.run.id) / 2) * 100);
    expect(cells[3]).toMatchObject({ n: 0, mean: null, successRate: null });
    // Strip plots: every run of the cell, in any state.
    const strips = cellRuns(s, runs);
    expect(strips.map((c) => c.length)).toEqual([2, 2, 4, 0]);
    expect(strips[1]!.map((r) => [r.status, r.bestScore])).toEqual([
      ['done', 9],
      ['running', null],
    ]);
  });

  it('estimate the time left from the pace at which the last runs ended', () => {
    const s = spec({ seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    const at = (endedAt: number, status: RunStatus = 'done'): StudyRun => ({
      ...run(0, 0, 1, 5, status, 10),
      run: { id: nextId++, status, bestScore: 5, elapsedMs: 10, startedAt: endedAt - 500, endedAt } as RunSummary,
    });
    // Runs ended 1 s apart (however short each one ran): 60 runs planned, 4 done, 1 running, 5 queued.
    const runs = [at(1000), at(2000), at(3000), at(4000), at(0, 'running'), ...Array.from({ length: 5 }, () => at(0, 'queued'))];
    const p = studyResults(s, runs, () => null).progress;
    expect(p).toMatchObject({ planned: 60, done: 4, running: 1, queued: 5, notStarted: 50 });
    expect(p.estimatedMsLeft).toBe((5 + 50 + 0.5) * 1000);
  });

  it('count no success without a target (no stop target and no known maximum)', () => {
    const s = spec({ puzzles: [puzzle('maze', undefined, null)], published: null });
    const { cells } = studyResults(s, [run(0, 0, 1, 12)], () => null);
    expect(cells[0]).toMatchObject({ target: null, successRate: null, timeToTargetMs: null, evaluationsToTarget: null });
  });

  it('write the same table as text, markdown and CSV, with the paper beside it', () => {
    const s = spec();
    const runs = [run(0, 0, 1, 6), run(0, 0, 2, 10), run(1, 0, 1, 10)];
    const { cells, progress } = studyResults(s, runs, () => ({ elapsedMs: 2500, evaluations: 12_345 }));
    const head = { id: 3, name: 'grid', createdAt: 0, spec: s };
    const text = studyText(head, progress, cells);
    expect(text).toMatch(/^study 3: grid \(edge; 3 puzzles x 2 solvers x 2 seeds = 12 runs\)\nincomplete: 3\/12 done, 9 not started\npublished: a paper\n/);
    expect(text).toMatch(/\na\s+hc\s+2\/2\s+8\s+8\s+10\/10\s+2\.83\s+1\/2 \(50%\)\s+2\.5 s\s+12,345\s+-\n/);
    expect(text).toMatch(/\nb\s+hc\s+1\/4\s+10\s+10\s+10\/10\s+-\s+1\/1 \(100%\)\s+2\.5 s\s+12,345\s+time 2\.0 s, evals 1,234\n/);
    const md = studyMarkdown(head, progress, cells);
    expect(md).toMatch(/\| a \| sa \| 0\/2 \| - \| - \| - \| - \| - \| - \| - \| mean 9\.50 \|/);
    const csv = studyCsv(head, cells).trim().split('\n');
    expect(csv[0]).toBe(
      'puzzle,solver,planned,done,failed,mean,median,best,worst,sd,target,max_score,success_rate,reached,runs_with_target,time_to_target_s,evaluations_to_target,stop_seconds,stop_evaluations,stop_target,clock,workbench_version,published_mean,published_median,published_best,published_sd,published_success_rate,published_time_to_target,published_evaluations_to_target',
    );
    // The budget, the clock and the program's version on every line (issue 47).
    expect(csv[1]).toBe(`a,hc,2,2,0,8,8,10,6,2.828427,10,10,0.5,1,2,2.5,12345,10,,,wall,${VERSION},,,,,,,`);
    expect(csv[2]).toBe(`a,sa,2,0,0,,,,,,10,10,,,,,,10,,,wall,${VERSION},9.5,,,,,,`);
    // Names that a spreadsheet would read as formulas are quoted.
    const evil = studyCsv(
      { ...head, spec: spec({ puzzles: [puzzle('=cmd|x'), puzzle('b')], published: null }) },
      studyResults(spec({ puzzles: [puzzle('=cmd|x'), puzzle('b')], published: null }), [], () => null).cells,
    );
    expect(evil.split('\n')[1]).toMatch(/^"=cmd\|x",hc,/);
  });
});

describe('study curves', () => {
  it('space a grid evenly on a log scale', () => {
    const g = logGrid(10, 10_000, 4);
    expect(g.map((t) => Math.round(t))).toEqual([10, 100, 1000, 10_000]);
    expect(logGrid(0, 0, 5)).toEqual([1]);
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75);
  });

  it('average the best so far of every run, carried forward, with the middle half as the band', () => {
    const traces = [
      {
        endMs: 1000,
        finished: true,
        points: [
          { t: 10, score: 1 },
          { t: 100, score: 5 },
        ],
      },
      { endMs: 1000, finished: true, points: [{ t: 50, score: 3 }] },
      // Still running at 200 ms: its best so far holds (a best never falls).
      { endMs: 200, finished: false, points: [{ t: 20, score: 2 }] },
    ];
    const grid = [10, 60, 500, 1000];
    const c = meanCurve(traces, grid);
    // At 10 ms only one run has a score: no point (the mean of fewer runs could fall later).
    expect(c.map((p) => [p.t, p.n, p.mean])).toEqual([
      [60, 3, 2],
      [500, 3, 10 / 3],
      [1000, 3, 10 / 3],
    ]);
    expect(c[0]).toMatchObject({ low: 1.5, high: 2.5 });
    // From the latest first find (50 ms), when every run has a score.
    expect(curveGrid(traces, 3)).toEqual(logGrid(50, 1000, 3));
    expect(curveGrid([{ endMs: 5, finished: true, points: [] }])).toEqual([]);
  });

  it('begin once every run has found a score, not at the starts of runs from empty', () => {
    // Three runs from the empty board (0 joins at 0 ms) whose first full boards come at 0.8 s,
    // and one that never got past its start: the grid begins at the latest first find, so the
    // first point is a mean of boards (and of the run that found nothing), not of empty boards.
    const fromEmpty = (first: number): RunTrace => ({
      endMs: 10_000,
      finished: true,
      points: [
        { t: 0, score: 0 },
        { t: first, score: 461 },
        { t: 5000, score: 463 },
      ],
    });
    const stuck: RunTrace = { endMs: 10_000, finished: true, points: [{ t: 0, score: 400 }] };
    const traces = [fromEmpty(794), fromEmpty(824), fromEmpty(804), stuck];
    const grid = curveGrid(traces, 8);
    expect(grid[0]).toBe(824);
    expect(grid.at(-1)).toBe(10_000);
    const c = meanCurve(traces, grid);
    expect(c[0]).toMatchObject({ t: 824, n: 4, mean: (3 * 461 + 400) / 4 });
    expect(Math.min(...c.map((p) => p.low))).toBeGreaterThanOrEqual(400);
  });

  it('never fall, whatever the runs (property)', () => {
    const trace = fc.record({
      endMs: fc.integer({ min: 1, max: 5000 }),
      finished: fc.boolean(),
      points: fc.array(fc.record({ t: fc.integer({ min: 1, max: 5000 }), score: fc.integer({ min: 0, max: 50 }) }), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(trace, { minLength: 1, maxLength: 6 }), (raw) => {
        // A best so far: times in order, scores rising.
        const traces = raw.map((t) => {
          const pts = [...t.points].sort((a, b) => a.t - b.t);
          let m = -Infinity;
          return { ...t, points: pts.map((p) => ({ t: p.t, score: (m = Math.max(m, p.score)) })) };
        });
        const c = meanCurve(traces, curveGrid(traces, 16));
        return c.every((p, i) => i === 0 || p.mean >= c[i - 1]!.mean - 1e-9);
      }),
    );
  });

  it('keep the mean inside the band and the band inside the scores (property)', () => {
    const trace = fc.record({
      finished: fc.boolean(),
      endMs: fc.integer({ min: 1, max: 100_000 }),
      points: fc.array(fc.record({ t: fc.integer({ min: 1, max: 100_000 }), score: fc.integer({ min: -50, max: 50 }) }), { maxLength: 8 }),
    });
    fc.assert(
      fc.property(fc.array(trace, { minLength: 1, maxLength: 6 }), (raw) => {
        const traces = raw.map((t) => ({ ...t, points: [...t.points].sort((a, b) => a.t - b.t) }));
        const all = traces.flatMap((t) => t.points.map((p) => p.score));
        for (const p of meanCurve(traces, curveGrid(traces, 12))) {
          if (p.low > p.high || p.n < 1) return false;
          if (p.low < Math.min(...all) || p.high > Math.max(...all)) return false;
          if (p.mean < Math.min(...all) - 1e-9 || p.mean > Math.max(...all) + 1e-9) return false;
        }
        return true;
      }),
    );
  });
});
