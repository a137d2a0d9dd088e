import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { THREADS_PARAM } from '../../../src/core/engine/shards';
import { paramValueText } from '../../../src/core/text/run-text';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import type { WorkerHandle, WorkerSpawner } from '../../../src/main/runs/worker-host';
import { Workbench } from '../../../src/main/services/workbench';

/** Workers that never answer: runs stay running until their handle is killed. */
function idleSpawner(handles: WorkerHandle[]): WorkerSpawner {
  return () => {
    const exits: ((d: string) => void)[] = [];
    const handle: WorkerHandle = {
      post: () => undefined,
      onMessage: () => undefined,
      onExit: (l) => void exits.push(l),
      dispose: () => exits.forEach((l) => l('killed by SIGKILL')),
    };
    handles.push(handle);
    return handle;
  };
}

const target = { family: 'edge' as const, name: 'g', puzzle: generateEdgePuzzle({ rows: 5, cols: 5, frameColours: 3, innerColours: 4, seed: 1 }).puzzle };

describe('run slots', () => {
  it('counts a run on N threads as N of the run slots, keeping the queue in order', async () => {
    const handles: WorkerHandle[] = [];
    const wb = Workbench.open({ dbPath: ':memory:', spawn: idleSpawner(handles), concurrency: 3, cores: 8 });
    const run = (threads: number): number => wb.createRun({ target, solver: 'beam', params: { threads }, seed: 1, stop: {} }).id;
    const a = run(2);
    const b = run(1);
    const c = run(2);
    const d = run(1);
    expect(wb.runs.slotsInUse()).toBe(3);
    expect([a, b, c, d].map((id) => wb.store.getRun(id)?.status)).toEqual(['running', 'running', 'queued', 'queued']);
    // One slot free is not enough for c (2 threads), and d waits behind it.
    handles[1].dispose();
    await new Promise((r) => setTimeout(r, 20));
    expect(wb.store.getRun(c)?.status).toBe('queued');
    expect(wb.runs.slotsInUse()).toBe(2);
    handles[0].dispose();
    await new Promise((r) => setTimeout(r, 20));
    expect([c, d].map((id) => wb.store.getRun(id)?.status)).toEqual(['running', 'running']);
    expect(wb.runs.slotsInUse()).toBe(3);
    // More threads than slots: the run takes them all rather than never starting.
    const e = run(8);
    handles[2].dispose();
    handles[3].dispose();
    await new Promise((r) => setTimeout(r, 20));
    expect(wb.store.getRun(e)?.status).toBe('running');
    expect(wb.runs.slotsInUse()).toBe(3);
    handles[4].dispose();
    await wb.dispose();
  });

  it('offers all cores but one (threads=0), stored as the number of cores it stands for', async () => {
    expect(paramValueText(0, THREADS_PARAM)).toBe('0 (all cores but one)');
    const handles: WorkerHandle[] = [];
    const wb = Workbench.open({ dbPath: ':memory:', spawn: idleSpawner(handles), concurrency: 1 });
    const run = wb.createRun({ target, solver: 'lns', params: { threads: 0 }, seed: 1, stop: {} });
    expect(wb.store.getRun(run.id)?.params.threads).toBe(Math.max(1, availableParallelism() - 1));
    handles[0].dispose();
    await wb.dispose();
  });
});
