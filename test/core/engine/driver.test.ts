import { describe, expect, it } from 'vitest';
import { drive, type DriverHooks } from '../../../src/core/engine/driver';
import type { SolverRun } from '../../../src/core/engine/solver';
import type { Checkpoint, Improvement, ProgressSample } from '../../../src/core/engine/run-types';

/**
 * A fake solver whose best rises by one every `bestEvery` evaluations, on a fake clock. With
 * `unitsPerEval`, its step budget counts `spent` units (as beam's and lns's do), that many per evaluation.
 */
function fakeRun(
  clock: { t: number },
  msPerEval = 0.01,
  unitsPerEval = 0,
  bestEvery = 100,
): SolverRun & { steps: number[]; bestScore: number; evaluations: number } {
  const run = {
    evaluations: 0,
    spent: unitsPerEval > 0 ? 0 : undefined,
    bestScore: 0,
    currentScore: 0,
    iteration: 0,
    finished: false,
    steps: [] as number[],
    step(budget: number) {
      run.steps.push(budget);
      const end = (run.spent ?? run.evaluations) + budget;
      while ((run.spent ?? run.evaluations) < end) {
        run.evaluations++;
        if (run.spent !== undefined) run.spent += unitsPerEval;
        clock.t += msPerEval;
        if (run.evaluations % bestEvery === 0) {
          run.bestScore++;
          return;
        }
      }
    },
    bestSolution: () => ({ best: run.bestScore }),
    checkpoint: () => ({ evaluations: run.evaluations }),
  };
  return run;
}

function hooks(clock: { t: number }, log: { progress: ProgressSample[]; imps: Improvement[]; cps: Checkpoint[] }, stopAt = Infinity): DriverHooks {
  return {
    now: () => clock.t,
    pause: async () => {},
    stopRequested: () => clock.t >= stopAt,
    onProgress: (p) => log.progress.push(p),
    onImprovement: (i) => log.imps.push(i),
    onCheckpoint: (c) => log.cps.push(c),
  };
}

const opts = { elapsedMs: 0, maxScore: null, progressIntervalMs: 100, checkpointIntervalMs: 1000 };

