/**
 * Studies on many machines, with a real Redis (Debian's redis-server on a free loopback port) and
 * three `workbench worker` processes: every result reaches SQLite, a worker killed mid-run hands
 * its run to another (one run, resumed from its checkpoint), and a coordinator killed mid-study
 * catches up when it comes back.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliAsync, instances, tempDb } from '../../../helpers/cli';
import { freePort, startRedis, type RedisServer } from '../../../helpers/redis';
import { startCliWorker, type CliWorker } from '../../../helpers/cli-worker';
import { sleep, until } from '../../runs/in-process';
import { createBackend } from '../../../../src/main/services/backend';

let redis: RedisServer;
const workers: CliWorker[] = [];

async function startWorker(): Promise<CliWorker> {
  const w = await startCliWorker(redis.url);
  workers.push(w);
  return w;
}

function studyFile(db: string, study: Record<string, unknown>): string {
  const file = join(dirname(db), 'study.json');
  writeFileSync(file, JSON.stringify(study));
  return file;
}

function createStudy(db: string, study: Record<string, unknown>): void {
  const r = cli(['study', 'create', studyFile(db, study), '--db', db]);
  expect(r.code, r.stderr).toBe(0);
}

interface RunRow {
  id: number;
  status: string;
  evaluations: number;
  best_score: number | null;
}

function read<T>(db: string, sql: string, ...args: unknown[]): T[] {
  const conn = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return conn.prepare(sql).all(...args) as T[];
  } finally {
    conn.close();
  }
}

const exited = (p: ChildProcess): Promise<number | null> =>
  p.exitCode !== null ? Promise.resolve(p.exitCode) : new Promise((r) => p.once('exit', (code) => r(code)));

/** Each case starts solver processes (Node + tsx) on a machine that may be busy: minutes, not seconds. */
const SLOW = 240_000;

