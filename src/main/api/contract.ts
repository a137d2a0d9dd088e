/**
 * The one typed API between the views and the backend. Both transports (Electron IPC and the
 * WebSocket of `workbench serve`) carry exactly these calls, and both validate every argument
 * against the schemas below before a handler sees it (`parseCall`). The renderer imports only
 * types from here. This folder imports no implementation (an ESLint rule keeps it so): only its
 * own files, core and valibot.
 */
import * as v from 'valibot';
import { dict, fileText, int, list, num, obj, oneOf, parseWith, str, type Schema } from '../../core/validate/validate';
import { paramValueShape, type ParamSchema } from '../../core/params/schema';
import { FAMILY_IDS, type FamilyId } from '../../core/families/family';
import { MAX_SEED } from '../../core/engine/run-types';
import { MAX_NAME_LENGTH } from '../../core/text/display';
import { MAX_FILE_BYTES } from '../../core/document/limits';
import {
  MAX_PAGE,
  MAX_RUNS_AT_ONCE,
  RUN_SORT_KEYS,
  RUN_STATUSES,
  type BoardAt,
  type RunFacets,
  type RunPage,
  type RunRecord,
  type RunSeries,
  type RunSummary,
  type RunWork,
} from './runs';
import type { ImportPreview, ImportResult, LibraryPuzzle, PuzzleRecord } from './puzzles';
import type { BoardScore } from '../../core/families/edge/files';
import type { StudyAnalysisDetail, StudyCurve, StudyDetail, StudySummary, StudyTemplate } from './studies';
import { ANALYSIS_MAX, type AnalysisStatus, type DistributionState } from './system';
import type { SpreadRunInfo } from './spread';
import type { PuzzleDocument } from '../../core/document/document';
import type { Difficulty } from '../../core/families/edge/design';

/** A method: the schema of its arguments and, for the type checker only, its result. */
export interface Method<A extends Schema, R> {
  readonly args: A;
  readonly result: R;
}
const method = <A extends Schema, R>(args: A, result: R): Method<A, R> => ({ args, result });
/** Names a method's result type; nothing of it exists at run time. */
const returns = <R>(): R => null as R;

/** A file's name and text, as an export returns it. */
export interface ExportedText {
  fileName: string;
  text: string;
}

/** A puzzle made to order (startOrder), ready to create. */
export interface OrderMade {
  /** Named as asked (edge: with the board it was cut from as its reference). */
  document: PuzzleDocument;
  /** Edge and Tetravex: the rating and its band; null for a maze or a casse-tete. */
  rating: number | null;
  difficulty: Difficulty | null;
  /** What was made, in one line ("exactly one solution (the exact count says so, …); rating 2.1: easy …"). */
  summary: string;
}

/**
 * Tries an order makes when it does not say, and at most, in the app and on the command line: boards
 * (edge, Tetravex), or for a maze a thousand cell changes each (`mazeChanges`).
 */
export const ORDER_ATTEMPTS = { default: 200, max: 1_000_000, mazeChanges: 1000 } as const;

/** What an order makes: an edge puzzle, a Tetravex, a jump maze or a casse-tete. */
export type OrderKind = 'edge' | 'tetravex' | 'jump' | 'parity';

/**
 * An order's progress: what it has tried so far (edge and Tetravex: boards, and how many had
 * exactly one solution; jump: cell changes; parity: grid sizes); then the puzzle or the one-line refusal.
 */
export interface OrderStatus {
  id: number;
  kind: OrderKind;
  running: boolean;
  tried: number;
  unique: number;
  /** Boards (jump: cell changes; parity: grid sizes) it tries at most. */
  attempts: number;
  made: OrderMade | null;
  error: string | null;
}

