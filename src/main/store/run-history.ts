/**
 * The run history as the views browse it: filtered, sorted and paged queries over every run ever
 * made (indexed; see migration 3), the facets the filters offer, chart series thinned for long
 * runs, the board at any recorded improvement, and CSV / JSON exports. The SQL is built in
 * run-query.ts, CSV lines in run-csv.ts, series thinned by thin.ts.
 *
 * Reads only, straight on the store's connection (the store keeps the writes and their rules).
 */
import type Database from 'better-sqlite3';
import type { FamilyId } from '../../core/families/family';
import { parseStored } from './errors';
import { runsToCsv } from './run-csv';
import { MAX_PAGE, runHistoryWhere, runPageSql, type RunHistoryFilter, type RunHistoryQuery } from './run-query';
import { RUN_SUMMARY_COLS, toRunSummary, type RunRow } from './run-rows';
import { StatementCache } from './statements';
import type { Store } from './store';
import { thinSeries } from './thin';
import { RUN_STATUSES, type RunStatus, type RunSummary } from './types';
import type { BoardAt, ImprovementPoint, RunFacets, RunPage, RunSeries, SeriesPoint } from '../api/runs';

export {
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
export { CSV_COLUMNS, csvField, paramsText, runsToCsv } from './run-csv';
export { DEFAULT_PAGE, MAX_PAGE, escapeLike, runHistoryWhere, runPageSql, type RunHistoryFilter, type RunHistoryQuery } from './run-query';
export { thinSeries } from './thin';

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
