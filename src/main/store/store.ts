/**
 * The workbench database: the puzzle library, every run, its events and checkpoints.
 *
 * Plain Node (no Electron), better-sqlite3, WAL journal, foreign keys on, synchronous=FULL.
 * Every change is one transaction, so a failure (disk full, read-only file) never leaves half a
 * change and never loses a committed one. Times are integers: milliseconds since the Unix epoch.
 * All statements are prepared once; the few whose WHERE/ORDER BY vary are cached by their text.
 */
import path from 'node:path';
import type Database from 'better-sqlite3';
import { puzzleKind } from '../../core/document/document';
import type { Checkpoint, Improvement, ProgressSample } from '../../core/engine/run-types';
import { StoreError, parseStored } from './errors';
import { StoreCore, notFound, pageArgs, toJson } from './core';
import { Puzzles } from './puzzles';
import { Settings } from './settings';
import { describeOwner, heldByOther, isQueueOwner, ownerGone, ownerKey, toLease, type Lease, type LeaseGrant, type LeaseOwner, type LeaseRow } from './leases';
import type { StatementCache } from './statements';
import { thinPlan } from './thin';
import { RUN_SUMMARY_COLS, toRunSummary, type RunRow } from './run-rows';
import { runHistoryWhere } from './run-history';
import {
  RUN_STATUSES,
  type EventQuery,
  type NewPuzzle,
  type NewRun,
  type PuzzleFilter,
  type PuzzleQuery,
  type PuzzleRecord,
  type PuzzleSummary,
  type PuzzleUpdate,
  type RunEvent,
  type RunEventKind,
  type RunFilter,
  type RunQuery,
  type RunRecord,
  type RunStatus,
  type RunStatusExtra,
  type RunSummary,
  type StoreOptions,
} from './types';

export { QUICK_CHECK_MAX_BYTES } from './core';

export const DEFAULT_MAX_PROGRESS_SAMPLES = 2000;

/** Where the app keeps its database: `<userData>/workbench.db`. */
export function defaultDbPath(userDataDir: string): string {
  return path.join(userDataDir, 'workbench.db');
}

// ---- rows as SQLite returns them ----------------------------------------------------------------

interface EventRow {
  id: number;
  run_id: number;
  kind: string;
  elapsed_ms: number;
  evaluations: number;
  iteration: number | null;
  best_score: number;
  current_score: number | null;
  mean_score: number | null;
  solution: string | null;
}

interface CheckpointRow {
  elapsed_ms: number;
  evaluations: number;
  best_score: number;
  state: string;
}

function toEvent(r: EventRow): RunEvent {
  const base = { id: r.id, runId: r.run_id, elapsedMs: r.elapsed_ms, evaluations: r.evaluations, bestScore: r.best_score };
  if (r.kind === 'improvement') {
    return {
      ...base,
      kind: 'improvement',
      iteration: null,
      currentScore: null,
      meanScore: null,
      solution: r.solution === null ? null : parseStored(r.solution, () => `an improvement of run ${r.run_id}`),
    };
  }
  return { ...base, kind: 'progress', iteration: r.iteration ?? 0, currentScore: r.current_score ?? r.best_score, meanScore: r.mean_score, solution: null };
}

function checkStatus(status: RunStatus): void {
  if (!RUN_STATUSES.includes(status)) throw new RangeError(`unknown run status ${JSON.stringify(status)}`);
}

function leaseHeld(id: number, status: string, lease: Lease): StoreError {
  return new StoreError('LEASE_HELD', `run ${id} is ${status} in ${describeOwner(lease.owner)}`);
}

