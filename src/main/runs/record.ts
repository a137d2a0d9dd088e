import type { FromWorker } from '../../core/engine/protocol';
import type { StopReason } from '../../core/engine/run-types';
import type { LeaseOwner } from '../store/leases';
import type { Store } from '../store/store';

/** How a solver's last message ends its run. */
export interface RunOutcome {
  status: 'done' | 'stopped' | 'failed';
  extra: { stopReason?: StopReason; error?: string; elapsedMs?: number; evaluations?: number };
}

/**
 * Write one message of a run's solver into the store (progress, improvements, checkpoints), as the
 * holder of the run's lease. A final message is not written: its outcome is returned, and the
 * caller ends the run with its own bookkeeping (a local process or a remote attempt).
 */
export function recordSolverMessage(store: Store, runId: number, owner: LeaseOwner, m: FromWorker): RunOutcome | null {
  switch (m.type) {
    case 'started':
      return null;
    case 'progress':
      store.recordProgress(runId, m.sample, owner);
      return null;
    case 'improvement':
      store.recordImprovement(runId, m.improvement, owner);
      return null;
    case 'checkpoint':
      store.saveCheckpoint(runId, m.checkpoint, owner);
      return null;
    case 'done':
      return { status: m.reason === 'stopped' ? 'stopped' : 'done', extra: { stopReason: m.reason, elapsedMs: m.elapsedMs, evaluations: m.evaluations } };
    case 'error':
      return { status: 'failed', extra: { error: m.message } };
  }
}
