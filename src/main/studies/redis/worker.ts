/**
 * `workbench worker`: takes runs from the Redis queue and runs each one in the same solver worker
 * process as a local run, sending everything the solver says back through Redis. It has no
 * database. A worker that dies leaves its job to BullMQ's stalled-job check, which hands it to
 * another worker; that one begins a new attempt from the run's latest checkpoint.
 */
import { hostname } from 'node:os';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { WorkerHandle, WorkerSpawner } from '../../runs/worker-host';
import { duplicate } from './connection';
import { FencedWriter, keys, PREFIX, QUEUE, type RunJob } from './events';
import type { Disposable } from '../../lifecycle/disposable';

export interface RunWorkerOptions {
  redis: Redis;
  spawn: WorkerSpawner;
  /** Runs at once (default 1). */
  concurrency?: number;
  /** BullMQ's job lock: how long a worker that stopped answering keeps its job (default 30 s). */
  lockDurationMs?: number;
  /** How often stalled jobs are looked for (default: half the lock duration). */
  stalledIntervalMs?: number;
  /** How often a stop request is looked for (default 2 s). */
  heartbeatMs?: number;
  /** Told about each run begun and ended, for the worker's log. */
  onRun?: (e: { runId: number; dbId: string; attempt: number; from: number | null } | { runId: number; dbId: string; ended: string }) => void;
}

export class RunWorker implements Disposable {
  private readonly worker: Worker<RunJob>;
  /** BullMQ leaves connections it was given open: closed here. */
  private readonly connection: Redis;
  private readonly solvers = new Set<WorkerHandle>();
  private readonly heartbeatMs: number;
  private readonly who = `${hostname()}/${process.pid}`;
  private closing = false;

  constructor(private readonly opts: RunWorkerOptions) {
    this.heartbeatMs = opts.heartbeatMs ?? 2_000;
    const lockDuration = opts.lockDurationMs ?? 30_000;
    this.connection = duplicate(opts.redis);
    this.worker = new Worker<RunJob>(QUEUE, (job, token) => this.process(job, token ?? ''), {
      connection: this.connection,
      prefix: PREFIX,
      concurrency: Math.max(1, opts.concurrency ?? 1),
      lockDuration,
      stalledInterval: opts.stalledIntervalMs ?? Math.max(500, Math.round(lockDuration / 2)),
      // A run may move several times (each worker that died under it): it stays one run.
      maxStalledCount: 1000,
      autorun: true,
    });
    this.worker.on('error', () => {
      /* connection trouble: ioredis reconnects and BullMQ carries on */
    });
  }

  /** Resolves once the worker is connected and waiting for jobs. */
  async ready(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  /**
   * Leave: the solvers are ended and their jobs left to the stalled-job check, which hands them
   * to another worker (from their checkpoints) once their locks expire.
   */
  async dispose(): Promise<void> {
    this.closing = true;
    for (const s of this.solvers) s.dispose();
    await this.worker.close(true);
    this.connection.disconnect();
  }

  private async process(job: Job<RunJob>, token: string): Promise<void> {
    const { dbId, spec } = job.data;
    const runId = spec.runId;
    const out = new FencedWriter(this.opts.redis, dbId, runId, job.id!, token);
    const begun = await out.begin(spec.checkpoint);
    if (!begun) throw new Error(`run ${runId}: this worker no longer holds the job`);
    const { attempt, checkpoint } = begun;
    this.opts.onRun?.({ runId, dbId, attempt, from: checkpoint?.elapsedMs ?? null });
    void out.post({
      type: 'attempt',
      runId,
      worker: this.who,
      from: checkpoint ? { elapsedMs: checkpoint.elapsedMs, evaluations: checkpoint.evaluations } : null,
    });

    const solver = this.opts.spawn();
    this.solvers.add(solver);
    let ended = false;
    let stopSent = false;
    const stopKey = keys(dbId, runId).stop;
    const heartbeat = setInterval(() => {
      if (!out.holds) return solver.dispose();
      if (stopSent) return;
      this.opts.redis.exists(stopKey).then(
        (n) => {
          if (n > 0 && !stopSent) {
            stopSent = true;
            solver.post({ type: 'stop' });
          }
        },
        () => {},
      );
    }, this.heartbeatMs);

    const exit = new Promise<string>((resolve) => solver.onExit(resolve));
    solver.onMessage((m) => {
      if (m.runId !== runId || ended) return;
      if (m.type === 'done' || m.type === 'error') ended = true;
      void out.post(m).then((ok) => {
        if (!ok) solver.dispose();
      });
    });
    solver.post({ type: 'start', spec: { ...spec, checkpoint } });
    const description = await exit;
    clearInterval(heartbeat);
    this.solvers.delete(solver);
    // Leaving: the job is not finished; its lock lapses and another worker takes it over.
    if (this.closing) await new Promise(() => {});
    if (!ended && out.holds) void out.post({ type: 'lost', runId, description: `solver process ${description} on ${hostname()}` });
    const held = await out.flushed();
    this.opts.onRun?.({ runId, dbId, ended: !held ? 'taken by another worker' : ended ? 'ended' : `solver process ${description}` });
    if (!held) throw new Error(`run ${runId}: another worker has it now`);
  }
}
