/**
 * The workbench database: the puzzle library, every run, its events and checkpoints.
 *
 * One object for the rest of the app, made of one module per concept: the open file and its
 * error wrapper (core.ts), puzzles, settings, runs, events, checkpoints, leases (lease-table.ts,
 * run-claims.ts). Studies, the run history and remote runs build on a Store from their own modules.
 * Times are integers: milliseconds since the Unix epoch. All statements are prepared once; the
 * few whose WHERE/ORDER BY vary are cached by their text.
 */
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { Checkpoint, Improvement, MemoryUse, ProgressSample } from '../../core/engine/run-types';
import type { Disposable } from '../lifecycle/disposable';
import { Checkpoints } from './checkpoints';
import { StoreCore } from './core';
import { RunEvents } from './events';
import { LeaseTable } from './lease-table';
import type { Lease, LeaseGrant, LeaseOwner } from './leases';
import { Puzzles } from './puzzles';
import { RunClaims } from './run-claims';
import { Runs } from './runs';
import { Settings } from './settings';
import type {
  EventQuery,
  NewPuzzle,
  NewRun,
  PuzzleFilter,
  PuzzleQuery,
  PuzzleRecord,
  PuzzleSummary,
  ProgressEvent,
  PuzzleUpdate,
  RunEvent,
  RunEventKind,
  RunFilter,
  RunQuery,
  RunRecord,
  RunStatus,
  RunStatusExtra,
  RunSummary,
  StoreOptions,
} from './types';

export { QUICK_CHECK_MAX_BYTES } from './core';

export const DEFAULT_MAX_PROGRESS_SAMPLES = 2000;

/** Where the app keeps its database: `<userData>/workbench.db`. */
export function defaultDbPath(userDataDir: string): string {
  return path.join(userDataDir, 'workbench.db');
}

export class Store implements Disposable {
  private readonly puzzles: Puzzles;
  private readonly settings: Settings;
  private readonly leases: LeaseTable;
  private readonly runs: Runs;
  private readonly runEvents: RunEvents;
  private readonly checkpoints: Checkpoints;
  private readonly claims: RunClaims;

