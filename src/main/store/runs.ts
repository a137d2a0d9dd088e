/**
 * Runs: one row per solver run, holding its own copy of the puzzle, its parameters, status, times
 * and best board. Its events, checkpoints and lease are in their own modules.
 */
import { puzzleKind } from '../../core/document/document';
import { notFound, pageArgs, toJson, type StoreCore } from './core';
import { puzzleContentKey } from './content-key';
import { parseStored } from './errors';
import type { LeaseTable } from './lease-table';
import type { LeaseGrant, LeaseOwner } from './leases';
import type { Puzzles } from './puzzles';
import { runHistoryWhere } from './run-query';
import { ACTIVE_SQL, RAISE_PEAK_SQL, RUN_SUMMARY_COLS, storedBytes, toRunSummary, type RunRow } from './run-rows';
import { RUN_STATUSES, type NewRun, type RunFilter, type RunQuery, type RunRecord, type RunStatus, type RunStatusExtra, type RunSummary } from './types';
import { hasEnded } from '../../core/engine/run-types';

function checkStatus(status: RunStatus): void {
  if (!RUN_STATUSES.includes(status)) throw new RangeError(`unknown run status ${JSON.stringify(status)}`);
}

/** A RunFilter is a narrower history filter; one WHERE builder for both keeps listRuns and the history view from drifting apart. */
function runWhere(f: RunFilter): { where: string; args: unknown[] } {
  return runHistoryWhere({
    ids: f.ids,
    statuses: typeof f.status === 'string' ? [f.status] : f.status,
    family: f.family,
    solvers: f.solver === undefined ? undefined : [f.solver],
    puzzleId: f.puzzleId,
  });
}

function prepare(core: StoreCore) {
  const p = <R = unknown>(sql: string) => core.db.prepare<unknown[], R>(sql);
  return {
    insert: p(
      `INSERT INTO runs (puzzle_id, puzzle_name, family, kind, solver, params, seed, stop, puzzle, status, created_at, max_score, changes, content_key)
       VALUES (@puzzleId, @puzzleName, @family, @kind, @solver, @params, @seed, @stop, @puzzle, 'queued', @now, @maxScore, @changes, @contentKey)`,
    ),
    get: p<RunRow>(`SELECT ${RUN_SUMMARY_COLS}, puzzle, best_solution FROM runs WHERE id = ?`),
    summary: p<RunRow>(`SELECT ${RUN_SUMMARY_COLS} FROM runs WHERE id = ?`),
    puzzleId: p<{ puzzle_id: number | null }>(`SELECT puzzle_id FROM runs WHERE id = ?`),
    setStatus: p(
      `UPDATE runs SET status = @status, stop_reason = @stopReason, error = @error, started_at = @startedAt, ended_at = @endedAt,
              elapsed_ms = @elapsedMs, evaluations = @evaluations, ${RAISE_PEAK_SQL}
       WHERE id = @id`,
    ),
    retune: p(`UPDATE runs SET params = @params, changes = @changes WHERE id = @id`),
    live: p<{ id: number; status: string; error: string | null }>(`SELECT id, status, error FROM runs WHERE status IN (${ACTIVE_SQL}) ORDER BY id`),
    delete: p(`DELETE FROM runs WHERE id = ?`),
  };
}

/** The Store's run methods (see Store for each one's contract). */
export class Runs {
  private readonly stmts: ReturnType<typeof prepare>;

  constructor(
    private readonly core: StoreCore,
    private readonly puzzles: Puzzles,
    private readonly leases: LeaseTable,
  ) {
    this.stmts = prepare(core);
  }

  create(r: NewRun, lease?: LeaseGrant): RunRecord {
    return this.core.tx(() => {
      if (r.puzzleId !== null && !this.puzzles.exists(r.puzzleId)) throw notFound('puzzle', r.puzzleId);
      const info = this.stmts.insert.run({
        puzzleId: r.puzzleId,
        puzzleName: r.puzzleName,
        family: r.family,
        kind: puzzleKind(r.family, r.puzzle),
        solver: r.solver,
        params: toJson(r.params),
        seed: r.seed,
        stop: toJson(r.stop),
        puzzle: toJson(r.puzzle),
        now: this.core.now(),
        maxScore: r.maxScore,
        changes: toJson(r.changes ?? []),
        contentKey: puzzleContentKey(r.family, r.puzzle),
      });
      const run = this.record(Number(info.lastInsertRowid));
      if (!run) throw notFound('run', Number(info.lastInsertRowid));
      if (lease) this.leases.put(run.id, lease);
      return run;
    });
  }

