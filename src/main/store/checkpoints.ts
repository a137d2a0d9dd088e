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
