/**
 * A study's results: one cell per puzzle x solver setting over its finished runs (mean, median,
 * best, spread, success rate, time to target), and the progress of the whole study.
 */
import type { RunStatus } from '../store/types';
import type { StudyRun } from '../store/studies';
import { cellStop, type PublishedCell, type StudySpec } from './spec';
import { median, summarize, type Summary } from './stats';

export interface StudyProgress {
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
   * Rough wall time left while runs are running: the runs still to make, each taking as long as
   * the mean done run, shared among as many at once as are running now. Null when nothing runs
   * or no run is done yet.
   */
  estimatedMsLeft: number | null;
}

export interface StudyCellResult extends Summary {
  puzzleIndex: number;
  configIndex: number;
  puzzle: string;
  solver: string;
  /** Runs the cell makes (one per seed) and how many of them are done (their scores are the summary). */
  planned: number;
  done: number;
  maxScore: number | null;
  /** The score a run must reach to count as a success: the stop target, else the puzzle's maximum; null when neither is known. */
  target: number | null;
  /** Share of the done runs that reached the target (0..1), null without a target or done runs. */
  successRate: number | null;
  /** Median time (ms) of the successful runs to first reach the target. */
  timeToTargetMs: number | null;
  /** The paper's figures for this cell, when the study has them. */
  published: Omit<PublishedCell, 'puzzle' | 'solver'> | null;
}

export interface StudyResults {
  progress: StudyProgress;
  cells: StudyCellResult[];
}

export type TimeToScore = (runId: number, score: number) => number | null;

export function studyProgress(spec: StudySpec, runs: readonly StudyRun[]): StudyProgress {
  const planned = spec.puzzles.length * spec.configs.length * spec.seeds.length;
  const by: Record<RunStatus, number> = { done: 0, running: 0, queued: 0, stopped: 0, interrupted: 0, failed: 0 };
  for (const r of runs) by[r.run.status]++;
  const notStarted = Math.max(0, planned - runs.length);
  const doneMs = runs.filter((r) => r.run.status === 'done').map((r) => r.run.elapsedMs);
  let estimatedMsLeft: number | null = null;
  if (by.running > 0 && doneMs.length > 0) {
    const perRun = doneMs.reduce((a, b) => a + b, 0) / doneMs.length;
    let work = (by.queued + notStarted) * perRun;
    for (const r of runs) if (r.run.status === 'running') work += Math.max(0, perRun - r.run.elapsedMs);
    estimatedMsLeft = work / by.running;
  }
  return { planned, ...by, notStarted, estimatedMsLeft };
}

/** `timeToScore` gives when a run first reached a score (from its improvements). */
export function studyResults(spec: StudySpec, runs: readonly StudyRun[], timeToScore: TimeToScore): StudyResults {
  const cells: StudyCellResult[] = [];
  spec.puzzles.forEach((p, pi) => {
    spec.configs.forEach((c, ci) => {
      const done = runs.filter((r) => r.puzzleIndex === pi && r.configIndex === ci && r.run.status === 'done' && r.run.bestScore !== null);
      const scores = done.map((r) => r.run.bestScore!);
      const target = cellStop(spec, pi, ci).target ?? p.maxScore;
      const paper = spec.published?.cells.find((x) => x.puzzle === pi && x.solver === ci);
      const hits = target === null ? [] : done.filter((r) => r.run.bestScore! >= target);
      const times = target === null ? [] : hits.map((r) => timeToScore(r.run.id, target)).filter((t): t is number => t !== null);
      cells.push({
        puzzleIndex: pi,
        configIndex: ci,
        puzzle: p.label,
        solver: c.label,
        planned: spec.seeds.length,
        done: done.length,
        maxScore: p.maxScore,
        ...summarize(scores),
        target,
        successRate: target === null || done.length === 0 ? null : hits.length / done.length,
        timeToTargetMs: median(times),
        published: paper ? (({ puzzle: _p, solver: _s, ...figures }) => figures)(paper) : null,
      });
    });
  });
  return { progress: studyProgress(spec, runs), cells };
}
