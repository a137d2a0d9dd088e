/**
 * A Redis with a password, spoken to over TLS (`rediss://`, a self-signed test certificate
 * trusted through NODE_EXTRA_CA_CERTS): a worker and a coordinator reach it, a wrong password is
 * one line, and `study stop` stops a study whose runs are on the workers.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instances, repoRoot, tempDb } from '../../../helpers/cli';
import { startRedis, type RedisServer } from '../../../helpers/redis';
import { until } from '../../runs/in-process';

const bin = join(repoRoot, 'bin', 'workbench.mjs');
let redis: RedisServer;
let worker: ChildProcess;

function cli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...redis.env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function study(db: string, stop: Record<string, number>, seeds: number, puzzle = 'e2_clue1_6x6.txt'): void {
  const file = join(dirname(db), 'study.json');
  writeFileSync(file, JSON.stringify({ name: 'tls', puzzles: [join(instances, puzzle)], solvers: [{ solver: 'sa' }], seeds, stop }));
  expect(cli(['study', 'create', file, '--db', db]).code).toBe(0);
}

/** Each case starts solver processes (Node + tsx) on a machine that may be busy: minutes, not seconds. */
const SLOW = 240_000;

describe('Redis with a password over TLS', () => {
  beforeAll(async () => {
    redis = await startRedis({ password: 's3cret', tls: true });
    worker = spawn(process.execPath, [bin, 'worker', '--redis', redis.url, '--concurrency', '2'], {
      cwd: repoRoot,
      env: { ...process.env, ...redis.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let err = '';
      worker.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      worker.stdout!.on('data', (d: Buffer) => d.toString().includes('worker ready') && resolve());
      worker.once('exit', (c) => reject(new Error(`worker exited with ${c}: ${err}`)));
    });
  }, SLOW);

  afterAll(async () => {
    if (worker && worker.exitCode === null) worker.kill('SIGKILL');
    await redis?.stop();
  });

  it(
    'runs a study through rediss:// with a password',
    () => {
      expect(redis.url).toMatch(/^rediss:\/\/:s3cret@127\.0\.0\.1:\d+$/);
      const db = tempDb();
      study(db, { evaluations: 3000 }, 4);
      const r = cli(['study', 'run', '1', '--redis', redis.url, '--json', '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done', progress: { done: 4 } });
    },
    SLOW,
  );

  it(
    'a wrong password is one line, with the password masked',
    () => {
      const db = tempDb();
      study(db, { evaluations: 3000 }, 1);
      const r = cli(['study', 'run', '1', '--redis', redis.url.replace('s3cret', 'wrong'), '--db', db]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^workbench study: Redis at rediss:\/\/:\*\*\*@127\.0\.0\.1:\d+ refused the password or user name\n$/);
    },
    SLOW,
  );

  it(
    '`study stop` from another process stops the runs on the workers and takes waiting ones off the queue; a second coordinator is refused',
    async () => {
      const db = tempDb();
      // Not solvable in that time: the runs end only by being stopped.
      study(db, { seconds: 60 }, 4, 'meta2010_10x10.txt');
      const coordinator = spawn(process.execPath, [bin, 'study', 'run', '1', '--redis', redis.url, '--db', db], {
        cwd: repoRoot,
        env: { ...process.env, ...redis.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let said = '';
      coordinator.stdout!.on('data', (d: Buffer) => (said += d.toString()));
      coordinator.stderr!.on('data', (d: Buffer) => (said += d.toString()));
      const code = new Promise<number | null>((r) => coordinator.once('exit', r));
      // A coordinator that does not leave fails the case with what it said and where its runs are.
      const left = (): Promise<number | null> =>
        Promise.race([
          code,
          new Promise<never>((_, reject) =>
            setTimeout(() => {
              const where = cli(['runs', '--json', '--db', db]).stdout;
              coordinator.kill('SIGKILL');
              reject(new Error(`the coordinator did not exit within 120 s of the stop; it said:\n${said}\nruns: ${where}`));
            }, 120_000).unref(),
          ),
        ]);
      // Two running (the worker takes two at once), two waiting on the queue.
      await until(() => JSON.parse(cli(['runs', '--json', '--status', 'running', '--db', db]).stdout).length === 2 || null, 40_000, 'two runs running');
      // A second coordinator on the same database is refused in one line, and changes nothing.
      const second = cli(['study', 'run', '1', '--redis', redis.url, '--db', db]);
      expect(second.code).toBe(2);
      expect(second.stderr).toMatch(
        /^workbench study: another coordinator \(process \d+\) is taking this database's runs from Redis; stop it first, or use it to run the study\n$/,
      );
      const stopped = cli(['study', 'stop', '1', '--db', db]);
      expect(stopped.code, stopped.stderr).toBe(0);
      expect(stopped.stdout).toMatch(/^study 1: 4 runs stopped/);
      expect(await left(), said).toBe(1);
      const runs = JSON.parse(cli(['runs', '--json', '--db', db]).stdout) as { status: string }[];
      expect(runs.map((r) => r.status)).toEqual(['stopped', 'stopped', 'stopped', 'stopped']);
    },
    SLOW,
  );
});
