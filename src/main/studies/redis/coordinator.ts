/**
 * The coordinator's side of runs on many machines: puts runs on the BullMQ queue, reads what the
 * workers send back from the database's event stream, and writes it into SQLite through the same
 * Store calls the local run manager uses, so a remote run is an ordinary run.
 *
 * The runs are held by the queue's lease owner (store/leases.ts `queueOwner`), so a coordinator
 * that goes away and comes back (or another one on the same database) takes them over where it
 * left them: the stream's unacknowledged entries are applied (idempotently, store/remote-runs.ts),
 * and runs whose job is gone from the queue are put on it again from their last checkpoint.
 */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { RESUMABLE_STATUSES, hasEnded, type Checkpoint } from '../../../core/engine/run-types';
import { SolverRecorder } from '../../runs/record';
import { runSpecOf } from '../../runs/run-spec';
import { StoreError } from '../../store/errors';
import { ownerKey, queueOwner, type LeaseGrant } from '../../store/leases';
import { RemoteRunStore } from '../../store/remote-runs';
import type { Store } from '../../store/store';
import type { RunRecord, RunStatus } from '../../store/types';
import type { RunDispatcher } from '../dispatcher';
import type { Disposable } from '../../lifecycle/disposable';
import { connectRedis, duplicate, maskRedisUrl } from './connection';
import { claimCoordinator, releaseCoordinator } from './coordinator-lease';
import { CONSUMER, GROUP, jobId, keys, PREFIX, QUEUE, readEntry, type RunJob, type StreamEntry } from './events';

export interface CoordinatorOptions {
  /** Runs of this coordinator on the queue at once (waiting or running); default no limit. */
  concurrency?: number;
  checkpointIntervalMs?: number;
  progressIntervalMs?: number;
  /** How often leases are renewed and stop requests looked for (default 2 s). */
  heartbeatMs?: number;
  leaseTtlMs?: number;
  /** Where runs go that this coordinator does not hold (the local run manager). */
  elsewhere?: Pick<RunDispatcher, 'stop' | 'waitFor'>;
}

const ON_QUEUE = ['active', 'waiting', 'delayed', 'prioritized', 'waiting-children'];

/** A store that refuses every call from now on: its file was replaced under this process, closed or found damaged. */
const unusable = (e: unknown): e is StoreError => e instanceof StoreError && (e.code === 'GONE' || e.code === 'CLOSED' || e.code === 'CORRUPT');
const DB_ID = 'redis.databaseId';
/** How long leaving waits for writes still on their way to Redis. */
const DISPOSE_WAIT_MS = 10_000;

/** The database's name on Redis: made once, so several databases can share one Redis server. */
export function databaseId(store: Store): string {
  return store.updateSetting(DB_ID, (v) => (typeof v === 'string' && /^[\w-]+$/.test(v) ? v : randomUUID()));
}

export class RemoteRuns implements RunDispatcher, Disposable {
  readonly grant: LeaseGrant;
  readonly dbId: string;
  private readonly queue: Queue<RunJob>;
  private readonly reader: Redis;
  /** BullMQ leaves connections it was given open: they are closed here. */
  private readonly queueConnection: Redis;
  private readonly remote: RemoteRunStore;
  private readonly recorder: SolverRecorder;
  private readonly concurrency: number;
  /** Runs this coordinator follows: held by the queue's lease and not ended. */
  private readonly tracked = new Set<number>();
  /** Runs waiting for a place on the queue (see `concurrency`). */
  private readonly backlog: number[] = [];
  private readonly onQueue = new Set<number>();
  private readonly waiters = new Map<number, { resolve: (r: RunRecord) => void; reject: (e: unknown) => void }[]>();
  private readonly work = new Set<Promise<unknown>>();
  /** Runs taken off the queue for a stop whose status the store has not taken yet. */
  private readonly unsavedStops = new Set<number>();
  private heartbeat?: NodeJS.Timeout;
  private loop?: Promise<void>;
  private closed = false;
  /** The last failure of the reading loop, told once per kind. */
  private lastTrouble = '';
  /** Why the database can no longer be written (see fail); every wait ends in it. */
  private failure: Error | null = null;

