/**
 * Studies as the API returns them: summaries, the results table with its cells and runs, curves,
 * comparisons and templates, and the paper's figures a study file may carry (their schemas too:
 * the study file is read with them).
 */
import * as v from 'valibot';
import type { FamilyId } from '../../core/families/family';
import type { StopCriteria } from '../../core/engine/run-types';
import type { StudyCounts, StudyStatus } from '../../core/text/run-text';
import type { RunTrace as TraceRun } from '../../core/stats/runtime';
import type { Interval } from '../../core/stats/effect';
import type { RankTest } from '../../core/stats/rank-tests';
import { int, list, num, obj, oneOf, str } from '../../core/validate/validate';
import type { RunStatus } from './runs';

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

/** Summary statistics of a study cell, as the papers report them. */
export interface Summary {
  n: number;
  mean: number | null;
  median: number | null;
  /** Highest (scores are higher-is-better). */
  best: number | null;
  worst: number | null;
  /** Sample standard deviation (n - 1); null below two values. */
  sd: number | null;
}

/** A study's run counts: the type core's study text reads (core/text/run-text.ts), documented there. */
export type StudyProgress = StudyCounts;

export interface StudyCellResult extends Summary {
  /** The row of the table (see studyRows) and its first puzzle. */
  rowIndex: number;
  puzzleIndex: number;
  configIndex: number;
  /** The row's label: the puzzle's, or its group's. */
  puzzle: string;
  solver: string;
  /** Runs the cell makes (one per seed and puzzle of the row) and how many of them are done (their scores are the summary). */
  planned: number;
  done: number;
  maxScore: number | null;
  /** The score a run must reach to count as a success: the stop target, else the puzzle's maximum; null when neither is known. */
  target: number | null;
  /** Share of the done runs that reached the target (0..1), null without a target or done runs. */
  successRate: number | null;
  /** Median time (ms) of the successful runs to first reach the target. */
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
  /** Vargha-Delaney A12: the chance that a run of a does better than a run of b (ties half). */
  a12: number;
}

export interface StudyComparison {
  rowIndex: number;
  puzzle: string;
  /** The two settings, by index (a < b). */
  a: number;
  b: number;
  /** Best scores, unpaired: Mann-Whitney U. */
  score: PairTest | null;
  /** Best scores paired by puzzle and seed (both runs done): Wilcoxon signed-rank. */
  paired: PairTest | null;
  /** Time to target of the runs that reached it, in both cells (lower is better): Mann-Whitney U. */
  time: PairTest | null;
  /**
   * Who beats whom: the setting whose best scores are significantly better (after Holm; in a
   * group's row by the paired test, since its pairs share the puzzle), else the significantly
   * faster one to the target; null when neither.
   */
  winner: number | null;
  /** What decided it. */
  by: 'score' | 'paired' | 'time' | null;
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
  tests: PublishedTestResult[];
}

export interface StudySummary {
  id: number;
  name: string;
  description: string | null;
  family: FamilyId;
  createdAt: number;
  /** Puzzles, solver settings and seeds of the grid, and the runs it makes. */
  grid: { puzzles: number; solvers: number; seeds: number; runs: number };
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
  grid: { puzzles: number; solvers: number; seeds: number; runs: number };
  /** Longest time limit of a run, seconds (null when runs end by evaluations only). */
  seconds: number | null;
  published: string | null;
}
