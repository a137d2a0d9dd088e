import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUSES, canResume, hasEnded, isFinal, RUN_STATUSES } from '../../../src/core/engine/run-types';

describe('run statuses', () => {
  it('split into active and ended, and a resume takes only runs cut short', () => {
    expect(RUN_STATUSES.filter((s) => !hasEnded(s))).toEqual(['queued', 'running']);
    expect(RUN_STATUSES.filter((s) => !hasEnded(s))).toEqual(ACTIVE_STATUSES);
    // Over for good: ended and not resumable.
    expect(RUN_STATUSES.filter(isFinal)).toEqual(RUN_STATUSES.filter((s) => hasEnded(s) && !canResume(s)));
    expect(RUN_STATUSES.filter(canResume)).toEqual(['stopped', 'interrupted']);
    // Every resumable run has ended: a resume never takes a run a process still works on.
    expect(RUN_STATUSES.filter((s) => canResume(s) && !hasEnded(s))).toEqual([]);
  });
});
