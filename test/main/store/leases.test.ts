import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store, StoreError, ownerGone, thisProcess, type LeaseOwner } from '../../../src/main/store';
import { bootShiftForTests, processStartTime } from '../../../src/main/store/leases';
import { cleanTempDirs, newRun, tempDir } from './helpers';

let store: Store;
let clock = 1_700_000_000_000;
const host = hostname();
/** This test process: alive. */
const live = (): LeaseOwner => thisProcess();
/** Another identity that is never alive here: a process id no process has. */
const me: LeaseOwner = { host, pid: 4_194_000, startedAt: 1 };
const remote: LeaseOwner = { host: 'worker-7.example', pid: 99, startedAt: 5 };

async function deadProcess(): Promise<LeaseOwner> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 200)']);
  const startedAt = processStartTime(child.pid!) ?? Date.now();
  const owner = { host, pid: child.pid!, startedAt };
  await new Promise((r) => child.on('exit', r));
  return owner;
}

beforeEach(() => {
  clock = 1_700_000_000_000;
  store = Store.open(path.join(tempDir(), 'w.db'), { now: () => clock });
});

afterEach(() => {
  store.dispose();
  cleanTempDirs();
});

describe('lease owners', () => {
  it('this process is alive; a dead process, a reused process id and a bad id are provably gone; another host never is', async () => {
    expect(ownerGone(live())).toBe(false);
    expect(ownerGone(await deadProcess())).toBe(true);
    expect(ownerGone({ ...live(), startedAt: live().startedAt - 3_600_000 })).toBe(true);
    expect(ownerGone({ host, pid: -1, startedAt: 0 })).toBe(true);
    expect(ownerGone({ ...remote, pid: 1 })).toBe(false);
  });

  it('a clock set or a paused machine resumed (the boot time read 9 s later) leaves a live owner alive', () => {
    try {
      bootShiftForTests.ms = 9_000;
      expect(ownerGone(live())).toBe(false);
      // An owner an earlier version named by its start in ms since the epoch is still judged so.
      const wall = processStartTime(process.pid)! - 9_000;
      expect(ownerGone({ ...live(), startedAt: wall })).toBe(true);
      expect(ownerGone({ ...live(), startedAt: wall + 9_000 })).toBe(false);
    } finally {
      bootShiftForTests.ms = 0;
    }
  });
});

