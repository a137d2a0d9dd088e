/**
 * A study's figures and progress as text, one way everywhere (the CLI, the reports and the study
 * views): what a paper published for a cell, a cell's runs, a study's progress and status, and
 * where its runs go.
 */
import type { RunClock } from '../engine/run-types';
import { countText, durationText, figureText, shareText } from './numbers';
import { countNoun } from './plural';
import { runTimeText } from './run-text';

/** The figures a paper gives for a study cell (see the study file's `published`). */
export interface PublishedFigures {
  mean?: number;
  median?: number;
  best?: number;
  sd?: number;
  successRate?: number;
  /** Seconds. */
  timeToTarget?: number;
  evaluationsToTarget?: number;
}

/** "mean 165.67, median 166, best 167", "success 100%, time 27 s, evals 92,700". */
export function publishedText(p: PublishedFigures | null | undefined, none = '-'): string {
  if (!p) return none;
  const parts: string[] = [];
  for (const k of ['mean', 'median', 'best', 'sd'] as const) if (p[k] !== undefined) parts.push(`${k} ${figureText(p[k])}`);
  if (p.successRate !== undefined) parts.push(`success ${shareText(p.successRate)}`);
  if (p.timeToTarget !== undefined) parts.push(`time ${durationText(p.timeToTarget * 1000)}`);
  if (p.evaluationsToTarget !== undefined) parts.push(`evals ${countText(p.evaluationsToTarget)}`);
  return parts.join(', ') || none;
}

/** A study's grid: its puzzles, solver settings and seeds, and the runs they make. */
export interface StudyGrid {
  puzzles: number;
  solvers: number;
  seeds: number;
  runs: number;
}

/** "1 puzzle × 3 solvers × 5 seeds = 15 runs" (`times`: "x" for the terminal's plain text). */
export function gridText(g: StudyGrid, times = '×'): string {
  return `${countNoun(g.puzzles, 'puzzle')} ${times} ${countNoun(g.solvers, 'solver')} ${times} ${countNoun(g.seeds, 'seed')} = ${countNoun(g.runs, 'run')}`;
}

/** A study's run counts (the API's StudyProgress). */
export interface StudyCounts {
  /** Runs the grid makes. */
  planned: number;
  /** Runs by status; `notStarted` are cells with no run yet (never run, or their run was deleted). */
  done: number;
  running: number;
  queued: number;
  stopped: number;
  interrupted: number;
  failed: number;
  notStarted: number;
  /**
   * Rough time left while runs are running: the runs still to make at the pace the last (up to
   * 10) done runs ended (a running run counts half); before 3 runs are done, each run taking as
   * long as the mean done run on the runs' own clock, shared among as many at once as are
   * running now, and turned into wall time at the pace the running runs' clocks go (a run on two
   * threads counts two CPU seconds a second). Null when nothing runs or no run is done yet.
   */
  estimatedMsLeft: number | null;
  /**
   * The clock `estimatedMsLeft` counts: `wall`, or `cpu` when the runs count CPU time and how
   * fast it goes against the wall is not known yet (then it is the runs' CPU time left).
   */
  estimateClock: RunClock;
}

/** A study cell's runs: done of planned, and the failed ones (they count in its figures) when there are any. */
export function cellRunsText(c: { done: number; planned: number; failed: number }): string {
  return c.failed > 0 ? `${c.done}/${c.planned}, ${c.failed} failed` : `${c.done}/${c.planned}`;
}

/** "about 4 min 10 s left", "about 3 h of CPU time left"; null when there is no estimate. */
export function studyTimeLeftText(p: StudyCounts): string | null {
  if (p.estimatedMsLeft === null) return null;
  return `about ${runTimeText(p.estimatedMsLeft, p.estimateClock)} left`;
}

export type StudyStatus = 'new' | 'running' | 'done' | 'stopped' | 'incomplete';

/** One word for a study: new, running, done, stopped, or incomplete (some runs failed, were interrupted or deleted). */
export function studyStatus(p: StudyCounts): StudyStatus {
  if (p.running + p.queued > 0) return 'running';
  if (p.done === p.planned) return 'done';
  if (p.notStarted === p.planned) return 'new';
  if (p.stopped > 0) return 'stopped';
  return 'incomplete';
}

/** "12/40 done, 1 running, 27 queued, about 4 min 10 s left". */
export function studyProgressText(p: StudyCounts): string {
  const parts = [`${p.done}/${p.planned} done`];
  for (const k of ['running', 'queued', 'stopped', 'interrupted', 'failed'] as const) if (p[k] > 0) parts.push(`${p[k]} ${k}`);
  if (p.notStarted > 0 && p.notStarted < p.planned) parts.push(`${p.notStarted} not started`);
  const left = studyTimeLeftText(p);
  if (left !== null) parts.push(left);
  return parts.join(', ');
}

/** Where a study's runs go (the API's getDistribution), the URL already masked. */
export interface DistributionLike {
  url: string | null;
  state: 'local' | 'connected' | 'unreachable';
  message: string | null;
}

/** "On this machine", "Coordinating through redis://:***@host:6379", "Redis unreachable: <reason>". */
export function distributionText(d: DistributionLike): string {
  if (d.state === 'connected') return `Coordinating through ${d.url ?? 'Redis'}`;
  if (d.state === 'unreachable') return `Redis unreachable: ${d.message ?? d.url ?? 'no answer'}`;
  return 'On this machine';
}
