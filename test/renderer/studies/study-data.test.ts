import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushEvent, StudyDetail } from '../../../src/main/api/types';
import { StudyData, type StudyApi } from '../../../src/renderer/src/studies/study-data.svelte';

function fakeApi(): { api: StudyApi; calls: string[]; push: (e: PushEvent) => void; fail: (why: string | null) => void } {
  const calls: string[] = [];
  let listener: ((e: PushEvent) => void) | null = null;
  let failing: string | null = null;
  const study = { id: 4, runs: [[{ runId: 11 }], [{ runId: 12 }]] } as unknown as StudyDetail;
  const api: StudyApi = {
    getStudy: () => (calls.push('study'), failing ? Promise.reject(new Error(failing)) : Promise.resolve(study)),
    studyCurves: () => (calls.push('curves'), Promise.resolve([])),
    studyAnalysis: () => (calls.push('analysis'), Promise.resolve({} as never)),
    subscribe: (l) => {
      listener = l;
      return () => (listener = null);
    },
  };
  return { api, calls, push: (e) => listener?.(e), fail: (why) => (failing = why) };
}

const progress = (runId: number): PushEvent => ({ type: 'run-progress', runId }) as unknown as PushEvent;

describe("the study page's data", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads, then reloads at most once a second for its own runs, the curves every 3 s', async () => {
    const f = fakeApi();
    const data = new StudyData(f.api, 4);
    const stop = data.watch();
    expect(f.calls).toEqual(['study', 'curves', 'analysis']);
    await vi.advanceTimersByTimeAsync(0);
    expect(data.study?.id).toBe(4);
    f.calls.length = 0;
    f.push(progress(99)); // another study's run
    await vi.advanceTimersByTimeAsync(1500);
    expect(f.calls).toEqual([]);
    f.push(progress(11));
    f.push(progress(12)); // within the same second: one reload
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.calls).toEqual(['study']);
    f.calls.length = 0;
    await vi.advanceTimersByTimeAsync(2000);
    f.push(progress(11));
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.calls).toEqual(['study', 'curves', 'analysis']);
    stop();
    f.calls.length = 0;
    f.push(progress(11));
    await vi.advanceTimersByTimeAsync(2000);
    expect(f.calls).toEqual([]);
  });

  it('says why the study could not be read, until it can', async () => {
    const f = fakeApi();
    const data = new StudyData(f.api, 4);
    f.fail('no study 4');
    data.load(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(data.error).toContain('no study 4');
    f.fail(null);
    data.load(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(data.error).toBeNull();
  });
});
