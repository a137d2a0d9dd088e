/**
 * Runs given to a Redis queue: how far each run's events from remote workers were applied.
 * Events arrive at least once (a coordinator may die between writing and acknowledging), so each
 * is applied in the same transaction that records its position, and one at or before that
 * position is skipped. A run taken over by another worker starts a new attempt; events of an
 * older attempt (a worker that lost its job but not its process) are skipped too.
 */
import type Database from 'better-sqlite3';
import type { StoreCore } from './core';
import type { Store } from './store';
import { ACTIVE_SQL } from './run-rows';

export interface EventPosition {
  attempt: number;
  seq: number;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'stale';

export class RemoteRunStore {
  private readonly db: Database.Database;
  private readonly core: StoreCore;
  private readonly stmts;

  constructor(store: Store) {
    this.core = store.core;
    this.db = store.connection;
    this.stmts = {
      get: this.db.prepare<[number], { attempt: number; last_seq: number }>(`SELECT attempt, last_seq FROM remote_runs WHERE run_id = ?`),
      held: this.db
        .prepare<[string], number>(
          `SELECT l.run_id FROM run_leases l JOIN runs r ON r.id = l.run_id WHERE l.owner = ? AND r.status IN (${ACTIVE_SQL}) ORDER BY l.run_id`,
        )
        .pluck(),
      put: this.db.prepare(
        `INSERT INTO remote_runs (run_id, queue, attempt, last_seq) VALUES (@runId, @queue, @attempt, @seq)
         ON CONFLICT (run_id) DO UPDATE SET queue = excluded.queue, attempt = excluded.attempt, last_seq = excluded.last_seq`,
      ),
    };
  }

  /** The last attempt whose events were applied for the run (0 when none). */
  lastAttempt(runId: number): number {
    return this.core.guard(() => this.stmts.get.get(runId)?.attempt ?? 0);
  }

  /** Queued or running runs whose lease `owner` (an ownerKey) holds. */
  liveRunsOf(owner: string): number[] {
    return this.core.guard(() => this.stmts.held.all(owner));
  }

  /**
   * Apply one event of a run with `write` (Store calls), once: skipped when an event at or after
   * `at` was applied already. `write` and the new position commit together or not at all.
   */
  apply(runId: number, queue: string, at: EventPosition, write: () => void): ApplyOutcome {
    return this.core.tx((): ApplyOutcome => {
      const last = this.stmts.get.get(runId);
      if (last && at.attempt < last.attempt) return 'stale';
      if (last && at.attempt === last.attempt && at.seq <= last.last_seq) return 'duplicate';
      write();
      this.stmts.put.run({ runId, queue, attempt: at.attempt, seq: at.seq });
      return 'applied';
    });
  }
}
