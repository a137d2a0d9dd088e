import { availableParallelism } from 'node:os';
import type { FromWorker } from '../../core/engine/protocol';
import { hasEnded, RESUMABLE_STATUSES, type StopReason } from '../../core/engine/run-types';
import { threadsOf } from '../../core/engine/shards';
import { StoreError } from '../store/errors';
import { thisProcess, type LeaseGrant, type LeaseOwner } from '../store/leases';
import type { Disposable } from '../lifecycle/disposable';
import type { Store } from '../store/store';
import type { RunRecord, RunStatus, RunStatusExtra } from '../store/types';
import { durationText } from '../../core/text/numbers';
import { HeldWrites } from './held-writes';
import type { Active, RunManagerEvent, RunManagerOptions } from './manager-types';
import { SolverRecorder } from './record';
import { runSpecOf } from './run-spec';
import type { WorkerSpawner } from './worker-host';

/** Runs at once when not told: every core but one, so the machine stays usable (at least one). */
export function defaultConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Queues runs, starts one worker process per run, and turns the worker's messages into store
 * writes and events. The store is the single source of truth: a crash of either side loses at
 * most the work since the last checkpoint.
 *
 * Every run it queues or runs it holds by a lease (see store/leases.ts), renewed by a heartbeat;
 * each write is checked against the lease, so several processes (CLI, serve, the app) can share
 * one database without two of them ever working on the same run.
 */
export type { RunManagerEvent, RunManagerOptions } from './manager-types';

export class RunManager implements Disposable {
  private readonly store: Store;
  private readonly recorder: SolverRecorder;
  private readonly spawn: WorkerSpawner;
  readonly concurrency: number;
  private readonly checkpointIntervalMs: number;
  private readonly progressIntervalMs: number;
  private readonly stopGraceMs: number;
  private readonly queue: number[] = [];
  private readonly active = new Map<number, Active>();
  private readonly listeners = new Set<(e: RunManagerEvent) => void>();
  private readonly waiters = new Map<number, ((r: RunRecord) => void)[]>();
  /** Runs whose end could not be saved, with how they ended; the lease's expiry recovers them. */
  private readonly unsaved = new Map<number, RunRecord>();
  readonly grant: LeaseGrant;
  private readonly heartbeatMs: number;
  private readonly heldGiveUpMs: number;
  /** Runs' messages waiting while another program holds the database locked. */
  private readonly held: HeldWrites;
  private heartbeat?: NodeJS.Timeout;
  private orphanWatch?: NodeJS.Timeout;
  private closed = false;
  /** Where a run is hosted instead of a local solver process (see `hostRunsWith`). */
  private hostFor?: (run: RunRecord) => WorkerSpawner | null;

  constructor(opts: RunManagerOptions) {
    this.store = opts.store;
    this.recorder = new SolverRecorder(opts.store);
    this.spawn = opts.spawn;
    this.concurrency = Math.max(1, opts.concurrency ?? defaultConcurrency());
    this.checkpointIntervalMs = opts.checkpointIntervalMs ?? 30_000;
    this.progressIntervalMs = opts.progressIntervalMs ?? 1_000;
    this.stopGraceMs = opts.stopGraceMs ?? 5_000;
    this.grant = { owner: opts.owner ?? thisProcess(), ttlMs: opts.leaseTtlMs ?? 15_000 };
    this.heartbeatMs = opts.heartbeatMs ?? 2_000;
    this.heldGiveUpMs = opts.heldGiveUpMs ?? 5 * 60_000;
    this.held = new HeldWrites({ retryMs: this.heartbeatMs, giveUpMs: this.heldGiveUpMs });
  }

  /**
   * Host the runs `host` takes (a spawner, or null for a local solver process) elsewhere: a spread
   * run's coordinator (src/main/spread) answers as a solver process would, so the run is recorded,
   * checked, checkpointed, stopped and resumed as any other.
   */
  hostRunsWith(host: (run: RunRecord) => WorkerSpawner | null): void {
    this.hostFor = host;
  }

  get owner(): LeaseOwner {
    return this.grant.owner;
  }

