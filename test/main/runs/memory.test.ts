import { describe, expect, it } from 'vitest';
import type { PushEvent } from '../../../src/main/api/types';
import { nodeWorkerSpawner } from '../../../src/main/runs/node-host';
import { Workbench } from '../../../src/main/services/workbench';
import { jump } from './in-process';

const MB = 2 ** 20;

describe("a run's memory, measured in its own solver process", () => {
  it('reaches the views with the progress, and the run keeps its positive peak once ended', async () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: nodeWorkerSpawner(), concurrency: 1, progressIntervalMs: 50, checkpointIntervalMs: 1e9 });
    try {
      const pushed: Extract<PushEvent, { type: 'run-progress' }>[] = [];
      wb.subscribe((e) => void (e.type === 'run-progress' && pushed.push(e)));
      const run = wb.createRun({ target: jump(9), solver: 'hill-climb', seed: 1, stop: { seconds: 0.6 } });
      expect(run.peakRssBytes).toBeNull();
      const end = await wb.runs.waitFor(run.id);
      expect(end.status).toBe('done');
      const measured = pushed.filter((e) => e.runId === run.id && e.rssBytes !== undefined);
      expect(measured.length).toBeGreaterThan(0);
      // A Node process holds tens of MB at least; one run may hold at most 2 GB.
      for (const e of measured) expect(e.rssBytes).toBeGreaterThan(10 * MB);
      expect(end.peakRssBytes).toBeGreaterThan(10 * MB);
      expect(end.peakRssBytes).toBeLessThan(2048 * MB);
      expect(end.peakRssBytes).toBeGreaterThanOrEqual(Math.max(...measured.map((e) => e.peakRssBytes ?? 0)));
      // Stored: a later reader (the history, another process) sees it.
      expect(wb.store.getRunSummary(run.id)?.peakRssBytes).toBe(end.peakRssBytes);
    } finally {
      await wb.dispose();
    }
  });
});