function prepareAll(db: Database.Database) {
  const p = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
  return {
    // runs
    insertRun: p(
      `INSERT INTO runs (puzzle_id, puzzle_name, family, kind, solver, params, seed, stop, puzzle, status, created_at, max_score)
       VALUES (@puzzleId, @puzzleName, @family, @kind, @solver, @params, @seed, @stop, @puzzle, 'queued', @now, @maxScore)`,
    ),
    getRun: p<RunRow>(`SELECT ${RUN_SUMMARY_COLS}, puzzle, best_solution FROM runs WHERE id = ?`),
    getRunSummary: p<RunRow>(`SELECT ${RUN_SUMMARY_COLS} FROM runs WHERE id = ?`),
    runExists: p(`SELECT 1 FROM runs WHERE id = ?`).pluck(),
    runPuzzleId: p<{ puzzle_id: number | null }>(`SELECT puzzle_id FROM runs WHERE id = ?`),
    setRunStatus: p(
      `UPDATE runs SET status = @status, stop_reason = @stopReason, error = @error, started_at = @startedAt, ended_at = @endedAt,
              elapsed_ms = @elapsedMs, evaluations = @evaluations
       WHERE id = @id`,
    ),
    progressRun: p(
      `UPDATE runs SET elapsed_ms = @elapsedMs, evaluations = @evaluations,
              best_score = CASE WHEN best_score IS NULL OR @score > best_score THEN @score ELSE best_score END
       WHERE id = @id`,
    ),
    // SET expressions all see the old row, so both CASEs compare against the old best.
    improveRun: p(
      `UPDATE runs SET elapsed_ms = @elapsedMs, evaluations = @evaluations,
              best_score = CASE WHEN best_score IS NULL OR @score > best_score THEN @score ELSE best_score END,
              best_solution = CASE WHEN best_score IS NULL OR @score >= best_score OR best_solution IS NULL
                                   THEN @solution ELSE best_solution END
       WHERE id = @id`,
    ),
    liveRuns: p<{ id: number; status: string; error: string | null }>(`SELECT id, status, error FROM runs WHERE status IN ('queued', 'running') ORDER BY id`),
    deleteRun: p(`DELETE FROM runs WHERE id = ?`),
    // events
    insertProgress: p(
      `INSERT INTO run_events (run_id, kind, elapsed_ms, evaluations, iteration, best_score, current_score, mean_score)
       VALUES (@runId, 'progress', @elapsedMs, @evaluations, @iteration, @bestScore, @currentScore, @meanScore)`,
    ),
    insertImprovement: p(
      `INSERT INTO run_events (run_id, kind, elapsed_ms, evaluations, best_score, current_score, solution)
       VALUES (@runId, 'improvement', @elapsedMs, @evaluations, @score, @score, @solution)`,
    ),
    countProgress: p<number>(`SELECT COUNT(*) FROM run_events WHERE run_id = ? AND kind = 'progress'`).pluck(),
    progressIds: p<number>(`SELECT id FROM run_events WHERE run_id = ? AND kind = 'progress' ORDER BY elapsed_ms, id`).pluck(),
    deleteEvent: p(`DELETE FROM run_events WHERE id = ?`),
    deleteProgressAfter: p(`DELETE FROM run_events WHERE run_id = ? AND kind = 'progress' AND elapsed_ms > ?`),
    // leases
    getLease: p<LeaseRow>(`SELECT * FROM run_leases WHERE run_id = ?`),
    putLease: p(
      `INSERT INTO run_leases (run_id, owner, host, pid, process_started_at, acquired_at, renewed_at, expires_at)
       VALUES (@runId, @owner, @host, @pid, @startedAt, @now, @now, @expiresAt)
       ON CONFLICT (run_id) DO UPDATE SET owner = excluded.owner, host = excluded.host, pid = excluded.pid,
         process_started_at = excluded.process_started_at, acquired_at = excluded.acquired_at,
         renewed_at = excluded.renewed_at, expires_at = excluded.expires_at, stop_requested_at = NULL`,
    ),
    renewLease: p(`UPDATE run_leases SET renewed_at = @now, expires_at = @expiresAt WHERE run_id = @runId AND owner = @owner`),
    deleteLease: p(`DELETE FROM run_leases WHERE run_id = ?`),
    deleteOwnLease: p(`DELETE FROM run_leases WHERE run_id = ? AND owner = ?`),
    stopRequests: p<number>(`SELECT run_id FROM run_leases WHERE owner = ? AND stop_requested_at IS NOT NULL`).pluck(),
    markStop: p(`UPDATE run_leases SET stop_requested_at = ? WHERE run_id = ?`),
    // checkpoints
    insertCheckpoint: p(
      `INSERT INTO checkpoints (run_id, created_at, elapsed_ms, evaluations, best_score, state)
       VALUES (@runId, @now, @elapsedMs, @evaluations, @bestScore, @state)`,
    ),
    pruneCheckpoints: p(
      `DELETE FROM checkpoints WHERE run_id = @runId
         AND id NOT IN (SELECT id FROM checkpoints WHERE run_id = @runId ORDER BY id DESC LIMIT @keep)`,
    ),
    latestCheckpoints: p<CheckpointRow>(`SELECT elapsed_ms, evaluations, best_score, state FROM checkpoints WHERE run_id = ? ORDER BY id DESC LIMIT ?`),
  };
}

