import { describe, expect, it } from 'vitest';
import { requestLeave, setLeaveGuard } from '../../../src/renderer/src/lib/leave-guard';

describe('leave guard', () => {
  it('proceeds at once without a guard or when the guard lets it', () => {
    let left = 0;
    requestLeave(() => left++);
    const off = setLeaveGuard(() => false);
    requestLeave(() => left++);
    off();
    expect(left).toBe(2);
  });

  it('lets a guard hold the navigation and resume it later', () => {
    let left = 0;
    let pending: (() => void) | null = null;
    const off = setLeaveGuard((proceed) => {
      pending = proceed;
      return true;
    });
    requestLeave(() => left++);
    expect(left).toBe(0);
    pending!();
    expect(left).toBe(1);
    off();
    // A stale unregister does not remove a newer guard.
    const off2 = setLeaveGuard(() => true);
    off();
    requestLeave(() => left++);
    expect(left).toBe(1);
    off2();
    requestLeave(() => left++);
    expect(left).toBe(2);
  });
});
