/**
 * The run history as the views browse it: filtered, sorted and paged queries over every run ever
 * made (indexed; see migration 3), the facets the filters offer, chart series thinned for long
 * runs, the board at any recorded improvement, and CSV / JSON exports.
 *
 * Reads only, straight on the store's connection (the store keeps the writes and their rules).
 */
import type Database from 'better-sqlite3';
import type { FamilyId } from '../../core/families/family';
import type { Params } from '../../core/params/schema';
import { parseStored } from './errors';
import { RUN_SUMMARY_COLS, toRunSummary, type RunRow } from './run-rows';
import { StatementCache } from './statements';
import type { Store } from './store';
import { RUN_STATUSES, type RunStatus, type RunSummary } from './types';
import {
  RUN_SORT_KEYS,
  type BoardAt,
  type ImprovementPoint,
  type RunFacets,
  type RunPage,
  type RunSeries,
  type RunSortKey,
  type SeriesPoint,
  type SortDir,
} from '../api/runs';

export { RUN_SORT_KEYS, type BoardAt, type ImprovementPoint, type RunFacets, type RunPage, type RunSeries, type RunSortKey, type SeriesPoint, type SortDir };

// ---- queries ------------------------------------------------------------------------------------

export interface RunHistoryFilter {
  /**
   * Words that must all match: `#12` = run 12; a number = a run id or seed (or part of a puzzle
   * name); any other word = part of the puzzle name, the solver or a parameter name / value.
   */
  search?: string;
  /** Runs made on this library puzzle. */
  puzzleId?: number;
  /** Runs whose puzzle has this exact name (also finds runs of puzzles since deleted). */
  puzzleName?: string;
  family?: FamilyId;
  /** Any of these solver ids. */
  solvers?: readonly string[];
  /** Any of these statuses. */
  statuses?: readonly RunStatus[];
  /** Created at or after (ms since the epoch). */
  from?: number;
  /** Created before (ms since the epoch). */
  to?: number;
  /** Best score at least / at most (runs without a score are left out when either is given). */
  scoreMin?: number;
  scoreMax?: number;
  /** Only these runs. */
  ids?: readonly number[];
}

export interface RunHistoryQuery extends RunHistoryFilter {
  /** Default 'created' (newest first). Ties break on the id, in the same direction. */
  sort?: RunSortKey;
  dir?: SortDir;
  /** Default 100. */
  limit?: number;
  offset?: number;
}

// ---- series -------------------------------------------------------------------------------------

// ---- rows ---------------------------------------------------------------------------------------

const PERCENT_SQL = '(CASE WHEN max_score > 0 AND best_score IS NOT NULL THEN best_score / max_score END)';

/** ORDER BY for a sort key; nullable keys put their nulls last whichever the direction. */
function orderSql(sort: RunSortKey, dir: SortDir): string {
  const d = dir === 'asc' ? 'ASC' : 'DESC';
  switch (sort) {
    case 'id':
      return `id ${d}`;
    case 'puzzle':
      return `puzzle_name COLLATE NOCASE ${d}, id ${d}`;
    case 'family':
      return `family ${d}, created_at ${d}, id ${d}`;
    case 'solver':
      return `solver ${d}, created_at ${d}, id ${d}`;
    case 'seed':
      return `seed ${d}, id ${d}`;
    case 'status':
      return `status ${d}, created_at ${d}, id ${d}`;
    case 'created':
      return `created_at ${d}, id ${d}`;
    case 'duration':
      return `elapsed_ms ${d}, id ${d}`;
    case 'evaluations':
      return `evaluations ${d}, id ${d}`;
    // SQLite sorts NULL lowest, so descending already puts runs without a score last (and can
    // walk the index); ascending needs the explicit NULL test.
    case 'best':
      return dir === 'desc' ? `best_score DESC, id DESC` : `best_score IS NULL, best_score ASC, id ASC`;
    case 'percent':
      return dir === 'desc' ? `${PERCENT_SQL} DESC, id DESC` : `${PERCENT_SQL} IS NULL, ${PERCENT_SQL} ASC, id ASC`;
  }
}