type Statements = ReturnType<typeof prepareAll>;

/** How many checkpoints a run keeps, so a damaged last write still leaves one to resume from. */
const CHECKPOINTS_KEPT = 2;

export class Store {
  private readonly stmts: Statements;
  private readonly statements: StatementCache;
  private readonly maxProgressSamples: number;
  private readonly now: () => number;
  private readonly db: Database.Database;
  private readonly puzzles: Puzzles;
  private readonly settings: Settings;

  private constructor(
    /** The open file and the one error wrapper, for the store's modules (studies, history, remote runs). */
    readonly core: StoreCore,
    opts: StoreOptions,
  ) {
    this.db = core.db;
    this.maxProgressSamples = opts.maxProgressSamples ?? DEFAULT_MAX_PROGRESS_SAMPLES;
    this.now = core.now;
    this.stmts = prepareAll(core.db);
    this.statements = core.statements;
    this.puzzles = new Puzzles(core);
    this.settings = new Settings(core);
  }

  /**
   * Open (creating folders and the file if needed) and migrate to the current schema.
   * A database written by a newer version is refused before anything in it is changed.
   */
  static open(file: string, opts: StoreOptions = {}): Store {
    const max = opts.maxProgressSamples ?? DEFAULT_MAX_PROGRESS_SAMPLES;
    if (!Number.isInteger(max) || max < 2) throw new RangeError(`maxProgressSamples must be a whole number of at least 2, got ${max}`);
    return new Store(StoreCore.open(file, opts), opts);
  }

  /** The path it was opened with (`':memory:'` for an in-memory store). */
  get path(): string {
    return this.core.path;
  }

  close(): void {
    this.core.close();
  }

  /**
   * Throws StoreError CORRUPT when SQLite's quick check finds damage anywhere in the file (it reads
   * every page: call it before adding to a database, not on every read).
   */
  checkIntegrity(): void {
    this.core.checkIntegrity();
  }

  /**
   * SQLite's full integrity check of a database file (every page, index and constraint; may take
   * minutes on a big file), read-only: the problems found, empty when it is sound. `workbench check`.
   */
  static fullCheck(file: string, opts: Pick<StoreOptions, 'nativeBinding'> = {}): string[] {
    return StoreCore.fullCheck(file, opts);
  }

  /**
   * Throws StoreError GONE when the database file was deleted, moved over or rewritten in place
   * since it was opened (see file-identity.ts); every later call throws the same. Checked before
   * every write transaction and on the run heartbeat.
   */
  checkFile(): void {
    this.core.checkFile();
  }

  /** The connection, for tests and maintenance (backup). Writes through it bypass the store's rules. */
  get connection(): Database.Database {
    return this.db;
  }

  // ---- puzzles (see puzzles.ts) ---------------------------------------------------------------

