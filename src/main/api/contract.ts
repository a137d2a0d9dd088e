/**
 * The one typed API between the views and the backend. Both transports (Electron IPC and the
 * WebSocket of `workbench serve`) carry exactly these calls, and both validate every argument
 * against the schemas below before a handler sees it. The renderer imports only types from here.
 */
import { s, type Infer, type Schema } from '../../core/schema/schema';
import type { PuzzleRecord, RunEvent, RunRecord, RunSummary } from '../store/types';
import type { ImportPreview, ImportResult, LibraryPuzzle } from '../services/imports';
import type { StudyAnalysisDetail, StudyCurve, StudyDetail, StudySummary, StudyTemplate } from '../services/study-api';
import type { DistributionState } from '../services/distribution';
import type { AnalysisStatus } from '../services/analysis';
import type { ParamSchema } from '../../core/params/schema';
import type { FamilyId } from '../../core/families/family';
import { MAX_SEED } from '../../core/engine/run-types';
import { RUN_SORT_KEYS, type BoardAt, type RunFacets, type RunPage, type RunSeries } from '../store/run-history';

const id = s.int(1);
const family = s.literal('edge', 'jump', 'parity');

export const apiSchemas = {
  listPuzzles: s.object({
    search: s.optional(s.string(200)),
    family: s.optional(family),
    sort: s.optional(s.literal('name', 'updated', 'opened', 'best')),
    limit: s.optional(s.int(1, 10_000)),
    offset: s.optional(s.int(0)),
  }),
  getPuzzle: s.object({ id }),
  importPuzzle: s.object({
    fileName: s.string(500),
    text: s.string(20_000_000),
    format: s.optional(s.string(50)),
    options: s.optional(s.record(s.string(200))),
  }),
  /**
   * What a file holds, read as importFile would (format, size, edge order, warnings, the first
   * pieces, puzzles already in the library with the same content); nothing is saved. `options`
   * override what was detected: `size` (RxC), `order` (edge order, e.g. nswe), `rotation`.
   */
  previewImport: s.object(importShape({})),
  /**
   * Add every puzzle a file holds (one per board or maze when it holds several), with notes and
   * warnings; a board file is read against `pieces`, or placed on the library puzzle `into`.
   */
  importFile: s.object(importShape({ into: s.optional(id) })),
  deletePuzzle: s.object({ id }),
  /** A new library entry from a full puzzle document (see core/document). */
  createPuzzle: s.object({
    document: s.unknown(),
    source: s.optional(s.string(500)),
    /** Undo a delete: bring back the puzzle deleted under this id (same id, dates, runs), else add it anew. */
    restoreId: s.optional(id),
  }),
  /** Rename and/or replace the document (e.g. an edited board or a saved placement). */
  updatePuzzle: s.object({ id, name: s.optional(s.string(200)), document: s.optional(s.unknown()) }),
  duplicatePuzzle: s.object({ id }),
  /** The puzzle (with its saved solution, if any) as text in a format of its family, or json. */
  exportPuzzle: s.object({ id, format: s.string(50) }),
  /** The solver catalogue; with `puzzleId`, that puzzle's family's solvers, each saying whether it refuses the puzzle. */
  solvers: s.object({ puzzleId: s.optional(id) }),
  startRun: s.object({
    puzzleId: id,
    solver: s.string(100),
    params: s.optional(s.record(s.unknown())),
    seed: s.optional(s.nullable(s.int(0, MAX_SEED))),
    seconds: s.optional(s.nullable(s.number())),
    evaluations: s.optional(s.nullable(s.int(1))),
    target: s.optional(s.nullable(s.number())),
  }),
  stopRun: s.object({ id }),
  resumeRun: s.object({ id }),
  listRuns: s.object({
    status: s.optional(s.literal('queued', 'running', 'done', 'stopped', 'interrupted', 'failed')),
    family: s.optional(family),
    solver: s.optional(s.string(100)),
    puzzleId: s.optional(id),
    limit: s.optional(s.int(1, 10_000)),
    offset: s.optional(s.int(0)),
  }),
  getRun: s.object({ id }),
  runEvents: s.object({ id }),
  // ---- runs: launch several, history, charts, replay, export (issue 6) ----
  /** `count` runs of the same settings; with a seed, their seeds are seed, seed + 1, …; else each gets a random seed. */
  startRuns: s.object({
    puzzleId: id,
    solver: s.string(100),
    params: s.optional(s.record(s.unknown())),
    seed: s.optional(s.nullable(s.int(0, MAX_SEED))),
    count: s.optional(s.int(1, 64)),
    seconds: s.optional(s.nullable(s.number())),
    evaluations: s.optional(s.nullable(s.int(1))),
    target: s.optional(s.nullable(s.number())),
  }),
  /** One page of the run history (see store/run-history.ts for the filter's meaning) and the total. */
  queryRuns: s.object(
    runFilterShape({
      sort: s.optional(s.literal(...RUN_SORT_KEYS)),
      dir: s.optional(s.literal('asc', 'desc')),
      limit: s.optional(s.int(0, 10_000)),
      offset: s.optional(s.int(0)),
    }),
  ),
  /** Every run id matching a filter (newest first, at most 10,000): "select all" across pages. */
  runIds: s.object(runFilterShape({})),
  runFacets: s.object({}),
  /** Active runs among them are stopped first. */
  deleteRuns: s.object({ ids: s.array(id, 10_000) }),
  exportRuns: s.object({ ids: s.array(id, 10_000), format: s.literal('csv', 'json') }),
  /** Chart data: progress samples (after `after` ms of running time, thinned to `maxPoints`) and every improvement. */
  runSeries: s.object({ id, maxPoints: s.optional(s.int(2, 50_000)), after: s.optional(s.number()) }),
  /** The board of one recorded improvement, or (no eventId) the run's best board. */
  runBoard: s.object({ id, eventId: s.optional(s.nullable(id)) }),
  // ---- studies: the results view (issue 15) ----
  listStudies: s.object({}),
  /** The study, its progress, its results table (row x solver cells) and every run of each cell. */
  getStudy: s.object({ id }),
  /** Mean best score against running time per cell, with the middle half of the runs as a band; one log time grid per row. */
  studyCurves: s.object({ id, points: s.optional(s.int(2, 400)) }),
  /** Comparisons (tests, A12, intervals, the paper's tests) and every run's improvements for runtime distributions (issue 24). */
  studyAnalysis: s.object({ id }),
  /** The papers' tables shipped as study templates. */
  studyTemplates: s.object({}),
  /** A study from a template (optionally `seeds` per cell and `seconds` per run instead of the paper's) or from a study file's text. */
  createStudy: s.object({
    template: s.optional(s.string(100)),
    text: s.optional(s.string(20_000_000)),
    /** The study file's name, for its error messages. */
    fileName: s.optional(s.string(500)),
    seeds: s.optional(s.int(1, 1000)),
    seconds: s.optional(s.number()),
  }),
  /** Queue every run of the study that is not finished (see Studies.start). */
  startStudy: s.object({ id }),
  stopStudy: s.object({ id }),
  exportStudy: s.object({ id, format: s.literal('csv', 'markdown') }),
  // ---- where studies run: this machine, or workers through Redis (issue 15) ----
  /** Whether studies go to a Redis queue, with the URL (password masked) and why not when it cannot be reached. */
  getDistribution: s.object({}),
  /** Save a redis:// or rediss:// URL (null or blank: forget it) and use it at once; refused while WORKBENCH_REDIS is set. */
  setDistribution: s.object({ url: s.nullable(s.string(2000)) }),
  // ---- the designer's analysis (issue 25) ----
  /** Count, estimate and explain a saved puzzle (edge), or analyse its maze (jump) or (n, m) (parity); replaces the puzzle's running analysis. */
  startAnalysis: s.object({
    puzzleId: id,
    seconds: s.optional(s.number()),
    maxSolutions: s.optional(s.int(1, 1_000_000_000)),
    probes: s.optional(s.int(1, 10_000_000)),
  }),
  /** Progress, and the outcome once finished. */
  analysisStatus: s.object({ id }),
  stopAnalysis: s.object({ id }),
} as const;

