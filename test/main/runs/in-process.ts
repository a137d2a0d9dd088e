import type { FromWorker, ToWorker } from '../../../src/core/engine/protocol';
import { getFamily } from '../../../src/core/families';
import type { WorkerHandle, WorkerSpawner } from '../../../src/main/runs/worker-host';
import { serveWorker } from '../../../src/main/worker/runner';

export type InProcessHandle = WorkerHandle & { alive: boolean };

/** Workers that run in this process: the real worker body over an in-memory channel. */
export function inProcessSpawner(log: { spawned: number; handles: InProcessHandle[] }): WorkerSpawner {
  return () => {
    const toWorker: ((m: ToWorker) => void)[] = [];
    const fromWorker: ((m: FromWorker) => void)[] = [];
    const exits: ((d: string) => void)[] = [];
    let alive = true;
    // Messages still on their way, and whether the worker has exited: its exit is heard after
    // them, as a process's is, however long another in-process worker's slice holds the thread.
    let inFlight = 0;
    let exited = false;
    const die = (d: string): void => {
      if (!alive) return;
      alive = false;
      handle.alive = false;
      for (const l of exits) l(d);
    };
    serveWorker(
      {
        post: (m) => {
          inFlight++;
          setImmediate(() => {
            inFlight--;
            if (alive) fromWorker.forEach((l) => l(m));
            if (exited && inFlight === 0) exitSoon();
          });
        },
        onMessage: (l) => void toWorker.push(l),
      },
      () => {
        exited = true;
        if (inFlight === 0) exitSoon();
      },
    );
    function exitSoon(): void {
      setTimeout(() => die('exited with code 0'), 5);
    }
    const handle: InProcessHandle = {
      alive: true,
      post: (m: ToWorker) => setImmediate(() => alive && toWorker.forEach((l) => l(m))),
      onMessage: (l: (m: FromWorker) => void) => void fromWorker.push(l),
      onExit: (l: (d: string) => void) => void exits.push(l),
      dispose: () => die('killed by SIGKILL'),
    };
    log.spawned++;
    log.handles.push(handle);
    return handle;
  };
}

export const jump = (n: number) => ({ family: 'jump' as const, name: `j${n}`, puzzle: getFamily('jump').puzzleFromJson({ rows: n, cols: n }) });

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Poll `fn` until it returns a truthy value (or fail after `ms`). */
export async function until<T>(fn: () => T, ms = 10_000, what = 'condition'): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
