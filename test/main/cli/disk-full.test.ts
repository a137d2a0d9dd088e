/** A disk that fills up mid-run, for real: a small tmpfs (needs root; skipped where mounting is not allowed). */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, solveJump } from '../../helpers/cli';
import { startServe } from '../../helpers/serve';
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
    const solve = solveJump(db, 120);
    await until(
      () => {
        const show = cli(['show', '1', '--json', '--db', db]);
        return show.code === 0 && (JSON.parse(show.stdout) as { elapsedMs: number }).elapsedMs >= 1000;
      },
      30_000,
      'progress',
    );
    const filler = join(mountPoint, 'filler');
    fill(filler);
    const code = await Promise.race([solve.exited, new Promise((r) => setTimeout(() => r('still running'), 30_000))]);
    rmSync(filler);
    if (code === 'still running') solve.child.kill('SIGKILL');
    expect(code).toBe(1);
    expect(solve.stdout).toBe('');
    expect(solve.stderr.trim().split('\n'), solve.stderr).toHaveLength(1);
    expect(solve.stderr).toMatch(/^run 1 (interrupted|failed): could not save the run: the disk is full/);
    const run = JSON.parse(cli(['show', '1', '--json', '--db', db]).stdout) as { status: string; error: string };
    expect(run.status).toBe('interrupted');
  });
});

describe.skipIf(!mounted)('the disk fills up under serve', () => {
  it('the run ends with the reason (pushed to the views); once there is room, Resume and Stop work', async () => {
    const db = join(mountPoint, 'serve.db');
    const serve = await startServe(db);
    const { call, pushes } = serve;
    const filler = join(mountPoint, 'filler-serve');
    try {
      const puzzle = (await call('createPuzzle', {
        document: { format: 'puzzle-workbench', version: 1, family: 'jump', name: 'm', puzzle: { rows: 9, cols: 9 } },
      })) as { id: number };
      const [run] = (await call('startRuns', { puzzleId: puzzle.id, solver: 'hill-climb', seed: 1 })) as [{ id: number }];
      await until(
        () => {
          const show = cli(['show', String(run.id), '--json', '--db', db]);
          return show.code === 0 && (JSON.parse(show.stdout) as { elapsedMs: number }).elapsedMs >= 1000;
        },
        30_000,
        'progress',
      );
      fill(filler);
      const ended = await until(
        () => pushes.find((p) => p.run?.id === run.id && (p.run.status === 'interrupted' || p.run.status === 'failed')),
        30_000,
        'the run to end',
      );
      expect(ended.run!.error).toMatch(/^could not save the run: the disk is full/);
      rmSync(filler);
      await call('resumeRun', { id: run.id });
      await until(() => (JSON.parse(cli(['show', String(run.id), '--json', '--db', db]).stdout) as { status: string }).status === 'running', 30_000, 'resumed');
      await call('stopRun', { id: run.id });
      expect((JSON.parse(cli(['show', String(run.id), '--json', '--db', db]).stdout) as { status: string }).status).toBe('stopped');
    } finally {
      rmSync(filler, { force: true });
      await serve.close('SIGTERM');
    }
  });
});
