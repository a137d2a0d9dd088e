import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store';
import type { ProgressSample } from '../../../src/core/engine/run-types';
import { cleanTempDirs, newRun } from './helpers';

let store: Store;

const sample = (t: number): ProgressSample => ({ elapsedMs: t, evaluations: t, iteration: t, bestScore: 1, currentScore: 1, meanScore: null });
const MB = 2 ** 20;

beforeEach(() => {
  store = Store.open(':memory:');
});

afterEach(() => {
  store.dispose();
  cleanTempDirs();
});

describe("a run's memory", () => {
  it('is none until measured', () => {
    const r = store.createRun(newRun());
    expect(r).toMatchObject({ rssBytes: null, peakRssBytes: null });
    store.recordProgress(r.id, sample(1));
    expect(store.getRunSummary(r.id)).toMatchObject({ rssBytes: null, peakRssBytes: null });
  });

  it('follows the progress samples: the current figure as sampled, the peak only rising', () => {
    const r = store.createRun(newRun());
    store.recordProgress(r.id, sample(1), undefined, { rssBytes: 300 * MB, peakRssBytes: 400 * MB });
    expect(store.getRunSummary(r.id)).toMatchObject({ rssBytes: 300 * MB, peakRssBytes: 400 * MB });
    store.recordProgress(r.id, sample(2), undefined, { rssBytes: 100 * MB, peakRssBytes: 200 * MB });
    expect(store.getRunSummary(r.id)).toMatchObject({ rssBytes: 100 * MB, peakRssBytes: 400 * MB });
    // A sample without figures (a worker that does not measure) leaves them.
    store.recordProgress(r.id, sample(3));
    expect(store.getRunSummary(r.id)).toMatchObject({ rssBytes: 100 * MB, peakRssBytes: 400 * MB });
    // The record and the lists carry them too.
    expect(store.getRun(r.id)).toMatchObject({ peakRssBytes: 400 * MB });
    expect(store.listRuns({}).find((x) => x.id === r.id)).toMatchObject({ peakRssBytes: 400 * MB });
  });

  it("keeps the peak of the worker's last message when the run ends, the largest over its resumes", () => {
    const r = store.createRun(newRun());
    store.setRunStatus(r.id, 'running');
    store.recordProgress(r.id, sample(1), undefined, { rssBytes: 50 * MB, peakRssBytes: 60 * MB });
    expect(store.setRunStatus(r.id, 'stopped', { peakRssBytes: 640 * MB }).peakRssBytes).toBe(640 * MB);
    // A resumed run's new process held less: the run's peak stays.
    store.setRunStatus(r.id, 'running');
    expect(store.setRunStatus(r.id, 'done', { peakRssBytes: 500 * MB }).peakRssBytes).toBe(640 * MB);
    // An end without a figure leaves it.
    expect(store.setRunStatus(r.id, 'done', {}).peakRssBytes).toBe(640 * MB);
  });

  it('takes no figure that is not a byte count (a remote worker is not trusted blindly)', () => {
    const r = store.createRun(newRun());
    store.recordProgress(r.id, sample(1), undefined, { rssBytes: Number.NaN, peakRssBytes: -5 });
    expect(store.getRunSummary(r.id)).toMatchObject({ rssBytes: null, peakRssBytes: null });
    store.setRunStatus(r.id, 'done', { peakRssBytes: Number.POSITIVE_INFINITY });
    expect(store.getRunSummary(r.id)?.peakRssBytes).toBeNull();
    store.recordProgress(r.id, sample(2), undefined, { rssBytes: 1.6, peakRssBytes: 2.4 });
    expect(store.getRunSummary(r.id)).toMatchObject({ rssBytes: 2, peakRssBytes: 2 });
  });
});
