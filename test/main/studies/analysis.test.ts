/**
 * Issue 47: a study's analysis from plain runs. Runs that never reach the target count (success
 * counts, Fisher's test, times censored at the budget), so a setting that reaches it in 1 run of
 * 10 does not beat one that reaches it in 10 of 10 a little later; runs pair only when the study
 * file declares a pairing; the settings are compared over the puzzles (Wilcoxon for two,
 * Friedman with the Nemenyi critical difference for more); the verdicts are words with their
 * test; the exports carry the budget, the clock and the program's version.
 */
import { friedmanCountedP } from '../../../src/core/stats/friedman-count';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { studyAnalysis } from '../../../src/main/studies/comparisons';
import { studyResults, type Reach } from '../../../src/main/studies/results';
import { studyBudget, studyCsv, studyJson, studyMarkdown, studyText } from '../../../src/main/studies/report';
import { parseStudy, type StudySpec } from '../../../src/main/studies/spec';
import type { StudyRun } from '../../../src/main/store/studies';
import type { RunSummary } from '../../../src/main/store/types';
import type { StopCriteria } from '../../../src/core/engine/run-types';
import { repoRoot } from '../../helpers/cli';

const VERSION = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

const stop: StopCriteria = { seconds: 10, evaluations: null, target: null };
const puzzle = (label: string, group?: string) => ({ label, source: 'inline', puzzleId: null, puzzle: {}, maxScore: 100, ...(group ? { group } : {}) });
const config = (label: string, s = stop) => ({ label, solver: 'sa', preset: null, params: {}, stop: s });
const spec = (over: Partial<StudySpec> = {}): StudySpec => ({
  name: 'fixture',
  description: null,
  family: 'edge',
  puzzles: [puzzle('p')],
  configs: [config('lucky'), config('steady')],
  seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  concurrency: null,
  published: null,
  ...over,
});

let nextId = 1;
/** A done run; `reachMs` = when it reached the target (the reach function below reads it), `endMs` its end. */
const reachAt = new Map<number, number>();
const run = (puzzleIndex: number, configIndex: number, seed: number, bestScore: number, reachMs: number | null = null, endMs = 10_000): StudyRun => {
  const id = nextId++;
  if (reachMs !== null) reachAt.set(id, reachMs);
  return { puzzleIndex, configIndex, seed, run: { id, status: 'done', bestScore, elapsedMs: endMs, evaluations: 1000 } as RunSummary };
};
const reach: Reach = (id) => (reachAt.has(id) ? { elapsedMs: reachAt.get(id)!, evaluations: reachAt.get(id)! * 10 } : null);

const analyse = (s: StudySpec, runs: StudyRun[]) => {
  const r = studyResults(s, runs, reach);
  return { ...r, analysis: studyAnalysis(s, runs, reach, r.cells) };
};
const head = (s: StudySpec) => ({ id: 3, name: s.name, createdAt: 0, spec: s });

