/**
 * What travels through Redis for a spread run (one run whose passes are done by `workbench worker`
 * processes on other machines): the pass jobs on their own BullMQ queue, the stream of what the
 * workers' solvers say, the key that tells workers a run is over, and the keys workers announce
 * themselves on. Both sides read these names and shapes from here, and every job and entry
 * carries `SPREAD_VERSION`, so a worker and a coordinator of other versions say so in one line
 * instead of misreading each other.
 */
import * as v from 'valibot';
import type { RunSpec } from '../../core/engine/run-types';
import { PassTallyJson } from '../../core/families/edge/beam/tally';

/** Bumped whenever a job's or an entry's shape changes. */
export const SPREAD_VERSION = 3;

/** BullMQ's key prefix (the studies' queue shares it) and the pass jobs' queue. */
export const PREFIX = 'workbench';
export const FARM_QUEUE = 'farm';

/**
 * One pass job: the solver run a worker starts, as the run manager would start a run, from a pool
 * board (in `spec.checkpoint`) or from empty, for `spec.stop.seconds` CPU seconds.
 */
export interface PassJob {
  v: number;
  dbId: string;
  runId: number;
  /** Which start of the coordinator asked for it: a resumed run ignores the jobs of earlier starts. */
  epoch: string;
  /** The job's number in the run (0, 1, ...): its seed is the run's n-th draw. */
  n: number;
  /** The score of the board it starts from, null from empty. */
  from: number | null;
  spec: RunSpec;
}

/** BullMQ refuses ':' in job ids; `k` counts the times the coordinator issued job n. */
export const passJobId = (dbId: string, runId: number, epoch: string, n: number, k: number): string => `${dbId}-spread-${runId}-${epoch}-${n}-${k}`;

export function spreadKeys(dbId: string, runId: number) {
  const base = `${PREFIX}:spread:${dbId}:${runId}`;
  return {
    /** What the workers send: one stream per run. */
    events: `${base}:events`,
    /** The coordinator's epoch while the run goes on, `ended` once it is over; absent = Redis lost its data. */
    state: `${base}:state`,
  };
}

/** Each worker's announcement (SET with a short expiry, renewed while it lives). */
export const WORKER_KEY_PREFIX = `${PREFIX}:spread:worker:`;
export const workerKey = (who: string): string => `${WORKER_KEY_PREFIX}${who}`;
export const ENDED = 'ended';

/** What a worker announces: who it is, its version and how many passes it runs at once. */
export const WorkerAnnouncement = v.object({ v: v.number(), who: v.string(), concurrency: v.number(), busy: v.number() });
export type WorkerAnnouncement = v.InferOutput<typeof WorkerAnnouncement>;

/** What a worker says of one attempt at a job. Times are the solver's CPU milliseconds since the job began. */
export type PassEvent =
  /** `passes`: the passes the job's solver has ended; before the first, `currentScore` is no pass's. */
  | { type: 'progress'; cpuMs: number; evaluations: number; bestScore: number; currentScore: number; passes: number }
  | { type: 'improvement'; cpuMs: number; evaluations: number; score: number; solution: unknown }
  /** `tally`: the job's passes at the top width by kind and score, from its solver's last checkpoint. */
  | { type: 'end'; reason: string; cpuMs: number; evaluations: number; bestScore: number; tally?: PassTallyJson }
  | { type: 'failed'; message: string; cpuMs: number; evaluations: number }
  /** The job is of another version than the worker's: nothing was run. */
  | { type: 'refused'; message: string };

const fin = v.pipe(v.number(), v.finite());
const PassEventShape = v.variant('type', [
  v.object({ type: v.literal('progress'), cpuMs: fin, evaluations: fin, bestScore: fin, currentScore: fin, passes: fin }),
  v.object({ type: v.literal('improvement'), cpuMs: fin, evaluations: fin, score: fin, solution: v.unknown() }),
  v.object({ type: v.literal('end'), reason: v.string(), cpuMs: fin, evaluations: fin, bestScore: fin, tally: v.optional(PassTallyJson) }),
  v.object({ type: v.literal('failed'), message: v.string(), cpuMs: fin, evaluations: fin }),
  v.object({ type: v.literal('refused'), message: v.string() }),
]);

/** One stream entry: who sent it, for which job and attempt. */
export interface PassEntry {
  id: string;
  v: number;
  epoch: string;
  n: number;
  /** A worker's attempt at the job (a job a dead worker left is attempted again by another). */
  attempt: string;
  who: string;
  event: PassEvent;
}

/** The stream fields of an entry. */
export function entryFields(e: Omit<PassEntry, 'id'>): string[] {
  return ['v', String(e.v), 'epoch', e.epoch, 'n', String(e.n), 'attempt', e.attempt, 'who', e.who, 'event', JSON.stringify(e.event)];
}

/**
 * An entry read back: `{version}` alone when it is of another version (its event is not read),
 * null when it cannot be read at all.
 */
export function readPassEntry(id: string, fields: readonly string[]): PassEntry | { id: string; who: string; version: number } | null {
  const f = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) f.set(fields[i]!, fields[i + 1]!);
  const version = Number(f.get('v'));
  const who = f.get('who') ?? '?';
  if (!Number.isSafeInteger(version)) return null;
  if (version !== SPREAD_VERSION) return { id, who, version };
  const n = Number(f.get('n'));
  const epoch = f.get('epoch');
  const attempt = f.get('attempt');
  if (!Number.isSafeInteger(n) || n < 0 || !epoch || !attempt) return null;
  let json: unknown;
  try {
    json = JSON.parse(f.get('event') ?? '');
  } catch {
    return null;
  }
  const event = v.safeParse(PassEventShape, json);
  return event.success ? { id, v: version, epoch, n, attempt, who, event: event.output as PassEvent } : null;
}

/** The job's fields this version needs before it runs anything; the spec is the solver's to read. */
const PassJobHead = v.looseObject({ v: v.number(), dbId: v.string(), runId: v.number(), epoch: v.string(), n: v.number(), spec: v.looseObject({}) });

/** Why a job cannot be run by this version, or null. */
export function passJobProblem(data: unknown): string | null {
  const r = v.safeParse(PassJobHead, data);
  if (!r.success) return 'a pass job this worker cannot read';
  if (r.output.v !== SPREAD_VERSION)
    return `a pass job of spread protocol ${r.output.v}, and this worker speaks ${SPREAD_VERSION}: run the same workbench version on the coordinator and the workers`;
  return null;
}