/** A LIKE pattern's literal text (with ESCAPE '\\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** WHERE clause and its arguments for a filter. Throws RangeError on a value no run can have. */
export function runHistoryWhere(f: RunHistoryFilter): { where: string; args: unknown[] } {
  const conds: string[] = [];
  const args: unknown[] = [];
  const inList = (col: string, values: readonly unknown[]): void => {
    if (values.length === 0) conds.push('0');
    else {
      conds.push(`${col} IN (${values.map(() => '?').join(', ')})`);
      args.push(...values);
    }
  };
  if (f.ids !== undefined) inList('id', f.ids);
  if (f.puzzleId !== undefined) {
    conds.push('puzzle_id = ?');
    args.push(f.puzzleId);
  }
  if (f.puzzleName !== undefined) {
    conds.push('puzzle_name = ? COLLATE NOCASE');
    args.push(f.puzzleName);
  }
  if (f.family !== undefined) {
    conds.push('family = ?');
    args.push(f.family);
  }
  if (f.solvers !== undefined) inList('solver', f.solvers);
  if (f.statuses !== undefined) {
    for (const s of f.statuses) if (!RUN_STATUSES.includes(s)) throw new RangeError(`unknown run status ${JSON.stringify(s)}`);
    inList('status', f.statuses);
  }
  if (f.from !== undefined) {
    conds.push('created_at >= ?');
    args.push(f.from);
  }
  if (f.to !== undefined) {
    conds.push('created_at < ?');
    args.push(f.to);
  }
  if (f.scoreMin !== undefined) {
    conds.push('best_score >= ?');
    args.push(f.scoreMin);
  }
  if (f.scoreMax !== undefined) {
    conds.push('best_score <= ?');
    args.push(f.scoreMax);
  }
  for (const word of (f.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const idMatch = /^#(\d{1,15})$/.exec(word);
    if (idMatch) {
      conds.push('id = ?');
      args.push(Number(idMatch[1]));
      continue;
    }
    const like = `%${escapeLike(word)}%`;
    if (/^\d{1,15}$/.test(word)) {
      conds.push(`(id = ? OR seed = ? OR puzzle_name LIKE ? ESCAPE '\\')`);
      args.push(Number(word), Number(word), like);
    } else {
      conds.push(`(puzzle_name LIKE ? ESCAPE '\\' OR solver LIKE ? ESCAPE '\\' OR family = ? OR status = ? OR params LIKE ? ESCAPE '\\')`);
      args.push(like, like, word.toLowerCase(), word.toLowerCase(), like);
    }
  }
  return { where: conds.length ? `WHERE ${conds.join(' AND ')}` : '', args };
}

/**
 * The SQL of one page: `sql` takes `args` (the filter's, then LIMIT and OFFSET); `countSql` takes
 * the same args without the last two. Throws RangeError for an unknown sort or a bad page.
 */
export function runPageSql(q: RunHistoryQuery): { sql: string; countSql: string; args: unknown[] } {
  const sort = q.sort ?? 'created';
  if (!RUN_SORT_KEYS.includes(sort)) throw new RangeError(`unknown run sort ${JSON.stringify(sort)}`);
  const dir: SortDir = q.dir ?? (sort === 'puzzle' || sort === 'family' || sort === 'solver' || sort === 'status' ? 'asc' : 'desc');
  if (dir !== 'asc' && dir !== 'desc') throw new RangeError(`unknown sort direction ${JSON.stringify(dir)}`);
  const limit = q.limit ?? DEFAULT_PAGE;
  const offset = q.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_PAGE) throw new RangeError(`limit must be a whole number from 0 to ${MAX_PAGE}, got ${limit}`);
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`offset must be a whole number ≥ 0, got ${offset}`);
  const { where, args } = runHistoryWhere(q);
  return {
    sql: `SELECT ${RUN_SUMMARY_COLS} FROM runs ${where} ORDER BY ${orderSql(sort, dir)} LIMIT ? OFFSET ?`,
    countSql: `SELECT COUNT(*) FROM runs ${where}`,
    args: [...args, limit, offset],
  };
}

// ---- thinning -----------------------------------------------------------------------------------

/**
 * At most `max` points of a time-ordered series for a chart: the first and the last, and from
 * each of (max - 2) / 2 equal runs of the points between them the lowest and the highest by
 * `value`, in their original order. Spikes and dips survive, so a thinned noisy series still
 * spans what the full one did. Returns the input itself when it is short enough.
 */
