/**
 * Record types of the store. Every time is a whole number of milliseconds since the Unix epoch
 * (`Date.now()`), every JSON column comes back parsed, and every record is plain JSON, so it
 * crosses IPC and the WebSocket unchanged.
 */
import type { FamilyId } from '../../core/families/family';
import type { Params } from '../../core/params/schema';
import type { StopCriteria, StopReason } from '../../core/engine/run-types';
import { RUN_STATUSES, type ParamChange, type RunRecord, type RunStatus, type RunSummary } from '../api/runs';
import type { PuzzleRecord, PuzzleSort, PuzzleSummary } from '../api/puzzles';

// The records the API returns are declared with it (main/api); the store fills them.
export { RUN_STATUSES, type ParamChange, type RunRecord, type RunStatus, type RunSummary, type PuzzleRecord, type PuzzleSort, type PuzzleSummary };

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
  /** WAL frames after which a write checkpoints (default CHECKPOINT_FRAMES, 1000); for tests. */
  checkpointFrames?: number;
  /**
   * For tests: called in each of the store's checkpoints between its last look at the file and
   * SQLite's copying of the WAL into it, the moment a file copied over this one is hardest to see.
   */
  beforeCheckpoint?: () => void;
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
  /** Settings changed on earlier resumes (a run file's); absent = none. */
  changes?: ParamChange[];
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
  /** The solver process's peak memory in bytes (the worker's `done`): raises the run's peak; absent = unchanged. */
  peakRssBytes?: number;
  /** New settings and the change that made them, appended to the run's (see ParamChange); absent = unchanged. */
  retune?: { params: Params; changes: ParamChange[] };
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
