import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FromWorker } from '../../../src/core/engine/protocol';
import type { RunSpec } from '../../../src/core/engine/run-types';
import { nodeWorkerSpawner } from '../../../src/main/runs/node-host';
import { alive } from '../../helpers/cli';

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

describe('an orphaned solver worker', () => {
  it('exits within seconds of its parent being killed with -9', async () => {
    const entry = fileURLToPath(new URL('../../../src/main/worker/entry.ts', import.meta.url));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const spec: RunSpec = {
      runId: 1,
      family: 'jump',
      solver: 'hill-climb',
      puzzle: { rows: 9, cols: 9 },
      params: {},
      seed: 1,
      stop: { seconds: 600, evaluations: null, target: null },
      checkpoint: null,
      progressIntervalMs: 1000,
      checkpointIntervalMs: 1e9,
    };
    // A parent that starts a long run and prints its worker's pid once the run has started.
    const spawner = `
      import { fork } from 'node:child_process';
      const child = fork(${JSON.stringify(entry)}, [], { execArgv: ['--import', ${JSON.stringify(tsx)}], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      child.on('message', (m) => { if (m.type === 'started') console.log(child.pid); });
      child.send({ type: 'start', spec: ${JSON.stringify(spec)} });`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', spawner], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
      parent.once('exit', () => reject(new Error(`the spawner exited first: ${out}`)));
    });
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    const t0 = Date.now();
    while (alive(pid) && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 100));
    const gone = Date.now() - t0;
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    expect(gone).toBeLessThan(5_000);
  }, 60_000);
});
