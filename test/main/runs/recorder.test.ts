import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from '../../../src/core/engine/protocol';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { Workbench } from '../../../src/main/services/workbench';
import { jump } from './in-process';

/**
 * A solver process that lies: it claims a score its board does not have, then goes on working
 * (progress every 10 ms) until it is killed. The recorder must refuse the claim, fail the run with
 * the reason and stop the process; nothing of the lie is stored.
 */
function lyingSpawner(claim: (board: { cells: number[][] }) => number, log: { killed: boolean }): WorkerSpawner {
  return () => {
    const listeners: ((m: FromWorker) => void)[] = [];
    const exits: ((d: string) => void)[] = [];
    let timer: NodeJS.Timeout | undefined;
    const exit = (d: string): void => {
      clearInterval(timer);
      exits.forEach((l) => l(d));
    };
    const send = (m: FromWorker): void => void setImmediate(() => listeners.forEach((l) => l(m)));
    return {
      post(m: ToWorker) {
        if (m.type === 'stop') return exit('exited with code 0');
        const runId = m.spec.runId;
        // A 5x5 maze of single steps: the goal is 8 jumps away.
        const cells = Array.from({ length: 5 }, (_, r) => Array.from({ length: 5 }, (_, c) => (r === 4 && c === 4 ? 0 : 1)));
        send({ type: 'started', runId, maxScore: null });
        send({ type: 'improvement', runId, improvement: { elapsedMs: 1, evaluations: 1, score: claim({ cells }), solution: { cells } } });
        let t = 2;
        timer = setInterval(
          () => send({ type: 'progress', runId, sample: { elapsedMs: t++, evaluations: t, iteration: t, bestScore: 8, currentScore: 8, meanScore: null } }),
          10,
        );
      },
      onMessage: (l) => void listeners.push(l),
      onExit: (l) => void exits.push(l),
      dispose() {
        log.killed = true;
        exit('killed by SIGKILL');
      },
    };
  };
}

describe('the recorder re-checks every improvement', () => {
  it('fails a lying solver with a one-line reason naming it, stores nothing of the lie and stops its process', async () => {
    const log = { killed: false };
    const wb = Workbench.open({ dbPath: ':memory:', spawn: lyingSpawner(() => 100, log), concurrency: 1 });
    const run = wb.createRun({ target: jump(5), solver: 'hill-climb', seed: 1, stop: { seconds: 30 } });
    const end = await wb.runs.waitFor(run.id);
    expect(end.status).toBe('failed');
    expect(end.error).toBe('solver hill-climb made a false claim: it reported score 100, but its board scores 8');
    expect(end.bestScore).toBeNull();
    expect(wb.store.events(run.id, { kinds: ['improvement'] })).toEqual([]);
    expect(log.killed).toBe(true);
    await wb.dispose();
  });

  it('stores a true claim', async () => {
    const log = { killed: false };
    const wb = Workbench.open({ dbPath: ':memory:', spawn: lyingSpawner(() => 8, log), concurrency: 1 });
    const run = wb.createRun({ target: jump(5), solver: 'hill-climb', seed: 1, stop: { seconds: 30 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(wb.store.events(run.id, { kinds: ['improvement'] }).map((e) => e.bestScore)).toEqual([8]);
    expect(wb.store.getRun(run.id)?.status).toBe('running');
    expect((await wb.runs.stop(run.id)).bestScore).toBe(8);
    await wb.dispose();
  });
});
