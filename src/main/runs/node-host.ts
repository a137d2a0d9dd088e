import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FromWorker } from '../../core/engine/protocol';
import type { WorkerHandle, WorkerSpawner } from './worker-host';

/**
 * Solver workers as Node child processes (CLI, tests, `serve`). Runs the TypeScript entry through
 * tsx when started from sources, or a built `worker.js` sitting next to the caller.
 */
export function nodeWorkerSpawner(entry?: string): WorkerSpawner {
  const built = fileURLToPath(new URL('./worker.js', import.meta.url));
  const source = fileURLToPath(new URL('../worker/entry.ts', import.meta.url));
  const script = entry ?? (existsSync(source) ? source : built);
  // tsx by its path: `--import tsx` would be looked up from the current folder, which may be anywhere.
  const execArgv = script.endsWith('.ts') ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  return () => {
    const child = fork(script, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exitListeners: ((d: string) => void)[] = [];
    let exited = false;
    const onGone = (d: string): void => {
      if (exited) return;
      exited = true;
      for (const l of exitListeners) l(d);
    };
    child.on('exit', (code, signal) => onGone(signal ? `killed by ${signal}` : `exited with code ${code}`));
    child.on('error', (e) => onGone(`could not start: ${e.message}`));
    const end = (): void => void child.kill('SIGKILL');
    const handle: WorkerHandle = {
      post: (m) => {
        if (child.connected) child.send(m);
      },
      onMessage: (l) => child.on('message', (m) => l(m as FromWorker)),
      onExit: (l) => void exitListeners.push(l),
      dispose: end,
    };
    return handle;
  };
}