  private constructor(
    private readonly store: Store,
    private readonly redis: Redis,
    private readonly opts: CoordinatorOptions,
  ) {
    this.dbId = databaseId(store);
    this.grant = { owner: queueOwner(this.dbId), ttlMs: opts.leaseTtlMs ?? 15_000 };
    this.remote = new RemoteRunStore(store);
    this.recorder = new SolverRecorder(store);
    this.concurrency = opts.concurrency ?? Infinity;
    this.queueConnection = duplicate(redis);
    this.queue = new Queue<RunJob>(QUEUE, { connection: this.queueConnection, prefix: PREFIX });
    this.queue.on('error', () => {
      /* ioredis reconnects */
    });
    this.reader = duplicate(redis);
  }

  /**
   * Connect (one clear line when Redis cannot be reached), catch up with what the workers sent
   * while no coordinator was connected, and take over the runs the queue holds.
   */
  static async open(store: Store, url: string, opts: CoordinatorOptions = {}): Promise<RemoteRuns> {
    claimCoordinator(store, opts.leaseTtlMs ?? 15_000);
    let redis: Redis;
    try {
      redis = await connectRedis(url);
    } catch (e) {
      releaseCoordinator(store);
      throw e;
    }
    const rr = new RemoteRuns(store, redis, opts);
    try {
      await rr.start();
    } catch (e) {
      await rr.dispose();
      throw new Error(`Redis at ${maskRedisUrl(url)}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    return rr;
  }

  private get events(): string {
    return keys(this.dbId).events;
  }

  private async start(): Promise<void> {
    await this.createGroup();
    // Entries delivered to a coordinator that died before acknowledging them, then the new ones.
    while ((await this.readOnce('0', false)) > 0);
    while ((await this.readOnce('>', false)) > 0);
    // Live runs the queue holds, left by an earlier coordinator.
    for (const runId of this.remote.liveRunsOf(ownerKey(this.grant.owner))) {
      this.tracked.add(runId);
      await this.reconcile(runId);
    }
    this.loop = this.readLoop();
    this.beat();
  }

  // ---- RunDispatcher ------------------------------------------------------------------------

  enqueue(runId: number): void {
    this.tracked.add(runId);
    if (!this.backlog.includes(runId) && !this.onQueue.has(runId)) this.backlog.push(runId);
    this.pump();
  }

  resume(runId: number): RunRecord {
    if (this.tracked.has(runId)) return this.mustGet(runId);
    let claimed;
    try {
      claimed = this.store.claimRun(runId, this.grant, [...RESUMABLE_STATUSES, 'queued'], 'queued', { endedAt: null, stopReason: null, error: null });
    } catch (e) {
      if (e instanceof StoreError && e.code === 'LEASE_HELD') throw new Error(e.message, { cause: e });
      throw e;
    }
    if (!claimed) throw new Error(`run ${runId} is ${this.mustGet(runId).status}; only interrupted or stopped runs can be resumed`);
    this.enqueue(runId);
    return this.mustGet(runId);
  }

  isActive(runId: number): boolean {
    return this.tracked.has(runId);
  }

  waitFor(runId: number): Promise<RunRecord> {
    if (this.failure) return Promise.reject(this.failure);
    const run = this.mustGet(runId);
    if (!this.tracked.has(runId)) {
      if (hasEnded(run.status) || !this.opts.elsewhere) return Promise.resolve(run);
      return this.opts.elsewhere.waitFor(runId);
    }
    return new Promise((resolve, reject) => {
      const list = this.waiters.get(runId) ?? [];
      list.push({ resolve, reject });
      this.waiters.set(runId, list);
    });
  }

  /** Waiting jobs are taken off the queue; running ones are asked to stop through Redis. */
  async stop(runId: number): Promise<RunRecord> {
    if (!this.tracked.has(runId)) return this.opts.elsewhere ? this.opts.elsewhere.stop(runId) : this.mustGet(runId);
    const bi = this.backlog.indexOf(runId);
    if (bi >= 0) {
      this.backlog.splice(bi, 1);
      this.endStopped(runId);
      return this.mustGet(runId);
    }
    const job = await this.queue.getJob(jobId(this.dbId, runId));
    if (job && ['waiting', 'delayed', 'prioritized'].includes(await job.getState())) {
      const removed = await job.remove().then(
        () => true,
        () => false, // taken by a worker meanwhile: it is asked below
      );
      if (removed) {
        this.endStopped(runId);
        return this.mustGet(runId);
      }
    }
    const ended = this.waitFor(runId);
    await this.redis.set(keys(this.dbId, runId).stop, '1', 'EX', 7 * 86_400);
    return ended;
  }

  /** Stop following the queue. Runs on it go on; the next coordinator catches up with them. */
  async dispose(): Promise<void> {
    this.closed = true;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    // A stop waiting for its run, or a command on a connection that went away, does not hold the exit.
    await Promise.race([Promise.allSettled([...this.work]), new Promise((r) => setTimeout(r, DISPOSE_WAIT_MS).unref())]);
    try {
      releaseCoordinator(this.store);
    } catch {
      /* the store is unusable; the lease lapses */
    }
    this.reader.disconnect();
    await this.loop?.catch(() => {});
    await this.queue.close().catch(() => {});
    this.queueConnection.disconnect();
    this.redis.disconnect();
  }

  /** How many runs this coordinator follows; for progress lines. */
  get following(): number {
    return this.tracked.size;
  }

  // ---- dispatch -----------------------------------------------------------------------------

  private pump(): void {
    while (!this.closed && this.onQueue.size < this.concurrency && this.backlog.length > 0) {
      const runId = this.backlog.shift()!;
      this.onQueue.add(runId);
      this.track(
        this.dispatch(runId).catch((e: unknown) => {
          this.onQueue.delete(runId);
          try {
            this.endRun(runId, 'interrupted', { error: `could not put the run on the Redis queue: ${e instanceof Error ? e.message : String(e)}` });
          } catch {
            /* the lease lapses; the next coordinator sees the run again */
          }
        }),
      );
    }
  }

  private async dispatch(runId: number): Promise<void> {
    const spec = runSpecOf(this.store, runId, {
      progressIntervalMs: this.opts.progressIntervalMs ?? 1_000,
      checkpointIntervalMs: this.opts.checkpointIntervalMs ?? 30_000,
    });
    const id = jobId(this.dbId, runId);
    const existing = await this.queue.getJob(id);
    if (existing && ON_QUEUE.includes(await existing.getState())) return;
    await existing?.remove().catch(() => {});
    const k = keys(this.dbId, runId);
    // SQLite has every checkpoint the stream brought; a fresh attempt starts from its own.
    await this.redis.del(k.checkpoint, k.stop);
    // Attempts only go up, even on a Redis that lost its data since: older ones are skipped.
    const last = this.remote.lastAttempt(runId);
    if (Number((await this.redis.get(k.attempt)) ?? 0) < last) await this.redis.set(k.attempt, String(last));
    await this.queue.add('run', { dbId: this.dbId, spec }, { jobId: id, removeOnComplete: true, removeOnFail: true });
  }

  /** A run the queue holds, after catching up: still on the queue, or put on it again. */
  private async reconcile(runId: number): Promise<void> {
    const job = await this.queue.getJob(jobId(this.dbId, runId));
    if (job && ON_QUEUE.includes(await job.getState())) {
      this.onQueue.add(runId);
      return;
    }
    // Its job is gone (it ended without telling, or Redis lost it): again from its checkpoint.
    if (!this.backlog.includes(runId)) this.backlog.push(runId);
    this.pump();
  }

  // ---- what the workers send ----------------------------------------------------------------

  private async readLoop(): Promise<void> {
    while (!this.closed) {
      try {
        // After a lost connection, entries read but not acknowledged come first.
        while (!this.closed && (await this.readOnce('0', false)) > 0);
        while (!this.closed) await this.readOnce('>', true);
      } catch (e) {
        if (this.closed) return;
        if (e instanceof Error && e.message.startsWith('NOGROUP')) {
          await this.redisLostItsData().catch((err: unknown) => this.trouble(err));
          continue;
        }
        if (unusable(e)) return this.fail(e);
        this.trouble(e);
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  }

  /**
   * The stream's group is gone: Redis restarted without its data (or was flushed). Its jobs and
   * checkpoints went with it, so every run followed here goes back on the queue from the
   * checkpoint SQLite has.
   */
  private async redisLostItsData(): Promise<void> {
    process.stderr.write('workbench: the Redis server lost its data (restarted without saving?); putting the runs on its queue again from their checkpoints\n');
    await this.createGroup();
    for (const runId of this.tracked) {
      if (this.backlog.includes(runId)) continue;
      this.onQueue.delete(runId);
      await this.reconcile(runId);
    }
  }

  private async createGroup(): Promise<void> {
    try {
      await this.redis.xgroup('CREATE', this.events, GROUP, '0', 'MKSTREAM');
    } catch (e) {
      if (!(e instanceof Error && e.message.startsWith('BUSYGROUP'))) throw e;
    }
  }

  /** Read and apply one batch; returns how many entries it held. */
  private async readOnce(from: '0' | '>', block: boolean): Promise<number> {
    const args: (string | number)[] = ['GROUP', GROUP, CONSUMER, 'COUNT', 500];
    if (block) args.push('BLOCK', 1_000);
    args.push('STREAMS', this.events, from);
    // The typed command: it gives RESP2's shape whichever protocol the connection speaks.
    const xreadgroup = this.reader.xreadgroup.bind(this.reader) as (...a: (string | number)[]) => Promise<unknown>;
    const res = (await xreadgroup(...args)) as [string, [string, string[] | null][]][] | null;
    const entries = res?.[0]?.[1] ?? [];
    const done: string[] = [];
    for (const [id, fields] of entries) {
      // A deleted entry still pending shows with no fields.
      const entry = fields ? readEntry(id, fields) : null;
      if (entry) this.apply(entry);
      done.push(id);
    }
    if (done.length > 0) {
      // Applied entries are not needed again: the stream holds only what is not yet in SQLite.
      await this.redis
        .multi()
        .xack(this.events, GROUP, ...done)
        .xdel(this.events, ...done)
        .exec();
    }
    return entries.length;
  }

  /** Write one entry into the store, once. A run no longer held here is told to stop. */
  private apply(e: StreamEntry): void {
    const { runId, event } = e;
    const owner = this.grant.owner;
    const out: { ended: RunStatus | null; rejected: boolean } = { ended: null, rejected: false };
    try {
      this.remote.apply(runId, this.dbId, e, () => {
        switch (event.type) {
          case 'attempt': {
            // The worker's starting point: progress after it is dropped, improvements stay.
            const from: Checkpoint | null = event.from ? { ...event.from, bestScore: 0, state: null } : null;
            this.store.startRun(runId, owner, from);
            break;
          }
          case 'lost':
            out.ended = 'interrupted';
            this.store.setRunStatus(runId, 'interrupted', { error: event.description }, owner);
            break;
          default: {
            const outcome = this.recorder.record(runId, owner, event);
            if (outcome) {
              out.ended = outcome.status;
              out.rejected = outcome.rejected === true;
              this.store.setRunStatus(runId, outcome.status, outcome.extra, owner);
            }
          }
        }
      });
    } catch (err) {
      if (err instanceof StoreError && (err.code === 'LEASE_LOST' || err.code === 'NOT_FOUND')) {
        // Another process took the run (or it was deleted): the worker on it should stop.
        this.forget(runId);
        this.track(this.redis.set(keys(this.dbId, runId).stop, '1', 'EX', 7 * 86_400).catch(() => {}));
        return;
      }
      throw err;
    }
    if (out.ended) {
      this.forget(runId);
      this.recorder.forget(runId);
      const k = keys(this.dbId, runId);
      // A run failed for a false claim still has a worker on it: tell it to stop.
      if (out.rejected) this.track(this.redis.set(k.stop, '1', 'EX', 7 * 86_400).catch(() => {}));
      else this.track(this.redis.del(k.checkpoint, k.stop).catch(() => {}));
    }
  }

  /** The run is no longer this coordinator's: free its place and tell its waiters. */
  private forget(runId: number): void {
    this.tracked.delete(runId);
    this.onQueue.delete(runId);
    const bi = this.backlog.indexOf(runId);
    if (bi >= 0) this.backlog.splice(bi, 1);
    const list = this.waiters.get(runId);
    this.waiters.delete(runId);
    if (list) {
      const run = this.mustGet(runId);
      for (const w of list) w.resolve(run);
    }
    this.pump();
  }

  /**
   * A run taken off the queue for a stop has no job left, so nothing else would end it: when the
   * store cannot take the status now (busy), the heartbeat tries again until it does.
   */
  private endStopped(runId: number): void {
    this.unsavedStops.add(runId);
    this.saveStops();
  }

  private saveStops(): void {
    for (const runId of this.unsavedStops) {
      try {
        this.endRun(runId, 'stopped', { stopReason: 'stopped' });
        this.unsavedStops.delete(runId);
      } catch (e) {
        if (!(e instanceof StoreError && (e.code === 'LEASE_LOST' || e.code === 'NOT_FOUND'))) continue;
        // Another process took it or ended it: it is not ours to end.
        this.unsavedStops.delete(runId);
        this.forget(runId);
      }
    }
  }

  private endRun(runId: number, status: RunStatus, extra: Parameters<Store['setRunStatus']>[2]): void {
    this.store.setRunStatus(runId, status, extra, this.grant.owner);
    this.forget(runId);
  }

  // ---- leases -------------------------------------------------------------------------------

  /** Renew the queue's leases while connected; act on stop requests made through the database. */
  private beat(): void {
    if (this.closed) return;
    try {
      claimCoordinator(this.store, this.grant.ttlMs);
    } catch {
      /* paused past its lease and another coordinator took over: the run leases below decide */
    }
    this.saveStops();
    try {
      const ids = [...this.tracked];
      if (ids.length > 0) {
        const { lost, stopRequested } = this.store.renewLeases(this.grant, ids);
        for (const runId of lost) {
          this.forget(runId);
          this.track(this.redis.set(keys(this.dbId, runId).stop, '1', 'EX', 7 * 86_400).catch(() => {}));
        }
        for (const runId of stopRequested) this.track(this.stop(runId).catch(() => {}));
      }
    } catch (e) {
      if (unusable(e)) return this.fail(e);
      /* the store is busy or unwritable: the next beat tries again */
    }
    this.heartbeat = setTimeout(() => this.beat(), this.opts.heartbeatMs ?? 2_000);
  }

  /**
   * The database file can no longer be written (replaced under this process, damaged): no event
   * can be saved, so every wait ends in that one line. The runs go on on the workers, and their
   * events wait in Redis for a coordinator on a database that holds them (see the top of the file).
   */
  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    this.closed = true;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    const waiting = [...this.waiters.values()].flat();
    this.waiters.clear();
    for (const w of waiting) w.reject(e);
  }

  private track(p: Promise<unknown>): void {
    this.work.add(p);
    void p.finally(() => this.work.delete(p));
  }

  private trouble(e: unknown): void {
    const msg = e instanceof Error ? e.message : String(e);
    if (msg === this.lastTrouble) return;
    this.lastTrouble = msg;
    process.stderr.write(`workbench: reading worker events from Redis failed (${msg.split('\n')[0]}); trying again\n`);
  }

  private mustGet(runId: number): RunRecord {
    const r = this.store.getRun(runId);
    if (!r) throw new Error(`no run ${runId}`);
    return r;
  }
}
