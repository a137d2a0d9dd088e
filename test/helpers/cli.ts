import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
