import { execFileSync, spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const instances = join(repoRoot, 'resources', 'instances');
const bin = join(repoRoot, 'bin', 'workbench.mjs');

export function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), 'workbench-test-')), 'test.db');
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run the real `workbench` command in a child process. */
export function cli(args: string[], opts: { cwd?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: opts.cwd ?? repoRoot, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Start `workbench` without waiting for it. */
export function cliAsync(args: string[]) {
  return spawn(process.execPath, [bin, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface Solving {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** What it has written so far. */
  stdout: string;
  stderr: string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** A jump solve of `seconds` that checkpoints every 0.2 s: long enough to be interrupted, resumable from where it was. */
export function solveJump(db: string, seconds: number): Solving {
  const child = cliAsync([
    'solve',
    '--family',
    'jump',
    '--size',
    '9',
    '--solver',
    'hill-climb',
    '--seconds',
    String(seconds),
    '--seed',
    '3',
    '--checkpoint-every',
    '0.2',
    '--db',
    db,
  ]);
  const solving: Solving = { child, stdout: '', stderr: '', exited: new Promise((r) => child.on('exit', r)) };
  child.stdout.on('data', (d: Buffer) => (solving.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (solving.stderr += d.toString()));
  return solving;
}

/** The pids of a process's children (a CLI's solver workers); none once it has gone. */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // ps exits 1 when there are none.
    return [];
  }
}

/** Whether a process is still there (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
