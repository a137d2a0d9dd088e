/**
 * Solver workers as Electron utility processes (the built `out/main/worker.js`): the Electron
 * counterpart of `../runs/node-host.ts`, passed to `createBackend` as `workerHost`.
 */
import { utilityProcess } from 'electron';
import { fileURLToPath } from 'node:url';
import type { FromWorker, ToWorker } from '../../core/engine/protocol';
import type { WorkerHandle, WorkerSpawner } from '../runs/worker-host';

export function utilityWorkerSpawner(entry = fileURLToPath(new URL('./worker.js', import.meta.url))): WorkerSpawner {
  return () => {
    const child = utilityProcess.fork(entry, [], { serviceName: 'Puzzle Workbench solver', stdio: 'inherit' });
    const exitListeners: ((description: string) => void)[] = [];
    let spawned = false;
    let exited = false;
    let killRequested = false;
    let fatal: string | null = null;
    const queued: ToWorker[] = [];

    child.once('spawn', () => {
      spawned = true;
      // `kill()` right after `fork()` may be lost, so a kill asked for before spawn happens now.
      if (killRequested) {
        child.kill();
        return;
      }
      for (const m of queued.splice(0)) child.postMessage(m);
    });
    child.on('error', (type, location) => {
      fatal = `${type} at ${location}`;
    });
    child.once('exit', (code) => {
      if (exited) return;
      exited = true;
      const description = fatal ? `crashed (${fatal})` : killRequested ? 'killed' : `exited with code ${code}`;
      for (const l of exitListeners) l(description);
    });

    const end = (): void => {
      if (exited) return;
      killRequested = true;
      if (spawned) child.kill();
    };
    const handle: WorkerHandle = {
      post: (m) => {
        if (exited) return;
        if (spawned) child.postMessage(m);
        else queued.push(m);
      },
      onMessage: (l) => void child.on('message', (m: unknown) => l(m as FromWorker)),
      onExit: (l) => void exitListeners.push(l),
      dispose: end,
    };
    return handle;
  };
}
