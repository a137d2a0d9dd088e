/** A disk that fills up mid-run, for real: a small tmpfs (needs root; skipped where mounting is not allowed). */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliAsync } from '../../helpers/cli';
import { until } from '../runs/in-process';

const mountPoint = mkdtempSync(join(tmpdir(), 'workbench-full-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  if (process.env.CI === 'true') console.warn('disk-full test skipped: cannot mount a tmpfs here');
}

afterAll(() => {
  if (mounted) execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Write until the file system says it is full. */
function fill(file: string): void {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
}

describe.skipIf(!mounted)('the disk fills up during a CLI solve', () => {
  it('the CLI stops the worker, says why in one line and exits 1; the run is left resumable, never running', async () => {
    const db = join(mountPoint, 'w.db');
    const child = cliAsync(['solve', '--family', 'jump', '--size', '9', '--solver', 'hill-climb', '--seconds', '120', '--seed', '3', '--checkpoint-every', '0.2', '--db', db]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    await until(() => {
      const show = cli(['show', '1', '--json', '--db', db]);
      return show.code === 0 && (JSON.parse(show.stdout) as { elapsedMs: number }).elapsedMs >= 1000;
    }, 30_000, 'progress');
    const filler = join(mountPoint, 'filler');
    fill(filler);
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
    rmSync(filler);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
    expect(stderr).toMatch(/^run 1 (interrupted|failed): could not save the run: the disk is full/);
    const run = JSON.parse(cli(['show', '1', '--json', '--db', db]).stdout) as { status: string; error: string };
    expect(run.status).toBe('interrupted');
  });
});
