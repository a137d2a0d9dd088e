import type { LeaseGrant } from '../store/leases';
import type { RunRecord } from '../store/types';

/**
 * Where a study's runs go: the local run manager's queue (RunManager) or a Redis queue of
 * workers on other machines (redis/coordinator.ts). Both write the runs into the same store
 * through the same calls, so the study cannot tell them apart.
 */
export interface RunDispatcher {
  /** Who holds the runs this dispatcher takes (see store/leases.ts). */
  readonly grant: LeaseGrant;
  /** Put a queued run this dispatcher holds the lease of in line. */
  enqueue(runId: number): void;
  /** Continue an interrupted or stopped run from its last checkpoint; throws when another live process holds it. */
  resume(runId: number): RunRecord;
  /** Whether the run is queued or running through this dispatcher. */
  isActive(runId: number): boolean;
  /** Resolves when the run has ended, here or wherever it runs. */
  waitFor(runId: number): Promise<RunRecord>;
  stop(runId: number): Promise<RunRecord>;
}