describe('run leases', () => {
  it('a run created with a lease belongs to its owner; another live owner cannot claim it and is told who has it', () => {
    const r = store.createRun(newRun(), { owner: live(), ttlMs: 15_000 });
    expect(store.lease(r.id)).toMatchObject({ owner: live(), expiresAt: clock + 15_000, stopRequestedAt: null });
    expect(() => store.claimRun(r.id, { owner: me, ttlMs: 1000 }, ['queued'], 'queued')).toThrow(
      new RegExp(`run ${r.id} is queued in process ${process.pid} on this machine`),
    );
    expect(store.recoverRuns(me, { owner: me, ttlMs: 1000 })).toEqual({ interrupted: [], adopted: [] });
  });

  it('writes on behalf of an owner need its lease, and the last status write releases it', () => {
    const r = store.createRun(newRun(), { owner: me, ttlMs: 15_000 });
    store.startRun(r.id, me, null);
    store.recordProgress(r.id, { elapsedMs: 10, evaluations: 5, iteration: 1, bestScore: 1, currentScore: 1, meanScore: null }, me);
    expect(() => store.recordProgress(r.id, { elapsedMs: 20, evaluations: 9, iteration: 2, bestScore: 1, currentScore: 1, meanScore: null }, remote)).toThrow(
      StoreError,
    );
    expect(() => store.saveCheckpoint(r.id, { elapsedMs: 20, evaluations: 9, bestScore: 1, state: {} }, remote)).toThrow(/no longer held by this process/);
    store.setRunStatus(r.id, 'done', {}, me);
    expect(store.lease(r.id)).toBeNull();
    expect(() => store.setRunStatus(r.id, 'failed', {}, me)).toThrow(/no longer held/);
    expect(store.getRun(r.id)!.status).toBe('done');
  });

  it('an expired lease or a gone owner makes a running run an orphan: recovered as interrupted, with the reason', async () => {
    const dead = await deadProcess();
    const a = store.createRun(newRun(), { owner: dead, ttlMs: 60_000 });
    const b = store.createRun(newRun(), { owner: remote, ttlMs: 5_000 });
    const c = store.createRun(newRun(), { owner: remote, ttlMs: 60_000 });
    const q = store.createRun(newRun(), { owner: remote, ttlMs: 5_000 });
    for (const r of [a, b, c]) store.startRun(r.id, r.id === a.id ? dead : remote, null);
    clock += 10_000;
    expect(store.recoverRuns(me, { owner: me, ttlMs: 1000 })).toEqual({ interrupted: [a.id, b.id], adopted: [q.id] });
    expect(store.getRun(a.id)).toMatchObject({ status: 'interrupted', error: `process ${dead.pid} on this machine ended without finishing it` });
    expect(store.getRun(b.id)).toMatchObject({ status: 'interrupted', error: 'process 99 on worker-7.example stopped renewing its lease' });
    expect(store.getRun(c.id)!.status).toBe('running');
    expect(store.lease(q.id)!.owner).toEqual(me);
  });

  it('heartbeat: renews, reports lost leases and stop requests', () => {
    const a = store.createRun(newRun(), { owner: remote, ttlMs: 5_000 });
    const b = store.createRun(newRun(), { owner: remote, ttlMs: 5_000 });
    clock += 4_000;
    expect(store.renewLeases({ owner: remote, ttlMs: 5_000 }, [a.id, b.id])).toEqual({ lost: [], stopRequested: [] });
    expect(store.lease(a.id)!.expiresAt).toBe(clock + 5_000);
    // Someone took b (its lease had expired), and someone asks a to stop.
    clock += 6_000;
    store.claimRun(b.id, { owner: me, ttlMs: 5_000 }, ['queued'], 'queued');
    clock -= 6_000;
    expect(store.requestStop(a.id, me).outcome).toBe('asked');
    expect(store.renewLeases({ owner: remote, ttlMs: 5_000 }, [a.id, b.id])).toEqual({ lost: [b.id], stopRequested: [a.id] });
  });

  it('heartbeat: a run ended without an owner (its lease kept) is lost, and its lease dropped', () => {
    const a = store.createRun(newRun(), { owner: remote, ttlMs: 5_000 });
    const b = store.createRun(newRun(), { owner: remote, ttlMs: 5_000 });
    store.setRunStatus(a.id, 'stopped', { stopReason: 'stopped' });
    expect(store.lease(a.id)).not.toBeNull();
    expect(store.renewLeases({ owner: remote, ttlMs: 5_000 }, [a.id, b.id])).toEqual({ lost: [a.id], stopRequested: [] });
    expect(store.lease(a.id)).toBeNull();
    expect(store.lease(b.id)!.owner).toEqual(remote);
  });

  it('stop of an orphan marks it stopped; of an ended run, nothing', () => {
    const a = store.createRun(newRun(), { owner: remote, ttlMs: 5_000 });
    store.startRun(a.id, remote, null);
    clock += 6_000;
    expect(store.requestStop(a.id, me).outcome).toBe('stopped');
    expect(store.getRun(a.id)).toMatchObject({ status: 'stopped', stopReason: 'stopped' });
    expect(store.requestStop(a.id, me).outcome).toBe('ended');
  });

  it('starting from a checkpoint drops the progress samples after it (the rerun samples them again), never improvements', () => {
    const r = store.createRun(newRun(), { owner: me, ttlMs: 5_000 });
    store.startRun(r.id, me, null);
    for (const t of [100, 200, 300])
      store.recordProgress(r.id, { elapsedMs: t, evaluations: t, iteration: t, bestScore: 1, currentScore: 1, meanScore: null }, me);
    store.recordImprovement(r.id, { elapsedMs: 250, evaluations: 250, score: 2, solution: [1] }, me);
    store.saveCheckpoint(r.id, { elapsedMs: 200, evaluations: 200, bestScore: 1, state: {} }, me);
    store.setRunStatus(r.id, 'interrupted', {}, me);
    expect(store.claimRun(r.id, { owner: me, ttlMs: 5_000 }, ['interrupted'], 'queued')!.status).toBe('queued');
    const started = store.startRun(r.id, me, store.latestCheckpoint(r.id));
    expect(started).toMatchObject({ status: 'running', elapsedMs: 200, evaluations: 200, bestScore: 2 });
    expect(store.events(r.id).map((e) => `${e.kind} ${e.elapsedMs}`)).toEqual(['progress 100', 'progress 200', 'improvement 250']);
  });

  it('a run’s clock rate comes from its checkpoints under its current lease only, never across the time it lay still', () => {
    const r = store.createRun(newRun(), { owner: me, ttlMs: 60_000 });
    store.startRun(r.id, me, null);
    const checkpoint = (elapsedMs: number) => store.saveCheckpoint(r.id, { elapsedMs, evaluations: elapsedMs, bestScore: 1, state: {} }, me);
    checkpoint(20_000);
    expect(store.clockRate(r.id)).toBeNull();
    clock += 10_000;
    checkpoint(40_000); // two threads: 20 s of CPU in 10 s
    expect(store.clockRate(r.id)).toBeCloseTo(2);
    store.setRunStatus(r.id, 'interrupted', {}, me);
    expect(store.clockRate(r.id)).toBeNull();
    clock += 3_600_000; // resumed an hour later: its last checkpoints straddle the hour it lay still
    store.claimRun(r.id, { owner: me, ttlMs: 60_000 }, ['interrupted'], 'queued');
    store.startRun(r.id, me, store.latestCheckpoint(r.id));
    clock += 10_000;
    checkpoint(45_000);
    expect(store.clockRate(r.id)).toBeNull();
    clock += 10_000;
    checkpoint(50_000); // a busy machine: half a CPU second a second
    expect(store.clockRate(r.id)).toBeCloseTo(0.5);
  });
});
