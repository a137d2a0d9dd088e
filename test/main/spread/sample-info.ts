import type { SpreadInfo } from '../../../src/main/spread/info';

/** A spread run's record as its coordinator writes it, for tests that carry or print one. */
export function sampleSpreadInfo(over: Partial<SpreadInfo> = {}): SpreadInfo {
  return {
    v: 1,
    passSeconds: 90,
    poolSize: 8,
    fresh: 0.2,
    pool: [465, 464],
    cpuMs: 7_200_000,
    wallMs: 1_900_000,
    jobsDone: 80,
    outstanding: 2,
    workers: [{ who: 'lab-3/4121', jobs: 40, busy: 1, cpuMs: 3_600_000, evaluations: 9e9, rate: 2_500_000, lastSeen: 1_700_000_000_000 }],
    notes: ["worker lab-2/77 went silent during pass 41: run again by another worker once the job's lock lapses"],
    updatedAt: 1_700_000_000_000,
    ...over,
  };
}
