/**
 * Studies as the API returns them: summaries, the results table with its cells and runs, curves,
 * comparisons and templates, and the paper's figures a study file may carry (their schemas too:
 * the study file is read with them).
 */
import * as v from 'valibot';
import type { FamilyId } from '../../core/families/family';
import type { StopCriteria } from '../../core/engine/run-types';
import type { StudyCounts, StudyGrid, StudyStatus } from '../../core/text/study-text';
import type { RunTrace as TraceRun } from '../../core/stats/runtime';
import type { Interval } from '../../core/stats/effect';
import type { RankTest } from '../../core/stats/rank-tests';
import { int, list, num, obj, oneOf, str } from '../../core/validate/validate';
import type { RunStatus } from './runs';
import type { Summary } from '../../core/stats/summary';

/** Summary statistics of a study cell, as the papers report them. */
export type { Summary };

/** The cell figures a published test can compare (one value per puzzle row and setting). */
export const TESTED_MEASURES = ['mean', 'median', 'best', 'timeToTarget', 'evaluationsToTarget'] as const;

/** Figures a paper reports for one cell: the puzzle by its index or its group, the solver by its index. */
export const publishedCellSchema = obj({
  puzzle: v.optional(int(0)),
  group: v.optional(str(200)),
  solver: int(0),
  mean: v.optional(num()),
  median: v.optional(num()),
  best: v.optional(num()),
  sd: v.optional(num()),
  successRate: v.optional(num()),
  /** Seconds to reach the target (the paper's mean or median, on the paper's machine). */
  timeToTarget: v.optional(num()),
  /** Evaluations (or nodes) to reach the target, as the paper counts them. */
  evaluationsToTarget: v.optional(num()),
});
export type PublishedCell = v.InferOutput<typeof publishedCellSchema>;

/**
 * A test the paper reports between two of its settings, paired by puzzle: the study runs the same
 * test on its own cells and shows the paper's p beside its own (e.g. the casse-tete paper's
 * Wilcoxon signed-rank test of GA against SA on the mean evaluations per instance).
 */
export const publishedTestSchema = obj({
  /** The two settings, by index in the file (checked to be two once the settings are known). */
  solvers: list(int(0), 2),
  measure: oneOf(...TESTED_MEASURES),
  test: oneOf('signed-rank'),
  /** The paper's p-value. */
  p: v.optional(num()),
  note: v.optional(str(500)),
});
export type PublishedTest = Omit<v.InferOutput<typeof publishedTestSchema>, 'solvers'> & { solvers: [number, number] };

export interface Published {
  source: string;
  cells: PublishedCell[];
  tests?: PublishedTest[];
}

/** A study's run counts: the type core's study text reads (core/text/study-text.ts), documented there. */
export type StudyProgress = StudyCounts;

export interface StudyCellResult extends Summary {
  /** The row of the table (see studyRows) and its first puzzle. */
  rowIndex: number;
  puzzleIndex: number;
  configIndex: number;
  /** The row's label: the puzzle's, or its group's. */
  puzzle: string;
  solver: string;
  /**
   * Runs the cell makes (one per seed and puzzle of the row), how many of them are done and how
   * many failed. Both count: the summary is of every finished run with a best score (a failed
   * run's is the best it recorded), and a failed run is in the success counts and the tests.
   */
  planned: number;
  done: number;
  failed: number;
  maxScore: number | null;
  /** The score a run must reach to count as a success: the stop target, else the puzzle's maximum; null when neither is known. */
  target: number | null;
  /** Share of the finished runs (done or failed) that reached the target (0..1), null without a target or finished runs. */
  successRate: number | null;
  /** How many of the finished runs reached the target, of how many (the counts behind `successRate`); null without a target or finished runs. */
  success: { reached: number; runs: number } | null;
  /** Median time (ms) of the successful runs to first reach the target (read it with `success`: the runs that never did are not in it). */
  timeToTargetMs: number | null;
  /** Median evaluations of the successful runs when they first reached the target. */
  evaluationsToTarget: number | null;
  /** The paper's figures for this cell, when the study has them. */
  published: Omit<PublishedCell, 'puzzle' | 'solver' | 'group'> | null;
}

/** One run of a cell, for a strip plot: its score (null until it has one) and where it stands. */
export interface CellRun {
  runId: number;
  puzzleIndex: number;
  seed: number;
  status: RunStatus;
  bestScore: number | null;
  elapsedMs: number;
}

export interface CurvePoint {
  t: number;
  mean: number;
  low: number;
  high: number;
  /** Runs that had a score by then. */
  n: number;
}

