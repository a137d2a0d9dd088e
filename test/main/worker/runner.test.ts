import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from '../../../src/core/engine/protocol';
import type { RunSpec } from '../../../src/core/engine/run-types';
import { runClock, serveWorker } from '../../../src/main/worker/runner';
import { sleep } from '../../helpers/files';

/** One run through the worker body in this process; resolves with its messages. */
function runInProcess(spec: RunSpec): Promise<FromWorker[]> {
  return new Promise((resolve) => {
    const got: FromWorker[] = [];
    const listeners: ((m: ToWorker) => void)[] = [];
    serveWorker({ post: (m) => void got.push(m), onMessage: (l) => void listeners.push(l) }, () => resolve(got));
    for (const l of listeners) l({ type: 'start', spec });
  });
}

describe('the run clock', () => {
  it("counts CPU time of this process for a CPU-clock run, so time other processes take is not the run's", () => {
    const cpu = runClock('cpu');
    const wall = runClock(undefined);
    const c0 = cpu();
    const w0 = wall();
    sleep(150);
    expect(wall() - w0).toBeGreaterThanOrEqual(140);
    expect(cpu() - c0).toBeLessThan(60);
    expect(runClock('wall')).not.toBe(cpu);
  });

  it('ends a CPU-clock run on its CPU seconds, with elapsed times no larger than the CPU time spent', async () => {
    const spec: RunSpec = {
      runId: 7,
      family: 'jump',
      solver: 'hill-climb',
      puzzle: { rows: 9, cols: 9 },
      params: {},
      seed: 3,
      stop: { seconds: 0.3, evaluations: null, target: null, clock: 'cpu' },
      checkpoint: null,
      progressIntervalMs: 50,
      checkpointIntervalMs: 100,
    };
    const before = process.cpuUsage();
    const messages = await runInProcess(spec);
    const used = process.cpuUsage(before);
    const done = messages.find((m) => m.type === 'done');
    expect(done).toMatchObject({ type: 'done', reason: 'seconds' });
    const elapsed = (done as { elapsedMs: number }).elapsedMs;
    expect(elapsed).toBeGreaterThanOrEqual(300);
    expect(elapsed).toBeLessThanOrEqual((used.user + used.system) / 1000 + 1);
  });
});

describe('a resumed run', () => {
  it('records only improvements strictly better than the best its spec says is recorded (none twice)', async () => {
    const spec: RunSpec = {
      runId: 9,
      family: 'jump',
      solver: 'hill-climb',
      puzzle: { rows: 9, cols: 9 },
      params: {},
      seed: 5,
      stop: { seconds: null, evaluations: 4000, target: null },
      checkpoint: null,
      progressIntervalMs: 1000,
      checkpointIntervalMs: 0,
    };
    const first = await runInProcess(spec);
    const improvements = (ms: FromWorker[]): number[] => ms.flatMap((m) => (m.type === 'improvement' ? [m.improvement.score] : []));
    const found = improvements(first);
    expect(found.length).toBeGreaterThan(2);
    // Interrupted after recording every improvement, resumed from its first checkpoint: the same
    // improvements come again and none may be recorded.
    const early = first.find((m) => m.type === 'checkpoint');
    if (early?.type !== 'checkpoint') throw new Error('no checkpoint');
    const best = found.at(-1)!;
    const unknown = await runInProcess({ ...spec, checkpoint: early.checkpoint });
    expect(improvements(unknown).length).toBeGreaterThan(0);
    const again = await runInProcess({ ...spec, checkpoint: early.checkpoint, recordedBest: best });
    expect(again.find((m) => m.type === 'done')).toMatchObject({ bestScore: best });
    expect(improvements(again)).toEqual([]);
  });
});

describe("the solver process's memory", () => {
  it('comes with every progress sample and with `done`: the resident set now and a peak that never falls', async () => {
    const spec: RunSpec = {
      runId: 11,
      family: 'jump',
      solver: 'hill-climb',
      puzzle: { rows: 9, cols: 9 },
      params: {},
      seed: 2,
      stop: { seconds: null, evaluations: 30_000, target: null },
      checkpoint: null,
      progressIntervalMs: 0,
      checkpointIntervalMs: 1e9,
    };
    const messages = await runInProcess(spec);
    const measured = messages.flatMap((m) => ((m.type === 'progress' || m.type === 'done') && m.memory ? [m.memory] : []));
    const progress = messages.filter((m) => m.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    // Every progress sample and the final `done` carry it.
    expect(measured.length).toBe(progress.length + 1);
    expect(messages.at(-1)).toMatchObject({ type: 'done', memory: { peakRssBytes: expect.any(Number) } });
    let peak = 0;
    for (const m of measured) {
      expect(m.rssBytes).toBeGreaterThan(0);
      expect(m.peakRssBytes).toBeGreaterThanOrEqual(m.rssBytes);
      expect(m.peakRssBytes).toBeGreaterThanOrEqual(peak);
      peak = m.peakRssBytes;
    }
  });
});
