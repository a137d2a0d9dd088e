import { describe, expect, it } from 'vitest';
import { cliStop } from '../../../src/main/cli/stop-signal';

describe("the CLI's stop question", () => {
  it('says the budget stopped a search when it did, and nothing when the search ended by itself', () => {
    const spent = cliStop(0);
    try {
      expect(spent.stoppedBy()).toBeNull();
      expect(spent.shouldStop()).toBe(true);
      expect([spent.stoppedBy(), spent.interrupted()]).toEqual(['seconds', false]);
    } finally {
      spent.release();
    }
    const open = cliStop();
    try {
      expect([open.shouldStop(), open.stoppedBy()]).toEqual([false, null]);
    } finally {
      open.release();
    }
  });

  it('takes Ctrl+C as a stop of the search, not of the process, until released', () => {
    const base = process.listenerCount('SIGINT');
    const unused = cliStop();
    expect(process.listenerCount('SIGINT')).toBe(base + 1);
    unused.release();
    expect(process.listenerCount('SIGINT')).toBe(base);
    const stop = cliStop(3600);
    try {
      process.emit('SIGINT');
      expect([stop.shouldStop(), stop.interrupted(), stop.stoppedBy()]).toEqual([true, true, 'stopped']);
    } finally {
      stop.release();
    }
    expect(process.listenerCount('SIGINT')).toBe(base);
  });
});
