/**
 * Output that cannot be written (`> /dev/full`, a full disk) is one line on stderr and exit 1,
 * never a stack trace; a solve still ends its run and releases its solver process and database.
 * A reader that has gone (`| head -1`) is no failure.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, repoRoot, tempDb } from '../../helpers/cli';

const bin = join(repoRoot, 'bin', 'workbench.mjs');

/** The CLI with its stdout on /dev/full, where every write fails with ENOSPC. */
function toFull(args: string[]): { code: number | null; stderr: string } {
  const full = openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', full, 'pipe'], timeout: 120_000 });
    return { code: r.status, stderr: r.stderr };
  } finally {
    closeSync(full);
  }
}

const FULL = 'workbench: cannot write the output: no space left on device (ENOSPC)\n';

describe.skipIf(!existsSync('/dev/full'))('a failed write to stdout', () => {
  it('solvers: one line, exit 1', () => {
    expect(toFull(['solvers'])).toEqual({ code: 1, stderr: FULL });
  });

  it('solve, runs and export: one line each; the solve’s run ended and its database released', () => {
    const db = tempDb();
    const solve = toFull(['solve', '--family', 'jump', '--size', '6', '--solver', 'hill-climb', '--seconds', '0.3', '--seed', '1', '--db', db]);
    expect(solve).toEqual({ code: 1, stderr: FULL });
    expect(toFull(['runs', '--db', db])).toEqual({ code: 1, stderr: FULL });
    expect(toFull(['export', '1', '--db', db])).toEqual({ code: 1, stderr: FULL });
    const runs = cli(['runs', '--json', '--db', db]);
    expect(runs.code, runs.stderr).toBe(0);
    expect((JSON.parse(runs.stdout) as { status: string }[]).map((r) => r.status)).toEqual(['done']);
    // Disposed: the database was closed cleanly, so its write-ahead log was folded back in.
    expect(existsSync(`${db}-wal`)).toBe(false);
  });

  it('a reader that has gone is still no failure', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" solvers | head -c 1 >/dev/null`], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });
});
