import type { FamilyId } from '../families/family';
import type { Params } from '../params/schema';

/** When a run ends; all null = until stopped. */
export interface StopCriteria {
  seconds: number | null;
  evaluations: number | null;
  target: number | null;
}

export type StopReason = 'seconds' | 'evaluations' | 'target' | 'solved' | 'exhausted' | 'stopped';

export interface ProgressSample {
  elapsedMs: number;
  evaluations: number;
  iteration: number;
  bestScore: number;
  currentScore: number;
  meanScore: number | null;
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
  progressIntervalMs: number;
  checkpointIntervalMs: number;
}