  private constructor(
    /** The open file and the one error wrapper, for the store's modules (studies, history, remote runs). */
    readonly core: StoreCore,
    opts: StoreOptions,
  ) {
    this.puzzles = new Puzzles(core);
    this.settings = new Settings(core);
    this.leases = new LeaseTable(core);
    this.runs = new Runs(core, this.puzzles, this.leases);
    this.runEvents = new RunEvents(core, this.puzzles, this.leases, opts.maxProgressSamples ?? DEFAULT_MAX_PROGRESS_SAMPLES);
    this.checkpoints = new Checkpoints(core, this.leases);
    this.claims = new RunClaims(core, this.runs, this.runEvents, this.leases);
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

  /** Close the database (no checkpoint of our own: see StoreCore.dispose). */
  dispose(): void {
    this.core.dispose();
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
   * Throws StoreError when it cannot check (not a database, a -wal of another file beside it).
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
    return this.core.db;
  }

  // ---- puzzles (see puzzles.ts) ---------------------------------------------------------------

  addPuzzle(p: NewPuzzle): PuzzleRecord {
    return this.puzzles.add(p);
  }

  getPuzzle(id: number): PuzzleRecord | null {
    return this.puzzles.get(id);
  }

  /** The first `limit` library puzzles with content key `key` (see content-key.ts), oldest first. */
  samePuzzles(key: string, limit: number): { id: number; name: string }[] {
    return this.puzzles.same(key, limit);
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

  // ---- runs (see runs.ts) ----------------------------------------------------------------------

  /**
   * A new run, status 'queued'; with `lease`, held by that owner from the start (so no other
   * process adopts it as an orphan). Throws StoreError NOT_FOUND if puzzleId names no puzzle.
   */
  createRun(r: NewRun, lease?: LeaseGrant): RunRecord {
    return this.runs.create(r, lease);
  }

  getRun(id: number): RunRecord | null {
    return this.runs.get(id);
  }

  getRunSummary(id: number): RunSummary | null {
    return this.runs.summary(id);
  }

  /** Newest first, without the puzzle and best-solution blobs. */
  listRuns(q: RunQuery = {}): RunSummary[] {
    return this.runs.list(q);
  }

  countRuns(filter: RunFilter = {}): number {
    return this.runs.count(filter);
  }

  /**
   * See RunStatusExtra for what happens to the times when they are not given. Returns the updated
   * run. With `owner`, only while that owner holds the run's lease (else StoreError LEASE_LOST);
   * a status other than queued or running then releases the lease in the same transaction.
   */
  setRunStatus(id: number, status: RunStatus, extra: RunStatusExtra = {}, owner?: LeaseOwner): RunSummary {
    return this.runs.setStatus(id, status, extra, owner);
  }

  /** With its events and checkpoints; its puzzle's best score is recomputed. False if there was none. */
  deleteRun(id: number): boolean {
    return this.runs.delete(id);
  }

  /**
   * Delete runs from the start of `ids` (with their events and checkpoints) for about `budgetMs`,
   * in one transaction, recomputing their puzzles' best scores. Returns how many ids it went
   * through (at least one) and how many runs it deleted. A long delete is a loop of these with
   * the event loop let run in between, so the lease heartbeat is never held up for long.
   */
  deleteRunsFor(ids: readonly number[], budgetMs = 50): { handled: number; deleted: number } {
    return this.runs.deleteFor(ids, budgetMs);
  }

  // ---- events (see events.ts) and checkpoints (see checkpoints.ts) -----------------------------

  /**
   * Store a progress sample: sets the run's elapsed time and evaluations, raises its best score
   * (and its puzzle's), and keeps at most `maxProgressSamples` samples (see `thinPlan`). With
   * `memory`, the run's memory now and its peak (which only rises) are set too.
   */
  recordProgress(id: number, s: ProgressSample, owner?: LeaseOwner, memory?: MemoryUse): void {
    this.runEvents.recordProgress(id, s, owner, memory);
  }

  /** Store an improvement with its board (never thinned); the run's best score and solution follow it. */
  recordImprovement(id: number, imp: Improvement, owner?: LeaseOwner): void {
    this.runEvents.recordImprovement(id, imp, owner);
  }

  /** A run's events in time order (elapsed ms, then insertion). With `kinds`, the result is typed to those kinds. */
  events<K extends RunEventKind>(runId: number, q: { kinds: readonly K[] }): Extract<RunEvent, { kind: K }>[];
  events(runId: number, q?: EventQuery): RunEvent[];
  events(runId: number, q: EventQuery = {}): RunEvent[] {
    return this.runEvents.list(runId, q);
  }

  /** A run's newest progress sample (its current score), or null before its first. */
  latestProgress(runId: number): ProgressEvent | null {
    return this.runEvents.latestProgress(runId);
  }

  /** Keeps the latest two per run, so one damaged write still leaves one to resume from. */
  saveCheckpoint(runId: number, cp: Checkpoint, owner?: LeaseOwner): void {
    this.checkpoints.save(runId, cp, owner);
  }

  /** The newest checkpoint whose state reads back, or null. */
  latestCheckpoint(runId: number): Checkpoint | null {
    return this.checkpoints.latest(runId);
  }

  /** Ms of the run's clock per ms of wall time under its current lease (see Checkpoints.clockRate), or null. */
  clockRate(runId: number): number | null {
    return this.checkpoints.clockRate(runId);
  }

  // ---- leases (see leases.ts, lease-table.ts and run-claims.ts) ---------------------------------

  /** The run's lease, or null when no process holds it. */
  lease(runId: number): Lease | null {
    return this.leases.lease(runId);
  }

  /**
   * Take a run for `grant.owner` and set its status to `to`, when its status (a running or queued
   * run whose owner is gone counts as interrupted) is one of `from`; returns null (nothing changed)
   * otherwise. Throws StoreError LEASE_HELD, naming the owner, when another live process holds it.
   */
  claimRun(id: number, grant: LeaseGrant, from: readonly RunStatus[], to: RunStatus, extra: RunStatusExtra = {}): RunSummary | null {
    return this.claims.claim(id, grant, from, to, extra);
  }

  /**
   * queued -> running under `owner`'s lease, starting from `checkpoint` (null = from the start):
   * progress samples recorded after that point are dropped, as the rerun samples that stretch
   * again, and the run's time and evaluations go back to the checkpoint's. Improvements stay.
   */
  startRun(id: number, owner: LeaseOwner, checkpoint: Checkpoint | null): RunSummary {
    return this.claims.start(id, owner, checkpoint);
  }

  /**
   * The heartbeat: extend `grant.owner`'s leases on `runIds`. Returns the runs it no longer holds
   * (`lost`: another owner has the lease, or the run has ended, its lease then dropped) and those
   * another process asked it to stop (`stopRequested`).
   */
  renewLeases(grant: LeaseGrant, runIds: readonly number[]): { lost: number[]; stopRequested: number[] } {
    return this.leases.renew(grant, runIds);
  }

  /** Give up `owner`'s leases on `runIds` (e.g. queued runs on quit), so another process may take them at once. */
  releaseLeases(runIds: readonly number[], owner: LeaseOwner): void {
    this.leases.release(runIds, owner);
  }

  /**
   * Stop a run this process does not hold. A run another live process holds is asked to stop
   * through its lease (`asked`; the owner polls for it); an orphan is marked stopped here
   * (`stopped`); a run that is not queued or running is left alone (`ended`).
   */
  requestStop(id: number, self: LeaseOwner): { outcome: 'asked' | 'stopped' | 'ended'; lease: Lease | null } {
    return this.claims.requestStop(id, self);
  }

  /**
   * Runs no live process owns: a queued or running run whose lease expired, whose owner is
   * provably gone, or that has no lease (left by a version without leases). Running ones become
   * 'interrupted' with the reason; queued ones are taken by `adopt` when given (to start them
   * again), else left queued. Runs held by live processes are not touched, nor those `self`
   * holds unless `selfHolds` says it no longer works on them (e.g. their end could not be saved).
   */
  recoverRuns(self: LeaseOwner, adopt?: LeaseGrant, selfHolds: (runId: number) => boolean = () => true): { interrupted: number[]; adopted: number[] } {
    return this.claims.recover(self, adopt, selfHolds);
  }
}