/** One way of reading an import file, as the import dialog shows it beside the others. */
export interface ImportReadingView {
  /** "Tetravex 3x3, top bottom left right". */
  label: string;
  /** The reader options that select it, `format` among them: pass `format` back as the request's format, the rest as its options. */
  options: Record<string, string>;
  weight: number;
  /** The strongest reasons for and against, strongest first. */
  evidence: { reason: string; weight: number }[];
  family: FamilyId;
  /** The first puzzle's name, and how many puzzles the reading makes. */
  name: string;
  count: number;
  rows: number;
  cols: number;
  /** Pieces (edge) or cells. */
  pieces: number;
  /** The first puzzle and its board (the family's JSON forms) for a thumbnail; null when too large to draw or when it has none. */
  puzzle: unknown;
  solution: unknown;
  /** The board that came with the file, scored. */
  board: BoardScore | null;
  /**
   * A board written as a piece list (an edge piece set filling its board in file order, the frame's
   * grey edges facing out and at least half the joins matching), scored as laid out; else null.
   */
  layout: BoardScore | null;
  /** Why the puzzle would be refused (the first few). */
  errors: string[];
  /** Library puzzles whose pieces these are when it is such a board (found by content key): it can become their placement. `placed`: it has one already. */
  places: { id: number; name: string; placed: boolean }[];
}

/** The readings of an import file, heaviest first (the first few of `total`). */
export interface ImportReadings {
  readings: ImportReadingView[];
  total: number;
}

const id = int(1);
const family = oneOf(...FAMILY_IDS);
/**
 * A launch's or a resume's parameters: each a number, true or false, or a string, refused here in
 * one line naming it. Which names and values the solver takes is checked next by the one checker of
 * parameters (`resolveParams`, core/params/schema.ts) where the handler knows the puzzle's family:
 * solver ids repeat across families (`hill-climb`, `sa`, `ga`), so the solver's schema is not known here.
 */
const launchParams = dict(paramValueShape);

/**
 * Every method of the API, once: its arguments' schema (validated on both transports before a
 * handler sees them) and the type of its result. The transports, the renderer's client and the
 * handler table's type are derived from this list; a new method is one entry here plus its handler.
 */
