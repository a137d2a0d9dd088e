import { Worker } from 'node:worker_threads';

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
