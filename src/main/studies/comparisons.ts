/**
 * Which setting beats which, and how sure we are: for every row of a study (a puzzle or a
 * group) and every pair of its settings, two-sided tests on the runs' best scores, on their
 * success rates (Fisher's exact test) and on their times to target with the runs that never
 * reached it ranked slowest (censored at their budget); Holm's correction over all the pairs of
 * the study for each kind of test; the Vargha-Delaney A12 effect size; a bootstrap 95 % interval
 * of each cell's mean and median; the settings over the puzzles (over-puzzles.ts); and the tests
 * a paper reports, run on our cells. The statistics themselves are in core/stats.
 *
 * Runs are paired (puzzle and seed) only when the study file declares what makes them a pair:
 * the same seed in two solvers draws different numbers, so nothing pairs them by itself.
 */
import { a12, bootstrapIntervals, holm } from '../../core/stats/effect';
import { censoredTimeTest, type CensoredTime } from '../../core/stats/censored';
import { fisherExact } from '../../core/stats/fisher';
import { mannWhitney, signedRank, signedRankNormalP } from '../../core/stats/rank-tests';
import type { StudyRun } from '../store/studies';
import { finishedByCell, runTarget, studyRows, type Reach, type StudyCellResult } from './results';
import { cellStop, type PublishedTest, type StudySpec } from './spec';
import { overPuzzles } from './over-puzzles';
import { pairVerdicts } from './report-stats';
import type { PairTest, PublishedTestResult, StudyAnalysis, StudyComparison, SuccessTest, TimeTest } from '../api/studies';

export type { PairTest, PublishedTestResult, StudyAnalysis, StudyComparison, SuccessTest, TimeTest };

/** Holm-adjusted p below this: a difference the study calls. */
export const ALPHA = 0.05;

/** A finished run of a cell (done or failed) as the tests need it. */
interface RunValue {
  /** Puzzle and seed: what a declared pairing pairs by. */
  key: string;
  /** Its best score; a run that failed before it had one ranks below every score of its row (`worst`). */
  score: number;
  /** False for such a run: the cell's intervals are of the scores runs made. */
  scored: boolean;
  /** Null without a target. */
  reach: {
    reached: boolean;
    /** When it first reached the target (null if it never did), and its budget: in ms and in evaluations. */
    ms: number | null;
    evaluations: number | null;
    budgetMs: number;
    budgetEvaluations: number;
    /** It stops by evaluations only (no time limit): its evaluations are what its budget is counted in. */
    byEvaluations: boolean;
  } | null;
}

export function studyAnalysis(spec: StudySpec, runs: readonly StudyRun[], reach: Reach, cells: readonly StudyCellResult[]): StudyAnalysis {
  const rows = studyRows(spec);
  const nConfigs = spec.configs.length;
  const pairing = spec.pairing ?? null;
  // Failed runs count (finishedByCell): a failed run's best is its score, and one without a best
  // ranks below every score of its row, one below the lowest.
  const byCell = finishedByCell(spec, runs);
  const worst = rows.map((_, ri) => {
    let low = Infinity;
    for (const cell of byCell.slice(ri * nConfigs, (ri + 1) * nConfigs))
      for (const r of cell) if (r.run.bestScore !== null) low = Math.min(low, r.run.bestScore - 1);
    return Number.isFinite(low) ? low : 0;
  });
  const values: RunValue[][] = byCell.map((cell, i) => cell.map((r) => runValue(spec, r, reach, worst[Math.floor(i / nConfigs)]!)));
  const intervals = values.map((v) => bootstrapIntervals(v.filter((x) => x.scored).map((x) => x.score)));

  const raw: Omit<StudyComparison, 'winner' | 'by'>[] = [];
  rows.forEach((row, ri) => {
    for (let a = 0; a < nConfigs; a++)
      for (let b = a + 1; b < nConfigs; b++) {
        const va = values[ri * nConfigs + a]!;
        const vb = values[ri * nConfigs + b]!;
        raw.push({
          rowIndex: ri,
          puzzle: row.label,
          a,
          b,
          score: scoreTest(va, vb),
          paired: pairing ? pairedTest(va, vb) : null,
          success: successTest(va, vb),
          time: timeTest(va, vb),
        });
      }
  });
  for (const k of ['score', 'paired', 'success', 'time'] as const) {
    const adjusted = holm(raw.map((c) => c[k]?.p ?? null));
    raw.forEach((c, i) => {
      const t = c[k];
      if (t) t.pHolm = adjusted[i]!;
    });
  }
  const comparisons = raw.map((c): StudyComparison => ({ ...c, ...decide(c) }));
  const over = overPuzzles(
    spec,
    values.map((v) => v.map((x) => x.score)),
    ALPHA,
  );
  return { intervals, comparisons, pairing, overPuzzles: over, verdicts: pairVerdicts(spec, comparisons), tests: publishedTests(spec, cells) };
}

/**
 * The first test significant after Holm decides, in this order: the best scores (the paired test
 * when the study declares a pairing and it could run), the success rates, the censored time to
 * target. Its direction comes from the same test's own effect, never from another test's.
 */