export function thinSeries<T>(points: readonly T[], max: number, value: (p: T) => number): readonly T[] {
  if (!Number.isInteger(max) || max < 2) throw new RangeError(`thinSeries: max must be a whole number of at least 2, got ${max}`);
  const n = points.length;
  if (n <= max) return points;
  const buckets = Math.floor((max - 2) / 2);
  const out: T[] = [points[0]!];
  const inner = n - 2;
  for (let b = 0; b < buckets; b++) {
    const lo = 1 + Math.floor((b * inner) / buckets);
    const hi = 1 + Math.floor(((b + 1) * inner) / buckets); // exclusive
    if (hi <= lo) continue;
    let iMin = lo;
    let iMax = lo;
    for (let i = lo + 1; i < hi; i++) {
      const v = value(points[i]!);
      if (v < value(points[iMin]!)) iMin = i;
      if (v > value(points[iMax]!)) iMax = i;
    }
    if (iMin === iMax) out.push(points[iMin]!);
    else if (iMin < iMax) out.push(points[iMin]!, points[iMax]!);
    else out.push(points[iMax]!, points[iMin]!);
  }
  out.push(points[n - 1]!);
  return out;
}

// ---- CSV ----------------------------------------------------------------------------------------

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_COLUMNS = [
  'id',
  'puzzle',
  'puzzle_id',
  'family',
  'solver',
  'params',
  'seed',
  'status',
  'stop_reason',
  'stop_seconds',
  'stop_evaluations',
  'stop_target',
  'created',
  'started',
  'ended',
  'duration_s',
  'evaluations',
  'best_score',
  'max_score',
  'percent_of_max',
  'error',
] as const;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Parameters as `name=value; name=value` (sorted by name). */
export function paramsText(params: Params): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('; ');
}

