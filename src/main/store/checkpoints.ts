/** Checkpoints: the solver state a run resumes from, the latest two per run. */
import type { Checkpoint } from '../../core/engine/run-types';
import { notFound, toJson, type StoreCore } from './core';
import type { LeaseTable } from './lease-table';
import type { LeaseOwner } from './leases';

interface CheckpointRow {
  elapsed_ms: number;
  evaluations: number;
  best_score: number;
  state: string;
}

/** How many checkpoints a run keeps, so a damaged last write still leaves one to resume from. */
const CHECKPOINTS_KEPT = 2;

function prepare(core: StoreCore) {
  const p = <R = unknown>(sql: string) => core.db.prepare<unknown[], R>(sql);
  return {
    runExists: p(`SELECT 1 FROM runs WHERE id = ?`).pluck(),
    insert: p(
      `INSERT INTO checkpoints (run_id, created_at, elapsed_ms, evaluations, best_score, state)
       VALUES (@runId, @now, @elapsedMs, @evaluations, @bestScore, @state)`,
    ),
    prune: p(
      `DELETE FROM checkpoints WHERE run_id = @runId
         AND id NOT IN (SELECT id FROM checkpoints WHERE run_id = @runId ORDER BY id DESC LIMIT @keep)`,
    ),
    latest: p<CheckpointRow>(`SELECT elapsed_ms, evaluations, best_score, state FROM checkpoints WHERE run_id = ? ORDER BY id DESC LIMIT ?`),
    sinceLease: p<{ created_at: number; elapsed_ms: number }>(
      `SELECT c.created_at, c.elapsed_ms FROM checkpoints c JOIN run_leases l ON l.run_id = c.run_id
        WHERE c.run_id = ? AND c.created_at >= l.acquired_at ORDER BY c.id DESC LIMIT 2`,
    ),
  };
}

/** The Store's checkpoint methods (see Store). */
export class Checkpoints {
  private readonly stmts: ReturnType<typeof prepare>;

  constructor(
    private readonly core: StoreCore,
    private readonly leases: LeaseTable,
  ) {
    this.stmts = prepare(core);
  }

  save(runId: number, cp: Checkpoint, owner?: LeaseOwner): void {
    this.core.tx(() => {
      if (this.stmts.runExists.get(runId) === undefined) throw notFound('run', runId);
      this.leases.fence(runId, owner);
      this.stmts.insert.run({
        runId,
        now: this.core.now(),
        elapsedMs: cp.elapsedMs,
        evaluations: cp.evaluations,
        bestScore: cp.bestScore,
        state: toJson(cp.state),
      });
      this.stmts.prune.run({ runId, keep: CHECKPOINTS_KEPT });
    });
  }

  /**
   * How many ms the run's own clock moves per ms of wall time while the process holding it runs
   * it: from its two kept checkpoints, when both were written under its current lease (a resume
   * between them would count the time it lay still). Null until there are two such checkpoints.
   */
  clockRate(runId: number): number | null {
    return this.core.guard(() => {
      const [last, before] = this.stmts.sinceLease.all(runId);
      if (!last || !before || last.created_at <= before.created_at || last.elapsed_ms < before.elapsed_ms) return null;
      return (last.elapsed_ms - before.elapsed_ms) / (last.created_at - before.created_at);
    });
  }

  latest(runId: number): Checkpoint | null {
    return this.core.guard(() => {
      for (const row of this.stmts.latest.all(runId, CHECKPOINTS_KEPT)) {
        let state: unknown;
        try {
          state = JSON.parse(row.state);
        } catch {
          continue; // damaged; fall back to the one before
        }
        return { elapsedMs: row.elapsed_ms, evaluations: row.evaluations, bestScore: row.best_score, state };
      }
      return null;
    });
  }
}