describe('study analysis: runs that never reach the target count', () => {
  // lucky: 1 run of 10 reaches the target (100) fast, the other 9 end at 90 after their 10 s;
  // steady: all 10 reach it, a little later.
  const s = spec();
  const runs = [
    run(0, 0, 1, 100, 50),
    ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => run(0, 0, seed, 90)),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => run(0, 1, seed, 100, 400 + seed)),
  ];
  const { cells, progress, analysis } = analyse(s, runs);
  const c = analysis.comparisons[0]!;

  it('report the reached / runs of each cell', () => {
    expect(cells.map((x) => x.success)).toEqual([
      { reached: 1, runs: 10 },
      { reached: 10, runs: 10 },
    ]);
    expect(cells[0]!.timeToTargetMs).toBe(50);
  });

  it('compare the success rates by Fisher and every run’s time with the non-reachers slowest: 1 of 10 fast does not beat 10 of 10', () => {
    expect(c.success).toMatchObject({ test: 'fisher', reached: [1, 10], runs: [10, 10] });
    // Two-sided Fisher on [[1, 9], [10, 0]]: the table and the one as extreme on the other side, 2 x C(11, 1) / C(20, 10).
    expect(c.success!.p).toBeCloseTo((2 * 11) / 184756, 12);
    expect(c.time).toMatchObject({ test: 'mann-whitney', measure: 'ms', n: [10, 10], reached: [1, 10] });
    // lucky's one reacher is first of all 20; its nine others are slower than every steady run.
    expect(c.time!.a12).toBeCloseTo(10 / 100, 12);
    expect(c.time!.p).toBeLessThan(0.05);
    expect(c.winner).toBe(1);
    expect(c.by).toBe('score');
    expect(c.paired).toBeNull();
  });

  it('say the verdict in words, with the test, p, Holm and A12 from the winner’s side, and the success counts', () => {
    expect(analysis.verdicts).toEqual([
      {
        rowIndex: 0,
        a: 0,
        b: 1,
        text: expect.stringMatching(
          /^steady better than lucky \(Mann-Whitney p < 0\.001, Holm < 0\.001, A12 0\.95\); lucky reached the target in 1 of 10 runs, steady in 10 of 10 \(Fisher p < 0\.001, Holm < 0\.001\)$/,
        ) as unknown as string,
      },
    ]);
    const text = studyText(head(s), progress, cells, analysis);
    expect(text).toMatch(/\np\s+lucky\s+10\/10\s+.*\s1\/10 \(10%\)\s+50 ms\s/);
    expect(text).toContain('reached 1/10 vs 10/10, Fisher p < 0.001 (Holm < 0.001); time p < 0.001 (Holm < 0.001), A12 0.10');
    expect(text).toContain('    -> steady better than lucky (Mann-Whitney');
    // One puzzle: nothing over the puzzles.
    expect(analysis.overPuzzles).toBeNull();
  });

  it('decide by the success rates when the scores tell nothing, and by the censored time after that', () => {
    // Three settings where every score test is swamped by Holm over many weak pairs is hard to
    // build; instead: both reach 10 of 10 with equal scores, one always sooner: time decides, from its own A12.
    const t = spec({ configs: [config('slow'), config('fast')] });
    const rs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((seed) => [run(0, 0, seed, 100, 5000 + seed), run(0, 1, seed, 100, 100 + seed)]);
    const [x] = analyse(t, rs).analysis.comparisons;
    expect(x!.score!.p).toBe(1);
    expect(x!.success).toBeNull();
    expect(x!.time).toMatchObject({ a12: 0, reached: [10, 10] });
    expect(x).toMatchObject({ winner: 1, by: 'time' });
    expect(analyse(t, rs).analysis.verdicts[0]!.text).toMatch(
      /^fast faster to the target than slow \(Mann-Whitney on times with non-reachers slowest p < 0\.001, Holm < 0\.001, A12 1\.00\)$/,
    );
  });

  it('count a budget in evaluations when every run stops by evaluations only', () => {
    const byEvals = { seconds: null, evaluations: 5000, target: null };
    const t = spec({ configs: [config('a', byEvals), config('b', byEvals)], seeds: [1, 2] });
    const rs = [run(0, 0, 1, 100, 10), run(0, 0, 2, 90), run(0, 1, 1, 100, 20), run(0, 1, 2, 100, 30)];
    expect(analyse(t, rs).analysis.comparisons[0]!.time).toMatchObject({ measure: 'evaluations', n: [2, 2], reached: [1, 2] });
  });
});

