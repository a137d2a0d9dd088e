import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushEvent } from '../../../src/main/api/contract';
import { refreshOnEvents } from '../../../src/renderer/src/lib/push-events';

function fakeApi() {
  const listeners = new Set<(e: PushEvent) => void>();
  return {
    subscribe(l: (e: PushEvent) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    push: (e: PushEvent) => listeners.forEach((l) => l(e)),
    listeners,
  };
}

const deleted: PushEvent = { type: 'runs-deleted', ids: [1] };
const progress: PushEvent = { type: 'run-progress', runId: 1, elapsedMs: 10, evaluations: 5, bestScore: 1, currentScore: 1 };

describe('refresh on pushed events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes once per burst of events that matter, after the delay', () => {
    const api = fakeApi();
    let n = 0;
    refreshOnEvents(
      api,
      (e) => e.type !== 'run-progress',
      250,
      () => n++,
    );
    api.push(progress);
    vi.advanceTimersByTime(1000);
    expect(n).toBe(0);
    api.push(deleted);
    api.push(deleted);
    vi.advanceTimersByTime(249);
    expect(n).toBe(0);
    api.push(deleted);
    vi.advanceTimersByTime(1);
    expect(n).toBe(1);
    api.push(deleted);
    vi.advanceTimersByTime(250);
    expect(n).toBe(2);
  });

  it('unsubscribes and drops a pending refresh', () => {
    const api = fakeApi();
    let n = 0;
    const off = refreshOnEvents(
      api,
      () => true,
      250,
      () => n++,
    );
    api.push(deleted);
    off();
    vi.advanceTimersByTime(1000);
    expect(n).toBe(0);
    expect(api.listeners.size).toBe(0);
  });
});