  get(id: number): RunRecord | null {
    return this.core.guard(() => this.record(id));
  }

  summary(id: number): RunSummary | null {
    return this.core.guard(() => {
      const row = this.stmts.summary.get(id);
      return row ? toRunSummary(row) : null;
    });
  }

  list(q: RunQuery): RunSummary[] {
    return this.core.guard(() => {
      const { where, args } = runWhere(q);
      const sql = `SELECT ${RUN_SUMMARY_COLS} FROM runs ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`;
      return (this.core.statements.get(sql).all(...args, ...pageArgs(q.limit, q.offset)) as RunRow[]).map(toRunSummary);
    });
  }

  count(filter: RunFilter): number {
    return this.core.guard(() => {
      const { where, args } = runWhere(filter);
      return this.core.statements
        .get(`SELECT COUNT(*) AS n FROM runs ${where}`)
        .pluck()
        .get(...args) as number;
    });
  }

  setStatus(id: number, status: RunStatus, extra: RunStatusExtra = {}, owner?: LeaseOwner): RunSummary {
    checkStatus(status);
    return this.core.tx(() => {
      const row = this.stmts.summary.get(id);
      if (!row) throw notFound('run', id);
      this.leases.fence(id, owner);
      if (owner && hasEnded(status)) this.leases.drop(id);
      const now = this.core.now();
      let startedAt = row.started_at;
      let endedAt = row.ended_at;
      if ('startedAt' in extra) startedAt = extra.startedAt ?? null;
      else if (status === 'running' && startedAt === null) startedAt = now;
      if ('endedAt' in extra) endedAt = extra.endedAt ?? null;
      else if (status === 'done' || status === 'stopped' || status === 'failed') endedAt = now;
      else if (status === 'queued' || status === 'running') endedAt = null;
      this.stmts.setStatus.run({
        id,
        status,
        stopReason: 'stopReason' in extra ? (extra.stopReason ?? null) : row.stop_reason,
        error: 'error' in extra ? (extra.error ?? null) : row.error,
        startedAt,
        endedAt,
        elapsedMs: extra.elapsedMs ?? row.elapsed_ms,
        evaluations: extra.evaluations ?? row.evaluations,
        peak: storedBytes(extra.peakRssBytes),
      });
      if (extra.retune) {
        const changes = [...toRunSummary(row).changes, ...extra.retune.changes];
        this.stmts.retune.run({ id, params: toJson(extra.retune.params), changes: toJson(changes) });
      }
      return toRunSummary(this.stmts.summary.get(id)!);
    });
  }

  delete(id: number): boolean {
    return this.core.tx(() => {
      const row = this.stmts.puzzleId.get(id);
      if (!row) return false;
      this.stmts.delete.run(id);
      if (row.puzzle_id !== null) this.puzzles.recomputeBest(row.puzzle_id);
      return true;
    });
  }

  deleteFor(ids: readonly number[], budgetMs: number): { handled: number; deleted: number } {
    if (ids.length === 0) return { handled: 0, deleted: 0 };
    return this.core.tx(() => {
      const until = performance.now() + budgetMs;
      const puzzles = new Set<number>();
      let handled = 0;
      let deleted = 0;
      while (handled < ids.length && (handled === 0 || performance.now() < until)) {
        const id = ids[handled++]!;
        const row = this.stmts.puzzleId.get(id);
        if (!row) continue;
        this.stmts.delete.run(id);
        deleted++;
        if (row.puzzle_id !== null) puzzles.add(row.puzzle_id);
      }
      for (const id of puzzles) this.puzzles.recomputeBest(id);
      return { handled, deleted };
    });
  }

  // ---- for the lease protocol (run-claims.ts), inside its transactions ------------------------

  /** The run's row without its blobs; undefined for an unknown run. */
  row(id: number): RunRow | undefined {
    return this.stmts.summary.get(id);
  }

  /** Queued and running runs, by id. */
  live(): { id: number; status: string; error: string | null }[] {
    return this.stmts.live.all();
  }

  private record(id: number): RunRecord | null {
    const row = this.stmts.get.get(id);
    if (!row) return null;
    return {
      ...toRunSummary(row),
      puzzle: parseStored(row.puzzle!, () => `run ${id}'s puzzle`),
      bestSolution: row.best_solution == null ? null : parseStored(row.best_solution, () => `run ${id}'s best board`),
    };
  }
}
