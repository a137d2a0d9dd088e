/**
 * Issue 24: a study's comparisons from plain runs. Two clearly different settings (5 seeds each)
 * are told apart (p < 0.05, A12 = 1), two identical ones are not; runs pair by puzzle and seed
 * only when the study declares it (issue 47); times to target; Holm over the study; intervals;
 * the paper's test on our cells; the texts.
 */
import { describe, expect, it } from 'vitest';
import { studyAnalysis } from '../../../src/main/studies/comparisons';
import { studyResults, type Reach } from '../../../src/main/studies/results';
import { studyCsv, studyJson, studyMarkdown, studyText } from '../../../src/main/studies/report';
import type { StudyRun } from '../../../src/main/store/studies';
import type { RunSummary } from '../../../src/main/store/types';
import { parseStudy, type StudySpec } from '../../../src/main/studies/spec';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../helpers/cli';

const stop = { seconds: 10, evaluations: null, target: null };
const puzzle = (label: string, group?: string) => ({ label, source: 'inline', puzzleId: null, puzzle: {}, maxScore: 100, ...(group ? { group } : {}) });
const config = (label: string) => ({ label, solver: 'sa', preset: null, params: {}, stop });
const spec = (over: Partial<StudySpec> = {}): StudySpec => ({
  name: 'fixture',
  description: null,
  family: 'edge',
  puzzles: [puzzle('p')],
  configs: [config('strong'), config('weak'), config('weak again')],
  seeds: [1, 2, 3, 4, 5],
  concurrency: null,
  published: null,
  ...over,
});

let nextId = 1;
const run = (puzzleIndex: number, configIndex: number, seed: number, bestScore: number): StudyRun => ({
  puzzleIndex,
  configIndex,
  seed,
  run: { id: nextId++, status: 'done', bestScore, elapsedMs: 1000, evaluations: 1 } as RunSummary,
});

const analyse = (s: StudySpec, runs: StudyRun[], reach: Reach = () => null) => {
  const r = studyResults(s, runs, reach);
  return { ...r, analysis: studyAnalysis(s, runs, reach, r.cells) };
};

