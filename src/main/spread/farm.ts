/**
 * The coordinator's Redis side of a spread run: puts pass jobs on the `farm` queue, finds the jobs
 * that vanished (Redis lost its data, or a job failed without a word), reads the workers' entries
 * and the workers' announcements. No run logic here: that is the host's (host.ts).
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import * as v from 'valibot';
import { duplicate } from '../studies/redis/connection';
import type { Disposable } from '../lifecycle/disposable';
import {
  ENDED,
  FARM_QUEUE,
  PREFIX,
  passJobId,
  readPassEntry,
  spreadKeys,
  WORKER_KEY_PREFIX,
  WorkerAnnouncement,
  type PassEntry,
  type PassJob,
} from './protocol';

/** A job the coordinator waits on. */
interface Outstanding {
  job: PassJob;
  /** How many times it was put on the queue. */
  k: number;
  /** Checks in a row that did not find it on the queue. */
  missing: number;
}

const ON_QUEUE = ['active', 'waiting', 'delayed', 'prioritized', 'waiting-children'];

export class Farm implements Disposable {
  private readonly queue: Queue<PassJob>;
  private readonly queueConnection: Redis;
  private readonly keys: ReturnType<typeof spreadKeys>;
  private readonly outstanding = new Map<number, Outstanding>();
  private lastId = '0';

  constructor(
    private readonly redis: Redis,
    private readonly dbId: string,
    private readonly runId: number,
    private readonly epoch: string,
  ) {
    this.keys = spreadKeys(dbId, runId);
    this.queueConnection = duplicate(redis);
    this.queue = new Queue<PassJob>(FARM_QUEUE, { connection: this.queueConnection, prefix: PREFIX });
    this.queue.on('error', () => {
      /* ioredis reconnects */
    });
  }

  get size(): number {
    return this.outstanding.size;
  }

  /** Tell workers this start of the run is the one whose jobs count. */
  async open(): Promise<void> {
    await this.redis.set(this.keys.state, this.epoch);
  }

  /** Put job n on the queue (again, with `delayMs`, when it was refused or lost). */
  async issue(job: PassJob, delayMs = 0): Promise<void> {
    const o = this.outstanding.get(job.n) ?? { job, k: 0, missing: 0 };
    o.k++;
    o.missing = 0;
    this.outstanding.set(job.n, o);
    await this.queue.add('pass', job, {
      jobId: passJobId(this.dbId, this.runId, this.epoch, job.n, o.k),
      removeOnComplete: true,
      removeOnFail: true,
      ...(delayMs > 0 ? { delay: delayMs } : {}),
    });
  }

  /** Put job n, still waited on, on the queue again as it was issued (after `delayMs`). */
  async again(n: number, delayMs = 0): Promise<void> {
    const o = this.outstanding.get(n);
    if (o) await this.issue(o.job, delayMs);
  }

  /**
   * Job n ended: no longer waited on, and its copies still waiting on the queue go (put there
   * again when Redis came back empty, or when it was thought lost): each would run the same pass
   * again, the same seed from the same board, on the run's CPU.
   */
  async settle(n: number): Promise<void> {
    const o = this.outstanding.get(n);
    this.outstanding.delete(n);
    for (let k = 1; k <= (o?.k ?? 0); k++) {
      const job = await this.queue.getJob(passJobId(this.dbId, this.runId, this.epoch, n, k));
      if (job && (await job.getState()) !== 'active') await job.remove().catch(() => {});
    }
  }

  /**
   * Whether Redis still holds this start's state; when it does not (it restarted without its
   * data, or was flushed), the state is set again and every outstanding job is put on the queue
   * again. Returns how many were.
   */
  async recover(): Promise<number | null> {
    if ((await this.redis.get(this.keys.state)) !== null) return null;
    await this.open();
    for (const o of this.outstanding.values()) await this.issue(o.job);
    return this.outstanding.size;
  }

  /**
   * Jobs that are no longer on the queue without having ended (`ended(n)` false), on two checks in
   * a row (a job whose end is on its way is not on the queue either): put on it again.
   */
  async reissueLost(ended: (n: number) => boolean): Promise<number[]> {
    const again: number[] = [];
    for (const [n, o] of [...this.outstanding]) {
      if (ended(n)) {
        this.outstanding.delete(n);
        continue;
      }
      const job = await this.queue.getJob(passJobId(this.dbId, this.runId, this.epoch, n, o.k));
      const there = job ? ON_QUEUE.includes(await job.getState()) : false;
      o.missing = there ? 0 : o.missing + 1;
      if (o.missing >= 2) {
        again.push(n);
        await this.issue(o.job);
      }
    }
    return again;
  }

  /** The entries the workers sent since the last read, at most `count`; read entries leave the stream. */
  async read(count = 500): Promise<(PassEntry | { id: string; who: string; version: number })[]> {
    const res = (await this.redis.xread('COUNT', count, 'STREAMS', this.keys.events, this.lastId)) as [string, [string, string[]][]][] | null;
    const entries = res?.[0]?.[1] ?? [];
    const out: (PassEntry | { id: string; who: string; version: number })[] = [];
    for (const [id, fields] of entries) {
      const e = readPassEntry(id, fields);
      if (e) out.push(e);
    }
    if (entries.length > 0) {
      this.lastId = entries.at(-1)![0];
      await this.redis.xdel(this.keys.events, ...entries.map(([id]) => id));
    }
    return out;
  }

  /** The workers announcing themselves now. */
  async workers(): Promise<WorkerAnnouncement[]> {
    const names: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${WORKER_KEY_PREFIX}*`, 'COUNT', 200);
      names.push(...batch);
      cursor = next;
    } while (cursor !== '0' && names.length < 10_000);
    if (names.length === 0) return [];
    const values = await this.redis.mget(...names);
    const out: WorkerAnnouncement[] = [];
    for (const text of values) {
      try {
        const r = v.safeParse(WorkerAnnouncement, JSON.parse(text ?? ''));
        if (r.success) out.push(r.output);
      } catch {
        /* gone meanwhile, or not ours */
      }
    }
    return out;
  }

  /**
   * The run is over: workers on its jobs stop them, and its waiting jobs leave the queue. Bounded
   * by `timeoutMs`: with Redis away this gives up, and the workers see the jobs' epoch is over
   * when they come back.
   */
  async dispose(timeoutMs = 3_000): Promise<void> {
    const work = (async () => {
      await this.redis.set(this.keys.state, ENDED, 'EX', 86_400);
      for (const [n, o] of this.outstanding) {
        const job = await this.queue.getJob(passJobId(this.dbId, this.runId, this.epoch, n, o.k));
        await job?.remove().catch(() => {});
      }
      await this.redis.del(this.keys.events);
    })();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([work.catch(() => {}), new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    await this.queue.close().catch(() => {});
    this.queueConnection.disconnect();
  }
}