  addPuzzle(p: NewPuzzle): PuzzleRecord {
    return this.puzzles.add(p);
  }

  getPuzzle(id: number): PuzzleRecord | null {
    return this.puzzles.get(id);
  }

  listPuzzles(q: PuzzleQuery = {}): PuzzleSummary[] {
    return this.puzzles.list(q);
  }

  countPuzzles(filter: PuzzleFilter = {}): number {
    return this.puzzles.count(filter);
  }

  /** Change what is given; bumps updated_at. Throws StoreError NOT_FOUND for an unknown id. */
  updatePuzzle(id: number, u: PuzzleUpdate): PuzzleRecord {
    return this.puzzles.update(id, u);
  }

  /** Mark as opened now. */
  touchPuzzle(id: number): void {
    this.puzzles.touch(id);
  }

  /** Runs made on it stay, with puzzle_id NULL (they hold their own copy of the puzzle). False if there was none. */
  deletePuzzle(id: number): boolean {
    return this.puzzles.delete(id);
  }

  /**
   * Put back a puzzle exactly as it was before `deletePuzzle` (same id, dates and best score), and
   * re-link those of `runIds` that lost it. Fails (nothing changed) if the id is in use again.
   */
  restorePuzzle(p: PuzzleRecord, runIds: readonly number[] = []): PuzzleRecord {
    return this.puzzles.restore(p, runIds);
  }

  /** Ids of the runs made on a puzzle (e.g. to re-link them if its deletion is undone). */
  runIdsOfPuzzle(puzzleId: number): number[] {
    return this.puzzles.runIds(puzzleId);
  }

  // ---- settings (see settings.ts) --------------------------------------------------------------

  /** A stored setting (any JSON value), or undefined when it was never set. */
  getSetting(key: string): unknown {
    return this.settings.get(key);
  }

  setSetting(key: string, value: unknown): void {
    this.settings.set(key, value);
  }

  /**
   * Read-modify-write a setting in one immediate transaction: `fn` gets the current value
   * (undefined if never set) and returns the new one; whatever `fn` writes to the store meanwhile
   * is part of the same transaction, so two processes opening one database never both apply it.
   * If `fn` throws, nothing is changed and the error propagates. Returns the new value.
   */
  updateSetting<T>(key: string, fn: (current: unknown) => T): T {
    return this.settings.update(key, fn);
  }

  // ---- runs -----------------------------------------------------------------------------------

  /**
   * A new run, status 'queued'; with `lease`, held by that owner from the start (so no other
   * process adopts it as an orphan). Throws StoreError NOT_FOUND if puzzleId names no puzzle.
   */
  createRun(r: NewRun, lease?: LeaseGrant): RunRecord {
    return this.core.tx(() => {
      if (r.puzzleId !== null && !this.puzzles.exists(r.puzzleId)) throw notFound('puzzle', r.puzzleId);
      const info = this.stmts.insertRun.run({
        puzzleId: r.puzzleId,
        puzzleName: r.puzzleName,
        family: r.family,
        kind: puzzleKind(r.family, r.puzzle),
        solver: r.solver,
        params: toJson(r.params),
        seed: r.seed,
        stop: toJson(r.stop),
        puzzle: toJson(r.puzzle),
        now: this.now(),
        maxScore: r.maxScore,
      });
      const run = this.getRunRow(Number(info.lastInsertRowid));
      if (!run) throw notFound('run', Number(info.lastInsertRowid));
      if (lease) this.putLease(run.id, lease);
      return run;
    });
  }

  getRun(id: number): RunRecord | null {
    return this.core.guard(() => this.getRunRow(id));
  }

  getRunSummary(id: number): RunSummary | null {
    return this.core.guard(() => {
      const row = this.stmts.getRunSummary.get(id);
      return row ? toRunSummary(row) : null;
    });
  }