describe('study analysis: runs that failed count', () => {
  const failed = (puzzleIndex: number, configIndex: number, seed: number, bestScore: number | null): StudyRun => {
    const r = run(puzzleIndex, configIndex, seed, 0, null, 1_000);
    return { ...r, run: { ...r.run, status: 'failed', bestScore } };
  };

  it('in the cells, the success counts and the tests: half failed is not ahead of half reached', () => {
    // a: 10 seeds reach the target (100) at 0.5 s, 10 failed (at 40, or before any board);
    // b: every run done, 10 of 20 reach it.
    const s = spec({ seeds: Array.from({ length: 20 }, (_, i) => i + 1) });
    const rs = [
      ...Array.from({ length: 10 }, (_, i) => run(0, 0, i + 1, 100, 500)),
      ...Array.from({ length: 10 }, (_, i) => failed(0, 0, i + 11, i < 5 ? 40 : null)),
      ...Array.from({ length: 20 }, (_, i) => run(0, 1, i + 1, i < 10 ? 100 : 95, i < 10 ? 600 : null)),
    ];
    const { cells, analysis } = analyse(s, rs);
    expect(cells[0]).toMatchObject({ done: 10, failed: 10, success: { reached: 10, runs: 20 }, worst: 40 });
    const c = analysis.comparisons[0]!;
    expect(c.success).toMatchObject({ reached: [10, 10], runs: [20, 20], p: 1 });
    // On the scores, the failed runs (at 40, or below every score) put a behind, not ahead.
    expect(c.score!.n).toEqual([20, 20]);
    expect(c.score!.a12).toBeLessThan(0.5);
    expect(c.winner).not.toBe(0);
  });

  it('over the puzzles: a setting that fails on a puzzle is behind there, not left out', () => {
    const eight = Array.from({ length: 8 }, (_, i) => puzzle(`p${i}`));
    const s = spec({ puzzles: eight, configs: [config('a'), config('b')], seeds: [1] });
    const rs = eight.flatMap((_, i) => (i < 6 ? [run(i, 0, 1, 51), run(i, 1, 1, 50)] : [failed(i, 0, 1, null), run(i, 1, 1, 50)]));
    const o = analyse(s, rs).analysis.overPuzzles!;
    expect(o.rows).toHaveLength(8);
    expect(o.ahead).toEqual([6, 2]);
    expect(o.verdict).toMatch(/not told apart/);
  });
});

describe('study analysis: pairing only when declared', () => {
  // Three puzzles of very different scores in one group; b is always 1 below a, seed for seed.
  const g = (over: Partial<StudySpec> = {}) =>
    spec({ puzzles: [puzzle('g1', 'g'), puzzle('g2', 'g'), puzzle('g3', 'g')], configs: [config('a'), config('b')], seeds: [1, 2], ...over });
  const rs = [0, 1, 2].flatMap((p) => [1, 2].flatMap((seed) => [run(p, 0, seed, 10 + 30 * p + seed), run(p, 1, seed, 9 + 30 * p + seed)]));

  it('run no paired test without a declared pairing: the same seed in two solvers is no pair', () => {
    const [c] = analyse(g(), rs).analysis.comparisons;
    expect(c!.paired).toBeNull();
    expect(c!.score!.p).toBeGreaterThan(0.3);
    expect(c!.winner).toBeNull();
    expect(analyse(g(), rs).analysis.pairing).toBeNull();
  });

  it('run it when the study says what pairs the runs, its direction from the paired differences', () => {
    const pairing = { by: 'seed' as const, meaning: 'each seed is the same start board for every solver' };
    const { analysis } = analyse(g({ pairing }), rs);
    const [c] = analysis.comparisons;
    expect(analysis.pairing).toEqual(pairing);
    expect(c!.paired).toMatchObject({ test: 'signed-rank', n: 6, statistic: 21, a12: 1 });
    expect(c!.paired!.p).toBeCloseTo(2 / 64, 12);
    expect(c).toMatchObject({ winner: 0, by: 'paired' });
    expect(analysis.verdicts[0]!.text).toMatch(/^a better than b \(Wilcoxon signed-rank paired by seed p = 0\.031, Holm 0\.031, r 1\.00\)$/);
    // The other way round: b above a in every pair, so b wins, whatever the unpaired A12 says.
    const flipped = [0, 1, 2].flatMap((p) => [1, 2].flatMap((seed) => [run(p, 0, seed, 9 + 30 * p + seed), run(p, 1, seed, 10 + 30 * p + seed)]));
    expect(analyse(g({ pairing }), flipped).analysis.comparisons[0]).toMatchObject({ winner: 1, by: 'paired', paired: { a12: 0 } });
  });

  it('read the pairing (and the aggregate) from the study file, its meaning required', () => {
    const file = (extra: Record<string, unknown>) =>
      JSON.stringify({
        name: 's',
        puzzles: [{ family: 'jump', puzzle: { rows: 5, cols: 5 } }],
        solvers: [{ solver: 'hill-climb' }],
        seeds: 2,
        stop: { evaluations: 100 },
        ...extra,
      });
    const ctx = { readFile: () => '', libraryPuzzle: () => null };
    const parsed = parseStudy(file({ pairing: { by: 'seed', meaning: ' each seed is\nthe same start board ' }, aggregate: 'mean' }), 's.json', ctx);
    expect(parsed.pairing).toEqual({ by: 'seed', meaning: 'each seed is the same start board' });
    expect(parsed.aggregate).toBe('mean');
    expect(parseStudy(file({}), 's.json', ctx)).toMatchObject({ pairing: null, aggregate: 'median' });
    expect(() => parseStudy(file({ pairing: { by: 'seed' } }), 's.json', ctx)).toThrow(/^s\.json: pairing\.meaning: /);
    expect(() => parseStudy(file({ pairing: { by: 'seed', meaning: ' ' } }), 's.json', ctx)).toThrow(
      /^s\.json: pairing\.meaning: say what makes runs with the same seed a pair/,
    );
    expect(() => parseStudy(file({ pairing: { by: 'puzzle', meaning: 'x' } }), 's.json', ctx)).toThrow(/pairing\.by: expected one of seed/);
    expect(() => parseStudy(file({ aggregate: 'best' }), 's.json', ctx)).toThrow(/aggregate: expected one of median, mean/);
  });
});

