/** The run_leases table: who holds each queued or running run (see leases.ts for the protocol). */
import { hasEnded, type RunStatus } from '../../core/engine/run-types';
import type { StoreCore } from './core';
import { StoreError } from './errors';
import { describeOwner, ownerKey, toLease, type Lease, type LeaseGrant, type LeaseOwner, type LeaseRow } from './leases';

function prepare(core: StoreCore) {
  const p = <R = unknown>(sql: string) => core.db.prepare<unknown[], R>(sql);
  return {
    get: p<LeaseRow>(`SELECT * FROM run_leases WHERE run_id = ?`),
    put: p(
      `INSERT INTO run_leases (run_id, owner, host, pid, process_started_at, acquired_at, renewed_at, expires_at)
       VALUES (@runId, @owner, @host, @pid, @startedAt, @now, @now, @expiresAt)
       ON CONFLICT (run_id) DO UPDATE SET owner = excluded.owner, host = excluded.host, pid = excluded.pid,
         process_started_at = excluded.process_started_at, acquired_at = excluded.acquired_at,
         renewed_at = excluded.renewed_at, expires_at = excluded.expires_at, stop_requested_at = NULL`,
    ),
    renew: p(`UPDATE run_leases SET renewed_at = @now, expires_at = @expiresAt WHERE run_id = @runId AND owner = @owner`),
    delete: p(`DELETE FROM run_leases WHERE run_id = ?`),
    deleteOwn: p(`DELETE FROM run_leases WHERE run_id = ? AND owner = ?`),
    stopRequests: p<number>(`SELECT run_id FROM run_leases WHERE owner = ? AND stop_requested_at IS NOT NULL`).pluck(),
    markStop: p(`UPDATE run_leases SET stop_requested_at = ? WHERE run_id = ?`),
    status: p<RunStatus>(`SELECT status FROM runs WHERE id = ?`).pluck(),
  };
}

/** The Store's lease methods (see Store), and the lease checks the other run modules make inside their transactions. */
export class LeaseTable {
  private readonly stmts: ReturnType<typeof prepare>;

  constructor(private readonly core: StoreCore) {
    this.stmts = prepare(core);
  }

  lease(runId: number): Lease | null {
    return this.core.guard(() => {
      const row = this.stmts.get.get(runId);
      return row ? toLease(row) : null;
    });
  }

  renew(grant: LeaseGrant, runIds: readonly number[]): { lost: number[]; stopRequested: number[] } {
    return this.core.tx(() => {
      const now = this.core.now();
      const owner = ownerKey(grant.owner);
      const lost = runIds.filter((runId) => {
        // A run another process ended (a status written without an owner keeps the lease) is held no more.
        const status = this.stmts.status.get(runId);
        if (status !== undefined && hasEnded(status)) {
          this.stmts.deleteOwn.run(runId, owner);
          return true;
        }
        return this.stmts.renew.run({ runId, owner, now, expiresAt: now + grant.ttlMs }).changes === 0;
      });
      const mine = new Set(runIds);
      const stopRequested = this.stmts.stopRequests.all(owner).filter((id) => mine.has(id) && !lost.includes(id));
      return { lost, stopRequested };
    });
  }

  release(runIds: readonly number[], owner: LeaseOwner): void {
    if (runIds.length === 0) return;
    this.core.tx(() => {
      for (const id of runIds) this.stmts.deleteOwn.run(id, ownerKey(owner));
    });
  }

  // ---- inside the run modules' transactions ---------------------------------------------------

  /** Writes on behalf of `owner` need its lease; without an owner (tests, maintenance) nothing is checked. */
  fence(runId: number, owner: LeaseOwner | undefined): void {
    if (!owner) return;
    const row = this.stmts.get.get(runId);
    if (!row || row.owner !== ownerKey(owner)) {
      throw new StoreError('LEASE_LOST', `run ${runId} is no longer held by this process${row ? ` (${describeOwner(toLease(row).owner)} has it)` : ''}`);
    }
  }

  put(runId: number, grant: LeaseGrant): void {
    const now = this.core.now();
    const o = grant.owner;
    this.stmts.put.run({ runId, owner: ownerKey(o), host: o.host, pid: o.pid, startedAt: o.startedAt, now, expiresAt: now + grant.ttlMs });
  }

  drop(runId: number): void {
    this.stmts.delete.run(runId);
  }

  askToStop(runId: number): void {
    this.stmts.markStop.run(this.core.now(), runId);
  }
}
