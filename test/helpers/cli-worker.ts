/**
 * A `workbench worker --redis URL` process for the tests that run work over Redis (studies and
 * spread runs): started with a short job lock, so a killed worker's job is handed on within a
 * few seconds, and resolved once it says it is ready. Its stderr is kept in `log`.
 */
import type { ChildProcess } from 'node:child_process';
import { cliAsync } from './cli';

export interface CliWorker {
  proc: ChildProcess;
  log: string;
}

export async function startCliWorker(redisUrl: string): Promise<CliWorker> {
  const proc = cliAsync(['worker', '--redis', redisUrl, '--concurrency', '1', '--lock-seconds', '3']);
  const w: CliWorker = { proc, log: '' };
  proc.stderr!.on('data', (d: Buffer) => (w.log += d.toString()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('worker ready')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${w.log}`)));
  });
  return w;
}
