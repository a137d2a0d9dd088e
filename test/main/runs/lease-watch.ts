import { Worker } from 'node:worker_threads';
import { Workbench } from '../../../src/main/services/workbench';
import type { LeaseOwner } from '../../../src/main/store';
import { inProcessSpawner, type InProcessHandle } from './in-process';

/** Judged by its lease's expiry alone, as any other process would judge it. */
const remoteOwner: LeaseOwner = { host: 'serve-1.example', pid: 77, startedAt: 1 };

/**
 * A workbench on `file` whose runs hold a short lease (1.5 s, renewed every 100 ms) under an owner
 * known by its expiry only; `progressIntervalMs` when the test wants samples more often than a run's default.
 */
export function openLeased(file: string, log: { spawned: number; handles: InProcessHandle[] }, progressIntervalMs?: number): Workbench {
  return Workbench.open({
    dbPath: file,
    spawn: inProcessSpawner(log),
    concurrency: 1,
    ...(progressIntervalMs === undefined ? {} : { progressIntervalMs }),
    lease: { owner: remoteOwner, heartbeatMs: 100, leaseTtlMs: 1_500 },
  });
}

/**
 * Another thread (its own event loop, as another process would have) that reads a run's lease
 * every 25 ms and counts the moments it had lapsed: then any other process would take the run
 * for abandoned and mark it interrupted.
 */
export function watchLease(file: string, runId: number): { stop: () => Promise<{ lapsed: number; checks: number }> } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require('better-sqlite3');
    const db = new Database(workerData.file, { readonly: true, timeout: 0 });
    let lapsed = 0, checks = 0;
    const lease = db.prepare('SELECT expires_at FROM run_leases WHERE run_id = ?');
    const t = setInterval(() => {
      try {
        const r = lease.get(workerData.runId);
        checks++;
        if (r && Date.now() > r.expires_at) lapsed++;
      } catch { /* busy: the next look */ }
    }, 25);
    parentPort.on('message', () => { clearInterval(t); db.close(); parentPort.postMessage({ lapsed, checks }); });
  `;
  const w = new Worker(code, { eval: true, workerData: { file, runId } });
  return {
    stop: () =>
      new Promise((resolve) => {
        w.once('message', (m: { lapsed: number; checks: number }) => void w.terminate().then(() => resolve(m)));
        w.postMessage('stop');
      }),
  };
}

/** The longest the event loop went without running a 10 ms timer, while it is watched. */
export function watchEventLoop(): { stop: () => number } {
  let last = performance.now();
  let longest = 0;
  const t = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return {
    stop: () => {
      clearInterval(t);
      return Math.max(longest, performance.now() - last);
    },
  };
}