  /** Newest first, without the puzzle and best-solution blobs. */
  listRuns(q: RunQuery = {}): RunSummary[] {
    return this.core.guard(() => {
      const { where, args } = this.runWhere(q);
      const sql = `SELECT ${RUN_SUMMARY_COLS} FROM runs ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`;
      return (this.statements.get(sql).all(...args, ...pageArgs(q.limit, q.offset)) as RunRow[]).map(toRunSummary);
    });
  }

  countRuns(filter: RunFilter = {}): number {
    return this.core.guard(() => {
      const { where, args } = this.runWhere(filter);
      return this.statements
        .get(`SELECT COUNT(*) AS n FROM runs ${where}`)
        .pluck()
        .get(...args) as number;
    });
  }

  /**
   * See RunStatusExtra for what happens to the times when they are not given. Returns the updated
   * run. With `owner`, only while that owner holds the run's lease (else StoreError LEASE_LOST);
   * a status other than queued or running then releases the lease in the same transaction.
   */
  setRunStatus(id: number, status: RunStatus, extra: RunStatusExtra = {}, owner?: LeaseOwner): RunSummary {
    checkStatus(status);
    return this.core.tx(() => {
      const row = this.stmts.getRunSummary.get(id);
      if (!row) throw notFound('run', id);
      this.fence(id, owner);
      if (owner && status !== 'queued' && status !== 'running') this.stmts.deleteLease.run(id);
      const now = this.now();
      let startedAt = row.started_at;
      let endedAt = row.ended_at;
      if ('startedAt' in extra) startedAt = extra.startedAt ?? null;
      else if (status === 'running' && startedAt === null) startedAt = now;
      if ('endedAt' in extra) endedAt = extra.endedAt ?? null;
      else if (status === 'done' || status === 'stopped' || status === 'failed') endedAt = now;
      else if (status === 'queued' || status === 'running') endedAt = null;
      this.stmts.setRunStatus.run({
        id,
        status,
        stopReason: 'stopReason' in extra ? (extra.stopReason ?? null) : row.stop_reason,
        error: 'error' in extra ? (extra.error ?? null) : row.error,
        startedAt,
        endedAt,
        elapsedMs: extra.elapsedMs ?? row.elapsed_ms,
        evaluations: extra.evaluations ?? row.evaluations,
      });
      return toRunSummary(this.stmts.getRunSummary.get(id)!);
    });
  }

  /**
   * Store a progress sample: sets the run's elapsed time and evaluations, raises its best score
   * (and its puzzle's), and keeps at most `maxProgressSamples` samples (see `thinPlan`).
   */
  recordProgress(id: number, s: ProgressSample, owner?: LeaseOwner): void {
    this.core.tx(() => {
      this.fence(id, owner);
      const info = this.stmts.progressRun.run({ id, elapsedMs: s.elapsedMs, evaluations: s.evaluations, score: s.bestScore });
      if (info.changes === 0) throw notFound('run', id);
      this.puzzles.raiseBest(id, s.bestScore);
      this.stmts.insertProgress.run({
        runId: id,
        elapsedMs: s.elapsedMs,
        evaluations: s.evaluations,
        iteration: s.iteration,
        bestScore: s.bestScore,
        currentScore: s.currentScore,
        meanScore: s.meanScore ?? null,
      });
      const count = this.stmts.countProgress.get(id) as number;
      if (count > this.maxProgressSamples) {
        const ids = this.stmts.progressIds.all(id);
        for (const i of thinPlan(ids.length, this.maxProgressSamples)) this.stmts.deleteEvent.run(ids[i]);
      }
    });
  }

  /** Store an improvement with its board (never thinned); the run's best score and solution follow it. */
  recordImprovement(id: number, imp: Improvement, owner?: LeaseOwner): void {
    this.core.tx(() => {
      this.fence(id, owner);
      const solution = toJson(imp.solution);
      const info = this.stmts.improveRun.run({ id, elapsedMs: imp.elapsedMs, evaluations: imp.evaluations, score: imp.score, solution });
      if (info.changes === 0) throw notFound('run', id);
      this.puzzles.raiseBest(id, imp.score);
      this.stmts.insertImprovement.run({ runId: id, elapsedMs: imp.elapsedMs, evaluations: imp.evaluations, score: imp.score, solution });
    });
  }

