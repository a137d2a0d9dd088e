import { describe, expect, it } from 'vitest';
import { DisposableStore, toDisposable } from '../../../src/main/lifecycle/disposable';
import { createBackend } from '../../../src/main/services/backend';
import { makeDocument } from '../../../src/core/document/document';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';

const noWorkers: WorkerSpawner = () => {
  throw new Error('no workers in this test');
};

describe('DisposableStore (issue 52: one way to release what main holds)', () => {
  it('releases newest first, each once, even after a failure, and throws the first failure after all', async () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(toDisposable(() => void order.push('database')));
    store.add(
      toDisposable(() => {
        order.push('redis');
        throw new Error('redis went away');
      }),
    );
    store.add(toDisposable(async () => void order.push('threads')));
    await expect(store.dispose()).rejects.toThrow('redis went away');
    expect(order).toEqual(['threads', 'redis', 'database']);
    await store.dispose();
    expect(order).toHaveLength(3);
  });

  it('releases at once what is added to a store already released', async () => {
    const store = new DisposableStore();
    await store.dispose();
    let released = false;
    store.add(toDisposable(() => void (released = true)));
    expect(released).toBe(true);
    expect(store.isDisposed).toBe(true);
  });
});

describe("the backend's close", () => {
  it('ends the analysis threads it started (they once outlived it)', async () => {
    const b = await createBackend({ dbPath: ':memory:', workerHost: noWorkers, resourcesDir: null });
    const { puzzle } = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 });
    const { id: puzzleId } = await b.handlers.createPuzzle({ document: makeDocument('edge', 'big', puzzle) });
    const { id } = await b.handlers.startAnalysis({ puzzleId, probes: 20, seconds: 60 });
    await b.dispose();
    const s = await b.handlers.analysisStatus({ id });
    expect(s.running).toBe(false);
    expect(s.error).toBe('the backend closed');
  });
});