describe('study analysis: over the puzzles', () => {
  const ten = Array.from({ length: 10 }, (_, i) => puzzle(`p${i}`));

  it('compare two settings by Wilcoxon over the puzzles, on the median best score of each', () => {
    const s = spec({ puzzles: ten, configs: [config('beam'), config('lns')], seeds: [1, 2, 3] });
    // beam ahead by i + 2 on puzzles 0..8, lns ahead by 1 on puzzle 9 (the smallest difference).
    const rs = ten.flatMap((_, i) => [1, 2, 3].flatMap((seed) => [run(i, 0, seed, 50 + seed), run(i, 1, seed, i < 9 ? 50 + seed - (i + 2) : 51 + seed)]));
    const { analysis, progress, cells } = analyse(s, rs);
    const o = analysis.overPuzzles!;
    expect(o).toMatchObject({
      aggregate: 'median',
      test: 'wilcoxon',
      statistic: 1,
      method: 'exact',
      rows: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      ahead: [9, 1],
      tied: 0,
      leader: 0,
    });
    expect(o.p).toBeCloseTo(4 / 1024, 12);
    expect(o.table[9]).toEqual([52, 53]);
    expect(o.verdict).toBe('beam ahead of lns on 9 of 10 puzzles (median best score), Wilcoxon over puzzles p = 0.0039');
    expect(o.diagram).toBeNull();
    expect(studyText(head(s), progress, cells, analysis)).toContain(
      '\nover the puzzles: beam ahead of lns on 9 of 10 puzzles (median best score), Wilcoxon over puzzles p = 0.0039\n',
    );
    // The mean instead, when the study file says so.
    expect(analyse({ ...s, aggregate: 'mean' }, rs).analysis.overPuzzles!.verdict).toContain('(mean best score)');
  });

  it('take the exact sign-flip p over the puzzles with ties and zeros, where the normal tail would call a difference', () => {
    const d = [0, 3, 0, 1, 1, -1, 0, -1, 0, 1, 1, 1, 1, 1, 0, 1, 1, -1];
    const many = d.map((_, i) => puzzle(`q${i}`));
    const s = spec({ puzzles: many, configs: [config('beam'), config('lns')], seeds: [1] });
    const rs = d.flatMap((di, i) => [run(i, 0, 1, 50 + di), run(i, 1, 1, 50)]);
    const o = analyse(s, rs).analysis.overPuzzles!;
    // Counted over the 2^13 sign patterns of the 13 nonzero differences' midranks (scipy's normal tail: 0.0455).
    expect(o.method).toBe('exact');
    expect(o.p).toBeCloseTo(0.0762, 4);
    expect(o.verdict).toMatch(/not told apart/);
  });

  it('say when two settings are not told apart over the puzzles', () => {
    const s = spec({ puzzles: ten.slice(0, 4), configs: [config('beam'), config('lns')], seeds: [1] });
    const rs = [0, 1, 2, 3].flatMap((i) => [run(i, 0, 1, 50 + (i % 2)), run(i, 1, 1, 51 - (i % 2))]);
    expect(analyse(s, rs).analysis.overPuzzles!.verdict).toMatch(
      /^beam and lns not told apart over 4 puzzles \(median best score\): beam ahead on 2, lns on 2; Wilcoxon over puzzles p = 1\.000$/,
    );
  });

  it('compare three settings by Friedman, the Nemenyi critical difference, Holm post-hoc pairs and a CD diagram', () => {
    const s = spec({ puzzles: ten, configs: [config('beam'), config('lns'), config('sa <b>')], seeds: [1] });
    // beam best on every puzzle; lns and sa take turns behind it.
    const rs = ten.flatMap((_, i) => [run(i, 0, 1, 90), run(i, 1, 1, i % 2 ? 80 : 70), run(i, 2, 1, i % 2 ? 70 : 80)]);
    const { analysis, progress, cells } = analyse(s, rs);
    const o = analysis.overPuzzles!;
    // Under 50 puzzles the p is counted (6^9 reorderings here: seeded shuffles), not the chi-square tail's exp(-7.5).
    expect(o).toMatchObject({ test: 'friedman', method: 'permutation', df: 2, averageRanks: [1, 2.5, 2.5], leader: 0, cliques: [[1, 2]] });
    expect(o.statistic).toBeCloseTo(15, 10);
    expect(o.p).toBe(friedmanCountedP(o.table)!.p);
    expect(o.p).toBeLessThan(0.001);
    expect(o.cd).toBeCloseTo(1.048, 3);
    expect(o.posthoc.map((p) => [p.a, p.b])).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    // The pairs' p counted over the same shuffles as the Friedman p, not z's normal tail.
    expect(o.posthocMethod).toBe('permutation');
    expect(o.posthoc.map((p) => p.p)).toEqual(friedmanCountedP(o.table)!.pairs);
    expect(o.posthoc[2]!.pHolm).toBe(1);
    expect(o.posthoc[0]!.pHolm).toBeLessThan(0.05);
    expect(o.verdict).toBe(
      'Friedman over 10 puzzles (median best score) p < 0.001: beam (average rank 1) ahead of lns (2.5) and sa <b> (2.5); lns and sa <b> not told apart (Nemenyi CD 1.05)',
    );
    expect(o.diagram).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    // Labels in the diagram are escaped.
    expect(o.diagram).toContain('sa &lt;b&gt;');
    expect(o.diagram).not.toContain('sa <b>');
    const md = studyMarkdown(head(s), progress, cells, analysis);
    expect(md).toContain('\n### Over the puzzles\n\nFriedman over 10 puzzles (median best score) p < 0.001: beam (average rank 1) ahead of');
    // Inline in the markdown, without the XML declaration.
    expect(md).toContain(`\n${o.diagram!.slice(o.diagram!.indexOf('<svg')).trim()}`);
    expect(md).not.toContain('<?xml');
    const withFile = studyMarkdown(head(s), progress, cells, analysis, { file: 'out-cd.svg' });
    expect(withFile).toContain('![Critical-difference diagram](out-cd.svg)');
    expect(withFile).not.toContain('<svg');
  });

  it('counts only the rows where every setting has a done run, and needs two of them', () => {
    const s = spec({ puzzles: ten.slice(0, 3), configs: [config('beam'), config('lns')], seeds: [1] });
    const some = [run(0, 0, 1, 60), run(0, 1, 1, 50), run(1, 0, 1, 60)];
    expect(analyse(s, some).analysis.overPuzzles).toBeNull();
    const more = [...some, run(2, 0, 1, 60), run(2, 1, 1, 40)];
    expect(analyse(s, more).analysis.overPuzzles).toMatchObject({ rows: [0, 2], rowsInStudy: 3 });
  });
});