describe('study comparisons', () => {
  // Strong: 60..64; the two weak settings: the same scores 40..44, seed for seed.
  const s = spec();
  const runs = [1, 2, 3, 4, 5].flatMap((seed) => [run(0, 0, seed, 59 + seed), run(0, 1, seed, 39 + seed), run(0, 2, seed, 39 + seed)]);
  const { cells, progress, analysis } = analyse(s, runs);

  it('find two clearly different settings apart (p < 0.05 after Holm, A12 = 1) and two identical ones not', () => {
    expect(analysis.comparisons.map((c) => [c.a, c.b])).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    const [sw, sw2, ww] = analysis.comparisons;
    expect(sw!.score).toMatchObject({ test: 'mann-whitney', n: [5, 5], statistic: 25, exact: true, a12: 1 });
    expect(sw!.score!.p).toBeCloseTo(2 / 252, 12);
    // Holm over the three score tests: 2/252 x 3, then x 2 (kept monotone), then 1 x 1.
    expect(sw!.score!.pHolm).toBeCloseTo((3 * 2) / 252, 12);
    expect(sw2!.score!.pHolm).toBeCloseTo((3 * 2) / 252, 12);
    expect(sw!.winner).toBe(0);
    expect(sw!.by).toBe('score');
    // No pairing declared: the same seed in two solvers is no pair (issue 47).
    expect(sw!.paired).toBeNull();
    expect(ww!.score).toMatchObject({ p: 1, pHolm: 1, a12: 0.5 });
    expect(ww!.winner).toBeNull();
    // Declared: paired by seed, five positive differences, p = 2/32; every difference zero, p = 1.
    const paired = analyse(spec({ pairing: { by: 'seed', meaning: 'the same start board' } }), runs).analysis.comparisons;
    expect(paired[0]!.paired).toMatchObject({ test: 'signed-rank', n: 5, statistic: 15, a12: 1 });
    expect(paired[0]!.paired!.p).toBeCloseTo(2 / 32, 12);
    expect(paired[2]!.paired).toMatchObject({ p: 1, statistic: 0, a12: 0.5 });
  });

  it('give each cell a deterministic bootstrap interval of its mean and median', () => {
    const i = analysis.intervals[0]!;
    expect(i.mean.low).toBeGreaterThanOrEqual(60);
    expect(i.mean.high).toBeLessThanOrEqual(64);
    expect(i.mean.low).toBeLessThan(62);
    expect(i.mean.high).toBeGreaterThan(62);
    expect(analyse(s, runs).analysis.intervals).toEqual(analysis.intervals);
  });

  it('test times to target over every run, and decide by time when the scores tie', () => {
    const t = spec({ configs: [config('fast'), config('slow')], seeds: [1, 2, 3, 4, 5, 6] });
    const rs = [1, 2, 3, 4, 5, 6].flatMap((seed) => [run(0, 0, seed, 100), run(0, 1, seed, 100)]);
    const slow = new Set(rs.filter((r) => r.configIndex === 1).map((r) => r.run.id));
    const reach: Reach = (id) => ({ elapsedMs: slow.has(id) ? 5000 + id : 100 + id, evaluations: id });
    const [c] = analyse(t, rs, reach).analysis.comparisons;
    expect(c!.score!.p).toBe(1);
    expect(c!.time).toMatchObject({ test: 'mann-whitney', a12: 1, n: [6, 6], reached: [6, 6] });
    expect(c!.time!.p).toBeCloseTo(2 / 924, 12);
    expect(c).toMatchObject({ winner: 0, by: 'time' });
  });

  it('pair the runs of a group by puzzle and seed, when the study declares it, and decide by the paired test', () => {
    const g = spec({
      puzzles: [puzzle('g1', 'g'), puzzle('g2', 'g'), puzzle('g3', 'g')],
      configs: [config('a'), config('b')],
      seeds: [1, 2],
      pairing: { by: 'seed', meaning: 'each seed is the same start board for every solver' },
    });
    // Puzzles differ a lot (10, 50, 90), b is always 1 below a: only pairing sees it.
    const rs = [0, 1, 2].flatMap((p) => [1, 2].flatMap((seed) => [run(p, 0, seed, 10 + 40 * p + seed), run(p, 1, seed, 9 + 40 * p + seed)]));
    const [c] = analyse(g, rs).analysis.comparisons;
    expect(c!.score!.p).toBeGreaterThan(0.3);
    expect(c!.paired).toMatchObject({ n: 6, statistic: 21 });
    expect(c!.paired!.p).toBeCloseTo(2 / 64, 12);
    expect(c).toMatchObject({ winner: 0, by: 'paired' });
  });

  it("run the paper's test on our cells, paired by puzzle", () => {
    const ga = [12002, 13402, 13202, 155602, 297402, 275602, 2989802, 3437402, 3074402];
    const sa = [15964.2, 18413.2, 15216.4, 531060.8, 69469.4, 426826.58, 28258587.6, 37389266.8, 28164018];
    const p = spec({
      puzzles: ga.map((_, i) => puzzle(`ct${i}`)),
      configs: [config('GA'), config('SA')],
      seeds: [1],
      published: { source: 'paper', cells: [], tests: [{ solvers: [0, 1], measure: 'evaluationsToTarget', test: 'signed-rank', p: 0.038 }] },
    });
    const rs = ga.flatMap((_, i) => [run(i, 0, 1, 100), run(i, 1, 1, 100)]);
    const evals = new Map<number, number>();
    rs.forEach((r) => evals.set(r.run.id, (r.configIndex === 0 ? ga : sa)[r.puzzleIndex]!));
    const a = analyse(p, rs, (id) => ({ elapsedMs: 1, evaluations: evals.get(id)! }));
    expect(a.analysis.tests).toHaveLength(1);
    expect(a.analysis.tests[0]).toMatchObject({ pairs: 9, labels: ['GA', 'SA'], p: 0.038, ours: { statistic: 5, exact: true } });
    expect(a.analysis.tests[0]!.ours!.p).toBeCloseTo(20 / 512, 12);
    expect(a.analysis.tests[0]!.oursNormalP).toBeCloseTo(0.0382, 4);
    const md = studyMarkdown({ id: 1, name: 'paper', createdAt: 0, spec: p }, a.progress, a.cells, a.analysis);
    expect(md).toContain(
      '- GA vs SA: Wilcoxon signed-rank on evaluations to target, paired by puzzle (9): ours V = 5, p 0.039 exact (normal approximation 0.038); published p 0.038',
    );
  });

  it("the casse-tete template carries the paper's two Wilcoxon tests, GA against SA and BPMX against BMOC", () => {
    const file = join(repoRoot, 'resources', 'studies', 'casse-tete-almuhaideb.json');
    const t = parseStudy(readFileSync(file, 'utf8'), file, {
      readFile: () => '',
      libraryPuzzle: () => null,
    });
    expect(t.published!.tests!.map((x) => [x.solvers, x.measure, x.test, x.p])).toEqual([
      [[0, 4], 'evaluationsToTarget', 'signed-rank', 0.038],
      [[0, 2], 'evaluationsToTarget', 'signed-rank', 0.95],
    ]);
    // Before any run: the paper's p, ours not yet.
    const a = analyse(t, []);
    expect(a.analysis.tests.map((x) => [x.pairs, x.ours])).toEqual([
      [0, null],
      [0, null],
    ]);
    expect(() =>
      parseStudy(
        JSON.stringify({
          ...JSON.parse(readFileSync(file, 'utf8')),
          published: { source: 's', cells: [], tests: [{ solvers: [0, 0], measure: 'mean', test: 'signed-rank' }] },
        }),
        'x.json',
        { readFile: () => '', libraryPuzzle: () => null },
      ),
    ).toThrow(/x\.json: published\.tests\[0\]\.solvers: give two different solver indexes/);
  });

  it('write the comparisons into the text, markdown, CSV and JSON', () => {
    const head = { id: 7, name: 'fixture', createdAt: 0, spec: s };
    const text = studyText(head, progress, cells, analysis);
    expect(text).toMatch(/mean 95% CI\s+median 95% CI\n/);
    expect(text).toContain(
      'p: strong vs weak: score p 0.0079 (Holm 0.024), A12 1.00\n    -> strong better than weak (Mann-Whitney p = 0.0079, Holm 0.024, A12 1.00)\n',
    );
    expect(text).toContain(
      'p: weak vs weak again: score p 1.000 (Holm 1.000), A12 0.50\n    -> weak and weak again not told apart (Mann-Whitney p = 1.000, Holm 1.000, A12 0.50)',
    );
    const md = studyMarkdown(head, progress, cells, analysis);
    expect(md).toContain(
      '| p | strong | weak | 0.0079 (0.024) | 1.00 | - | - | - | - | strong better than weak (Mann-Whitney p = 0.0079, Holm 0.024, A12 1.00) |',
    );
    const csv = studyCsv(head, cells, analysis).trim().split('\n');
    expect(csv[0]).toMatch(
      /,mean_ci_low,mean_ci_high,median_ci_low,median_ci_high,p_vs_1,p_holm_vs_1,a12_vs_1,success_p_holm_vs_1,time_p_holm_vs_1,time_a12_vs_1,p_vs_2,/,
    );
    // The weak setting's line: against the strong one A12 mirrors to 0; against itself empty.
    const weak = csv[2]!.split(',');
    const col = (name: string): string => weak[csv[0]!.split(',').indexOf(name)]!;
    expect(col('a12_vs_1')).toBe('0');
    expect(col('p_vs_1')).toBe('0.007937');
    expect(col('p_vs_2')).toBe('');
    expect(col('a12_vs_3')).toBe('0.5');
    const json = studyJson(head, progress, cells, analysis) as { comparisons: unknown[]; verdicts: unknown[]; cells: { intervals: unknown }[] };
    expect(json.comparisons).toHaveLength(3);
    expect(json.verdicts).toHaveLength(3);
    expect(json.cells[0]!.intervals).toEqual(analysis.intervals[0]);
    // Without an analysis the texts are as before.
    expect(studyCsv(head, cells).split('\n')[0]).not.toContain('p_vs_1');
  });
});
