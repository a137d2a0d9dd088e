import { describe, expect, it } from 'vitest';
import { spreadLines } from '../../../src/main/spread/info';
import { sampleSpreadInfo } from './sample-info';

describe("a spread run's lines in `show`", () => {
  it('say passes, clocks, the pool and each worker through the text module', () => {
    const info = sampleSpreadInfo({
      cpuMs: 3_723_000,
      jobsDone: 1,
      workers: [{ who: 'lab-3/4242', jobs: 12, busy: 1, cpuMs: 1_080_000, evaluations: 1e9, rate: 925_925.9, lastSeen: 1_000_000 }],
      notes: ['Redis lost its data: passes re-queued'],
      updatedAt: 1_000_000,
    });
    expect(spreadLines(info, 1_004_000)).toEqual([
      'spread over workers: 1 pass of 90 CPU s done, 2 out; 1 h 02 min CPU summed over workers in 31 min 40 s of wall clock',
      'pool of 8: 465 464; 20% of passes from empty',
      'worker lab-3/4242: 12 passes, 1 under way, 18 min 00 s CPU, 925,926 evaluations per CPU s, last heard 4.0 s ago',
      'note: Redis lost its data: passes re-queued',
    ]);
    expect(spreadLines(null)).toEqual([]);
  });
});