export const api = {
  /** Each with the score of its saved placement (null when it has none). */
  listPuzzles: method(
    obj({
      search: v.optional(str(200)),
      family: v.optional(family),
      sort: v.optional(oneOf('name', 'updated', 'opened', 'best')),
      limit: v.optional(int(1, 10_000)),
      offset: v.optional(int(0)),
    }),
    returns<LibraryPuzzle[]>(),
  ),
  getPuzzle: method(obj({ id }), returns<PuzzleRecord>()),
  /**
   * What a file holds, read as importFile would (format, size, edge order, warnings, the first
   * pieces, puzzles already in the library with the same content); nothing is saved. `options`
   * override what was detected: `size` (RxC), `order` (edge order, e.g. nswe), `rotation`.
   */
  previewImport: method(obj(importShape({})), returns<ImportPreview>()),
  /**
   * Every plausible reading of a file (a piece set or a board written as one), heaviest first, the
   * first 6 each with its evidence, a drawable puzzle and the library puzzles it is a board for;
   * `format` and `options` narrow the list. Nothing is saved.
   */
  importReadings: method(
    obj({ fileName: str(500), text: fileText(MAX_FILE_BYTES), format: v.optional(str(50)), options: v.optional(dict(str(200))) }),
    returns<ImportReadings>(),
  ),
  /**
   * Add every puzzle a file holds (one per board or maze when it holds several), with notes and
   * warnings; a board file is read against `pieces`, or placed on the library puzzle `into`.
   */
  importFile: method(
    obj(
      importShape({
        /** A library puzzle a board file is placed on (it becomes that puzzle's placement). */
        into: v.optional(id),
      }),
    ),
    returns<ImportResult>(),
  ),
  deletePuzzle: method(obj({ id }), returns<null>()),
  /** A new library entry from a full puzzle document (see core/document). */
  createPuzzle: method(
    obj({
      document: v.unknown(),
      source: v.optional(str(500)),
      /** Undo a delete: bring back the puzzle deleted under this id (same id, dates, runs), else add it anew. */
      restoreId: v.optional(id),
    }),
    returns<PuzzleRecord>(),
  ),
  /** Rename and/or replace the document (e.g. an edited board or a saved placement). */
  updatePuzzle: method(obj({ id, name: v.optional(str(MAX_NAME_LENGTH)), document: v.optional(v.unknown()) }), returns<PuzzleRecord>()),
  duplicatePuzzle: method(obj({ id }), returns<PuzzleRecord>()),
  /** The puzzle (with its saved solution, if any) as text in a format of its family, or json. */
  exportPuzzle: method(obj({ id, format: str(50) }), returns<ExportedText>()),
  /** The solver catalogue; with `puzzleId`, that puzzle's family's solvers, each saying whether it refuses the puzzle. */
  solvers: method(obj({ puzzleId: v.optional(id) }), returns<SolverInfo[]>()),
  stopRun: method(obj({ id }), returns<null>()),
  /** Go on from the last checkpoint; `params` changes those a resume may (a solver's memory bound), checked as a launch is. */
  resumeRun: method(obj({ id, params: v.optional(launchParams) }), returns<RunSummary>()),
  listRuns: method(
    obj({
      status: v.optional(oneOf(...RUN_STATUSES)),
      family: v.optional(family),
      solver: v.optional(str(100)),
      puzzleId: v.optional(id),
      limit: v.optional(int(1, MAX_PAGE)),
      offset: v.optional(int(0)),
    }),
    returns<RunSummary[]>(),
  ),
  getRun: method(obj({ id }), returns<RunRecord>()),
  /** A spread run's workers, clocks and pool as its coordinator last wrote them (every 2 s); null for any other run. */
  runWorkers: method(obj({ id }), returns<SpreadRunInfo | null>()),
  /** The run's work counted by score in its latest checkpoint (a beam run's passes at the top width); null where none is counted. */
  runWork: method(obj({ id }), returns<RunWork | null>()),
  // ---- runs: launch several, history, charts, replay, export (issue 6) ----
  /** `count` runs of the same settings; with a seed, their seeds are seed, seed + 1, …; else each gets a random seed. */
  startRuns: method(
    obj({
      puzzleId: id,
      solver: str(100),
      params: v.optional(launchParams),
      seed: v.optional(v.nullable(int(0, MAX_SEED))),
      count: v.optional(int(1, MAX_RUNS_AT_ONCE)),
      seconds: v.optional(v.nullable(num())),
      evaluations: v.optional(v.nullable(int(1))),
      target: v.optional(v.nullable(num())),
    }),
    returns<RunSummary[]>(),
  ),
  /** One page of the run history (see store/run-history.ts for the filter's meaning) and the total. */
  queryRuns: method(
    obj(
      runFilterShape({
        sort: v.optional(oneOf(...RUN_SORT_KEYS)),
        dir: v.optional(oneOf('asc', 'desc')),
        limit: v.optional(int(0, MAX_PAGE)),
        offset: v.optional(int(0)),
      }),
    ),
    returns<RunPage>(),
  ),
  /** Every run id matching a filter (newest first, at most 10,000): "select all" across pages. */
  runIds: method(obj(runFilterShape({})), returns<number[]>()),
  runFacets: method(obj({}), returns<RunFacets>()),
  /** Active runs among them are stopped first. */
  deleteRuns: method(obj({ ids: list(id, MAX_PAGE) }), returns<{ deleted: number }>()),
  exportRuns: method(obj({ ids: list(id, MAX_PAGE), format: oneOf('csv', 'json') }), returns<ExportedText>()),
  /** The whole run (settings, puzzle, events, last checkpoint) as a run file, to resume on another machine. */
  exportRunFile: method(obj({ id }), returns<ExportedText>()),
  /** A run file read back as a new run (checked and re-scored; see services/run-file.ts). */
  importRunFile: method(obj({ fileName: str(500), text: fileText(64 * 1024 * 1024) }), returns<RunSummary>()),
  /** Chart data: progress samples (after `after` ms of running time, thinned to `maxPoints`) and every improvement. */
  runSeries: method(obj({ id, maxPoints: v.optional(int(2, 50_000)), after: v.optional(num()) }), returns<RunSeries>()),
  /** The board of one recorded improvement, or (no eventId) the run's best board. */
  runBoard: method(obj({ id, eventId: v.optional(v.nullable(id)) }), returns<BoardAt>()),
  // ---- studies: the results view (issue 15) ----
  listStudies: method(obj({}), returns<StudySummary[]>()),
  /** The study, its progress, its results table (row x solver cells) and every run of each cell. */
  getStudy: method(obj({ id }), returns<StudyDetail>()),
  /** Mean best score against running time per cell, with the middle half of the runs as a band; one log time grid per row. */
  studyCurves: method(obj({ id, points: v.optional(int(2, 400)) }), returns<StudyCurve[]>()),
  /** Comparisons (tests, A12, intervals, the paper's tests) and every run's improvements for runtime distributions (issue 24). */
  studyAnalysis: method(obj({ id }), returns<StudyAnalysisDetail>()),
  /** The papers' tables shipped as study templates. */
  studyTemplates: method(obj({}), returns<StudyTemplate[]>()),
  /** A study from a template (optionally `seeds` per cell and `seconds` per run instead of the paper's) or from a study file's text. */
  createStudy: method(
    obj({
      template: v.optional(str(100)),
      text: v.optional(fileText(MAX_FILE_BYTES)),
      /** The study file's name, for its error messages. */
      fileName: v.optional(str(500)),
      seeds: v.optional(int(1, 1000)),
      seconds: v.optional(num()),
    }),
    returns<StudySummary>(),
  ),
  /** Queue every run of the study that is not finished (see Studies.start). */
  startStudy: method(obj({ id }), returns<{ queued: number; created: number; resumed: number; elsewhere: number }>()),
  stopStudy: method(obj({ id }), returns<{ stopped: number }>()),
  /** CSV, markdown (the critical-difference diagram inline as SVG) or JSON (the whole analysis); all carry the stop budget, the clock and the program's version. */
  exportStudy: method(obj({ id, format: oneOf('csv', 'markdown', 'json') }), returns<ExportedText>()),
  // ---- where studies run: this machine, or workers through Redis (issue 15) ----
  /** Whether studies go to a Redis queue, with the URL (password masked) and why not when it cannot be reached. */
  getDistribution: method(obj({}), returns<DistributionState>()),
  /** Save a redis:// or rediss:// URL (null or blank: forget it) and use it at once; refused while WORKBENCH_REDIS is set. */
  setDistribution: method(obj({ url: v.nullable(str(2000)) }), returns<DistributionState>()),
  // ---- the designer's analysis (issue 25) ----
  /**
   * Count, estimate and explain a saved puzzle (edge), or analyse its maze (jump) or (n, m) (parity);
   * task 'make-unique' (edge): propose the fewest hints that leave one solution, within `seconds`;
   * task 'recolour' (edge): the fewest joins to give a colour of their own that do it.
   * Replaces the puzzle's running analysis.
   */
  startAnalysis: method(
    obj({
      puzzleId: id,
      task: v.optional(oneOf('analyze', 'make-unique', 'recolour')),
      seconds: v.optional(num()),
      maxSolutions: v.optional(int(1, ANALYSIS_MAX.maxSolutions)),
      probes: v.optional(int(1, ANALYSIS_MAX.probes)),
    }),
    returns<AnalysisStatus>(),
  ),
  /** Progress, and the outcome once finished. */
  analysisStatus: method(obj({ id }), returns<AnalysisStatus>()),
  stopAnalysis: method(obj({ id }), returns<null>()),
  // ---- generate to order (issue 51 item 2) ----
  /**
   * An edge puzzle (frame and inner colours) or a Tetravex of this size with exactly one solution,
   * in the difficulty band asked (any when absent); a jump maze whose one shortest path has `length`
   * moves; or a casse-tete of side `rows` with exactly `solutions` solutions. Made in its own
   * thread; replaces the order running.
   */
  startOrder: method(
    obj({
      name: str(MAX_NAME_LENGTH),
      rows: int(2, 32),
      cols: int(2, 32),
      /**
       * 'edge': E2-style, `frameColours` and `innerColours` needed; 'tetravex': `colours` needed;
       * 'jump': `length` needed; 'parity': `solutions` needed (a square grid).
       */
      kind: oneOf('edge', 'tetravex', 'jump', 'parity'),
      /** Jump: the moves of the maze's one shortest path. */
      length: v.optional(int(1, 32 * 32 - 1)),
      /** Parity: the number of solutions, in decimal (it may pass 2^53). */
      solutions: v.optional(str(60)),
      frameColours: v.optional(int(1, 99)),
      innerColours: v.optional(int(1, 99)),
      colours: v.optional(int(2, 99)),
      seed: int(0, MAX_SEED),
      difficulty: v.optional(oneOf('easy', 'medium', 'hard')),
      attempts: v.optional(int(1, ORDER_ATTEMPTS.max)),
    }),
    returns<OrderStatus>(),
  ),
  /** Tries so far, and the puzzle (or why none) once finished. */
  orderStatus: method(obj({ id }), returns<OrderStatus>()),
  stopOrder: method(obj({ id }), returns<null>()),
} as const;