/** A file to import, with the options of its reader and the piece set of a board file. */
function importShape<X extends Record<string, Schema<unknown>>>(extra: X) {
  return {
    fileName: s.string(500),
    text: s.string(20_000_000),
    format: s.optional(s.string(50)),
    options: s.optional(s.record(s.string(200))),
    pieces: s.optional(s.object({ fileName: s.string(500), text: s.string(20_000_000) })),
    ...extra,
  };
}

/** The run-history filter's fields, shared by queryRuns and runIds. */
function runFilterShape<X extends Record<string, Schema<unknown>>>(extra: X) {
  return {
    search: s.optional(s.string(200)),
    puzzleId: s.optional(id),
    puzzleName: s.optional(s.string(500)),
    family: s.optional(family),
    solvers: s.optional(s.array(s.string(100), 200)),
    statuses: s.optional(s.array(s.literal('queued', 'running', 'done', 'stopped', 'interrupted', 'failed'), 6)),
    from: s.optional(s.number()),
    to: s.optional(s.number()),
    scoreMin: s.optional(s.number()),
    scoreMax: s.optional(s.number()),
    ids: s.optional(s.array(id, 10_000)),
    ...extra,
  };
}

export type ApiMethod = keyof typeof apiSchemas;
export type ApiArgs<M extends ApiMethod> = Infer<(typeof apiSchemas)[M]>;