  /** A run's events in time order (elapsed ms, then insertion). With `kinds`, the result is typed to those kinds. */
  events<K extends RunEventKind>(runId: number, q: { kinds: readonly K[] }): Extract<RunEvent, { kind: K }>[];
  events(runId: number, q?: EventQuery): RunEvent[];
  events(runId: number, q: EventQuery = {}): RunEvent[] {
    return this.core.guard(() => {
      const args: unknown[] = [runId];
      let kindSql = '';
      if (q.kinds) {
        if (q.kinds.length === 0) return [];
        kindSql = ` AND kind IN (${q.kinds.map(() => '?').join(', ')})`;
        args.push(...q.kinds);
      }
      const sql = `SELECT * FROM run_events WHERE run_id = ?${kindSql} ORDER BY elapsed_ms, id`;
      return (this.statements.get(sql).all(...args) as EventRow[]).map(toEvent);
    });
  }

  /** Keeps the latest two per run, so one damaged write still leaves one to resume from. */
  saveCheckpoint(runId: number, cp: Checkpoint, owner?: LeaseOwner): void {
    this.core.tx(() => {
      if (this.stmts.runExists.get(runId) === undefined) throw notFound('run', runId);
      this.fence(runId, owner);
      this.stmts.insertCheckpoint.run({
        runId,
        now: this.now(),
        elapsedMs: cp.elapsedMs,
        evaluations: cp.evaluations,
        bestScore: cp.bestScore,
        state: toJson(cp.state),
      });
      this.stmts.pruneCheckpoints.run({ runId, keep: CHECKPOINTS_KEPT });
    });
  }

  /** The newest checkpoint whose state reads back, or null. */
  latestCheckpoint(runId: number): Checkpoint | null {
    return this.core.guard(() => {
      for (const row of this.stmts.latestCheckpoints.all(runId, CHECKPOINTS_KEPT)) {
        let state: unknown;
        try {
          state = JSON.parse(row.state);
        } catch {
          continue; // damaged; fall back to the one before
        }
        return { elapsedMs: row.elapsed_ms, evaluations: row.evaluations, bestScore: row.best_score, state };
      }
      return null;
    });
  }

  // ---- leases (see leases.ts) ----------------------------------------------------------------

  /** The run's lease, or null when no process holds it. */
  lease(runId: number): Lease | null {
    return this.core.guard(() => {
      const row = this.stmts.getLease.get(runId);
      return row ? toLease(row) : null;
    });
  }

  /**
   * Take a run for `grant.owner` and set its status to `to`, when its status (a running or queued
   * run whose owner is gone counts as interrupted) is one of `from`; returns null (nothing changed)
   * otherwise. Throws StoreError LEASE_HELD, naming the owner, when another live process holds it.
   */
  claimRun(id: number, grant: LeaseGrant, from: readonly RunStatus[], to: RunStatus, extra: RunStatusExtra = {}): RunSummary | null {
    return this.core.tx(() => {
      const row = this.stmts.getRunSummary.get(id);
      if (!row) throw notFound('run', id);
      const lease = this.lease(id);
      if (lease && heldByOther(lease, grant.owner, this.now())) throw leaseHeld(id, row.status, lease);
      const status = row.status === 'running' ? 'interrupted' : (row.status as RunStatus);
      if (!from.includes(status)) return null;
      this.putLease(id, grant);
      return this.setRunStatus(id, to, extra);
    });
  }

