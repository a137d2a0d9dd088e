import { rmSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import { thisProcess, type LeaseOwner } from '../../../src/main/store';
import { cleanTempDirs, tempDir } from '../store/helpers';
import { inProcessSpawner, jump, sleep, until, type InProcessHandle } from './in-process';

const opened: Workbench[] = [];

/** A workbench as another process would have it: its own connection and its own lease owner. */
function open(file: string, owner: LeaseOwner, lease: { leaseTtlMs?: number; heartbeatMs?: number } = {}) {
  const log = { spawned: 0, handles: [] as InProcessHandle[] };
  const wb = Workbench.open({
    dbPath: file,
    spawn: inProcessSpawner(log),
    concurrency: 1,
    checkpointIntervalMs: 50,
    progressIntervalMs: 20,
    lease: { owner, heartbeatMs: 50, leaseTtlMs: 2_000, ...lease },
  });
  opened.push(wb);
  return { wb, log };
}

/** The owner that is this (live) test process, and one that cannot be alive here. */
const liveOwner = (): LeaseOwner => thisProcess();
const deadOwner: LeaseOwner = { host: hostname(), pid: 4_194_001, startedAt: 1 };
/** A process on another machine: alive for as long as its lease is renewed. */
const remoteOwner: LeaseOwner = { host: 'worker-7.example', pid: 77, startedAt: 1 };

afterEach(async () => {
  for (const wb of opened.splice(0)) await wb.dispose().catch(() => undefined);
  cleanTempDirs();
});

describe('two processes on one database', () => {
  it("start-up recovery leaves another live process's run alone; resume is refused in one line; stop asks the owner", async () => {
    const file = path.join(tempDir(), 'w.db');
    const a = open(file, liveOwner());
    const run = a.wb.createRun({ target: jump(7), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => a.wb.store.getRunSummary(run.id)!.evaluations > 0, 10_000, 'progress');
    // The second process starts (serve, the app, another CLI): recovery must not touch the run.
    const b = open(file, remoteOwner);
    expect(b.wb.runs.recover()).toEqual([]);
    expect(b.wb.store.getRunSummary(run.id)!.status).toBe('running');
    expect(() => b.wb.runs.resume(run.id)).toThrow(`run ${run.id} is running in process ${process.pid} on this machine`);
    expect(b.log.spawned).toBe(0);
    // Stop from b goes through the database to a, which stops the run itself.
    const stopped = await b.wb.runs.stop(run.id);
    expect(stopped.status).toBe('stopped');
    expect(a.wb.runs.isActive(run.id)).toBe(false);
    await until(() => !a.log.handles[0]!.alive, 5_000, "a's worker to exit");
    // Now b may resume it, and becomes its owner.
    b.wb.runs.resume(run.id);
    await until(() => b.wb.runs.isActive(run.id), 5_000, 'resume in b');
    expect(b.wb.store.lease(run.id)!.owner).toEqual(remoteOwner);
    expect(() => a.wb.runs.resume(run.id)).toThrow(/is (running|queued) in process 77 on worker-7.example/);
  });

  it('a run whose owner stopped renewing its lease is recovered by the next start; the old owner writes nothing more', async () => {
    const file = path.join(tempDir(), 'w.db');
    // a never renews (a hung process): its heartbeat is far slower than its lease.
    const a = open(file, deadOwner, { heartbeatMs: 60_000, leaseTtlMs: 300 });
    const run = a.wb.createRun({ target: jump(7), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => a.wb.store.getRunSummary(run.id)!.evaluations > 0, 10_000, 'progress');
    await sleep(400);
    const b = open(file, liveOwner());
    expect(b.wb.runs.recover()).toEqual([run.id]);
    expect(b.wb.store.getRunSummary(run.id)).toMatchObject({ status: 'interrupted', error: 'process 4194001 on this machine ended without finishing it' });
    // a's worker goes on reporting, but every write is refused: a drops the run without a word in the store.
    await until(() => !a.wb.runs.isActive(run.id), 5_000, 'a to drop the run');
    expect(a.log.handles[0]!.alive).toBe(false);
    expect(b.wb.store.getRunSummary(run.id)!.status).toBe('interrupted');
    const samples = b.wb.store.events(run.id, { kinds: ['progress'] });
    for (let i = 1; i < samples.length; i++) expect(samples[i]!.elapsedMs).toBeGreaterThanOrEqual(samples[i - 1]!.elapsedMs);
  });

  it('the app and serve keep watching: a run whose process dies shows as interrupted within moments', async () => {
    const file = path.join(tempDir(), 'w.db');
    const a = open(file, liveOwner());
    const pushed: string[] = [];
    a.wb.subscribe((e) => void (e.type === 'run-updated' && pushed.push(`${e.run.id} ${e.run.status}`)));
    a.wb.runs.watchOrphans(50);
    // A run of a CLI that was killed: running, under a lease whose owner is gone.
    const run = a.wb.store.createRun(
      {
        puzzleId: null,
        puzzleName: 'x',
        family: 'jump',
        solver: 'hill-climb',
        params: {},
        seed: 1,
        stop: { seconds: null, evaluations: 1000, target: null },
        puzzle: { rows: 5, cols: 5 },
        maxScore: null,
      },
      { owner: deadOwner, ttlMs: 60_000 },
    );
    a.wb.store.startRun(run.id, deadOwner, null);
    await until(() => a.wb.store.getRunSummary(run.id)!.status === 'interrupted', 5_000, 'the watch to recover the run');
    expect(pushed).toContain(`${run.id} interrupted`);
    expect(a.log.spawned).toBe(0);
  });

  it('queued runs are adopted at start-up only when their owner is gone', async () => {
    const file = path.join(tempDir(), 'w.db');
    const a = open(file, liveOwner());
    const first = a.wb.createRun({ target: jump(6), solver: 'hill-climb', seed: 1, stop: {} });
    const second = a.wb.createRun({ target: jump(6), solver: 'hill-climb', seed: 2, stop: { evaluations: 2000 } });
    expect(a.wb.store.getRunSummary(second.id)!.status).toBe('queued');
    const b = open(file, deadOwner);
    b.wb.runs.recover();
    expect(b.log.spawned).toBe(0);
    await a.wb.runs.stop(first.id);
    expect((await a.wb.runs.waitFor(second.id)).status).toBe('done');
    expect(b.log.spawned).toBe(0);
  });
});

describe('a store write that fails mid-run', () => {
  it('disk full (SQLITE_FULL): the worker is stopped and the run ends interrupted with the reason, resumable from its checkpoint', async () => {
    const file = path.join(tempDir(), 'w.db');
    const { wb, log } = open(file, liveOwner());
    const run = wb.createRun({ target: jump(8), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => wb.store.latestCheckpoint(run.id), 10_000, 'a checkpoint');
    // No more pages for this connection: the next insert fails as on a full disk.
    const pages = wb.store.connection.pragma('page_count', { simple: true }) as number;
    wb.store.connection.pragma(`max_page_count = ${pages}`);
    const end = await wb.runs.waitFor(run.id);
    expect(end.status).toBe('interrupted');
    expect(end.error).toMatch(/^could not save the run: the disk is full/);
    expect(log.handles[0]!.alive).toBe(false);
    expect(wb.store.getRunSummary(run.id)).toMatchObject({ status: 'interrupted' });
    expect(wb.store.lease(run.id)).toBeNull();
    wb.store.connection.pragma('max_page_count = 1073741823');
    wb.runs.resume(run.id);
    await until(() => wb.runs.isActive(run.id), 5_000, 'resume');
  });

  it('without a checkpoint the run fails; when not even that can be saved, waiters and views are told and the lease lets the next start recover it', async () => {
    const file = path.join(tempDir(), 'w.db');
    const { wb, log } = open(file, liveOwner(), { leaseTtlMs: 300 });
    const pushed: string[] = [];
    wb.subscribe((e) => void (e.type === 'run-updated' && e.run.error && pushed.push(`${e.run.status}: ${e.run.error}`)));
    const run = wb.createRun({ target: jump(8), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => wb.store.getRunSummary(run.id)!.evaluations > 0, 10_000, 'progress');
    // Read-only from now on: nothing can be written, not even the run's end.
    wb.store.connection.pragma('query_only = ON');
    const end = await wb.runs.waitFor(run.id);
    expect(end.status).toBe('failed');
    expect(end.error).toMatch(/could not save the run: .*read-only.*could not be saved either/);
    expect(log.handles[0]!.alive).toBe(false);
    expect(pushed.some((p) => p.startsWith('failed: could not save the run'))).toBe(true);
    expect(wb.store.getRunSummary(run.id)!.status).toBe('running');
    // While the database stays unwritable, this process's own recovery cannot help either.
    expect(() => wb.runs.recover()).toThrow(/read-only|readonly/);
    await sleep(400);
    const b = open(file, deadOwner);
    expect(b.wb.runs.recover()).toEqual([run.id]);
    expect(b.wb.store.getRunSummary(run.id)!.status).toBe('interrupted');
  });

  it('the database file deleted mid-run: noticed at the next heartbeat, the worker stopped, the reason given', async () => {
    const file = path.join(tempDir(), 'w.db');
    const { wb, log } = open(file, liveOwner());
    const run = wb.createRun({ target: jump(8), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => wb.store.getRunSummary(run.id)!.evaluations > 0, 10_000, 'progress');
    // SQLite would go on writing into the deleted file (WAL mode) and lose everything at close.
    rmSync(file);
    const end = await wb.runs.waitFor(run.id);
    expect(['failed', 'interrupted']).toContain(end.status);
    expect(end.error).toMatch(/^could not save the run: the database file .*w\.db was deleted while in use/);
    expect(log.handles[0]!.alive).toBe(false);
  });

  it('in the same process, once the database is writable again, Stop and Resume work on such a run', async () => {
    const file = path.join(tempDir(), 'w.db');
    const { wb, log } = open(file, liveOwner());
    const run = wb.createRun({ target: jump(8), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => wb.store.getRunSummary(run.id)!.evaluations > 0, 10_000, 'progress');
    wb.store.connection.pragma('query_only = ON');
    expect((await wb.runs.waitFor(run.id)).status).toBe('failed');
    wb.store.connection.pragma('query_only = OFF');
    // The database still says running, under this process's (no longer renewed) lease.
    expect(wb.store.getRunSummary(run.id)!.status).toBe('running');
    expect((await wb.runs.stop(run.id)).status).toBe('stopped');
    // The app's own watch also recovers such a run once it can write again.
    const again = wb.createRun({ target: jump(8), solver: 'hill-climb', seed: 2, stop: {} });
    await until(() => wb.store.getRunSummary(again.id)!.evaluations > 0, 10_000, 'progress');
    wb.store.connection.pragma('query_only = ON');
    expect((await wb.runs.waitFor(again.id)).status).toBe('failed');
    wb.store.connection.pragma('query_only = OFF');
    expect(wb.runs.recover()).toEqual([again.id]);
    expect(wb.store.getRunSummary(again.id)).toMatchObject({ status: 'interrupted', error: 'this process could not save the run and stopped it' });
    wb.runs.resume(run.id);
    await until(() => wb.runs.isActive(run.id), 5_000, 'resume');
    expect(log.spawned).toBe(3);
  });
});