export interface PairTest extends RankTest {
  test: 'mann-whitney' | 'signed-rank';
  /** Observations: runs of a and of b (Mann-Whitney), or pairs (signed-rank, zero differences included). */
  n: [number, number] | number;
  /** p after Holm's correction over the same test on every pair of the study. */
  pHolm: number;
  /**
   * Which way, from this test's own data, above 0.5 = a better. Mann-Whitney: Vargha-Delaney A12,
   * the chance that a run of a does better than a run of b (ties half). Signed-rank: the share
   * of the signed ranks of the paired differences in a's favour, W+ / (W+ + W-) (0.5 when every
   * difference is zero); 2 x share - 1 is the matched-pairs rank-biserial r the texts show.
   */
  a12: number;
}

/** Success rates of a and b (runs that reached the target, of the done runs): Fisher's exact test. */
export interface SuccessTest {
  test: 'fisher';
  reached: [number, number];
  runs: [number, number];
  p: number;
  pHolm: number;
  oddsRatio: number;
}

/**
 * Time to target of every done run of a and b (lower is better): a run that never reached it is
 * ranked slowest, censored at its budget (its stop seconds, or evaluations; its own end when it
 * had no such limit). Mann-Whitney U with the non-reachers tied slowest when every budget is
 * past every reach time, else Gehan's generalized Wilcoxon test.
 */
export interface TimeTest {
  test: 'mann-whitney' | 'gehan';
  /** What was timed: elapsed ms, or evaluations (when every run of both cells stops by evaluations only). */
  measure: 'ms' | 'evaluations';
  statistic: number;
  p: number;
  exact: boolean;
  pHolm: number;
  /** The chance that a run of a reaches the target before a run of b (ties and undecidable pairs half): above 0.5 = a faster. */
  a12: number;
  /** Runs of a and of b, and how many of them reached the target. */
  n: [number, number];
  reached: [number, number];
}

/** How the runs of two settings pair, when the study file says (`"pairing"`): only then is the paired test run. */
export interface StudyPairing {
  by: 'seed';
  /** Why runs with the same seed (and puzzle) are a pair, in the study file's words. */
  meaning: string;
}

export interface StudyComparison {
  rowIndex: number;
  puzzle: string;
  /** The two settings, by index (a < b). */
  a: number;
  b: number;
  /** Best scores, unpaired: Mann-Whitney U. */
  score: PairTest | null;
  /** Best scores paired by puzzle and seed (both runs done): Wilcoxon signed-rank; only when the study declares a pairing. */
  paired: PairTest | null;
  /** Success rates: Fisher's exact test; null without a target, or when every run of both reached it or none did. */
  success: SuccessTest | null;
  /** Time to target, non-reachers censored at their budget; null without a target or when no run of either reached it. */
  time: TimeTest | null;
  /**
   * Who beats whom: the first of these significant after Holm (p < 0.05), its direction from the
   * same test: the best scores (the paired test when the study declares a pairing, else
   * Mann-Whitney), then the success rates, then the censored time to target; null when none is.
   */
  winner: number | null;
  /** What decided it. */
  by: 'score' | 'paired' | 'success' | 'time' | null;
}

/** One pair of settings after Friedman's test (`friedmanPosthoc`): z of their average ranks, p (counted, or z's normal tail: `posthocMethod`), Holm's p over all the pairs. */
export interface OverPuzzlesPair {
  a: number;
  b: number;
  z: number;
  p: number;
  pHolm: number;
}

/**
 * The settings compared over the puzzles, as the field does (Demšar 2006; García and Herrera
 * 2008): each setting's runs on a row aggregated to one figure (the median best score, or the
 * mean when the study file says `"aggregate": "mean"`), then for two settings Wilcoxon's
 * signed-rank test over the rows, for more Friedman's test with the Nemenyi critical difference
 * of average ranks, Holm's post-hoc pairs and Demšar's diagram. Only the rows where every setting
 * has a done run count; null below two such rows or two settings.
 */