/** A file to import, with the options of its reader and the piece set of a board file. */
function importShape<X extends v.ObjectEntries>(extra: X) {
  return {
    fileName: str(500),
    text: fileText(MAX_FILE_BYTES),
    format: v.optional(str(50)),
    /** Reader options: `size` (RxC), `order` (edge order), `rotation` (a board's rotation sense). */
    options: v.optional(dict(str(200))),
    /** The piece set a board file is read against. */
    pieces: v.optional(obj({ fileName: str(500), text: fileText(MAX_FILE_BYTES) })),
    ...extra,
  };
}

/** The run-history filter's fields, shared by queryRuns and runIds. */
function runFilterShape<X extends v.ObjectEntries>(extra: X) {
  return {
    search: v.optional(str(200)),
    puzzleId: v.optional(id),
    puzzleName: v.optional(str(500)),
    family: v.optional(family),
    solvers: v.optional(list(str(100), 200)),
    statuses: v.optional(list(oneOf(...RUN_STATUSES), RUN_STATUSES.length)),
    from: v.optional(num()),
    to: v.optional(num()),
    scoreMin: v.optional(num()),
    scoreMax: v.optional(num()),
    ids: v.optional(list(id, MAX_PAGE)),
    ...extra,
  };
}

export type ApiMethod = keyof typeof api;
export type ApiArgs<M extends ApiMethod> = v.InferOutput<(typeof api)[M]['args']>;
export type ApiResults = { [M in ApiMethod]: (typeof api)[M]['result'] };