function decide(c: Omit<StudyComparison, 'winner' | 'by'>): Pick<StudyComparison, 'winner' | 'by'> {
  const scoreBy = c.paired ? ('paired' as const) : ('score' as const);
  const scoreTest = c[scoreBy];
  if (scoreTest && scoreTest.pHolm < ALPHA && scoreTest.a12 !== 0.5) return { winner: scoreTest.a12 > 0.5 ? c.a : c.b, by: scoreBy };
  const s = c.success;
  if (s && s.pHolm < ALPHA) {
    const ra = s.reached[0] / s.runs[0];
    const rb = s.reached[1] / s.runs[1];
    if (ra !== rb) return { winner: ra > rb ? c.a : c.b, by: 'success' };
  }
  const t = c.time;
  if (t && t.pHolm < ALPHA && t.a12 !== 0.5) return { winner: t.a12 > 0.5 ? c.a : c.b, by: 'time' };
  return { winner: null, by: null };
}

function runValue(spec: StudySpec, r: StudyRun, reach: Reach, worst: number): RunValue {
  const key = `${r.puzzleIndex}:${r.seed}`;
  const scored = r.run.bestScore !== null;
  const score = r.run.bestScore ?? worst;
  const target = runTarget(spec, r.puzzleIndex, r.configIndex);
  if (target === null) return { key, score, scored, reach: null };
  const stop = cellStop(spec, r.puzzleIndex, r.configIndex);
  const reached = scored && score >= target;
  // A run that failed short of the target never gets there: slower than any budget, not a run cut short.
  const never = !reached && r.run.status === 'failed';
  // A run that reached the target without a recorded improvement there: by its end, at the latest.
  const when = reached ? (reach(r.run.id, target) ?? { elapsedMs: r.run.elapsedMs, evaluations: r.run.evaluations }) : null;
  return {
    key,
    score,
    scored,
    reach: {
      reached,
      ms: when?.elapsedMs ?? null,
      evaluations: when?.evaluations ?? null,
      budgetMs: never ? Infinity : stop.seconds !== null ? stop.seconds * 1000 : r.run.elapsedMs,
      budgetEvaluations: never ? Infinity : (stop.evaluations ?? r.run.evaluations),
      byEvaluations: stop.seconds === null && stop.evaluations !== null,
    },
  };
}

function scoreTest(va: readonly RunValue[], vb: readonly RunValue[]): PairTest | null {
  const x = va.map((v) => v.score);
  const y = vb.map((v) => v.score);
  const t = mannWhitney(x, y);
  return t ? { ...t, test: 'mann-whitney', n: [x.length, y.length], pHolm: t.p, a12: a12(x, y)! } : null;
}

/**
 * Scores paired by puzzle and seed (at least two pairs), its direction from the paired
 * differences: the share of their signed ranks in a's favour.
 */
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
  const nonzero = x.filter((xi, i) => xi !== y[i]).length;
  const share = nonzero === 0 ? 0.5 : t.statistic / ((nonzero * (nonzero + 1)) / 2);
  return { ...t, test: 'signed-rank', n: x.length, pHolm: t.p, a12: share };
}

const withTarget = (v: readonly RunValue[]): NonNullable<RunValue['reach']>[] => v.flatMap((x) => (x.reach ? [x.reach] : []));

/** Success rates of the runs that had a target; nothing to test when every run of both reached it, or none did. */
function successTest(va: readonly RunValue[], vb: readonly RunValue[]): SuccessTest | null {
  const ra = withTarget(va);
  const rb = withTarget(vb);
  if (ra.length === 0 || rb.length === 0) return null;
  const a = ra.filter((r) => r.reached).length;
  const b = rb.filter((r) => r.reached).length;
  if (a + b === 0 || a + b === ra.length + rb.length) return null;
  const f = fisherExact(a, ra.length - a, b, rb.length - b);
  return { test: 'fisher', reached: [a, b], runs: [ra.length, rb.length], p: f.p, pHolm: f.p, oddsRatio: f.oddsRatio };
}

/** Every run's time to target, the non-reachers censored at their budget; in evaluations when every run of both stops by evaluations only. */
function timeTest(va: readonly RunValue[], vb: readonly RunValue[]): TimeTest | null {
  const ra = withTarget(va);
  const rb = withTarget(vb);
  if (ra.length === 0 || rb.length === 0 || ![...ra, ...rb].some((r) => r.reached)) return null;
  const measure = [...ra, ...rb].every((r) => r.byEvaluations) ? ('evaluations' as const) : ('ms' as const);
  const times = (rs: typeof ra): CensoredTime[] =>
    rs.map((r) => (measure === 'ms' ? { time: r.ms, budget: r.budgetMs } : { time: r.evaluations, budget: r.budgetEvaluations }));
  const t = censoredTimeTest(times(ra), times(rb));
  if (!t) return null;
  return {
    test: t.method,
    measure,
    statistic: t.statistic,
    p: t.p,
    exact: t.exact,
    pHolm: t.p,
    a12: t.a12,
    n: [ra.length, rb.length],
    reached: [ra.filter((r) => r.reached).length, rb.filter((r) => r.reached).length],
  };
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
