/**
 * Record types of the store. Every time is a whole number of milliseconds since the Unix epoch
 * (`Date.now()`), every JSON column comes back parsed, and every record is plain JSON, so it
 * crosses IPC and the WebSocket unchanged.
 */
import type { FamilyId } from '../../core/families/family';
import type { Params } from '../../core/params/schema';
import type { StopCriteria, StopReason } from '../../core/engine/run-types';

export type RunStatus = 'queued' | 'running' | 'done' | 'stopped' | 'interrupted' | 'failed';
export const RUN_STATUSES: readonly RunStatus[] = ['queued', 'running', 'done', 'stopped', 'interrupted', 'failed'];

export type RunEventKind = 'improvement' | 'progress';

export interface StoreOptions {
  /** Path of better_sqlite3.node, when it is not where the package expects it (e.g. inside an Electron bundle). */
  nativeBinding?: string;
  /** At most this many progress samples are kept per run (default 2000, at least 2); see `thinPlan`. */
  maxProgressSamples?: number;
  /** Clock, ms since the epoch; for tests. Default `Date.now`. */
  now?: () => number;
  /** Files up to this size get SQLite's quick check at opening (default QUICK_CHECK_MAX_BYTES, 256 MB). */
  quickCheckMaxBytes?: number;
}

// ---- puzzles --------------------------------------------------------------------------------

export interface NewPuzzle {
  name: string;
  family: FamilyId;
  /** Where it came from, free text (a file name, "new", "catalogue: …"). */
  source: string;
  /** The puzzle document, any JSON value. */
  document: unknown;
  rows: number;
  cols: number;
}

export interface PuzzleUpdate {
  name?: string;
  document?: unknown;
  rows?: number;
  cols?: number;
}

/** A library row without its document. */
export interface PuzzleSummary {
  id: number;
  name: string;
  family: FamilyId;
  /** What it is called in lists and badges ("Tetravex", "Edge matching"): worked out by core when saved. */
  kind: string;
  source: string;
  rows: number;
  cols: number;
  createdAt: number;
  updatedAt: number;
  lastOpenedAt: number | null;
  /** Best score of any run made on this puzzle (higher is better), null before any score. */
  bestScore: number | null;
}

export interface PuzzleRecord extends PuzzleSummary {
  document: unknown;
}

export type PuzzleSort = 'name' | 'updated' | 'opened' | 'best';

export interface PuzzleFilter {
  /** Case-insensitive substring of the name or the source. */
  search?: string;
  family?: FamilyId;
}

export interface PuzzleQuery extends PuzzleFilter {
  /** 'name' A→Z; 'updated', 'opened' newest first; 'best' highest first. Never-opened / unscored last. Default 'updated'. */
  sort?: PuzzleSort;
  limit?: number;
  offset?: number;
}

// ---- runs -----------------------------------------------------------------------------------

export interface NewRun {
  /** The library puzzle it was made on, or null (e.g. a file given to the CLI). */
  puzzleId: number | null;
  puzzleName: string;
  family: FamilyId;
  solver: string;
  params: Params;
  seed: number;
  stop: StopCriteria;
  /** The puzzle model JSON the run is made on; the run keeps this copy whatever happens to the library. */
  puzzle: unknown;
  maxScore: number | null;
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
  bestScore: number | null;
  maxScore: number | null;
}

export interface RunRecord extends RunSummary {
  puzzle: unknown;
  bestSolution: unknown | null;
}

export interface RunFilter {
  /** Only these runs. */
  ids?: readonly number[];
  status?: RunStatus | readonly RunStatus[];
  family?: FamilyId;
  solver?: string;
  puzzleId?: number;
}

export interface RunQuery extends RunFilter {
  limit?: number;
  offset?: number;
}

export interface RunStatusExtra {
  /** Given (even null) = set; absent = unchanged. */
  stopReason?: StopReason | null;
  error?: string | null;
  /** Default: now when the status becomes 'running' and the run never started; otherwise unchanged. */
  startedAt?: number | null;
  /** Default: now for 'done' | 'stopped' | 'failed'; null for 'queued' | 'running'; unchanged for 'interrupted'. */
  endedAt?: number | null;
  /** Final figures, e.g. from the worker's `done` message; absent = unchanged. */
  elapsedMs?: number;
  evaluations?: number;
}

// ---- events ---------------------------------------------------------------------------------

/**
 * Every event carries every field, so a list of mixed events reads as one table (what a kind
 * does not have is null); narrowing on `kind` gives the precise types.
 */
interface RunEventBase {
  id: number;
  runId: number;
  elapsedMs: number;
  evaluations: number;
  /** For an improvement, its score (the new best). */
  bestScore: number;
}

export interface ProgressEvent extends RunEventBase {
  kind: 'progress';
  iteration: number;
  currentScore: number;
  meanScore: number | null;
  solution: null;
}

export interface ImprovementEvent extends RunEventBase {
  kind: 'improvement';
  iteration: null;
  currentScore: null;
  meanScore: null;
  /** The board JSON that reached `bestScore`. */
  solution: unknown;
}

export type RunEvent = ProgressEvent | ImprovementEvent;

export interface EventQuery {
  /** Default both. */
  kinds?: readonly RunEventKind[];
}