describe('run driver', () => {
  it('stops on evaluations exactly and records every improvement', async () => {
    const clock = { t: 0 };
    const log = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
    const run = fakeRun(clock);
    const { reason } = await drive(run, { seconds: null, evaluations: 1050, target: null }, hooks(clock, log), opts);
    expect(reason).toBe('evaluations');
    expect(run.evaluations).toBe(1050);
    expect(log.imps.map((i) => i.score)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(log.cps.at(-1)?.evaluations).toBe(1050);
  });

  it('stops on time, target, and a stop request', async () => {
    for (const [stop, stopAt, expected] of [
      [{ seconds: 2, evaluations: null, target: null }, Infinity, 'seconds'],
      [{ seconds: null, evaluations: null, target: 7 }, Infinity, 'target'],
      [{ seconds: null, evaluations: null, target: null }, 500, 'stopped'],
    ] as const) {
      const clock = { t: 0 };
      const log = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
      const run = fakeRun(clock);
      const { reason, elapsedMs } = await drive(run, stop, hooks(clock, log, stopAt), opts);
      expect(reason).toBe(expected);
      if (expected === 'seconds') expect(elapsedMs).toBeGreaterThanOrEqual(2000);
      if (expected === 'target') expect(run.bestScore).toBe(7);
    }
  });

  it('settles a run stopped on the clock or by the user, and records the best that brings; never one stopped by evaluations or a target', async () => {
    for (const [stop, stopAt, settles] of [
      [{ seconds: 2, evaluations: null, target: null }, Infinity, true],
      [{ seconds: null, evaluations: null, target: null }, 500, true],
      [{ seconds: null, evaluations: 1000, target: null }, Infinity, false],
      [{ seconds: null, evaluations: null, target: 7 }, Infinity, false],
    ] as const) {
      const clock = { t: 0 };
      const log = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
      // Work done ahead of what its steps showed, as a run on several threads has at its end.
      const fake = fakeRun(clock);
      const run = Object.assign(fake, {
        settle() {
          fake.bestScore += 5;
          fake.evaluations += 50;
        },
      });
      await drive(run, stop, hooks(clock, log, stopAt), opts);
      const before = run.bestScore - (settles ? 5 : 0);
      expect(log.imps.at(-1)).toMatchObject({ score: run.bestScore, evaluations: run.evaluations });
      expect(log.imps.map((i) => i.score).includes(before + 5)).toBe(settles);
      expect(log.cps.at(-1)).toMatchObject({ bestScore: run.bestScore, evaluations: run.evaluations });
    }
  });

  it('reports progress at a bounded rate and checkpoints periodically', async () => {
    const clock = { t: 0 };
    const log = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
    await drive(fakeRun(clock, 0.001), { seconds: 10, evaluations: null, target: null }, hooks(clock, log), opts);
    // 10 s at one sample per 100 ms: about 100 samples, never one per slice.
    expect(log.progress.length).toBeLessThanOrEqual(102);
    expect(log.progress.length).toBeGreaterThan(50);
    expect(log.cps.length).toBeGreaterThanOrEqual(9);
    for (let i = 1; i < log.progress.length; i++) expect(log.progress[i].elapsedMs).toBeGreaterThanOrEqual(log.progress[i - 1].elapsedMs);
  });

  it('counts time spent before a resume', async () => {
    const clock = { t: 0 };
    const log = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
    const { elapsedMs } = await drive(fakeRun(clock), { seconds: 5, evaluations: null, target: null }, hooks(clock, log), { ...opts, elapsedMs: 4000 });
    expect(elapsedMs).toBeGreaterThanOrEqual(5000);
    expect(elapsedMs).toBeLessThan(5200);
    expect(log.imps.length).toBeGreaterThan(0);
    expect(log.imps[0].elapsedMs).toBeGreaterThan(4000);
  });

  it('on a resume records only improvements strictly better than the best already recorded', async () => {
    // A run recorded improvements up to 7, was interrupted, and resumes from a checkpoint taken at
    // 3: it finds 4..7 again on the way and must not record them a second time.
    const clock = { t: 0 };
    const log = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
    const run = fakeRun(clock);
    Object.assign(run, { evaluations: 300, bestScore: 3 });
    await drive(run, { seconds: null, evaluations: 1000, target: null }, hooks(clock, log), { ...opts, elapsedMs: 400, recordedBest: 7 });
    expect(log.imps.map((i) => i.score)).toEqual([8, 9, 10]);
  });

  it('a restart with no checkpoint does not record its starting board again when one is recorded', async () => {
    const clock = { t: 0 };
    const log = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
    await drive(fakeRun(clock), { seconds: null, evaluations: 250, target: null }, hooks(clock, log), { ...opts, recordedBest: 0 });
    expect(log.imps.map((i) => i.score)).toEqual([1, 2]);
    const fresh = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
    await drive(fakeRun(clock), { seconds: null, evaluations: 250, target: null }, hooks(clock, fresh), { ...opts, recordedBest: null });
    expect(fresh.imps.map((i) => i.score)).toEqual([0, 1, 2]);
  });

  it("sizes its slices in the step budget's units where a solver counts them apart from its evaluations", async () => {
    // A beam's budget counts `spent` (children, states kept, candidates): here 3 units per evaluation.
    const clock = { t: 0 };
    const log = { progress: [] as ProgressSample[], imps: [] as Improvement[], cps: [] as Checkpoint[] };
    const run = fakeRun(clock, 0.001, 3, Infinity);
    await drive(run, { seconds: 1, evaluations: null, target: null }, hooks(clock, log), opts);
    // 20 ms slices at 3,000 units per ms: the slice grows from 64 to tens of thousands (by evaluations it would stay at 64).
    expect(Math.max(...run.steps)).toBeGreaterThan(30_000);
    expect(run.steps.length).toBeLessThan(200);
  });
});
