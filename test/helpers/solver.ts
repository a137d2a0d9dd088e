import { expect } from 'vitest';
import type { SolverRun } from '../../src/core/engine/solver';

export interface RunLimits {
  /** Stop once the best score reaches this (a solved board). */
  target?: number;
  /** Give each step at most this many evaluations (the rest of the budget when unset). */
  slice?: number;
}

/** Steps `run` until it has spent `evaluations`, reached the target score or finished. */
export function runTo(run: SolverRun, evaluations: number, { target = Infinity, slice = Infinity }: RunLimits = {}): void {
  while (run.evaluations < evaluations && run.bestScore < target && !run.finished) run.step(Math.min(slice, evaluations - run.evaluations));
}

/** Everything a run shows: two runs with equal snapshots are at the same point of the same run. */
export interface RunSnapshot {
  evaluations: number;
  iteration: number;
  bestScore: number;
  currentScore: number;
  meanScore: number | undefined;
  finished: boolean;
  bestSolution: unknown;
  checkpoint: unknown;
}

export function snapshot(run: SolverRun): RunSnapshot {
  const { evaluations, iteration, bestScore, currentScore, meanScore, finished } = run;
  return { evaluations, iteration, bestScore, currentScore, meanScore, finished, bestSolution: run.bestSolution(), checkpoint: run.checkpoint() };
}

/** One run per seed, each run to `evaluations`: for "the same seed gives the same run". */
export function runSeeds(make: (seed: number) => SolverRun, seeds: readonly number[], evaluations: number, limits?: RunLimits): SolverRun[] {
  return seeds.map((seed) => {
    const run = make(seed);
    runTo(run, evaluations, limits);
    return run;
  });
}

/**
 * Runs `run` through `stops` (evaluation counts), checkpointing through JSON at each. Every
 * checkpoint but the last is restored: the copy must show the run as it was at that stop, and after
 * the remaining stops the run as it ended. Returns the checkpoints (as JSON values).
 */
export function expectResumesIdentically(run: SolverRun, restore: (checkpoint: unknown) => SolverRun, stops: readonly number[], limits?: RunLimits): unknown[] {
  const saved = stops.map((stop) => {
    runTo(run, stop, limits);
    return { checkpoint: JSON.parse(JSON.stringify(run.checkpoint())) as unknown, at: snapshot(run) };
  });
  const end = snapshot(run);
  saved.slice(0, -1).forEach(({ checkpoint, at }, i) => {
    const copy = restore(checkpoint);
    expect(snapshot(copy)).toEqual(at);
    for (const stop of stops.slice(i + 1)) runTo(copy, stop, limits);
    expect(snapshot(copy)).toEqual(end);
  });
  return saved.map((s) => s.checkpoint);
}
