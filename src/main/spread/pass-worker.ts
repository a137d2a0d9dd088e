/**
 * The worker's side of spread runs: `workbench worker` takes pass jobs from the `farm` queue as
 * well as runs, and runs each in the same solver worker process as a local run (the job is a run
 * spec: from a board it is a checkpoint, on the CPU clock for the job's budget). What the solver
 * says goes back on the run's stream: every improvement with its board, progress with its CPU
 * time and evaluations, and the end. Nothing here is trusted by the coordinator: it checks every
 * board again.
 *
 * A worker that dies leaves its job to BullMQ's stalled-job check, which hands it to another
 * worker: the pass is run again from its start (a pass is short), as another attempt, and the
 * coordinator counts the work of both attempts once each and the job once.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { WorkerHandle, WorkerSpawner } from '../runs/worker-host';
import { duplicate } from '../studies/redis/connection';
import { tallyIn, type PassTallyJson } from '../../core/families/edge/beam/tally';
import { entryFields, FARM_QUEUE, PREFIX, passJobProblem, SPREAD_VERSION, spreadKeys, workerKey, type PassEvent, type PassJob } from './protocol';

export interface PassWorkerOptions {
  redis: Redis;
  spawn: WorkerSpawner;
  /** Passes at once (default 1). */
  concurrency?: number;
  /** BullMQ's job lock: how long a worker that stopped answering keeps its job (default 30 s). */
  lockDurationMs?: number;
  /** How often the worker announces itself and looks whether its passes' runs go on (default 2 s). */
  heartbeatMs?: number;
  /** Told about each pass begun and ended, for the worker's log. */
  onPass?: (e: { runId: number; n: number; from: number | null } | { runId: number; n: number; ended: string }) => void;
}

/** Entries a run's stream keeps at most when no coordinator reads it. */
const STREAM_MAX = 100_000;

export class PassWorker {
  private readonly worker: Worker<PassJob>;
  private readonly connection: Redis;
  private readonly solvers = new Set<WorkerHandle>();
  readonly who = `${hostname()}/${process.pid}`;
  private readonly heartbeatMs: number;
  private readonly concurrency: number;
  private readonly announcer: NodeJS.Timeout;
  private closing = false;

  constructor(private readonly opts: PassWorkerOptions) {
    this.heartbeatMs = opts.heartbeatMs ?? 2_000;
    this.concurrency = Math.max(1, opts.concurrency ?? 1);
    const lockDuration = opts.lockDurationMs ?? 30_000;
    this.connection = duplicate(opts.redis);
    this.worker = new Worker<PassJob>(FARM_QUEUE, (job) => this.process(job), {
      connection: this.connection,
      prefix: PREFIX,
      concurrency: this.concurrency,
      lockDuration,
      stalledInterval: Math.max(500, Math.round(lockDuration / 2)),
      maxStalledCount: 1000,
      autorun: true,
    });
    this.worker.on('error', () => {
      /* connection trouble: ioredis reconnects and BullMQ carries on */
    });
    this.announce();
    this.announcer = setInterval(() => this.announce(), this.heartbeatMs);
  }

