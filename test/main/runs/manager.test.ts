import { describe, expect, it } from 'vitest';
import { inProcessSpawner, type InProcessHandle } from './in-process';
import { Workbench } from '../../../src/main/services/workbench';
import { getFamily } from '../../../src/core/families';

const jump = (n: number) => ({ family: 'jump' as const, name: `j${n}`, puzzle: getFamily('jump').puzzleFromJson({ rows: n, cols: n }) });

function open(concurrency = 1) {
  const log = { spawned: 0, handles: [] as InProcessHandle[] };
  const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner(log), concurrency, checkpointIntervalMs: 50, progressIntervalMs: 20 });
  return { wb, log };
}

describe('run manager', () => {
  it('runs to the evaluation limit and stores improvements, progress and a checkpoint', async () => {
    const { wb } = open();
    const run = wb.createRun({ target: jump(6), solver: 'hill-climb', seed: 1, stop: { evaluations: 20_000 } });
    const end = await wb.runs.waitFor(run.id);
    expect(end.status).toBe('done');
    expect(end.stopReason).toBe('evaluations');
    expect(end.evaluations).toBe(20_000);
    const events = wb.store.events(run.id);
    expect(events.filter((e) => e.kind === 'improvement').length).toBeGreaterThan(1);
    expect(events.filter((e) => e.kind === 'progress').length).toBeGreaterThan(0);
    expect(wb.store.latestCheckpoint(run.id)?.evaluations).toBe(20_000);
    expect(end.bestSolution).not.toBeNull();
    await wb.dispose();
  });

  it('queues runs beyond the concurrency limit', async () => {
    const { wb } = open(2);
    const ids = [1, 2, 3, 4].map((s) => wb.createRun({ target: jump(5), solver: 'hill-climb', seed: s, stop: { evaluations: 30_000 } }).id);
    expect(wb.runs.activeCount()).toBe(2);
    expect(wb.store.getRun(ids[3])?.status).toBe('queued');
    const ends = await Promise.all(ids.map((id) => wb.runs.waitFor(id)));
    expect(ends.map((e) => e.status)).toEqual(['done', 'done', 'done', 'done']);
    await wb.dispose();
  });

  it('stops a running run and a queued one, and resumes a stopped run', async () => {
    const { wb } = open(1);
    const a = wb.createRun({ target: jump(7), solver: 'hill-climb', seed: 1, stop: {} });
    const b = wb.createRun({ target: jump(7), solver: 'hill-climb', seed: 2, stop: {} });
    await new Promise((r) => setTimeout(r, 200));
    expect((await wb.runs.stop(b.id)).status).toBe('stopped');
    const stopped = await wb.runs.stop(a.id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.evaluations).toBeGreaterThan(0);
    const cp = wb.store.latestCheckpoint(a.id)!;
    wb.runs.resume(a.id);
    await new Promise((r) => setTimeout(r, 200));
    const again = await wb.runs.stop(a.id);
    expect(again.evaluations).toBeGreaterThan(cp.evaluations);
    expect(again.elapsedMs).toBeGreaterThan(cp.elapsedMs);
    await wb.dispose();
  });

  it('marks a run whose worker vanishes as interrupted, and one whose solver throws as failed', async () => {
    const { wb, log } = open(1);
    const a = wb.createRun({ target: jump(7), solver: 'hill-climb', seed: 1, stop: {} });
    await new Promise((r) => setTimeout(r, 150));
    log.handles[0].dispose();
    const end = await wb.runs.waitFor(a.id);
    expect(end.status).toBe('interrupted');
    expect(end.error).toMatch(/killed/);
    // A damaged checkpoint makes the restore throw inside the worker.
    wb.store.saveCheckpoint(a.id, { elapsedMs: 1, evaluations: 1, bestScore: 0, state: { nonsense: true } });
    wb.store.saveCheckpoint(a.id, { elapsedMs: 1, evaluations: 1, bestScore: 0, state: { nonsense: true } });
    wb.runs.resume(a.id);
    const failed = await wb.runs.waitFor(a.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/checkpoint/);
    await wb.dispose();
  });

  it('refuses impossible settings before storing anything', () => {
    const { wb } = open();
    expect(() => wb.createRun({ target: jump(5), solver: 'hill-climb', params: { randomWalk: 3 } })).toThrow(/randomWalk/);
    expect(() => wb.createRun({ target: jump(5), solver: 'annealing' })).toThrow(/no solver "annealing"/);
    expect(() => wb.createRun({ target: jump(5), solver: 'hill-climb', stop: { seconds: 0 } })).toThrow(/seconds must be a positive/);
    expect(() => wb.createRun({ target: { puzzleId: 42 }, solver: 'hill-climb' })).toThrow(/no puzzle 42/);
    expect(wb.store.countRuns()).toBe(0);
  });

  it('on start-up, runs left running become interrupted and queued runs start again', async () => {
    const { wb } = open();
    const run = wb.store.createRun({
      puzzleId: null,
      puzzleName: 'x',
      family: 'jump',
      solver: 'hill-climb',
      params: {},
      seed: 1,
      stop: { seconds: null, evaluations: 1000, target: null },
      puzzle: { rows: 5, cols: 5 },
      maxScore: null,
    });
    wb.store.setRunStatus(run.id, 'running');
    const queued = wb.store.createRun({
      puzzleId: null,
      puzzleName: 'y',
      family: 'jump',
      solver: 'hill-climb',
      params: {},
      seed: 1,
      stop: { seconds: null, evaluations: 1000, target: null },
      puzzle: { rows: 5, cols: 5 },
      maxScore: null,
    });
    expect(wb.runs.recover()).toEqual([run.id]);
    expect(wb.store.getRun(run.id)?.status).toBe('interrupted');
    expect((await wb.runs.waitFor(queued.id)).status).toBe('done');
    await wb.dispose();
  });
});