describe('studies on many machines (BullMQ on Redis)', () => {
  beforeAll(async () => {
    redis = await startRedis();
    await Promise.all([startWorker(), startWorker(), startWorker()]);
  }, SLOW);

  afterAll(async () => {
    for (const w of workers) if (w.proc.exitCode === null) w.proc.kill('SIGKILL');
    await redis?.stop();
  });

  it(
    'a study of 30 short runs completes on three workers, with every result in SQLite',
    async () => {
      const db = tempDb();
      createStudy(db, {
        name: 'thirty',
        puzzles: [join(instances, 'e2_clue1_6x6.txt')],
        solvers: [{ solver: 'hill-climb' }, { solver: 'sa' }],
        seeds: 15,
        stop: { evaluations: 3000 },
      });
      const r = cli(['study', 'run', '1', '--redis', redis.url, '--json', '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done', progress: { done: 30, planned: 30 } });
      const runs = read<RunRow>(db, 'SELECT id, status, evaluations, best_score FROM runs ORDER BY id');
      expect(runs).toHaveLength(30);
      for (const run of runs) {
        expect(run.status).toBe('done');
        expect(run.best_score).not.toBeNull();
      }
      // What the workers said is there as for a local run: improvements with boards, and the end.
      const improvements = read<{ n: number }>(db, `SELECT COUNT(DISTINCT run_id) AS n FROM run_events WHERE kind = 'improvement' AND solution IS NOT NULL`)[0]!
        .n;
      expect(improvements).toBe(30);
      // Each run made once, by one worker, and no lease left behind.
      expect(read<{ attempt: number }>(db, 'SELECT attempt FROM remote_runs').map((x) => x.attempt)).toEqual(Array(30).fill(1));
      expect(read(db, 'SELECT * FROM run_leases')).toEqual([]);
      // The workers shared the work (their logs are read once this test lets the event loop run).
      await sleep(300);
      expect(workers.filter((w) => /run \d+: started/.test(w.log)).length).toBeGreaterThanOrEqual(2);
    },
    SLOW,
  );

  it(
    'kill -9 of a worker mid-run: another worker finishes the run from its checkpoint, and it stays one run',
    async () => {
      const db = tempDb();
      createStudy(db, {
        name: 'one long run',
        puzzles: [join(instances, 'meta2010_10x10.txt')],
        solvers: [{ solver: 'sa' }],
        seeds: [1],
        stop: { seconds: 5 },
      });
      // Run ids start at 1 in every database: forget what the workers said about earlier tests' runs.
      for (const w of workers) w.log = '';
      const coordinator = cliAsync(['study', 'run', '1', '--redis', redis.url, '--checkpoint-every', '0.2', '--progress-every', '0.1', '--json', '--db', db]);
      let out = '';
      let err = '';
      coordinator.stdout.on('data', (d: Buffer) => (out += d.toString()));
      coordinator.stderr.on('data', (d: Buffer) => (err += d.toString()));
      // Wait for the run to be well under way on some worker, with checkpoints saved.
      await until(() => read<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM checkpoints')[0]!.n >= 2 || null, 30_000, 'a checkpoint');
      await sleep(800);
      const victim = workers.find((w) => w.proc.exitCode === null && /run 1: started/.test(w.log));
      expect(victim, workers.map((w) => w.log).join('\n')).toBeDefined();
      const before = read<{ elapsed_ms: number }>(db, 'SELECT elapsed_ms FROM checkpoints ORDER BY id DESC LIMIT 1')[0]!.elapsed_ms;
      expect(before).toBeGreaterThan(0);
      victim!.proc.kill('SIGKILL');
      expect(await exited(coordinator), err).toBe(0);
      expect(JSON.parse(out)).toMatchObject({ status: 'done', progress: { done: 1, planned: 1 } });

      const runs = read<RunRow & { elapsed_ms: number }>(db, 'SELECT id, status, evaluations, best_score, elapsed_ms FROM runs');
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'done' });
      // It ran its five seconds in all, not five more after starting over.
      expect(runs[0]!.elapsed_ms).toBeGreaterThanOrEqual(5_000);
      expect(runs[0]!.elapsed_ms).toBeLessThan(6_500);
      // At least one takeover (a worker starved of CPU on a busy machine may lose its lock too: the
      // run then moves once more, still one run).
      expect(read<{ attempt: number }>(db, 'SELECT attempt FROM remote_runs')[0]!.attempt, workers.map((w) => w.log).join('\n')).toBeGreaterThanOrEqual(2);
      const heir = workers.find((w) => w !== victim && /run 1: resumed from its checkpoint at (\d+\.\d) s \(attempt 2\)/.test(w.log));
      expect(heir, workers.map((w) => w.log).join('\n')).toBeDefined();
      const from = Number(/run 1: resumed from its checkpoint at (\d+\.\d) s/.exec(heir!.log)![1]) * 1000;
      expect(from).toBeGreaterThanOrEqual(Math.floor(before / 100) * 100);
      // The progress curve never goes back in time: samples after the checkpoint were replaced.
      const samples = read<{ elapsed_ms: number }>(db, `SELECT elapsed_ms FROM run_events WHERE kind = 'progress' ORDER BY id`).map((s) => s.elapsed_ms);
      expect(samples).toEqual([...samples].sort((a, b) => a - b));
      // Back to three workers for the next test.
      await startWorker();
    },
    SLOW,
  );

  it(
    'the coordinator killed mid-study: workers go on, and the study completes when it comes back',
    async () => {
      const db = tempDb();
      createStudy(db, {
        name: 'restart',
        puzzles: [join(instances, 'e2_clue1_6x6.txt')],
        solvers: [{ solver: 'sa' }],
        seeds: 9,
        stop: { seconds: 1 },
      });
      const first = cliAsync(['study', 'run', '1', '--redis', redis.url, '--db', db]);
      await until(() => read<{ n: number }>(db, `SELECT COUNT(*) AS n FROM runs WHERE status = 'done'`)[0]!.n >= 2 || null, 40_000, 'two runs done');
      first.kill('SIGKILL');
      await exited(first);
      // Meanwhile any other command on the database leaves the queue's runs alone.
      await sleep(1_500);
      const listed = JSON.parse(cli(['runs', '--json', '--db', db]).stdout) as { status: string }[];
      expect(listed.filter((r) => r.status === 'interrupted')).toEqual([]);
      const again = cli(['study', 'run', '1', '--redis', redis.url, '--json', '--db', db]);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toMatchObject({ status: 'done', progress: { done: 9, planned: 9 } });
      const runs = read<RunRow>(db, 'SELECT id, status FROM runs');
      expect(runs).toHaveLength(9);
      expect(runs.every((r) => r.status === 'done')).toBe(true);
    },
    SLOW,
  );

  it(
    'Redis restarted empty mid-study: the coordinator puts the runs on the queue again, and the study completes',
    async () => {
      const db = tempDb();
      createStudy(db, { name: 'redis restart', puzzles: [join(instances, 'meta2010_10x10.txt')], solvers: [{ solver: 'sa' }], seeds: 3, stop: { seconds: 2 } });
      const coordinator = cliAsync(['study', 'run', '1', '--redis', redis.url, '--checkpoint-every', '0.2', '--json', '--db', db]);
      let out = '';
      let err = '';
      coordinator.stdout.on('data', (d: Buffer) => (out += d.toString()));
      coordinator.stderr.on('data', (d: Buffer) => (err += d.toString()));
      await until(() => read<{ n: number }>(db, `SELECT COUNT(*) AS n FROM runs WHERE status = 'running'`)[0]!.n >= 1 || null, 30_000, 'a run running');
      await sleep(1_000);
      await redis.restart();
      expect(await exited(coordinator), err).toBe(0);
      expect(err).toMatch(/the Redis server lost its data/);
      expect(JSON.parse(out)).toMatchObject({ status: 'done', progress: { done: 3, planned: 3 } });
      expect(read(db, 'SELECT id FROM runs')).toHaveLength(3);
    },
    SLOW,
  );

  it(
    'serve and the app as coordinator: a study started through the API runs on the workers',
    async () => {
      const db = tempDb();
      const backend = await createBackend({ dbPath: db, workerHost: 'node', resourcesDir: null, redis: redis.url });
      try {
        const h = backend.handlers;
        const puzzle = backend.workbench.importPuzzle('e2_clue1_6x6.txt', readFileSync(join(instances, 'e2_clue1_6x6.txt'), 'utf8'));
        const study = await h.createStudy({
          text: JSON.stringify({ name: 'from the app', puzzles: [puzzle.id], solvers: [{ solver: 'sa' }], seeds: 4, stop: { evaluations: 3000 } }),
        });
        expect(await h.startStudy({ id: study.id })).toMatchObject({ created: 4 });
        for (;;) {
          if ((await h.getStudy({ id: study.id })).progress.done === 4) break;
          await sleep(200);
        }
        expect(read<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM remote_runs')[0]!.n).toBe(4);
      } finally {
        await backend.dispose();
      }
    },
    SLOW,
  );

  it(
    'a study with no Redis runs locally',
    () => {
      const db = tempDb();
      createStudy(db, {
        name: 'local',
        puzzles: [join(instances, 'e2_clue1_6x6.txt')],
        solvers: [{ solver: 'hill-climb' }],
        seeds: 2,
        stop: { evaluations: 2000 },
      });
      const r = cli(['study', 'run', '1', '--json', '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done', progress: { done: 2 } });
      expect(read(db, 'SELECT * FROM remote_runs')).toEqual([]);
    },
    SLOW,
  );

  it(
    'Redis unreachable: one clear line naming the server (never the password), exit 2, nothing queued',
    async () => {
      const db = tempDb();
      createStudy(db, {
        name: 'nowhere',
        puzzles: [join(instances, 'e2_clue1_6x6.txt')],
        solvers: [{ solver: 'hill-climb' }],
        seeds: 2,
        stop: { evaluations: 2000 },
      });
      const port = await freePort();
      const r = cli(['study', 'run', '1', '--redis', `redis://:s3cret@127.0.0.1:${port}`, '--db', db]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`^workbench study: cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} \\(connect ECONNREFUSED[^\\n]*\\)\\n$`),
      );
      expect(read(db, 'SELECT * FROM runs')).toEqual([]);
      const w = cli(['worker', '--redis', `rediss://user:s3cret@127.0.0.1:${port}`]);
      expect(w.code).toBe(2);
      expect(w.stderr).toMatch(/^workbench worker: cannot reach Redis at rediss:\/\/user:\*\*\*@127\.0\.0\.1:\d+ \([^\n]*\)\n$/);
      expect(cli(['worker', '--redis', 'http://x']).stderr).toBe('workbench worker: --redis expects a redis:// or rediss:// URL, got "http://x"\n');
      expect(cli(['worker']).stderr).toMatch(/^workbench worker: worker needs --redis URL/);
    },
    SLOW,
  );
});