  /**
   * queued -> running under `owner`'s lease, starting from `checkpoint` (null = from the start):
   * progress samples recorded after that point are dropped, as the rerun samples that stretch
   * again, and the run's time and evaluations go back to the checkpoint's. Improvements stay.
   */
  startRun(id: number, owner: LeaseOwner, checkpoint: Checkpoint | null): RunSummary {
    return this.core.tx(() => {
      const row = this.stmts.getRunSummary.get(id);
      if (!row) throw notFound('run', id);
      this.fence(id, owner);
      this.stmts.deleteProgressAfter.run(id, checkpoint?.elapsedMs ?? -1);
      return this.setRunStatus(id, 'running', {
        startedAt: row.started_at ?? this.now(),
        elapsedMs: checkpoint?.elapsedMs ?? 0,
        evaluations: checkpoint?.evaluations ?? 0,
      });
    });
  }

  /**
   * The heartbeat: extend `grant.owner`'s leases on `runIds`. Returns the runs it no longer holds
   * (`lost`) and those another process asked it to stop (`stopRequested`).
   */
  renewLeases(grant: LeaseGrant, runIds: readonly number[]): { lost: number[]; stopRequested: number[] } {
    return this.core.tx(() => {
      const now = this.now();
      const owner = ownerKey(grant.owner);
      const lost = runIds.filter((runId) => this.stmts.renewLease.run({ runId, owner, now, expiresAt: now + grant.ttlMs }).changes === 0);
      const mine = new Set(runIds);
      const stopRequested = this.stmts.stopRequests.all(owner).filter((id) => mine.has(id) && !lost.includes(id));
      return { lost, stopRequested };
    });
  }

  /** Give up `owner`'s leases on `runIds` (e.g. queued runs on quit), so another process may take them at once. */
  releaseLeases(runIds: readonly number[], owner: LeaseOwner): void {
    if (runIds.length === 0) return;
    this.core.tx(() => {
      for (const id of runIds) this.stmts.deleteOwnLease.run(id, ownerKey(owner));
    });
  }

  /**
   * Stop a run this process does not hold. A run another live process holds is asked to stop
   * through its lease (`asked`; the owner polls for it); an orphan is marked stopped here
   * (`stopped`); a run that is not queued or running is left alone (`ended`).
   */
  requestStop(id: number, self: LeaseOwner): { outcome: 'asked' | 'stopped' | 'ended'; lease: Lease | null } {
    return this.core.tx(() => {
      const row = this.stmts.getRunSummary.get(id);
      if (!row) throw notFound('run', id);
      const lease = this.lease(id);
      if (row.status !== 'running' && row.status !== 'queued') return { outcome: 'ended' as const, lease };
      if (heldByOther(lease, self, this.now())) {
        this.stmts.markStop.run(this.now(), id);
        return { outcome: 'asked' as const, lease };
      }
      this.stmts.deleteLease.run(id);
      this.setRunStatus(id, 'stopped', { stopReason: 'stopped' });
      return { outcome: 'stopped' as const, lease };
    });
  }

  /**
   * Runs no live process owns: a queued or running run whose lease expired, whose owner is
   * provably gone, or that has no lease (left by a version without leases). Running ones become
   * 'interrupted' with the reason; queued ones are taken by `adopt` when given (to start them
   * again), else left queued. Runs held by live processes are not touched, nor those `self`
   * holds unless `selfHolds` says it no longer works on them (e.g. their end could not be saved).
   */
  recoverRuns(self: LeaseOwner, adopt?: LeaseGrant, selfHolds: (runId: number) => boolean = () => true): { interrupted: number[]; adopted: number[] } {
    return this.core.tx(() => {
      const now = this.now();
      const interrupted: number[] = [];
      const adopted: number[] = [];
      for (const row of this.stmts.liveRuns.all()) {
        const lease = this.lease(row.id);
        const own = lease !== null && ownerKey(lease.owner) === ownerKey(self);
        if (own && selfHolds(row.id)) continue;
        if (heldByOther(lease, self, now)) continue;
        // A run given to a Redis queue is still running on a worker while no coordinator is
        // connected: only a coordinator of that queue judges it (from the queue's own state).
        if (lease && !own && isQueueOwner(lease.owner)) continue;
        if (row.status === 'running') {
          const why = !lease
            ? 'its process ended without finishing it'
            : own
              ? 'this process could not save the run and stopped it'
              : ownerGone(lease.owner)
                ? `${describeOwner(lease.owner)} ended without finishing it`
                : `${describeOwner(lease.owner)} stopped renewing its lease`;
          this.stmts.deleteLease.run(row.id);
          this.setRunStatus(row.id, 'interrupted', { error: row.error ?? why });
          interrupted.push(row.id);
        } else if (adopt) {
          this.putLease(row.id, adopt);
          adopted.push(row.id);
        }
      }
      return { interrupted, adopted };
    });
  }

