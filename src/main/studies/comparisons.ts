/**
 * Which setting beats which, and how sure we are: for every row of a study (a puzzle or a
 * group) and every pair of its settings, two-sided rank tests on the runs' best scores (and on
 * their times to target), Holm's correction over all the pairs of the study, the Vargha-Delaney
 * A12 effect size; a bootstrap 95 % interval of each cell's mean and median; and the tests a
 * paper reports, run on our cells. The statistics themselves are in core/stats.
 */
import { a12, bootstrapIntervals, holm } from '../../core/stats/effect';
import { mannWhitney, signedRank, signedRankNormalP } from '../../core/stats/rank-tests';
import type { StudyRun } from '../store/studies';
import { runTarget, studyRows, type Reach, type StudyCellResult } from './results';
import type { PublishedTest, StudySpec } from './spec';
import type { PairTest, PublishedTestResult, StudyAnalysis, StudyComparison } from '../api/studies';

export type { PairTest, PublishedTestResult, StudyAnalysis, StudyComparison };

/** Holm-adjusted p below this: a difference the study calls. */
export const ALPHA = 0.05;

interface RunValue {
  key: string;
  score: number;
  time: number | null;
}

export function studyAnalysis(spec: StudySpec, runs: readonly StudyRun[], reach: Reach, cells: readonly StudyCellResult[]): StudyAnalysis {
  const rows = studyRows(spec);
  const nConfigs = spec.configs.length;
  // The done runs of each cell with their best score and time to target.
  const values: RunValue[][] = Array.from({ length: rows.length * nConfigs }, () => []);
  const rowOf = new Map<number, number>();
  rows.forEach((row, ri) => row.puzzles.forEach((p) => rowOf.set(p, ri)));
  for (const r of runs) {
    const ri = rowOf.get(r.puzzleIndex);
    if (ri === undefined || r.configIndex >= nConfigs || r.run.status !== 'done' || r.run.bestScore === null) continue;
    const target = runTarget(spec, r.puzzleIndex, r.configIndex);
    const time = target !== null && r.run.bestScore >= target ? (reach(r.run.id, target)?.elapsedMs ?? null) : null;
    values[ri * nConfigs + r.configIndex]!.push({ key: `${r.puzzleIndex}:${r.seed}`, score: r.run.bestScore, time });
  }
  const intervals = values.map((v) => bootstrapIntervals(v.map((x) => x.score)));

  const raw: Omit<StudyComparison, 'winner' | 'by'>[] = [];
  rows.forEach((row, ri) => {
    for (let a = 0; a < nConfigs; a++)
      for (let b = a + 1; b < nConfigs; b++) {
        const va = values[ri * nConfigs + a]!;
        const vb = values[ri * nConfigs + b]!;
        raw.push({ rowIndex: ri, puzzle: row.label, a, b, score: scoreTest(va, vb), paired: pairedTest(va, vb), time: timeTest(va, vb) });
      }
  });
  for (const k of ['score', 'paired', 'time'] as const) {
    const adjusted = holm(raw.map((c) => c[k]?.p ?? null));
    raw.forEach((c, i) => {
      if (c[k]) c[k].pHolm = adjusted[i]!;
    });
  }
  const comparisons = raw.map((c): StudyComparison => {
    const grouped = rows[c.rowIndex]!.puzzles.length > 1;
    const first = grouped && c.paired ? ('paired' as const) : ('score' as const);
    for (const by of [first, 'time'] as const) {
      const t = c[by];
      if (t && t.pHolm < ALPHA && t.a12 !== 0.5) return { ...c, winner: t.a12 > 0.5 ? c.a : c.b, by };
    }
    return { ...c, winner: null, by: null };
  });
  return { intervals, comparisons, tests: publishedTests(spec, cells) };
}

function scoreTest(va: readonly RunValue[], vb: readonly RunValue[]): PairTest | null {
  const x = va.map((v) => v.score);
  const y = vb.map((v) => v.score);
  const t = mannWhitney(x, y);
  return t ? { ...t, test: 'mann-whitney', n: [x.length, y.length], pHolm: t.p, a12: a12(x, y)! } : null;
}

/** Scores paired by puzzle and seed; at least two pairs. */
function pairedTest(va: readonly RunValue[], vb: readonly RunValue[]): PairTest | null {
  const byKey = new Map(vb.map((v) => [v.key, v.score]));
  const x: number[] = [];
  const y: number[] = [];
  for (const v of va) {
    const w = byKey.get(v.key);
    if (w === undefined) continue;
    x.push(v.score);
    y.push(w);
  }
  if (x.length < 2) return null;
  const t = signedRank(x, y)!;
  return { ...t, test: 'signed-rank', n: x.length, pHolm: t.p, a12: a12(x, y)! };
}

/** Times to target where both cells have runs that reached it; A12 of the negated times, so above 0.5 = a faster. */
function timeTest(va: readonly RunValue[], vb: readonly RunValue[]): PairTest | null {
  const x = va.flatMap((v) => (v.time === null ? [] : [-v.time]));
  const y = vb.flatMap((v) => (v.time === null ? [] : [-v.time]));
  const t = mannWhitney(x, y);
  return t ? { ...t, test: 'mann-whitney', n: [x.length, y.length], pHolm: t.p, a12: a12(x, y)! } : null;
}

function publishedTests(spec: StudySpec, cells: readonly StudyCellResult[]): PublishedTestResult[] {
  const tests = spec.published?.tests ?? [];
  const n = spec.configs.length;
  return tests.map((t) => {
    const [a, b] = t.solvers;
    const x: number[] = [];
    const y: number[] = [];
    for (let i = 0; i * n < cells.length; i++) {
      const ca = measureOf(cells[i * n + a], t.measure);
      const cb = measureOf(cells[i * n + b], t.measure);
      if (ca === null || ca === undefined || cb === null || cb === undefined) continue;
      x.push(ca);
      y.push(cb);
    }
    return {
      ...t,
      labels: [spec.configs[a]!.label, spec.configs[b]!.label],
      pairs: x.length,
      ours: signedRank(x, y),
      oursNormalP: signedRankNormalP(x, y),
    };
  });
}

/** A cell's figure for a published test (time in seconds, as the papers give it). */
function measureOf(c: StudyCellResult | undefined, m: PublishedTest['measure']): number | null {
  if (!c) return null;
  if (m === 'timeToTarget') return c.timeToTargetMs === null ? null : c.timeToTargetMs / 1000;
  return c[m];
}
