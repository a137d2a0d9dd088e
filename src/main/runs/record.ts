import type { FromWorker } from '../../core/engine/protocol';
import type { StopReason } from '../../core/engine/run-types';
import { improvementCheck, type ImprovementCheck } from '../../core/families/verify';
import type { LeaseOwner } from '../store/leases';
import type { Store } from '../store/store';

/** How a solver's last message ends its run. */
export interface RunOutcome {
  status: 'done' | 'stopped' | 'failed';
  extra: { stopReason?: StopReason; error?: string; elapsedMs?: number; evaluations?: number; peakRssBytes?: number };
  /** The run ends on a message that is not the solver's last: its worker must be stopped. */
  rejected?: true;
}

/**
 * Writes a run's solver messages into the store (progress, improvements, checkpoints), as the
 * holder of the run's lease. A final message is not written: its outcome is returned, and the
 * caller ends the run with its own bookkeeping (a local process or a remote attempt).
 *
 * Every improvement is re-scored and checked for legality with the family's own code before it is
 * stored: a solver with a scoring bug fails its run with the reason instead of publishing a false
 * record. The check is built once per run.
 */
export class SolverRecorder {
  private readonly checks = new Map<number, { check: ImprovementCheck; solver: string }>();

  constructor(private readonly store: Store) {}

  record(runId: number, owner: LeaseOwner, m: FromWorker): RunOutcome | null {
    switch (m.type) {
      case 'started':
        return null;
      case 'progress':
        this.store.recordProgress(runId, m.sample, owner, m.memory);
        return null;
      case 'improvement': {
        const { check, solver } = this.checkOf(runId);
        const wrong = check(m.improvement.solution, m.improvement.score);
        if (wrong) {
          this.checks.delete(runId);
          return { status: 'failed', extra: { error: `solver ${solver} made a false claim: ${wrong}` }, rejected: true };
        }
        this.store.recordImprovement(runId, m.improvement, owner);
        return null;
      }
      case 'checkpoint':
        this.store.saveCheckpoint(runId, m.checkpoint, owner);
        return null;
      case 'done':
        this.checks.delete(runId);
        return {
          status: m.reason === 'stopped' ? 'stopped' : 'done',
          extra: {
            stopReason: m.reason,
            elapsedMs: m.elapsedMs,
            evaluations: m.evaluations,
            ...(m.memory ? { peakRssBytes: m.memory.peakRssBytes } : {}),
          },
        };
      case 'error':
        this.checks.delete(runId);
        return { status: 'failed', extra: { error: m.message } };
    }
  }

  /** Drop what is held for a run that ended some other way (killed, taken by another process). */
  forget(runId: number): void {
    this.checks.delete(runId);
  }

  private checkOf(runId: number): { check: ImprovementCheck; solver: string } {
    let c = this.checks.get(runId);
    if (!c) {
      const run = this.store.getRun(runId);
      if (!run) throw new Error(`no run ${runId}`);
      c = { check: improvementCheck(run.family, run.puzzle), solver: run.solver };
      this.checks.set(runId, c);
    }
    return c;
  }
}