  /** With its events and checkpoints; its puzzle's best score is recomputed. False if there was none. */
  deleteRun(id: number): boolean {
    return this.core.tx(() => {
      const row = this.stmts.runPuzzleId.get(id);
      if (!row) return false;
      this.stmts.deleteRun.run(id);
      if (row.puzzle_id !== null) this.puzzles.recomputeBest(row.puzzle_id);
      return true;
    });
  }

  /**
   * Delete runs from the start of `ids` (with their events and checkpoints) for about `budgetMs`,
   * in one transaction, recomputing their puzzles' best scores. Returns how many ids it went
   * through (at least one) and how many runs it deleted. A long delete is a loop of these with
   * the event loop let run in between, so the lease heartbeat is never held up for long.
   */
  deleteRunsFor(ids: readonly number[], budgetMs = 50): { handled: number; deleted: number } {
    if (ids.length === 0) return { handled: 0, deleted: 0 };
    return this.core.tx(() => {
      const until = performance.now() + budgetMs;
      const puzzles = new Set<number>();
      let handled = 0;
      let deleted = 0;
      while (handled < ids.length && (handled === 0 || performance.now() < until)) {
        const id = ids[handled++]!;
        const row = this.stmts.runPuzzleId.get(id);
        if (!row) continue;
        this.stmts.deleteRun.run(id);
        deleted++;
        if (row.puzzle_id !== null) puzzles.add(row.puzzle_id);
      }
      for (const id of puzzles) this.puzzles.recomputeBest(id);
      return { handled, deleted };
    });
  }

  // ---- internals ------------------------------------------------------------------------------

  /** Writes on behalf of `owner` need its lease; without an owner (tests, maintenance) nothing is checked. */
  private fence(runId: number, owner: LeaseOwner | undefined): void {
    if (!owner) return;
    const row = this.stmts.getLease.get(runId);
    if (!row || row.owner !== ownerKey(owner)) {
      throw new StoreError('LEASE_LOST', `run ${runId} is no longer held by this process${row ? ` (${describeOwner(toLease(row).owner)} has it)` : ''}`);
    }
  }

  private putLease(runId: number, grant: LeaseGrant): void {
    const now = this.now();
    const o = grant.owner;
    this.stmts.putLease.run({ runId, owner: ownerKey(o), host: o.host, pid: o.pid, startedAt: o.startedAt, now, expiresAt: now + grant.ttlMs });
  }

  private getRunRow(id: number): RunRecord | null {
    const row = this.stmts.getRun.get(id);
    if (!row) return null;
    return {
      ...toRunSummary(row),
      puzzle: parseStored(row.puzzle!, () => `run ${id}'s puzzle`),
      bestSolution: row.best_solution == null ? null : parseStored(row.best_solution, () => `run ${id}'s best board`),
    };
  }

  /** A RunFilter is a narrower history filter; one WHERE builder for both keeps listRuns and the history view from drifting apart. */
  private runWhere(f: RunFilter): { where: string; args: unknown[] } {
    return runHistoryWhere({
      ids: f.ids,
      statuses: typeof f.status === 'string' ? [f.status] : f.status,
      family: f.family,
      solvers: f.solver === undefined ? undefined : [f.solver],
      puzzleId: f.puzzleId,
    });
  }
}
