/**
 * One coordinator per database at a time. Two processes reading the same database's runs from
 * Redis would split the stream's entries between them, and each would wait forever for runs whose
 * ends the other one wrote. The coordinator holds a lease in the database's settings, renewed with
 * its run leases; a second one is refused in one line, and one whose holder died takes over.
 */
import { hostname } from 'node:os';
import * as v from 'valibot';
import { ownerGone, ownerKey, thisProcess, type LeaseOwner } from '../../store/leases';
import type { Store } from '../../store/store';

const KEY = 'redis.coordinator';

const CoordinatorLeaseShape = v.object({
  owner: v.object({ host: v.string(), pid: v.number(), startedAt: v.number() }),
  expiresAt: v.number(),
});
type CoordinatorLease = v.InferOutput<typeof CoordinatorLeaseShape>;

/** The lease kept in the settings, or null when there is none or it cannot be read (then it is taken). */
function readLease(x: unknown): CoordinatorLease | null {
  const r = v.safeParse(CoordinatorLeaseShape, x);
  return r.success ? r.output : null;
}

/** Another process coordinates this database. */
export class CoordinatorBusy extends Error {
  constructor(readonly holder: LeaseOwner) {
    const where = holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
    super(`another coordinator (${where}) is taking this database's runs from Redis; stop it first, or use it to run the study`);
    this.name = 'CoordinatorBusy';
  }
}

/**
 * Take or renew the database's coordinator lease for `ttlMs`. Throws CoordinatorBusy while
 * another live process holds it; a lease left by a process that is gone or stopped renewing is taken.
 */
export function claimCoordinator(store: Store, ttlMs: number, self: LeaseOwner = thisProcess(), now = Date.now()): void {
  let holder: LeaseOwner | null = null;
  store.updateSetting(KEY, (v) => {
    const held = readLease(v);
    if (held && ownerKey(held.owner) !== ownerKey(self) && held.expiresAt >= now && !ownerGone(held.owner)) {
      holder = held.owner;
      return v;
    }
    return { owner: self, expiresAt: now + ttlMs } satisfies CoordinatorLease;
  });
  if (holder) throw new CoordinatorBusy(holder);
}

/** Give the lease up (only if it is ours), so the next coordinator need not wait for it to lapse. */
export function releaseCoordinator(store: Store, self: LeaseOwner = thisProcess()): void {
  store.updateSetting(KEY, (v) => {
    const held = readLease(v);
    return held && ownerKey(held.owner) === ownerKey(self) ? null : v;
  });
}
