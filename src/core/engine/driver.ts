import type { SolverRun } from './solver';
import type { Checkpoint, Improvement, ProgressSample, StopCriteria, StopReason } from './run-types';

export interface DriverHooks {
  /** Monotonic milliseconds. */
  now(): number;
  /** Give the host a chance to deliver a stop request between slices. */
  pause(): Promise<void>;
  stopRequested(): boolean;
  onProgress(p: ProgressSample): void;
  onImprovement(i: Improvement): void;
  onCheckpoint(c: Checkpoint): void;
}

export interface DriverOptions {
  /** Time already spent before a resume. */
  elapsedMs: number;
  maxScore: number | null;
  progressIntervalMs: number;
  checkpointIntervalMs: number;
  /** Target wall time of one slice of work between stop checks. */
  sliceMs?: number;
  /**
   * The best score already recorded for this run (a resume), or null/absent when none is. A
   * resumed run goes back to its last checkpoint and finds again the improvements made after it:
   * only those strictly better than this are recorded, so none is recorded twice.
   */
  recordedBest?: number | null;
}

/** How long the driver awaits a run's threads at a time before it looks at its stop criteria again, in ms. */
const READY_WAIT_MS = 50;

/**
 * Advances a solver in slices sized to take about `sliceMs`, checking stop criteria, emitting
 * improvements, progress at a bounded rate, and periodic checkpoints. Pure apart from the hooks.
 */
export async function drive(run: SolverRun, stop: StopCriteria, hooks: DriverHooks, opts: DriverOptions): Promise<{ reason: StopReason; elapsedMs: number }> {
  const sliceMs = opts.sliceMs ?? 20;
  const t0 = hooks.now() - opts.elapsedMs;
  const elapsed = (): number => hooks.now() - t0;
  let budget = 1;
  const recorded = opts.recordedBest ?? null;
  let lastBest = Math.max(run.bestScore, recorded ?? -Infinity);
  let lastProgress = -Infinity;
  let lastCheckpoint = elapsed();

  const sample = (): ProgressSample => ({
    elapsedMs: Math.round(elapsed()),
    evaluations: run.evaluations,
    iteration: run.iteration,
    bestScore: run.bestScore,
    currentScore: run.currentScore,
    meanScore: run.meanScore ?? null,
  });
  const checkpoint = (): void => {
    hooks.onCheckpoint({ elapsedMs: Math.round(elapsed()), evaluations: run.evaluations, bestScore: run.bestScore, state: run.checkpoint() });
    lastCheckpoint = elapsed();
  };
  const reached = (): StopReason | null => {
    if (opts.maxScore !== null && run.bestScore >= opts.maxScore) return 'solved';
    if (stop.target !== null && run.bestScore >= stop.target) return 'target';
    if (run.finished) return 'exhausted';
    if (stop.evaluations !== null && run.evaluations >= stop.evaluations) return 'evaluations';
    if (stop.seconds !== null && elapsed() >= stop.seconds * 1000) return 'seconds';
    if (hooks.stopRequested()) return 'stopped';
    return null;
  };

  const checkpointReady = async (): Promise<boolean> => {
    for (;;) {
      if (await run.ready!(READY_WAIT_MS, true)) return true;
      if (reached()) return false;
    }
  };

  const improved = (): void => {
    if (run.bestScore <= lastBest) return;
    lastBest = run.bestScore;
    hooks.onImprovement({ elapsedMs: Math.round(elapsed()), evaluations: run.evaluations, score: run.bestScore, solution: run.bestSolution() });
  };

  if (stop.evaluations !== null) run.limitEvaluations?.(stop.evaluations);
  // A run whose steps wait on threads looks at its clock and stop while it waits (see `SolverRun.watch`).
  run.watch?.(() => (stop.seconds !== null && elapsed() >= stop.seconds * 1000) || hooks.stopRequested());
  if (recorded === null ? opts.elapsedMs === 0 : run.bestScore > recorded)
    hooks.onImprovement({ elapsedMs: 0, evaluations: run.evaluations, score: run.bestScore, solution: run.bestSolution() });
  for (;;) {
    const reason = reached();
    if (reason) {
      if (reason === 'seconds' || reason === 'stopped') {
        run.settle?.();
        improved();
      }
      hooks.onProgress(sample());
      checkpoint();
      return { reason, elapsedMs: Math.round(elapsed()) };
    }
    // A run on threads may wait a long round for them: awaited, so a user's stop gets in meanwhile.
    if (run.ready && !(await run.ready(READY_WAIT_MS))) continue;
    let slice = budget;
    if (stop.evaluations !== null) slice = Math.max(1, Math.min(slice, stop.evaluations - run.evaluations));
    // The slice is in the step budget's units (`spent` where a solver has it): sized by its evaluations,
    // a beam's slice, whose units count more than its children, would never grow past one layer.
    const before = run.spent ?? run.evaluations;
    const s0 = hooks.now();
    run.step(slice);
    const took = hooks.now() - s0;
    const done = (run.spent ?? run.evaluations) - before;
    // Resize the slice towards sliceMs, changing by at most 2x per slice to stay stable.
    if (done >= slice * 0.9) {
      if (took < sliceMs / 2) budget = Math.min(budget * 2, 1 << 30);
      else if (took > sliceMs * 2) budget = Math.max(16, Math.floor(budget / 2));
    }
    improved();
    const now = elapsed();
    if (now - lastProgress >= opts.progressIntervalMs) {
      lastProgress = now;
      hooks.onProgress(sample());
    }
    // A checkpoint waits for every thread's round to end: likewise awaited (once the stop is due, the loop's end takes one).
    if (now - lastCheckpoint >= opts.checkpointIntervalMs && (!run.ready || (await checkpointReady()))) checkpoint();
    await hooks.pause();
  }
}
