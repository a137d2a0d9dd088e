/**
 * Runs as the API returns them: summaries and records, the history's pages and facets, chart
 * series and the board at an improvement. Every time is a whole number of milliseconds since the
 * Unix epoch; every record is plain JSON, so it crosses IPC and the WebSocket unchanged.
 */
import type { FamilyId } from '../../core/families/family';
import type { Params, ParamValue } from '../../core/params/schema';
import type { RunClock, RunStatus, StopCriteria, StopReason } from '../../core/engine/run-types';
import type { WorkTally } from '../../core/engine/work-tally';

export { RUN_STATUSES, type RunStatus } from '../../core/engine/run-types';
export type { WorkTally } from '../../core/engine/work-tally';

/**
 * A setting changed when the run was resumed (only those a solver lets change, such as its memory
 * bound), at the point of the run it went on from: the run's `params` hold the values now, and
 * these say how it got there.
 */
export interface ParamChange {
  elapsedMs: number;
  evaluations: number;
  key: string;
  from: ParamValue;
  to: ParamValue;
}

/** A run without its two big blobs (`puzzle`, `bestSolution`). */
export interface RunSummary {
  id: number;
  puzzleId: number | null;
  puzzleName: string;
  family: FamilyId;
  /** What its puzzle is called ("Tetravex", "Edge matching"): worked out by core when the run is made. */
  kind: string;
  solver: string;
  params: Params;
  seed: number;
  stop: StopCriteria;
  status: RunStatus;
  stopReason: StopReason | null;
  error: string | null;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  elapsedMs: number;
  evaluations: number;
  /** The best score of a board the recorder re-scored (an improvement): never a solver's unchecked word. */
  bestScore: number | null;
  maxScore: number | null;
  /**
   * The most the solver claimed in its progress samples, when above `bestScore`: it made no board
   * to show for it, so it counts for nothing but is flagged. Null (or absent) when there is none.
   */
  claimedBest?: number | null;
  /** The solver process's resident memory at its last progress sample, in bytes; null when never measured (runs from before it was). */
  rssBytes: number | null;
  /** The most memory the run's solver processes held (the largest over its resumes), in bytes; null when never measured. */
  peakRssBytes: number | null;
  /** Settings changed on resumes, oldest first (empty for most runs). */
  changes: ParamChange[];
}

export interface RunRecord extends RunSummary {
  puzzle: unknown;
  bestSolution: unknown | null;
}

/** Runs a page of History holds by default, and at most (also the CLI's `runs --limit` and "select all"). */
export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 10_000;

/** Most runs one launch may start (seeds per solver in the launch form). */
export const MAX_RUNS_AT_ONCE = 64;

export const RUN_SORT_KEYS = ['id', 'puzzle', 'family', 'solver', 'seed', 'status', 'created', 'duration', 'evaluations', 'best', 'percent'] as const;

export type RunSortKey = (typeof RUN_SORT_KEYS)[number];

export type SortDir = 'asc' | 'desc';

export interface RunPage {
  runs: RunSummary[];
  /** How many runs match the filter (all pages). */
  total: number;
}

export interface RunFacets {
  total: number;
  solvers: { family: FamilyId; solver: string; runs: number }[];
  puzzles: { puzzleId: number | null; name: string; family: FamilyId; runs: number }[];
  statuses: { status: RunStatus; runs: number }[];
  /** Oldest and newest creation time, null without runs. */
  first: number | null;
  last: number | null;
}

/** A progress sample as a chart needs it. */
export interface SeriesPoint {
  /** Elapsed ms (running time, across resumes). */
  t: number;
  evaluations: number;
  iteration: number;
  best: number;
  current: number;
  mean: number | null;
}

/** An improvement: a new best, with the id of the event holding its board. */
export interface ImprovementPoint {
  eventId: number;
  t: number;
  evaluations: number;
  score: number;
}

export interface RunSeries {
  runId: number;
  /** Progress samples in time order, at most `maxPoints` (thinned keeping every bucket's extremes). */
  progress: SeriesPoint[];
  /** How many progress samples the store holds for the run (before thinning for this answer). */
  progressTotal: number;
  /** Every improvement, in time order (never thinned: the replay steps through them). */
  improvements: ImprovementPoint[];
}

export interface BoardAt {
  runId: number;
  /** The improvement event, or null for the run's best board. */
  eventId: number | null;
  t: number;
  evaluations: number;
  score: number | null;
  solution: unknown | null;
}

/** A run's work counted by score (core/engine/work-tally.ts), as its latest checkpoint holds it: `atMs` into the run, on its clock. */
export interface RunWork {
  tally: WorkTally;
  atMs: number;
  clock: RunClock;
}
