import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { claimCoordinator, CoordinatorBusy, releaseCoordinator } from '../../../../src/main/studies/redis/coordinator-lease';
import { Store } from '../../../../src/main/store/store';

const a = { host: 'machine-a', pid: 101, startedAt: 1 };
const b = { host: 'machine-b', pid: 202, startedAt: 2 };

describe('the coordinator lease', () => {
  it('lets one coordinator hold a database: another is refused until the lease lapses or is given up', () => {
    const store = Store.open(':memory:');
    claimCoordinator(store, 15_000, a, 1_000);
    // Renewing is fine; another process on another machine is refused, naming the holder.
    claimCoordinator(store, 15_000, a, 5_000);
    expect(() => claimCoordinator(store, 15_000, b, 6_000)).toThrow(CoordinatorBusy);
    expect(() => claimCoordinator(store, 15_000, b, 6_000)).toThrow(/another coordinator \(process 101 on machine-a\)/);
    // Lapsed (the holder stopped renewing): taken over.
    claimCoordinator(store, 15_000, b, 20_001);
    expect(() => claimCoordinator(store, 15_000, a, 20_002)).toThrow(/process 202 on machine-b/);
    // Given up: free at once; giving up a lease held by another changes nothing.
    releaseCoordinator(store, a);
    expect(() => claimCoordinator(store, 15_000, a, 20_003)).toThrow(CoordinatorBusy);
    releaseCoordinator(store, b);
    claimCoordinator(store, 15_000, a, 20_004);
    store.dispose();
  });

  it('takes a lease it cannot read as none, and refuses while a readable one is held', () => {
    const store = Store.open(':memory:');
    for (const unreadable of [null, 'a', { owner: { host: 'machine-b', pid: '202', startedAt: 2 }, expiresAt: 1e15 }, { owner: b }]) {
      store.setSetting('redis.coordinator', unreadable);
      claimCoordinator(store, 15_000, a, 1_000);
    }
    store.setSetting('redis.coordinator', { owner: b, expiresAt: 1e15 });
    expect(() => claimCoordinator(store, 15_000, a, 1_000)).toThrow(/process 202 on machine-b/);
    store.dispose();
  });

  it('takes over from a process on this machine that is gone, however fresh its lease', () => {
    const store = Store.open(':memory:');
    const dead = { host: hostname(), pid: 2 ** 22 + 12_345, startedAt: 3 };
    claimCoordinator(store, 60_000, dead, 1_000);
    claimCoordinator(store, 15_000, a, 2_000);
    store.dispose();
  });
});
