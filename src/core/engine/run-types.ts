import type { FamilyId } from '../families/ids';
import type { Params } from '../params/schema';

/**
 * Which clock a run's `seconds` and every elapsed time of it count. `cpu` is the solver process's
 * own CPU time: a budget of "S seconds on one core" that other load on the machine cannot shorten
 * (benches and studies use it); `wall` (the default) is time as a person waits for it.
 */
export type RunClock = 'wall' | 'cpu';

/** When a run ends; all null = until stopped. */
export interface StopCriteria {
  seconds: number | null;
  evaluations: number | null;
  target: number | null;
  /** Absent = `wall` (runs stored before the CPU clock existed). */
  clock?: RunClock;
}

export const STOP_REASONS = ['seconds', 'evaluations', 'target', 'solved', 'exhausted', 'stopped'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/** Every status a run can have, in the order lists show them (the store's CHECK constraint holds the same six). */
export const RUN_STATUSES = ['queued', 'running', 'done', 'stopped', 'interrupted', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** The statuses of a run a process works on, or will: the complement of ENDED_STATUSES. */
export const ACTIVE_STATUSES: readonly RunStatus[] = ['queued', 'running'];

/** The statuses of a run no process works on any more (a resume makes it run again). */
export const ENDED_STATUSES: readonly RunStatus[] = ['done', 'stopped', 'interrupted', 'failed'];

export function hasEnded(status: RunStatus): boolean {
  return ENDED_STATUSES.includes(status);
}

/** The statuses a run can be resumed from: it ended before its stop criteria, with its checkpoint kept. */
export const RESUMABLE_STATUSES: readonly RunStatus[] = ['stopped', 'interrupted'];

export function canResume(status: RunStatus): boolean {
  return RESUMABLE_STATUSES.includes(status);
}

/** The statuses of a run that is over for good: ended and not resumable (its figures are final). */
export const FINAL_STATUSES: readonly RunStatus[] = ['done', 'failed'];

export function isFinal(status: RunStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

export interface ProgressSample {
  elapsedMs: number;
  evaluations: number;
  iteration: number;
  bestScore: number;
  currentScore: number;
  meanScore: number | null;
}

/**
 * A solver process's memory: resident now and the most it has held, in bytes. It counts the whole
 * process (its worker threads too), which is what a run costs the machine.
 */
export interface MemoryUse {
  rssBytes: number;
  peakRssBytes: number;
}

export interface Improvement {
  elapsedMs: number;
  evaluations: number;
  score: number;
  solution: unknown;
}

export interface Checkpoint {
  elapsedMs: number;
  evaluations: number;
  bestScore: number;
  state: unknown;
}

/** Seeds are 32-bit: the API, the CLI and study files all take 0 .. MAX_SEED. */
export const MAX_SEED = 2 ** 32 - 1;

/** Everything a worker needs to start or resume a run. */
export interface RunSpec {
  runId: number;
  family: FamilyId;
  solver: string;
  puzzle: unknown;
  params: Params;
  seed: number;
  stop: StopCriteria;
  /** Resume from here instead of starting fresh. */
  checkpoint: Checkpoint | null;
  /**
   * The run's best score as stored (null before its first improvement): a resume records only
   * improvements strictly better. Absent in specs from before it existed (treated as null).
   */
  recordedBest?: number | null;
  progressIntervalMs: number;
  checkpointIntervalMs: number;
}