export interface OverPuzzles {
  aggregate: 'median' | 'mean';
  /** The rows counted, by index (in the order of the table's rows). */
  rows: number[];
  /** How many rows the study has (some may lack results yet). */
  rowsInStudy: number;
  /** The aggregate of each setting on each counted row: table[i][setting] (higher is better). */
  table: number[][];
  test: 'wilcoxon' | 'friedman';
  /** Wilcoxon: min(W+, W-); Friedman: chi-square (tie-corrected); null when Wilcoxon has no nonzero difference. */
  statistic: number | null;
  p: number | null;
  /**
   * How p was found. Wilcoxon: 'exact' or 'approx'; Friedman: 'exact' (every reordering of the
   * puzzles' figures counted), 'permutation' (20,000 seeded shuffles) under 50 puzzles, else 'chi-square' with `df`.
   */
  method: 'exact' | 'approx' | 'permutation' | 'chi-square' | null;
  df: number | null;
  /** Per setting: its average rank over the rows (1 = best; ties share midranks). */
  averageRanks: number[];
  /** Per setting: the rows where it has the best aggregate alone (for two settings: the rows it is ahead of the other). */
  ahead: number[];
  /** Rows where the settings' aggregates all tie. */
  tied: number;
  /** The setting ahead by the test's own direction: Wilcoxon, the side the signed ranks favour; Friedman, the best average rank; null when neither. */
  leader: number | null;
  /** Nemenyi critical difference of average ranks at `alpha` (Friedman only). */
  cd: number | null;
  alpha: number;
  /** Friedman's post-hoc pairs (empty for two settings). */
  posthoc: OverPuzzlesPair[];
  /** How the pairs' p were found: counted as the Friedman p was (under 50 puzzles), or the normal tail of z; null without pairs. */
  posthocMethod: 'exact' | 'permutation' | 'approx' | null;
  /** Groups of settings whose average ranks lie within `cd` of each other (Demšar's bars), by index. */
  cliques: number[][];
  /** Demšar's critical-difference diagram, a standalone SVG document whose labels are escaped (Friedman only). */
  diagram: string | null;
  /** The result in words, with the test ("beam ahead of lns on 9 of 10 puzzles (median best score), Wilcoxon over puzzles p = 0.004"). */
  verdict: string;
}

/** The stop budget a study's runs had, for the exports: per setting, and where a puzzle overrides it. */
export interface StudyBudget {
  settings: { label: string; seconds: number | null; evaluations: number | null; target: number | null; clock: 'wall' | 'cpu' }[];
  /** Puzzles with stop criteria of their own (over every setting's). */
  puzzles: { label: string; seconds: number | null; evaluations: number | null; target: number | null; clock: 'wall' | 'cpu' | null }[];
}

export interface PublishedTestResult extends PublishedTest {
  labels: [string, string];
  /** Puzzle rows where both cells have the measure. */
  pairs: number;
  ours: RankTest | null;
  /** Our p by the normal approximation (no continuity correction), as many papers' software reports it. */
  oursNormalP: number | null;
}

export interface StudyAnalysis {
  /** Bootstrap 95 % intervals of each cell's mean and median best score (cells' order); null below two done runs. */
  intervals: ({ mean: Interval; median: Interval } | null)[];
  comparisons: StudyComparison[];
  /** The pairing the study file declares (the paired test runs only then), else null. */
  pairing: StudyPairing | null;
  /** The settings over the puzzles (Wilcoxon or Friedman); null below two rows with results for every setting. */
  overPuzzles: OverPuzzles | null;
  /** Each row's pair verdicts in words (one sentence per tested pair, in the order of `comparisons`), e.g. "beam better than lns (Mann-Whitney p = 0.0020, Holm 0.0060, A12 0.91)". */
  verdicts: { rowIndex: number; a: number; b: number; text: string }[];
  tests: PublishedTestResult[];
}

export interface StudySummary {
  id: number;
  name: string;
  description: string | null;
  family: FamilyId;
  createdAt: number;
  /** Puzzles, solver settings and seeds of the grid, and the runs it makes. */
  grid: StudyGrid;
  status: StudyStatus;
  progress: StudyProgress;
  /** Where the published figures come from, when the study has them. */
  published: string | null;
}

export interface StudyDetail extends StudySummary {
  puzzles: { label: string; source: string; maxScore: number | null; group: string | null }[];
  solvers: { label: string; solver: string; preset: string | null; stop: StopCriteria }[];
  seeds: number[];
  /** The table's rows: a puzzle, or a group of puzzles. */
  rows: string[];
  /** Row by row, solver by solver. */
  cells: StudyCellResult[];
  /** The runs of each cell (same order as `cells`), for strip plots. */
  runs: CellRun[][];
}

export interface StudyCurve {
  rowIndex: number;
  configIndex: number;
  points: CurvePoint[];
}

/** A study's comparisons, and every run of each cell as the runtime distributions need it. */
export interface StudyAnalysisDetail extends StudyAnalysis {
  /** Per cell (the order of `cells`): its runs' improvements (ms, evaluations, score) and ends. */
  traces: TraceRun[][];
}

export interface StudyTemplate {
  /** The file name without `.json`, as createStudy takes it. */
  id: string;
  name: string;
  description: string | null;
  family: FamilyId;
  grid: StudyGrid;
  /** Longest time limit of a run, seconds (null when runs end by evaluations only). */
  seconds: number | null;
  published: string | null;
}