export interface SolverInfo {
  family: FamilyId;
  id: string;
  label: string;
  description: string;
  params: ParamSchema;
  /** The parameters a stopped run of it may resume with other values (its memory bound); absent = none. */
  resumable?: string[];
  /** Asked for a puzzle: why this solver cannot take it (null: it can). */
  refused?: string | null;
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
  /** `rssBytes`, `peakRssBytes`: the solver process's memory now and its most, in bytes, when measured. */
  | {
      type: 'run-progress';
      runId: number;
      elapsedMs: number;
      evaluations: number;
      bestScore: number;
      currentScore: number;
      rssBytes?: number;
      peakRssBytes?: number;
    }
  | { type: 'puzzles-changed' }
  /** Runs were deleted (their puzzles' best scores may have changed). */
  | { type: 'runs-deleted'; ids: number[] };

/** Validate a call from an untrusted transport; throws SchemaError with a one-line message. */
export function parseCall(method: unknown, args: unknown): { method: ApiMethod; args: ApiArgs<ApiMethod> } {
  if (typeof method !== 'string' || !Object.hasOwn(api, method)) throw new Error(`unknown API method ${JSON.stringify(method)}`);
  const m = method as ApiMethod;
  return { method: m, args: parseWith(api[m].args, args ?? {}, m) as ApiArgs<ApiMethod> };
}

/** The backend side: one handler per method, arguments already validated. */
export type ApiHandlers = { [M in ApiMethod]: (args: ApiArgs<M>) => Promise<ApiResults[M]> | ApiResults[M] };

/** What a transport serves: the handlers plus the push stream. */
export interface Backend {
  handlers: ApiHandlers;
  subscribe(listener: (event: PushEvent) => void): () => void;
}
