/** Another program holding the database's write lock (a long import elsewhere, a backup): a live run waits for it, it does not fail. */
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import { cleanTempDirs, tempDir } from '../store/helpers';
import { inProcessSpawner, jump, sleep, until } from './in-process';

const opened: Workbench[] = [];

afterEach(async () => {
  for (const wb of opened.splice(0)) await wb.dispose().catch(() => undefined);
  cleanTempDirs();
});

function open(file: string, heldGiveUpMs?: number, leaseTtlMs?: number): Workbench {
  const wb = Workbench.open({
    dbPath: file,
    spawn: inProcessSpawner({ spawned: 0, handles: [] }),
    concurrency: 1,
    progressIntervalMs: 50,
    lease: { heartbeatMs: 100, ...(heldGiveUpMs === undefined ? {} : { heldGiveUpMs }), ...(leaseTtlMs === undefined ? {} : { leaseTtlMs }) },
  });
  // SQLite waits this long for a lock before saying busy (5 s by default): the test need not wait so long.
  wb.store.connection.pragma('busy_timeout = 50');
  opened.push(wb);
  return wb;
}

/** Another connection holding the write lock for `ms`, as a long transaction in another process does. */
async function holdLock(file: string, ms: number): Promise<void> {
  const other = new Database(file);
  other.exec('BEGIN IMMEDIATE');
  await sleep(ms);
  other.exec('COMMIT');
  other.close();
}

describe('a run while another program holds the database locked', () => {
  it('keeps running, writes what waited in order once the lock goes, and ends at its stop criteria', async () => {
    const file = path.join(tempDir(), 'w.db');
    const wb = open(file);
    const run = wb.createRun({ target: jump(9), solver: 'hill-climb', seed: 1, stop: { seconds: 2.5 } });
    await until(() => wb.store.getRunSummary(run.id)!.evaluations > 0, 30_000, 'progress');
    const before = wb.store.getRunSummary(run.id)!.evaluations;
    await holdLock(file, 1_200);
    const ended = await wb.runs.waitFor(run.id);
    expect(ended.status).toBe('done');
    expect(ended.error).toBeNull();
    expect(ended.evaluations).toBeGreaterThan(before);
    // The samples held while locked were written after it, in time order.
    const t = wb.store.events(run.id, { kinds: ['progress'] }).map((e) => e.elapsedMs);
    expect(t).toEqual([...t].sort((a, b) => a - b));
  }, 60_000);

  it('a lock held longer than the run may wait ends it in one line, resumable', async () => {
    const file = path.join(tempDir(), 'w.db');
    const wb = open(file, 300, 500);
    const run = wb.createRun({ target: jump(9), solver: 'hill-climb', seed: 1, stop: {} });
    await until(() => wb.store.getRunSummary(run.id)!.evaluations > 0, 30_000, 'progress');
    const held = holdLock(file, 1_500);
    const ended = await wb.runs.waitFor(run.id);
    await held;
    expect(ended.error).toMatch(/^could not save the run: the database is locked by another program for over 0\.3 s/);
    // Its end could not be saved under the lock either: its lease, no longer renewed, lets a start recover it.
    await sleep(600);
    wb.runs.recover({ adoptQueued: false });
    expect(wb.store.getRunSummary(run.id)!.status).toBe('interrupted');
  }, 60_000);

  it("retries of held writes do not wait on the lock (each wait would hold the event loop for SQLite's timeout)", () => {
    const wb = open(path.join(tempDir(), 'w.db'));
    const timeout = (): unknown => wb.store.connection.pragma('busy_timeout', { simple: true });
    expect(wb.store.core.withBusyTimeout(0, timeout)).toBe(0);
    expect(timeout()).toBe(50);
    expect(() =>
      wb.store.core.withBusyTimeout(0, () => {
        throw new Error('x');
      }),
    ).toThrow('x');
    expect(timeout()).toBe(50);
  });
});
