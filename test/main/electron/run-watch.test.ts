import { describe, expect, it } from 'vitest';
import { RunWatch, endNotice, powerAction, shortDuration } from '../../../src/main/electron/run-watch';
import type { RunStatus, RunSummary } from '../../../src/main/store/types';

const run = (id: number, status: RunStatus, over: Partial<RunSummary> = {}): RunSummary => ({
  id,
  puzzleId: 1,
  puzzleName: 'Clue 1',
  family: 'edge',
  kind: 'Edge matching',
  solver: 'hill-climb',
  params: {},
  seed: 1,
  stop: { seconds: 60, evaluations: null, target: null },
  status,
  stopReason: null,
  error: null,
  createdAt: 0,
  startedAt: 0,
  endedAt: null,
  elapsedMs: 62_000,
  evaluations: 10,
  bestScore: 52,
  maxScore: 60,
  rssBytes: null,
  peakRssBytes: null,
  changes: [],
  ...over,
});

const updated = (r: RunSummary) => ({ type: 'run-updated' as const, run: r });

describe('keeping the machine awake', () => {
  it('starts with the first active run and stops after the last', () => {
    expect(powerAction(1, false)).toBe('start');
    expect(powerAction(2, true)).toBeNull();
    expect(powerAction(0, true)).toBe('stop');
    expect(powerAction(0, false)).toBeNull();

    const w = new RunWatch();
    expect(w.onEvent(updated(run(1, 'queued')), true).power).toBe('start');
    expect(w.onEvent(updated(run(2, 'queued')), true).power).toBeNull();
    expect(w.onEvent(updated(run(1, 'running')), true).power).toBeNull();
    expect(w.onEvent({ type: 'run-progress', runId: 1, elapsedMs: 1, evaluations: 1, bestScore: 1, currentScore: 1 }, true).power).toBeNull();
    expect(w.onEvent(updated(run(1, 'done')), true).power).toBeNull();
    expect(w.activeCount).toBe(1);
    expect(w.onEvent(updated(run(2, 'stopped')), true).power).toBe('stop');
    expect(w.isBlocking()).toBe(false);
    // A resumed run blocks again; deleting it (stopped first) releases.
    expect(w.onEvent(updated(run(2, 'queued')), true).power).toBe('start');
    expect(w.onEvent({ type: 'runs-deleted', ids: [2] }, true).power).toBe('stop');
  });

  it('counts runs already queued at start-up', () => {
    const w = new RunWatch();
    expect(w.seed([run(5, 'queued'), run(6, 'queued')])).toBe('start');
    expect(w.seed([])).toBeNull();
  });
});

describe('telling the user a run ended', () => {
  it('notifies only when the window is not focused and the run really ended', () => {
    expect(endNotice('running', run(3, 'done', { stopReason: 'seconds' }), true)).toBeNull();
    expect(endNotice('running', run(3, 'done', { stopReason: 'seconds' }), false)).toEqual({
      runId: 3,
      title: 'Run 3 finished',
      body: 'Clue 1 · Hill climbing · best 52 / 60 (86.7 %) in 1 min 02 s',
    });
    expect(endNotice('running', run(3, 'done', { stopReason: 'solved', bestScore: 60 }), false)?.title).toBe('Run 3 solved the puzzle');
    expect(endNotice('running', run(3, 'done', { stopReason: 'target' }), false)?.title).toBe('Run 3 reached its target');
    expect(endNotice('running', run(3, 'failed', { error: 'disk full' }), false)?.body).toMatch(/disk full$/);
    expect(endNotice('running', run(3, 'interrupted'), false)?.body).toMatch(/can be resumed$/);
    expect(endNotice('running', run(3, 'stopped'), false)).toBeNull(); // the user stopped it
    expect(endNotice(undefined, run(3, 'done'), false)).toBeNull(); // never seen running
    expect(endNotice('running', run(4, 'done', { family: 'jump', maxScore: null, bestScore: 21 }), false)?.body).toMatch(/best 21 in/);
  });

  it('follows statuses through the push stream', () => {
    const w = new RunWatch();
    w.onEvent(updated(run(1, 'queued')), false);
    expect(w.onEvent(updated(run(1, 'running')), false).notice).toBeNull();
    expect(w.onEvent(updated(run(1, 'running', { bestScore: 53 })), false).notice).toBeNull(); // an improvement
    expect(w.onEvent(updated(run(1, 'done')), false).notice?.title).toBe('Run 1 finished');
    expect(w.onEvent(updated(run(1, 'done')), false).notice).toBeNull(); // said once
  });

  it('writes durations briefly', () => {
    expect(shortDuration(1234)).toBe('1.2 s');
    expect(shortDuration(42_000)).toBe('42 s');
    expect(shortDuration(62_000)).toBe('1 min 02 s');
    expect(shortDuration(3_723_000)).toBe('1 h 02 min');
  });
});
