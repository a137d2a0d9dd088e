/**
 * What travels through Redis between a coordinator and its workers: the BullMQ queue of runs,
 * and one stream per database of what the workers' solvers say. Names, entry shapes and the two
 * small Lua scripts that fence a worker's writes by its job lock live here, so both sides agree.
 */
import type { Redis } from 'ioredis';
import * as v from 'valibot';
import type { FromWorker } from '../../../core/engine/protocol';
import type { Checkpoint, RunSpec } from '../../../core/engine/run-types';

/** BullMQ's key prefix and queue name: one queue for every database; a job says whose run it is. */
export const PREFIX = 'workbench';
export const QUEUE = 'runs';
/** The one consumer group, and its one consumer: a database has one coordinator at a time. */
export const GROUP = 'coordinator';
export const CONSUMER = 'coordinator';

/** A job: a run of database `dbId`, as the run manager would start it locally. */
export interface RunJob {
  dbId: string;
  spec: RunSpec;
}

/** BullMQ refuses ':' in job ids. One job per run: putting a run on the queue twice makes one job. */
export const jobId = (dbId: string, runId: number): string => `${dbId}-run-${runId}`;

export function keys(dbId: string, runId?: number) {
  const base = `${PREFIX}:db:${dbId}`;
  return {
    /** The stream of events of every run of the database. */
    events: `${base}:events`,
    /** The latest checkpoint of the run, where a worker taking it over starts. */
    checkpoint: `${base}:checkpoint:${runId}`,
    /** How many times a worker began the run (its attempts). */
    attempt: `${base}:attempt:${runId}`,
    /** Set when the run is to stop; the worker checks it on its heartbeat. */
    stop: `${base}:stop:${runId}`,
  };
}

/** BullMQ's lock of an active job; its value is the token of the worker that holds the job. */
export const lockKey = (id: string): string => `${PREFIX}:${QUEUE}:${id}:lock`;

/**
 * What a worker sends: the solver's own messages, plus `attempt` when it begins (or takes over)
 * the run and `lost` when the solver process ended without a `done` or `error`.
 */
export type RemoteEvent =
  | FromWorker
  | { type: 'attempt'; runId: number; worker: string; from: { elapsedMs: number; evaluations: number } | null }
  | { type: 'lost'; runId: number; description: string };

export interface StreamEntry {
  id: string;
  runId: number;
  attempt: number;
  seq: number;
  event: RemoteEvent;
}

const EventHead = v.looseObject({ type: v.string(), runId: v.number() });

/** Stream fields are a flat [name, value, ...] list; null for an entry this version cannot read. */
export function readEntry(id: string, fields: string[]): StreamEntry | null {
  const f = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) f.set(fields[i]!, fields[i + 1]!);
  const runId = Number(f.get('run'));
  const attempt = Number(f.get('attempt'));
  const seq = Number(f.get('seq'));
  if (!Number.isSafeInteger(runId) || !Number.isSafeInteger(attempt) || !Number.isSafeInteger(seq)) return null;
  let json: unknown;
  try {
    json = JSON.parse(f.get('event') ?? '');
  } catch {
    return null;
  }
  // Only what routes the event is checked here; its kind's own fields are the recorder's to read.
  const event = v.safeParse(EventHead, json);
  return event.success && event.output.runId === runId ? { id, runId, attempt, seq, event: event.output as RemoteEvent } : null;
}

// ---- the worker's fenced writes -----------------------------------------------------------------

/**
 * Begin an attempt: only while the job's lock is this worker's. Returns the attempt number and
 * the run's latest checkpoint in Redis (or false), or 0 when the lock is not ours.
 */
const BEGIN = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return {0, false} end
return {redis.call('INCR', KEYS[2]), redis.call('GET', KEYS[3])}
`;

/** Append an event (and keep the checkpoint it carries) only while the job's lock is ours. */
const POST = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('XADD', KEYS[2], '*', 'run', ARGV[2], 'attempt', ARGV[3], 'seq', ARGV[4], 'event', ARGV[5])
if ARGV[6] ~= '' then redis.call('SET', KEYS[3], ARGV[6]) end
return 1
`;

/** The writes of one worker on one job, each refused once the job's lock is no longer its own. */
export class FencedWriter {
  private seq = 0;
  private chain: Promise<boolean> = Promise.resolve(true);
  /** False once a write was refused: another worker has the run now. */
  holds = true;
  private attempt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly dbId: string,
    private readonly runId: number,
    private readonly jobId: string,
    private readonly token: string,
  ) {}

  /** Begin the attempt; returns the checkpoint to start from (Redis's, else `fallback`), or null when the lock is not ours. */
  async begin(fallback: Checkpoint | null): Promise<{ attempt: number; checkpoint: Checkpoint | null } | null> {
    const k = keys(this.dbId, this.runId);
    const [attempt, saved] = (await this.redis.eval(BEGIN, 3, lockKey(this.jobId), k.attempt, k.checkpoint, this.token)) as [number, string | null];
    if (!attempt) {
      this.holds = false;
      return null;
    }
    this.attempt = attempt;
    return { attempt, checkpoint: saved ? (JSON.parse(saved) as Checkpoint) : fallback };
  }

  /** Send an event, in order; resolves false when the lock was lost (the event was not sent). */
  post(event: RemoteEvent): Promise<boolean> {
    const seq = ++this.seq;
    const k = keys(this.dbId, this.runId);
    const checkpoint = event.type === 'checkpoint' ? JSON.stringify(event.checkpoint) : '';
    this.chain = this.chain.then(async (ok) => {
      if (!ok) return false;
      try {
        const r = await this.redis.eval(
          POST,
          3,
          lockKey(this.jobId),
          k.events,
          k.checkpoint,
          this.token,
          String(this.runId),
          String(this.attempt),
          String(seq),
          JSON.stringify(event),
          checkpoint,
        );
        this.holds = r === 1;
        return this.holds;
      } catch {
        // Redis unreachable for longer than ioredis waits: treat as lost; the job's stall hands it on.
        this.holds = false;
        return false;
      }
    });
    return this.chain;
  }

  /** Resolves when every event posted so far was written (or refused). */
  flushed(): Promise<boolean> {
    return this.chain;
  }
}