describe('study exports: budget, clock and version', () => {
  const cpu = { seconds: 30, evaluations: null, target: 95, clock: 'cpu' as const };
  const s = spec({
    puzzles: [puzzle('p0'), { ...puzzle('p1'), stop: { seconds: 60 } }],
    configs: [config('beam', cpu), config('lns', { seconds: 30, evaluations: 20_000, target: null })],
    seeds: [1, 2],
  });
  const rs = [0, 1].flatMap((p) => [1, 2].flatMap((seed) => [run(p, 0, seed, 96, 100), run(p, 1, seed, 90)]));
  const { analysis, progress, cells } = analyse(s, rs);

  it('give the budget of every setting and each puzzle’s own', () => {
    expect(studyBudget(s)).toEqual({
      settings: [
        { label: 'beam', seconds: 30, evaluations: null, target: 95, clock: 'cpu' },
        { label: 'lns', seconds: 30, evaluations: 20_000, target: null, clock: 'wall' },
      ],
      puzzles: [{ label: 'p1', seconds: 60, evaluations: null, target: null, clock: null }],
    });
  });

  it('write them into the CSV, the markdown and the JSON', () => {
    const csv = studyCsv(head(s), cells, analysis).trim().split('\n');
    const cols = csv[0]!.split(',');
    const at = (line: number, name: string): string => csv[line]!.split(',')[cols.indexOf(name)]!;
    expect(cols).toEqual(
      expect.arrayContaining(['reached', 'runs_with_target', 'stop_seconds', 'stop_evaluations', 'stop_target', 'clock', 'workbench_version']),
    );
    expect([at(1, 'stop_seconds'), at(1, 'stop_target'), at(1, 'clock'), at(1, 'workbench_version'), at(1, 'reached')]).toEqual([
      '30',
      '95',
      'cpu',
      VERSION,
      '2',
    ]);
    expect([at(2, 'stop_evaluations'), at(2, 'clock')]).toEqual(['20000', 'wall']);
    // p1 overrides the seconds.
    expect(at(3, 'stop_seconds')).toBe('60');
    expect(cols).toContain('success_p_holm_vs_2');

    const md = studyMarkdown(head(s), progress, cells, analysis);
    expect(md).toContain(
      `\n### Setup\n\nPuzzle Workbench ${VERSION}. Stop budget of each setting's runs:\n\n- beam: 30 s (cpu clock), target 95\n- lns: 30 s (wall clock), 20,000 evaluations\n`,
    );
    expect(md).toContain('\n- p1: 1 min 00 s\n');

    // A budget of evaluations alone still says the clock its recorded times (curves, time to target) are on.
    const byEvaluations = spec({ configs: [config('ga', { seconds: null, evaluations: 5_000, target: null, clock: 'cpu' }), config('sa')] });
    const e = analyse(byEvaluations, []);
    expect(studyMarkdown(head(byEvaluations), e.progress, e.cells, e.analysis)).toContain(
      "Stop budget of each setting's runs:\n\n- ga: 5,000 evaluations, times on the cpu clock\n- sa: 10 s (wall clock)",
    );

    const json = JSON.parse(JSON.stringify(studyJson(head(s), progress, cells, analysis))) as Record<string, unknown>;
    expect(json).toMatchObject({ workbenchVersion: VERSION, budget: studyBudget(s), aggregate: 'median', pairing: null });
    expect(json.overPuzzles).toMatchObject({ test: 'wilcoxon', rows: [0, 1] });
    expect(json.verdicts).toEqual(analysis.verdicts);
    expect(json.comparisons).toEqual(JSON.parse(JSON.stringify(analysis.comparisons)));
  });
});
