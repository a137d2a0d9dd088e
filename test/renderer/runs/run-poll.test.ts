import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunPoll } from '../../../src/renderer/src/runs/run-poll.svelte';

afterEach(() => vi.useRealTimers());

/** Lets the answers already given arrive. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe("a run's figure read again while it runs", () => {
  it('reads a running run now and then every period, keeps it with its run, and stops when told', async () => {
    vi.useFakeTimers();
    const asked: number[] = [];
    let n = 0;
    const poll = new RunPoll(async (id) => (asked.push(id), `run ${id} read ${++n}`), 1_000);
    const stop = poll.follow(7, true);
    await settle();
    expect(poll.of(7)).toBe('run 7 read 1');
    expect(poll.of(8)).toBeNull(); // never another run's figures
    await vi.advanceTimersByTimeAsync(2_000);
    expect(poll.of(7)).toBe('run 7 read 3');
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toEqual([7, 7, 7]);
    // Kept while the run is shown ended: read once more, then no timer.
    const again = poll.follow(7, false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toEqual([7, 7, 7, 7]);
    expect(poll.of(7)).toBe('run 7 read 4');
    again();
  });

  it('drops an answer that arrives after it was stopped, and takes no failed read', async () => {
    let answer: (v: string) => void = () => {};
    const poll = new RunPoll<string>((id) => (id === 1 ? new Promise((r) => (answer = r)) : Promise.reject(new Error('gone'))), 1_000);
    const stop = poll.follow(1, false);
    stop();
    answer('late');
    await Promise.resolve();
    expect(poll.of(1)).toBeNull();
    poll.follow(2, false)();
    await Promise.resolve();
    expect(poll.of(2)).toBeNull();
  });
});
