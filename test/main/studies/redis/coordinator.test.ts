/**
 * The coordinator in this process, on a real Redis with no worker: its runs wait on the queue, so
 * what it does with runs it cannot see end is all there is to watch.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workbench } from '../../../../src/main/services/workbench';
import { RemoteRuns } from '../../../../src/main/studies/redis/coordinator';
import { Studies } from '../../../../src/main/studies/studies';
import { Store } from '../../../../src/main/store/store';
import { startRedis, type RedisServer } from '../../../helpers/redis';
import { inProcessSpawner } from '../../runs/in-process';

let redis: RedisServer;

const study = JSON.stringify({
  name: 'waiting',
  puzzles: [{ family: 'jump', puzzle: { rows: 5, cols: 5 } }],
  solvers: [{ solver: 'hill-climb' }],
  seeds: 2,
  stop: { evaluations: 3000 },
});
const noFiles = {
  readFile: (): string => {
    throw new Error('no files here');
  },
};

/** A workbench on `dbPath` whose coordinator has put the study's two runs on the queue. */
async function startWaiting(dbPath: string) {
  const wb = Workbench.open({ dbPath, spawn: inProcessSpawner({ spawned: 0, handles: [] }) });
  const remote = await RemoteRuns.open(wb.store, redis.url, { heartbeatMs: 50 });
  const studies = new Studies(wb, remote);
  const started = studies.start(studies.create(study, 's.json', noFiles).id);
  return { wb, remote, studies, started };
}

describe('the Redis coordinator', () => {
  beforeAll(async () => {
    redis = await startRedis();
  }, 60_000);

  afterAll(async () => {
    await redis?.stop();
  });

  it('stops waiting for a run another process ended, though the queue still holds its lease', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'coordinator-')), 'w.db');
    const { wb, remote, studies, started } = await startWaiting(dbPath);
    try {
      expect(started.queued).toHaveLength(2);
      const ended = studies.waitFor(started.queued);
      // Maintenance from another process: a status written without an owner leaves the lease.
      const other = Store.open(dbPath);
      try {
        for (const id of started.queued) other.setRunStatus(id, 'stopped', { stopReason: 'stopped' });
        expect(other.lease(started.queued[0]!)).not.toBeNull();
      } finally {
        other.dispose();
      }
      const runs = await ended;
      expect(runs.map((r) => r.status)).toEqual(['stopped', 'stopped']);
      expect(remote.following).toBe(0);
    } finally {
      await remote.dispose();
      await wb.dispose();
    }
  }, 60_000);

  it('a database file copied over it ends every wait in that one line instead of trying again for ever', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coordinator-'));
    const dbPath = join(dir, 'w.db');
    const backup = join(dir, 'backup.db');
    Store.open(backup).dispose();
    const { wb, remote, studies, started } = await startWaiting(dbPath);
    try {
      const ended = studies.waitFor(started.queued);
      copyFileSync(backup, dbPath);
      await expect(ended).rejects.toThrow(
        /^the database file .*w\.db was overwritten in place by another file while in use, so this process stopped writing to it$/,
      );
      await expect(remote.waitFor(started.queued[0]!)).rejects.toThrow(/overwritten in place/);
    } finally {
      await remote.dispose();
      await wb.dispose();
    }
  }, 60_000);
});