export interface SolverInfo {
  family: FamilyId;
  id: string;
  label: string;
  description: string;
  params: ParamSchema;
  /** Asked for a puzzle: why this solver cannot take it (null: it can). */
  refused?: string | null;
}

export interface ApiResults {
  /** Each with the score of its saved placement (null when it has none). */
  listPuzzles: LibraryPuzzle[];
  getPuzzle: PuzzleRecord;
  importPuzzle: PuzzleRecord;
  previewImport: ImportPreview;
  importFile: ImportResult;
  deletePuzzle: null;
  createPuzzle: PuzzleRecord;
  updatePuzzle: PuzzleRecord;
  duplicatePuzzle: PuzzleRecord;
  exportPuzzle: { fileName: string; text: string };
  solvers: SolverInfo[];
  startRun: RunSummary;
  stopRun: null;
  resumeRun: RunSummary;
  listRuns: RunSummary[];
  getRun: RunRecord;
  runEvents: RunEvent[];
  startRuns: RunSummary[];
  queryRuns: RunPage;
  runIds: number[];
  runFacets: RunFacets;
  deleteRuns: { deleted: number };
  exportRuns: { fileName: string; text: string };
  runSeries: RunSeries;
  runBoard: BoardAt;
  listStudies: StudySummary[];
  getStudy: StudyDetail;
  studyCurves: StudyCurve[];
  studyAnalysis: StudyAnalysisDetail;
  studyTemplates: StudyTemplate[];
  createStudy: StudySummary;
  startStudy: { queued: number; created: number; resumed: number; elsewhere: number };
  stopStudy: { stopped: number };
  exportStudy: { fileName: string; text: string };
  getDistribution: DistributionState;
  setDistribution: DistributionState;
  startAnalysis: AnalysisStatus;
  analysisStatus: AnalysisStatus;
  stopAnalysis: null;
}

/** What a view holds: every call returns a promise; errors arrive as rejected promises with a one-line message. */
export type WorkbenchApi = {
  [M in ApiMethod]: (args: ApiArgs<M>) => Promise<ApiResults[M]>;
} & {
  /** Pushed notifications (run started, progress, improvement, finished). Returns an unsubscribe function. */
  subscribe(listener: (event: PushEvent) => void): () => void;
};

export type PushEvent =
  | { type: 'run-updated'; run: RunSummary }
  | { type: 'run-progress'; runId: number; elapsedMs: number; evaluations: number; bestScore: number; currentScore: number }
  | { type: 'puzzles-changed' }
  /** Runs were deleted (their puzzles' best scores may have changed). */
  | { type: 'runs-deleted'; ids: number[] };

/** Validate a call from an untrusted transport; throws SchemaError with a one-line message. */
export function parseCall(method: unknown, args: unknown): { method: ApiMethod; args: ApiArgs<ApiMethod> } {
  if (typeof method !== 'string' || !Object.hasOwn(apiSchemas, method)) throw new Error(`unknown API method ${JSON.stringify(method)}`);
  const m = method as ApiMethod;
  return { method: m, args: apiSchemas[m].parse(args ?? {}, m) as ApiArgs<ApiMethod> };
}

/** The backend side: one handler per method, arguments already validated. */
export type ApiHandlers = { [M in ApiMethod]: (args: ApiArgs<M>) => Promise<ApiResults[M]> | ApiResults[M] };

/** What a transport serves: the handlers plus the push stream. */
export interface Backend {
  handlers: ApiHandlers;
  subscribe(listener: (event: PushEvent) => void): () => void;
}
