import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/main/cli/args';
import { listenServer } from '../../../src/main/serve/server';
import { cli, instances, repoRoot, tempDb } from '../../helpers/cli';
import { freePort } from '../../helpers/redis';
import { WebSocket } from 'ws';
import { sleep } from '../runs/in-process';

/** Issue 49, item 7: messages in the CLI's words, one line each. */

const bin = join(repoRoot, 'bin', 'workbench.mjs');
const fixtures = fileURLToPath(new URL('../serve/fixtures', import.meta.url));

/** `workbench ARGS` with its stdout closed at once, as `workbench ARGS | head -0` would. */
function withStdoutClosed(args: string[]): { child: ReturnType<typeof spawn>; stderr: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [bin, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.destroy();
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return { child, stderr: () => err, exited: new Promise((r) => child.on('exit', (code) => r(code))) };
}

/** Whether a WebSocket to `url` opens (serve answers 503 until its backend is attached). */
function connects(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.once('open', () => {
      ws.close();
      resolve(true);
    });
    ws.once('error', () => resolve(false));
  });
}

describe('every command takes --db', () => {
  it('as the README and docs/cli.md say, also those that open no database', () => {
    expect(parse(['--db', 'x.db', 'a'], { json: { type: 'boolean' } }, 1).values).toEqual({ db: 'x.db' });
    const score = cli(['score', join(instances, 'e2_clue1_6x6.txt'), '--db', tempDb()]);
    expect(score.stderr).not.toMatch(/Unknown option/);
    expect(score.stderr).toMatch(/^workbench score: .*no board to score/);
    const worker = cli(['worker', '--db', tempDb()]);
    expect(worker.stderr).toMatch(/^workbench worker: worker needs --redis URL/);
  });
});

describe('serve --port', () => {
  it('out of range: one line in the CLI words, exit 2', () => {
    const r = cli(['serve', '--port', '70000', '--static', fixtures, '--db', tempDb()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('workbench serve: --port must be at most 65535, got 70000\n');
  });

  it('listenServer refuses a port out of range in one line, not in Node words', async () => {
    await expect(listenServer({ port: 70000, staticDir: fixtures })).rejects.toThrow(/^the port must be a whole number from 0 to 65535, got 70000$/);
  });
});

describe('a reader that has gone (`workbench runs | head -1`)', () => {
  it('leaves a command quiet: no "write EPIPE", the exit code of the command', async () => {
    // `runs` reads a database that is there (one that is not is refused).
    const db = tempDb();
    expect(cli(['import', join(instances, 'casse_tete_4x4_m4.grid'), '--db', db]).code).toBe(0);
    for (const args of [['solvers'], ['runs', '--db', db]]) {
      const run = withStdoutClosed(args);
      expect(await run.exited, run.stderr()).toBe(0);
      expect(run.stderr(), args[0]).toBe('');
    }
  });

  it('serve with its stdout closed keeps serving and ends cleanly', async () => {
    const port = await freePort();
    const serve = withStdoutClosed(['serve', '--port', String(port), '--static', fixtures, '--db', tempDb()]);
    try {
      // It has written its "serving" line once its API takes a connection (the line follows the backend's start).
      const end = Date.now() + 30_000;
      while (!(await connects(`ws://127.0.0.1:${port}/api`))) {
        expect(Date.now() < end && serve.child.exitCode === null, `serve did not start: ${serve.stderr()}`).toBe(true);
        await sleep(100);
      }
      await sleep(500);
      expect(serve.child.exitCode, serve.stderr()).toBeNull();
    } finally {
      serve.child.kill('SIGTERM');
    }
    expect(await serve.exited, serve.stderr()).toBe(0);
    expect(serve.stderr()).toBe('');
  });
});
