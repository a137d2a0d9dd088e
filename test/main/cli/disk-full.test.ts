/** A disk that fills up mid-run, for real: a small tmpfs (needs root; skipped where mounting is not allowed). */
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliAsync, repoRoot } from '../../helpers/cli';
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
    const child = cliAsync([
      'solve',
      '--family',
      'jump',
      '--size',
      '9',
      '--solver',
      'hill-climb',
      '--seconds',
      '120',
      '--seed',
      '3',
      '--checkpoint-every',
      '0.2',
      '--db',
      db,
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
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

describe.skipIf(!mounted)('the disk fills up under serve', () => {
  it('the run ends with the reason (pushed to the views); once there is room, Resume and Stop work', async () => {
    const db = join(mountPoint, 'serve.db');
    const fixtures = fileURLToPath(new URL('../serve/fixtures', import.meta.url));
    const proc = spawn(process.execPath, [join(repoRoot, 'bin', 'workbench.mjs'), 'serve', '--port', '0', '--static', fixtures, '--db', db], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const filler = join(mountPoint, 'filler-serve');
    try {
      let out = '';
      proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const host = await until(() => /serving http:\/\/([^/]+)\//.exec(out)?.[1], 30_000, 'serve');
      const ws = new WebSocket(`ws://${host}/api`);
      const replies = new Map<number, { ok: boolean; value?: unknown; error?: string }>();
      const pushes: { type: string; run?: { id: number; status: string; error: string | null } }[] = [];
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString()) as { id?: number; ok: boolean; push?: unknown };
        if (typeof m.id === 'number') replies.set(m.id, m);
        else pushes.push((m.push ?? m) as (typeof pushes)[number]);
      });
      await new Promise((r) => ws.once('open', r));
      let nextId = 1;
      const call = async (method: string, args: unknown): Promise<unknown> => {
        const id = nextId++;
        ws.send(JSON.stringify({ id, method, args }));
        const reply = await until(() => replies.get(id), 30_000, method);
        if (!reply.ok) throw new Error(reply.error);
        return reply.value;
      };
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
      ws.close();
    } finally {
      rmSync(filler, { force: true });
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
  });
});