/** Runs as CSV with a header line, CRLF line ends (what spreadsheets expect). */
export function runsToCsv(runs: readonly RunSummary[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of runs) {
    const pct = r.bestScore !== null && r.maxScore !== null && r.maxScore > 0 ? Math.round((r.bestScore / r.maxScore) * 10_000) / 100 : null;
    const row: unknown[] = [
      r.id,
      r.puzzleName,
      r.puzzleId,
      r.family,
      r.solver,
      paramsText(r.params),
      r.seed,
      r.status,
      r.stopReason,
      r.stop.seconds,
      r.stop.evaluations,
      r.stop.target,
      iso(r.createdAt),
      iso(r.startedAt),
      iso(r.endedAt),
      Math.round(r.elapsedMs) / 1000,
      r.evaluations,
      r.bestScore,
      r.maxScore,
      pct,
      r.error,
    ];
    lines.push(row.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

// ---- the history --------------------------------------------------------------------------------

export const DEFAULT_PAGE = 100;
export const MAX_PAGE = 10_000;
export const DEFAULT_SERIES_POINTS = 1500;

export class RunHistory {
  private readonly statements: StatementCache;

  constructor(private readonly store: Store) {
    this.statements = new StatementCache(store.connection);
  }

  private get db(): Database.Database {
    return this.store.connection;
  }

  /** One page of runs matching the filter, and how many match in all. */
  query(q: RunHistoryQuery = {}): RunPage {
    return this.store.core.guard(() => {
      const { countSql, sql, args } = runPageSql(q);
      const total = this.statements
        .get(countSql)
        .pluck()
        .get(...args.slice(0, -2)) as number;
      const rows = this.statements.get(sql).all(...args) as RunRow[];
      return { runs: rows.map(toRunSummary), total };
    });
  }

  /** Every id matching a filter (e.g. "select all" across pages), newest first, at most MAX_PAGE. */
  ids(f: RunHistoryFilter = {}): number[] {
    return this.store.core.guard(() => {
      const { where, args } = runHistoryWhere(f);
      return this.statements
        .get(`SELECT id FROM runs ${where} ORDER BY created_at DESC, id DESC LIMIT ${MAX_PAGE}`)
        .pluck()
        .all(...args) as number[];
    });
  }

  /** What the filters can offer: solvers, puzzles and statuses that have runs, with counts. */
  facets(): RunFacets {
    return this.store.core.guard(() => {
      const solvers = this.statements.get(`SELECT family, solver, COUNT(*) AS runs FROM runs GROUP BY family, solver ORDER BY family, solver`).all() as {
        family: FamilyId;
        solver: string;
        runs: number;
      }[];
      const puzzles = (
        this.statements
          .get(
            `SELECT puzzle_id, puzzle_name, family, COUNT(*) AS runs, MAX(created_at) AS last FROM runs
           GROUP BY puzzle_id, puzzle_name, family ORDER BY last DESC LIMIT 500`,
          )
          .all() as { puzzle_id: number | null; puzzle_name: string; family: FamilyId; runs: number }[]
      ).map((r) => ({ puzzleId: r.puzzle_id, name: r.puzzle_name, family: r.family, runs: r.runs }));
      const statuses = this.statements.get(`SELECT status, COUNT(*) AS runs FROM runs GROUP BY status`).all() as { status: RunStatus; runs: number }[];
      statuses.sort((a, b) => RUN_STATUSES.indexOf(a.status) - RUN_STATUSES.indexOf(b.status));
      const span = this.statements.get(`SELECT COUNT(*) AS total, MIN(created_at) AS first, MAX(created_at) AS last FROM runs`).get() as {
        total: number;
        first: number | null;
        last: number | null;
      };
      return { total: span.total, solvers, puzzles, statuses, first: span.first, last: span.last };
    });
  }

  /**
   * A run's chart series: progress samples (after `after` ms of running time when given, for live
   * updates) thinned to `maxPoints`, and every improvement. Null for an unknown run.
   */
  series(runId: number, opts: { maxPoints?: number; after?: number } = {}): RunSeries | null {
    return this.store.core.guard(() => {
      if (this.statements.get(`SELECT 1 FROM runs WHERE id = ?`).pluck().get(runId) === undefined) return null;
      const after = opts.after ?? -1;
      const rows = this.statements
        .get(
          `SELECT elapsed_ms AS t, evaluations, iteration, best_score AS best, current_score AS current, mean_score AS mean
         FROM run_events WHERE run_id = ? AND kind = 'progress' AND elapsed_ms > ? ORDER BY elapsed_ms, id`,
        )
        .all(runId, after) as { t: number; evaluations: number; iteration: number | null; best: number; current: number | null; mean: number | null }[];
      const points: SeriesPoint[] = rows.map((r) => ({
        t: r.t,
        evaluations: r.evaluations,
        iteration: r.iteration ?? 0,
        best: r.best,
        current: r.current ?? r.best,
        mean: r.mean,
      }));
      const improvements = this.statements
        .get(
          `SELECT id AS eventId, elapsed_ms AS t, evaluations, best_score AS score
         FROM run_events WHERE run_id = ? AND kind = 'improvement' AND elapsed_ms > ? ORDER BY elapsed_ms, id`,
        )
        .all(runId, after) as ImprovementPoint[];
      const max = opts.maxPoints ?? DEFAULT_SERIES_POINTS;
      return { runId, progress: [...thinSeries(points, max, (p) => p.current)], progressTotal: points.length, improvements };
    });
  }

  /** The board of one improvement (`eventId`), or the run's best board (`eventId` null). Null if there is none. */
  board(runId: number, eventId: number | null = null): BoardAt | null {
    return this.store.core.guard(() => {
      if (eventId === null) {
        const r = this.statements.get(`SELECT elapsed_ms, evaluations, best_score, best_solution FROM runs WHERE id = ?`).get(runId) as
          { elapsed_ms: number; evaluations: number; best_score: number | null; best_solution: string | null } | undefined;
        if (!r) return null;
        return {
          runId,
          eventId: null,
          t: r.elapsed_ms,
          evaluations: r.evaluations,
          score: r.best_score,
          solution: r.best_solution === null ? null : parseStored(r.best_solution, () => `run ${runId}'s best board`),
        };
      }
      const e = this.statements
        .get(`SELECT elapsed_ms, evaluations, best_score, solution FROM run_events WHERE id = ? AND run_id = ? AND kind = 'improvement'`)
        .get(eventId, runId) as { elapsed_ms: number; evaluations: number; best_score: number; solution: string | null } | undefined;
      if (!e) return null;
      return {
        runId,
        eventId,
        t: e.elapsed_ms,
        evaluations: e.evaluations,
        score: e.best_score,
        solution: e.solution === null ? null : parseStored(e.solution, () => `improvement ${eventId} of run ${runId}`),
      };
    });
  }

  /** Summaries of these runs, in the order given (unknown ids are skipped). */
  summaries(ids: readonly number[]): RunSummary[] {
    return this.store.core.guard(() => {
      const out = new Map<number, RunSummary>();
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const rows = this.db.prepare(`SELECT ${RUN_SUMMARY_COLS} FROM runs WHERE id IN (${chunk.map(() => '?').join(', ')})`).all(...chunk) as RunRow[];
        for (const r of rows) out.set(r.id, toRunSummary(r));
      }
      return ids.map((id) => out.get(id)).filter((r): r is RunSummary => r !== undefined);
    });
  }

  /**
   * Runs as a file: CSV (one line per run) or JSON (each run with its best board, its improvements
   * and its progress thinned to 500 points). The whole text at once; `exportRunsStream` gives the
   * same text in pieces, for many runs.
   */
  exportRuns(ids: readonly number[], format: 'csv' | 'json', now: number = Date.now()): { fileName: string; text: string } {
    const { fileName, pieces } = this.exportPieces(ids, format, now);
    return { fileName, text: [...pieces].join('') };
  }

  /**
   * The text of `exportRuns` in pieces, one run at a time, read from the store only as they are
   * taken, with the event loop let run between pieces: exporting 10,000 runs neither holds the
   * whole file in memory nor holds up the lease heartbeat. The runs are the ones that exist when
   * this is called.
   */
  exportRunsStream(ids: readonly number[], format: 'csv' | 'json', now: number = Date.now()): { fileName: string; chunks: AsyncIterable<string> } {
    const { fileName, pieces } = this.exportPieces(ids, format, now);
    async function* chunks(): AsyncGenerator<string> {
      for (const piece of pieces) {
        yield piece;
        await new Promise((r) => setImmediate(r));
      }
    }
    return { fileName, chunks: chunks() };
  }

  private exportPieces(ids: readonly number[], format: 'csv' | 'json', now: number): { fileName: string; pieces: Iterable<string> } {
    const runs = this.summaries(ids);
    if (runs.length === 0) throw new Error('none of the selected runs exists any more');
    const stamp = new Date(now).toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const base = runs.length === 1 ? `run-${runs[0]!.id}` : `runs-${runs.length}-${stamp}`;
    if (format === 'csv') {
      // runsToCsv of one run is the header and its line; pieces of 500 lines keep it cheap.
      const pieces = function* (): Generator<string> {
        for (let i = 0; i < runs.length; i += 500) {
          const text = runsToCsv(runs.slice(i, i + 500));
          yield i === 0 ? text : text.slice(text.indexOf('\n') + 1);
        }
      };
      return { fileName: `${base}.csv`, pieces: pieces() };
    }
    const full = (r: RunSummary) => {
      const series = this.series(r.id, { maxPoints: 500 });
      const best = this.board(r.id);
      return {
        ...r,
        bestSolution: best?.solution ?? null,
        improvements: (series?.improvements ?? []).map(({ t, evaluations, score }) => ({ elapsedMs: t, evaluations, score })),
        progress: (series?.progress ?? []).map((p) => ({
          elapsedMs: p.t,
          evaluations: p.evaluations,
          iteration: p.iteration,
          bestScore: p.best,
          currentScore: p.current,
          meanScore: p.mean,
        })),
      };
    };
    // Byte for byte JSON.stringify(doc, null, 1) of the whole document, written a run at a time
    // (a JSON string holds no raw newline, so indenting every line of a run is safe).
    const head = JSON.stringify({ format: 'puzzle-workbench-runs', version: 1, exportedAt: new Date(now).toISOString() }, null, 1).slice(0, -2);
    const pieces = function* (): Generator<string> {
      for (let i = 0; i < runs.length; i++) {
        const run = `  ${JSON.stringify(full(runs[i]!), null, 1).replace(/\n/g, '\n  ')}`;
        yield i === 0 ? `${head},\n "runs": [\n${run}` : `,\n${run}`;
      }
      yield '\n ]\n}\n';
    };
    return { fileName: `${base}.json`, pieces: pieces() };
  }
}
