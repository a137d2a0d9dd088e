/**
 * Runs under leases: taking a run, starting it from a checkpoint, stopping a run another process
 * holds, and recovering the runs no live process owns (see leases.ts for the protocol).
 */
import type { Checkpoint } from '../../core/engine/run-types';
import { notFound, type StoreCore } from './core';
import { StoreError } from './errors';
import type { RunEvents } from './events';
import type { LeaseTable } from './lease-table';
import { describeOwner, heldByOther, isQueueOwner, ownerGone, ownerKey, type Lease, type LeaseGrant, type LeaseOwner } from './leases';
import type { Runs } from './runs';
import type { RunStatus, RunStatusExtra, RunSummary } from './types';

function leaseHeld(id: number, status: string, lease: Lease): StoreError {
  return new StoreError('LEASE_HELD', `run ${id} is ${status} in ${describeOwner(lease.owner)}`);
}

/** The Store's lease-protocol methods on runs (see Store for each one's contract). */
export class RunClaims {
  constructor(
    private readonly core: StoreCore,
    private readonly runs: Runs,
    private readonly events: RunEvents,
    private readonly leases: LeaseTable,
  ) {}

  claim(id: number, grant: LeaseGrant, from: readonly RunStatus[], to: RunStatus, extra: RunStatusExtra): RunSummary | null {
    return this.core.tx(() => {
      const row = this.runs.row(id);
      if (!row) throw notFound('run', id);
      const lease = this.leases.lease(id);
      if (lease && heldByOther(lease, grant.owner, this.core.now())) throw leaseHeld(id, row.status, lease);
      const status = row.status === 'running' ? 'interrupted' : (row.status as RunStatus);
      if (!from.includes(status)) return null;
      this.leases.put(id, grant);
      return this.runs.setStatus(id, to, extra);
    });
  }

  start(id: number, owner: LeaseOwner, checkpoint: Checkpoint | null): RunSummary {
    return this.core.tx(() => {
      const row = this.runs.row(id);
      if (!row) throw notFound('run', id);
      this.leases.fence(id, owner);
      this.events.dropProgressAfter(id, checkpoint?.elapsedMs ?? -1);
      return this.runs.setStatus(id, 'running', {
        startedAt: row.started_at ?? this.core.now(),
        elapsedMs: checkpoint?.elapsedMs ?? 0,
        evaluations: checkpoint?.evaluations ?? 0,
      });
    });
  }

  requestStop(id: number, self: LeaseOwner): { outcome: 'asked' | 'stopped' | 'ended'; lease: Lease | null } {
    return this.core.tx(() => {
      const row = this.runs.row(id);
      if (!row) throw notFound('run', id);
      const lease = this.leases.lease(id);
      if (row.status !== 'running' && row.status !== 'queued') return { outcome: 'ended' as const, lease };
      if (heldByOther(lease, self, this.core.now())) {
        this.leases.askToStop(id);
        return { outcome: 'asked' as const, lease };
      }
      this.leases.drop(id);
      this.runs.setStatus(id, 'stopped', { stopReason: 'stopped' });
      return { outcome: 'stopped' as const, lease };
    });
  }

  recover(self: LeaseOwner, adopt: LeaseGrant | undefined, selfHolds: (runId: number) => boolean): { interrupted: number[]; adopted: number[] } {
    return this.core.tx(() => {
      const now = this.core.now();
      const interrupted: number[] = [];
      const adopted: number[] = [];
      for (const row of this.runs.live()) {
        const lease = this.leases.lease(row.id);
        const own = lease !== null && ownerKey(lease.owner) === ownerKey(self);
        if (own && selfHolds(row.id)) continue;
        if (heldByOther(lease, self, now)) continue;
        // A run given to a Redis queue is still running on a worker while no coordinator is
        // connected: only a coordinator of that queue judges it (from the queue's own state).
        if (lease && !own && isQueueOwner(lease.owner)) continue;
        if (row.status === 'running') {
          const why = !lease
            ? 'its process ended without finishing it'
            : own
              ? 'this process could not save the run and stopped it'
              : ownerGone(lease.owner)
                ? `${describeOwner(lease.owner)} ended without finishing it`
                : `${describeOwner(lease.owner)} stopped renewing its lease`;
          this.leases.drop(row.id);
          this.runs.setStatus(row.id, 'interrupted', { error: row.error ?? why });
          interrupted.push(row.id);
        } else if (adopt) {
          this.leases.put(row.id, adopt);
          adopted.push(row.id);
        }
      }
      return { interrupted, adopted };
    });
  }
}