  async ready(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  /** Leave: solvers are ended, their jobs left to the stalled-job check (another worker runs them again). */
  async dispose(): Promise<void> {
    this.closing = true;
    clearInterval(this.announcer);
    await this.opts.redis.del(workerKey(this.who)).catch(() => {});
    for (const s of this.solvers) s.dispose();
    await this.worker.close(true);
    this.connection.disconnect();
  }

  /** The coordinators keep about as many jobs out as the workers announce they can run. */
  private announce(): void {
    const ttl = Math.max(5, Math.ceil((3 * this.heartbeatMs) / 1000));
    const text = JSON.stringify({ v: SPREAD_VERSION, who: this.who, concurrency: this.concurrency, busy: this.solvers.size });
    this.opts.redis.set(workerKey(this.who), text, 'EX', ttl).catch(() => {});
  }

  private async process(job: Job<PassJob>): Promise<void> {
    const problem = passJobProblem(job.data);
    const d = job.data;
    if (problem) {
      // Said on the run's stream where the job names its run, so the coordinator can tell its user.
      if (typeof d?.dbId === 'string' && typeof d.runId === 'number')
        await this.opts.redis
          .xadd(
            spreadKeys(d.dbId, d.runId).events,
            ...entryFields({
              v: SPREAD_VERSION,
              epoch: String(d.epoch),
              n: Number(d.n) || 0,
              attempt: '-',
              who: this.who,
              event: { type: 'refused', message: problem },
            }),
          )
          .catch(() => {});
      throw new UnrecoverableError(problem);
    }
    const keys = spreadKeys(d.dbId, d.runId);
    const over = (state: string | null): boolean => state !== null && state !== d.epoch;
    // A job of a run that ended, or of an earlier start of it: nothing to do.
    if (over(await this.opts.redis.get(keys.state))) return;
    const attempt = randomUUID().slice(0, 12);
    let chain: Promise<unknown> = Promise.resolve();
    const send = (event: PassEvent): void => {
      const fields = entryFields({ v: SPREAD_VERSION, epoch: d.epoch, n: d.n, attempt, who: this.who, event });
      chain = chain.then(() => this.opts.redis.xadd(keys.events, 'MAXLEN', '~', STREAM_MAX, '*', ...fields).catch(() => {}));
    };
    this.opts.onPass?.({ runId: d.runId, n: d.n, from: d.from });

    const solver = this.opts.spawn();
    this.solvers.add(solver);
    let ended = false;
    let stopSent = false;
    let last = { cpuMs: 0, evaluations: 0 };
    // The job's passes by score, from its solver's checkpoint (its last comes just before its end).
    let tally: PassTallyJson | undefined;
    const heartbeat = setInterval(() => {
      if (stopSent) return;
      this.opts.redis.get(keys.state).then(
        (state) => {
          if (over(state) && !stopSent) {
            stopSent = true;
            solver.post({ type: 'stop' });
          }
        },
        () => {},
      );
    }, this.heartbeatMs);
    const exit = new Promise<string>((resolve) => solver.onExit(resolve));
    solver.onMessage((m) => {
      if (ended) return;
      switch (m.type) {
        case 'progress':
          last = { cpuMs: m.sample.elapsedMs, evaluations: m.sample.evaluations };
          send({ type: 'progress', ...last, bestScore: m.sample.bestScore, currentScore: m.sample.currentScore, passes: m.sample.iteration });
          break;
        case 'improvement': {
          const i = m.improvement;
          last = { cpuMs: Math.max(last.cpuMs, i.elapsedMs), evaluations: Math.max(last.evaluations, i.evaluations) };
          send({ type: 'improvement', cpuMs: i.elapsedMs, evaluations: i.evaluations, score: i.score, solution: i.solution });
          break;
        }
        case 'checkpoint':
          tally = tallyIn(m.checkpoint.state);
          break;
        case 'done':
          ended = true;
          send({ type: 'end', reason: m.reason, cpuMs: m.elapsedMs, evaluations: m.evaluations, bestScore: m.bestScore, ...(tally ? { tally } : {}) });
          break;
        case 'error':
          ended = true;
          send({ type: 'failed', message: m.message, ...last });
          break;
        default:
      }
    });
    solver.post({ type: 'start', spec: d.spec });
    const description = await exit;
    clearInterval(heartbeat);
    this.solvers.delete(solver);
    // Leaving: the job is not finished; its lock lapses and another worker runs it again.
    if (this.closing) await new Promise(() => {});
    if (!ended) send({ type: 'failed', message: `solver process ${description} on ${hostname()}`, ...last });
    await chain;
    this.opts.onPass?.({ runId: d.runId, n: d.n, ended: ended ? 'ended' : `solver process ${description}` });
  }
}
