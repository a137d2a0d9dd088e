import { describe, expect, it } from 'vitest';
import type { FromWorker } from '../../../src/core/engine/protocol';
import type { RunSpec } from '../../../src/core/engine/run-types';
import { nodeWorkerSpawner } from '../../../src/main/runs/node-host';

describe('the solver worker process', () => {
  it('leaves only once its last messages are out: a big final checkpoint and `done` always arrive', async () => {
    // A GA on a 40x40 maze with 4,000 individuals: its checkpoint is megabytes of JSON.
    const spec: RunSpec = {
      runId: 1,
      family: 'jump',
      solver: 'ga',
      puzzle: { rows: 40, cols: 40 },
      params: { population: 4000 },
      seed: 1,
      stop: { seconds: null, evaluations: 8001, target: null },
      checkpoint: null,
      progressIntervalMs: 1000,
      checkpointIntervalMs: 1e9,
    };
    const worker = nodeWorkerSpawner()();
    const got: FromWorker[] = [];
    worker.onMessage((m) => {
      got.push(m);
      // A run manager busy elsewhere (writing a big checkpoint, a loaded machine) reads slowly:
      // the worker's last messages then wait in the pipe while its run is already over.
      if (m.type === 'started') {
        const until = Date.now() + 1500;
        while (Date.now() < until);
      }
    });
    const exit = new Promise<string>((resolve) => worker.onExit(resolve));
    worker.post({ type: 'start', spec });
    expect(await exit).toBe('exited with code 0');
    const done = got.find((m) => m.type === 'done');
    expect(done).toMatchObject({ reason: 'evaluations' });
    const last = got.filter((m) => m.type === 'checkpoint').at(-1) as Extract<FromWorker, { type: 'checkpoint' }> | undefined;
    expect(last?.checkpoint.evaluations).toBe((done as Extract<FromWorker, { type: 'done' }>).evaluations);
    expect(JSON.stringify(last?.checkpoint.state).length).toBeGreaterThan(4_000_000);
  }, 120_000);
});