  subscribe(listener: (e: RunManagerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs no live process owns (their owner is gone or stopped renewing its lease) become
   * interrupted; with `adoptQueued` (the app and `serve` at start-up), orphaned queued runs are
   * taken over and started. Runs other live processes hold are left alone. Returns the interrupted ids.
   */
  recover(opts: { adoptQueued?: boolean } = { adoptQueued: true }): number[] {
    const holds = (id: number): boolean => this.queue.includes(id) || this.active.has(id);
    const { interrupted, adopted } = this.store.recoverRuns(this.owner, opts.adoptQueued ? this.grant : undefined, holds);
    for (const id of interrupted) this.unsaved.delete(id);
    for (const id of interrupted) this.emit({ type: 'status', runId: id, status: 'interrupted' });
    for (const id of adopted) this.enqueue(id);
    return interrupted;
  }

  /**
   * Keep recovering orphans while this process runs (the app and `serve`): a CLI killed mid-run
   * shows as interrupted within moments, and queued runs nobody holds are started here.
   */
  watchOrphans(everyMs = 5_000): void {
    if (this.orphanWatch || this.closed) return;
    this.orphanWatch = setInterval(() => {
      try {
        this.recover({ adoptQueued: true });
      } catch {
        /* busy or unwritable: the next round tries again */
      }
    }, everyMs);
    this.orphanWatch.unref();
  }

  /** Put a queued run this manager holds the lease of (see Store.createRun) in line. */
  enqueue(runId: number): void {
    if (!this.queue.includes(runId) && !this.active.has(runId)) this.queue.push(runId);
    this.pump();
    this.beatWhileHolding();
  }

  /**
   * Continue an interrupted or stopped run from its last checkpoint (a run left running or queued
   * by a process that is gone counts as interrupted). Refused in one line when another live
   * process holds the run. With `retune` (see services/retune.ts), the run goes on with those
   * settings, the change recorded with them in the same write.
   */
  resume(runId: number, retune?: RunStatusExtra['retune']): RunRecord {
    if (this.queue.includes(runId) || this.active.has(runId)) throw new Error(`run ${runId} is already ${this.active.has(runId) ? 'running' : 'queued'} here`);
    let claimed;
    try {
      claimed = this.store.claimRun(runId, this.grant, [...RESUMABLE_STATUSES, 'queued'], 'queued', {
        endedAt: null,
        stopReason: null,
        error: null,
        ...(retune ? { retune } : {}),
      });
    } catch (e) {
      if (e instanceof StoreError && e.code === 'LEASE_HELD') throw new Error(e.message, { cause: e });
      throw e;
    }
    if (!claimed) {
      const run = this.mustGet(runId);
      throw new Error(`run ${runId} is ${run.status}; only interrupted or stopped runs can be resumed`);
    }
    this.unsaved.delete(runId);
    this.emit({ type: 'status', runId, status: 'queued' });
    this.enqueue(runId);
    return this.mustGet(runId);
  }

  /**
   * Ask a run to stop; queued runs stop at once, running ones after their last checkpoint. A run
   * another live process holds is asked through the database (its owner polls for the request)
   * and this waits for it to end; an orphaned one is marked stopped here.
   */
  async stop(runId: number): Promise<RunRecord> {
    const qi = this.queue.indexOf(runId);
    if (qi >= 0) {
      this.queue.splice(qi, 1);
      this.finish(runId, 'stopped', { stopReason: 'stopped' });
      return this.mustGet(runId);
    }
    const a = this.active.get(runId);
    if (!a) return this.stopElsewhere(runId);
    if (!a.stopping) {
      a.stopping = true;
      a.worker.post({ type: 'stop' });
      a.killTimer = setTimeout(() => a.worker.dispose(), this.stopGraceMs);
    }
    return this.waitFor(runId);
  }

  /** Resolves when the run reaches a terminal status (here, or in the process that holds it). */
  waitFor(runId: number): Promise<RunRecord> {
    const unsaved = this.unsaved.get(runId);
    if (unsaved) return Promise.resolve(unsaved);
    const run = this.mustGet(runId);
    if (hasEnded(run.status) && !this.active.has(runId)) return Promise.resolve(run);
    if (!this.active.has(runId) && !this.queue.includes(runId)) return this.pollUntilEnded(runId, Infinity).then((r) => r);
    return new Promise((resolve) => {
      const list = this.waiters.get(runId) ?? [];
      list.push(resolve);
      this.waiters.set(runId, list);
    });
  }

  isActive(runId: number): boolean {
    return this.active.has(runId);
  }

  activeCount(): number {
    return this.active.size;
  }

  /** Run slots in use: a run on N threads takes N of them. */
  slotsInUse(): number {
    let n = 0;
    for (const a of this.active.values()) n += a.slots;
    return n;
  }

  /** Slots a run takes: its threads, capped at the concurrency so it can ever start. */
  private slotsOf(run: RunRecord): number {
    return Math.min(this.concurrency, threadsOf(run.params));
  }

  /** The run as this process knows it: a status that could not be saved overrides the stored one. */
  overlay<T extends { id: number; status: RunStatus; error: string | null }>(run: T): T {
    const u = this.unsaved.get(run.id);
    return u && !hasEnded(run.status) ? { ...run, status: u.status, error: u.error } : run;
  }

  /** On quit: end every worker; their runs become interrupted so they can be resumed later. */
  async dispose(): Promise<void> {
    this.closed = true;
    this.held.giveUpNow();
    if (this.orphanWatch) clearInterval(this.orphanWatch);
    const queued = this.queue.splice(0);
    try {
      // Queued runs stay queued; another process may take them at once.
      this.store.releaseLeases(queued, this.owner);
    } catch {
      /* the leases expire by themselves */
    }
    const pending = [...this.active.keys()].map((id) => {
      const a = this.active.get(id)!;
      a.shuttingDown = true;
      a.stopping = true;
      a.worker.post({ type: 'stop' });
      a.killTimer = setTimeout(() => a.worker.dispose(), Math.min(this.stopGraceMs, 2_000));
      return this.waitFor(id);
    });
    await Promise.all(pending);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private async stopElsewhere(runId: number): Promise<RunRecord> {
    const { outcome } = this.store.requestStop(runId, this.owner);
    if (outcome !== 'asked') return this.mustGet(runId);
    this.emit({ type: 'status', runId, status: this.mustGet(runId).status });
    // The owner sees the request at its next heartbeat; if it dies instead, its lease expires.
    return this.pollUntilEnded(runId, this.grant.ttlMs + this.stopGraceMs + 2 * this.heartbeatMs, true);
  }

  /** Poll the store until the run ends; with `stopping`, an orphan met on the way is marked stopped. */
  private async pollUntilEnded(runId: number, timeoutMs: number, stopping = false): Promise<RunRecord> {
    const until = Date.now() + timeoutMs;
    const every = Math.min(250, this.heartbeatMs);
    for (;;) {
      const run = this.mustGet(runId);
      if (hasEnded(run.status) || Date.now() >= until) return run;
      if (stopping && this.store.requestStop(runId, this.owner).outcome === 'stopped') return this.mustGet(runId);
      await new Promise((r) => setTimeout(r, every));
    }
  }

  /** Keep a heartbeat while this manager holds any lease. */
  private beatWhileHolding(): void {
    if (this.heartbeat || this.closed) return;
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
  }

  /** Renew every lease held; drop runs another process took; act on stop requests. */
  private beat(): void {
    const ids = [...this.queue, ...this.active.keys()];
    if (ids.length === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
      return;
    }
    let result: { lost: number[]; stopRequested: number[] };
    try {
      result = this.store.renewLeases(this.grant, ids);
    } catch (e) {
      // Another program's transaction: the leases are renewed at a later beat (or lapse, and a run another process took is let go then).
      if (e instanceof StoreError && e.code === 'BUSY') return;
      // The store cannot be written: stop the workers rather than let their leases lapse under them.
      for (const [runId, a] of [...this.active]) this.writeFailed(runId, a, e);
      return;
    }
    for (const runId of result.lost) {
      const qi = this.queue.indexOf(runId);
      if (qi >= 0) this.queue.splice(qi, 1);
      const a = this.active.get(runId);
      if (a) this.abandon(runId, a);
    }
    for (const runId of result.stopRequested) void this.stop(runId);
  }

  /** Another process took the run: stop working on it and write nothing more. */
  private abandon(runId: number, a: Active): void {
    a.ended = true;
    this.held.release(runId);
    this.recorder.forget(runId);
    a.worker.dispose();
    if (this.active.get(runId) === a) this.active.delete(runId);
    const list = this.waiters.get(runId);
    this.waiters.delete(runId);
    if (list) void this.pollUntilEnded(runId, Infinity).then((r) => list.forEach((w) => w(r)));
    this.pump();
  }

  /**
   * A store write for the run failed (disk full, database gone or read-only): stop its worker and
   * end the run as interrupted (resumable from its checkpoint) or failed, with the reason. When
   * even that cannot be saved, waiters and views are told anyway, and the lease, no longer
   * renewed, lets the next start recover the run.
   */
  private writeFailed(runId: number, a: Active, e: unknown): void {
    if (a.failed) return;
    a.failed = true;
    a.ended = true;
    this.held.release(runId);
    a.worker.dispose();
    const reason = `could not save the run: ${e instanceof Error ? e.message : String(e)}`;
    // The file under the database's name is another one now: nothing is written, not even the end.
    const gone = e instanceof StoreError && e.code === 'GONE';
    let status: RunStatus = 'failed';
    try {
      if (!gone && this.store.latestCheckpoint(runId)) status = 'interrupted';
    } catch {
      /* unreadable too */
    }
    try {
      if (gone) throw e;
      this.end(runId, a, status, { error: reason });
    } catch {
      a.ended = true;
      if (this.active.get(runId) === a) this.active.delete(runId);
      const ended: RunRecord = {
        ...a.run,
        status,
        error: gone ? reason : `${reason} (this could not be saved either: the run is recovered at the next start)`,
        endedAt: Date.now(),
      };
      this.unsaved.set(runId, ended);
      this.emit({ type: 'status', runId, status, error: ended.error!, run: ended });
      const list = this.waiters.get(runId);
      this.waiters.delete(runId);
      for (const w of list ?? []) w(ended);
      this.pump();
    }
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const runId = this.queue[0];
      const next = this.store.getRun(runId);
      // The queue keeps its order: a run on many threads waits until that many slots are free.
      if (this.slotsInUse() + (next ? this.slotsOf(next) : 1) > this.concurrency) break;
      this.queue.shift();
      try {
        this.launch(runId);
      } catch (e) {
        // Another process took it meanwhile: it is theirs now.
        if (e instanceof StoreError && e.code === 'LEASE_LOST') continue;
        try {
          this.finish(runId, 'failed', { error: e instanceof Error ? e.message : String(e) });
        } catch {
          /* the store is unusable; the lease expires and the next start recovers the run */
        }
      }
    }
  }

  private launch(runId: number): void {
    const run = this.mustGet(runId);
    const spec = runSpecOf(this.store, runId, { progressIntervalMs: this.progressIntervalMs, checkpointIntervalMs: this.checkpointIntervalMs });
    this.store.startRun(runId, this.owner, spec.checkpoint);
    this.emit({ type: 'status', runId, status: 'running' });
    const worker = (this.hostFor?.(run) ?? this.spawn)();
    const a: Active = { worker, ended: false, stopping: false, shuttingDown: false, run, slots: this.slotsOf(run) };
    this.active.set(runId, a);
    worker.onMessage((m) => this.onMessage(runId, a, m));
    worker.onExit((description) => {
      if (a.killTimer) clearTimeout(a.killTimer);
      a.exited = description;
      // Its last messages (`done`) may still wait for the database: the exit is seen after them.
      if (!this.held.holding(runId)) this.exited(runId, a);
    });
    worker.post({ type: 'start', spec });
  }

  private exited(runId: number, a: Active): void {
    if (a.ended) return;
    // The process is gone without saying `done`: crash, kill or out of memory.
    try {
      if (a.stopping && !a.shuttingDown) this.end(runId, a, 'stopped', { stopReason: 'stopped' });
      else this.end(runId, a, 'interrupted', { error: a.shuttingDown ? null : `solver process ${a.exited}` });
    } catch (e) {
      if (e instanceof StoreError && e.code === 'LEASE_LOST') this.abandon(runId, a);
      else this.writeFailed(runId, a, e);
    }
  }

  private onMessage(runId: number, a: Active, m: FromWorker): void {
    if (a.ended || m.runId !== runId) return;
    if (this.held.holding(runId)) this.hold(runId, a, m);
    else this.deliver(runId, a, m);
  }

  /** Hold `m` while another program holds the database's write lock; too long, and the run ends as for a failed write. */
  private hold(runId: number, a: Active, m: FromWorker): void {
    if (!this.held.hold(runId, m, () => this.writeHeld(runId, a))) {
      this.held.release(runId);
      this.writeFailed(runId, a, new StoreError('BUSY', `the database is locked by another program for over ${durationText(this.heldGiveUpMs)}`));
    }
  }

  /** Write the held messages in order; one held again keeps the rest behind it. */
  private writeHeld(runId: number, a: Active): void {
    const waiting = this.held.take(runId);
    for (let i = 0; i < waiting.length; i++) {
      if (a.ended) break;
      // Tried without waiting on the lock: a wait would hold the event loop for SQLite's 5 s each time.
      if (!this.store.core.withBusyTimeout(0, () => this.deliver(runId, a, waiting[i]!))) {
        this.held.putBack(runId, waiting.slice(i + 1));
        return;
      }
    }
    this.held.release(runId);
    if (a.exited !== undefined) this.exited(runId, a);
  }

  /** Record one message; false when it had to be held (the database locked by another program). */
  private deliver(runId: number, a: Active, m: FromWorker): boolean {
    try {
      const outcome = this.recorder.record(runId, this.owner, m);
      if (m.type === 'progress') {
        const { elapsedMs, evaluations, bestScore, currentScore } = m.sample;
        this.emit({ type: 'progress', runId, elapsedMs, evaluations, bestScore, currentScore, ...(m.memory ? { memory: m.memory } : {}) });
      } else if (m.type === 'improvement') this.emit({ type: 'improvement', runId, score: m.improvement.score });
      // A run cut short by shutting down resumes later, whatever the solver said.
      if (outcome) this.end(runId, a, a.shuttingDown ? 'interrupted' : outcome.status, outcome.extra);
      // A false claim ends the run before the solver is done: its worker must not go on.
      if (outcome?.rejected) a.worker.dispose();
    } catch (e) {
      if (e instanceof StoreError && e.code === 'LEASE_LOST') this.abandon(runId, a);
      else if (e instanceof StoreError && e.code === 'BUSY') {
        this.hold(runId, a, m);
        return false;
      }
      // A store write failed (disk full, database gone): stop this run rather than lose track of it.
      else this.writeFailed(runId, a, e);
    }
    return true;
  }

  /** The run's worker is finished with it: record the outcome and free the slot at once. */
  private end(runId: number, a: Active, status: RunStatus, extra: Parameters<RunManager['finish']>[2]): void {
    a.ended = true;
    this.held.release(runId);
    this.recorder.forget(runId);
    if (this.active.get(runId) === a) this.active.delete(runId);
    this.finish(runId, status, extra);
    this.pump();
  }

  private finish(
    runId: number,
    status: RunStatus,
    extra: { stopReason?: StopReason; error?: string | null; elapsedMs?: number; evaluations?: number; peakRssBytes?: number },
  ): void {
    this.setStatus(runId, status, { ...extra, endedAt: Date.now() });
    this.resolveWaiters(runId);
  }

  private setStatus(runId: number, status: RunStatus, extra: Parameters<Store['setRunStatus']>[2]): void {
    this.store.setRunStatus(runId, status, extra, this.owner);
    this.emit({ type: 'status', runId, status });
  }

  private resolveWaiters(runId: number): void {
    if (this.active.has(runId)) return;
    const run = this.store.getRun(runId);
    if (!run || !hasEnded(run.status)) return;
    const list = this.waiters.get(runId);
    if (!list) return;
    this.waiters.delete(runId);
    for (const w of list) w(run);
  }

  private emit(e: RunManagerEvent): void {
    for (const l of this.listeners) l(e);
  }

  private mustGet(runId: number): RunRecord {
    const r = this.store.getRun(runId);
    if (!r) throw new Error(`no run ${runId}`);
    return r;
  }
}
