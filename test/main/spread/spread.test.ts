/**
 * Spread runs with a real Redis (Debian's redis-server on a free loopback port) and two
 * `workbench worker` processes: one run whose passes the workers do reaches its target as one
 * history entry; it goes on through a worker killed mid-pass and Redis restarting empty; it resumes
 * from its checkpoint with its pool, books and current score; a board a worker forges, a board given to start
 * from or one of its checkpoint that does not hold, is left out in one line and the best is not
 * raised; a pass that ended is not run again from a copy on the queue; bad input is one line.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryFields, FARM_QUEUE, passJobId, PREFIX, SPREAD_VERSION, spreadKeys, type PassJob } from '../../../src/main/spread/protocol';
import { readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { findSolver } from '../../../src/core/catalogue/catalogue';
import { readPuzzleFile } from '../../../src/core/document/read-file';
import type { RunSpec } from '../../../src/core/engine/run-types';
import { getFamily } from '../../../src/core/families';
import { resolveParams } from '../../../src/core/params/schema';
import { readSpreadState, spreadCheckpoint } from '../../../src/main/spread/beam-start';
import { Farm } from '../../../src/main/spread/farm';
import { SpreadHost } from '../../../src/main/spread/host';
import { databaseId } from '../../../src/main/studies/redis/coordinator';
import { Store } from '../../../src/main/store/store';
import { cli, cliAsync, instances, tempDb } from '../../helpers/cli';
import { freePort, startRedis, type RedisServer } from '../../helpers/redis';
import { startCliWorker, type CliWorker } from '../../helpers/cli-worker';
import { sleep, until } from '../runs/in-process';

let redis: RedisServer;
const workers: CliWorker[] = [];
const puzzle = join(instances, 'meta2010_10x10.txt');
/** Beam passes narrow enough to be quick on 10x10, with two CPU seconds a pass. */
const SPREAD = ['--solver', 'beam', '--set', 'maxWidth=256', '--seed', '1', '--spread', '--pass-seconds', '2'];
const SLOW = 300_000;

async function startWorker(): Promise<CliWorker> {
  const w = await startCliWorker(redis.url);
  workers.push(w);
  return w;
}

function read<T>(db: string, sql: string, ...args: unknown[]): T[] {
  const conn = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return conn.prepare(sql).all(...args) as T[];
  } finally {
    conn.close();
  }
}

interface Info {
  jobsDone: number;
  cpuMs: number;
  notes: string[];
  workers: { who: string; jobs: number; cpuMs: number }[];
  pool: number[];
}

/** The run's spread figures as the coordinator last wrote them (null before it has). */
function info(db: string, runId = 1): Info | null {
  try {
    const row = read<{ value: string }>(db, 'SELECT value FROM settings WHERE key = ?', `spread.run.${runId}`)[0];
    return row ? (JSON.parse(row.value) as Info) : null;
  } catch {
    return null;
  }
}

function coordinate(args: string[]): { proc: ChildProcess; out: () => string; err: () => string } {
  const proc = cliAsync(args);
  let out = '';
  let err = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return { proc, out: () => out, err: () => err };
}

const exited = (p: ChildProcess): Promise<number | null> =>
  p.exitCode !== null ? Promise.resolve(p.exitCode) : new Promise((r) => p.once('exit', (code) => r(code)));

/** What a coordinator gets for a beam run of the suite's puzzle, a minute on the CPU clock. */
function minuteOfBeam(runId: number, progressIntervalMs: number) {
  const model = readPuzzleFile(puzzle, readFileSync(puzzle, 'utf8')).puzzle;
  const params = resolveParams(findSolver('edge', 'beam').params, { maxWidth: 64 });
  const spec: RunSpec = {
    runId,
    family: 'edge',
    solver: 'beam',
    puzzle: getFamily('edge').puzzleToJson(model as never),
    params,
    seed: 1,
    stop: { seconds: 60, evaluations: null, target: null, clock: 'cpu' },
    checkpoint: null,
    progressIntervalMs,
    checkpointIntervalMs: 60_000,
  };
  return { spec, model, params };
}

describe('a run spread over workers (BullMQ on Redis)', () => {
  beforeAll(async () => {
    redis = await startRedis();
    await Promise.all([startWorker(), startWorker()]);
  }, SLOW);

  afterAll(async () => {
    for (const w of workers) if (w.proc.exitCode === null) w.proc.kill('SIGKILL');
    await redis?.stop();
  });

  it(
    'reaches its target on two workers as one run, every board it records checked',
    () => {
      const db = tempDb();
      const r = cli(['solve', puzzle, ...SPREAD, '--redis', redis.url, '--target', '172', '--json', '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done' });
      const runs = read<{ best_score: number; stop_reason: string }>(db, 'SELECT best_score, stop_reason FROM runs');
      expect(runs).toHaveLength(1);
      expect(runs[0]!.stop_reason).toBe('target');
      expect(runs[0]!.best_score).toBeGreaterThanOrEqual(172);
      const scores = read<{ best_score: number }>(db, `SELECT best_score FROM run_events WHERE kind = 'improvement' ORDER BY id`).map((e) => e.best_score);
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
      const shown = cli(['show', '1', '--db', db]).stdout;
      expect(shown).toMatch(/^spread over workers: \d+ pass(es)? of 2 CPU s done/m);
      expect(shown).toMatch(/^worker [^ ]+\/\d+: \d+ pass(es)?,/m);
      // Its passes at the top width, summed over the jobs that ended, as a lone beam run shows its own.
      expect(shown).toMatch(
        /^passes at the top width in the first .*: [\d,]+ \([\d,]+ full passes, [\d,]+ suffix passes, [\d,]+ of them above their board\)$/m,
      );
      const work = (JSON.parse(cli(['show', '1', '--json', '--db', db]).stdout) as { work: { tally: { totals: number[]; rows: { label: string }[] } } }).work;
      expect(work.tally.totals[0]! + work.tally.totals[1]!).toBeGreaterThan(0);
      expect(Number(work.tally.rows[0]!.label)).toBeLessThanOrEqual(runs[0]!.best_score);
    },
    SLOW,
  );

  it(
    'goes on through a worker killed mid-pass and Redis restarting empty, and counts each pass once',
    async () => {
      const db = tempDb();
      const c = coordinate(['solve', puzzle, ...SPREAD, '--redis', redis.url, '--seconds', '24', '--cpu', '--json', '--db', db]);
      for (const w of workers) w.log = '';
      await until(() => (info(db)?.jobsDone ?? 0) >= 1 || null, 90_000, 'a pass done');
      // A worker in the middle of a pass.
      const victim = await until(
        () => workers.find((w) => w.proc.exitCode === null && /pass (\d+): from [^\n]*\n?$/.test(w.log)) ?? null,
        30_000,
        'a busy worker',
      );
      const pass = /pass (\d+): from [^\n]*\n?$/.exec(victim.log)![1];
      await sleep(500);
      victim.proc.kill('SIGKILL');
      await exited(victim.proc);
      await startWorker();
      // Its pass goes to another worker once its lock lapses.
      await until(() => workers.some((w) => w !== victim && new RegExp(`pass ${pass}: from`).test(w.log)) || null, 60_000, `pass ${pass} taken over`);
      await redis.restart();
      expect(await exited(c.proc), c.err()).toBe(0);
      expect(JSON.parse(c.out())).toMatchObject({ status: 'done' });
      const end = info(db)!;
      expect(
        end.notes.some((n) => /^Redis lost its data \(restarted without saving\?\): \d+ pass(es)? asked again$/.test(n)),
        end.notes.join('\n'),
      ).toBe(true);
      // The run's CPU is the workers' CPU summed, each attempt once: no more than the budget and the passes under way at its end.
      const run = read<{ elapsed_ms: number; stop_reason: string }>(db, 'SELECT elapsed_ms, stop_reason FROM runs')[0]!;
      expect(run.stop_reason).toBe('seconds');
      expect(run.elapsed_ms).toBeGreaterThanOrEqual(24_000);
      expect(run.elapsed_ms).toBeLessThan(24_000 + 3 * 2_000);
      expect(end.cpuMs).toBe(run.elapsed_ms);
      expect(end.workers.reduce((s, w) => s + w.cpuMs, 0)).toBe(end.cpuMs);
      expect(end.workers.reduce((s, w) => s + w.jobs, 0)).toBe(end.jobsDone);
      // Still one history entry, whose best is its last improvement, the improvements only rising.
      expect(read(db, 'SELECT id FROM runs')).toHaveLength(1);
      const best = read<{ best_score: number }>(db, 'SELECT best_score FROM runs')[0]!.best_score;
      const scores = read<{ best_score: number }>(db, `SELECT best_score FROM run_events WHERE kind = 'improvement' ORDER BY id`).map((e) => e.best_score);
      expect(scores).toEqual([...new Set(scores)].sort((a, b) => a - b));
      expect(scores.at(-1)).toBe(best);
    },
    SLOW,
  );

  it(
    'resumes from its checkpoint with its pool and its books, and refuses a forged board in one line',
    async () => {
      const db = tempDb();
      const c = coordinate(['solve', puzzle, ...SPREAD, '--redis', redis.url, '--seconds', '10', '--cpu', '--checkpoint-every', '1', '--json', '--db', db]);
      type Spread = { jobsDone: number; epochs: number; issued: number; cpuMs: number; pool: { score: number }[]; tally?: { full: Record<string, number> } };
      const fullPasses = (s: Spread): number => Object.values(s.tally?.full ?? {}).reduce((a, b) => a + b, 0);
      const cpState = (): Spread | undefined => {
        try {
          return read<{ state: string }>(db, 'SELECT state FROM checkpoints ORDER BY id DESC LIMIT 1').map(
            (r) => (JSON.parse(r.state) as { spread: Spread }).spread,
          )[0];
        } catch {
          return undefined; // the database is not made yet
        }
      };
      await until(() => ((cpState()?.jobsDone ?? 0) >= 2 ? true : null), 120_000, 'a checkpoint after two passes');

      // A worker that forges: a real board of the run, claimed two joins better than it is.
      const dbId = read<{ value: string }>(db, `SELECT value FROM settings WHERE key = 'redis.databaseId'`)[0]!.value.replace(/"/g, '');
      const client = new Redis(redis.url);
      try {
        const keys = spreadKeys(dbId, 1);
        const epoch = (await client.get(keys.state))!;
        const best = read<{ best_score: number; best_solution: string }>(db, 'SELECT best_score, best_solution FROM runs')[0]!;
        const claim = best.best_score + 2;
        const forged = { type: 'improvement', cpuMs: 1, evaluations: 1, score: claim, solution: JSON.parse(best.best_solution) as unknown };
        await client.xadd(keys.events, '*', ...entryFields({ v: SPREAD_VERSION, epoch, n: 0, attempt: 'x', who: 'forger/1', event: forged as never }));
        // A pass count claiming a pass above every checked board, for a job not yet ended.
        const tally = { full: { [claim]: 1 }, suffix: {} };
        const end = { type: 'end', reason: 'seconds', cpuMs: 1, evaluations: 1, bestScore: claim, tally };
        await client.xadd(keys.events, '*', ...entryFields({ v: SPREAD_VERSION, epoch, n: 100_000, attempt: 'x', who: 'forger/1', event: end as never }));
        // And one of another version.
        await client.xadd(keys.events, '*', ...entryFields({ v: 99, epoch, n: 0, attempt: 'y', who: 'old/7', event: forged as never }));
        const notes = await until(() => ((info(db)?.notes.length ?? 0) >= 3 ? info(db)!.notes : null), 30_000, 'the notes');
        expect(notes).toContain(`left out the pass count of worker forger/1 (pass 100000): a pass of ${claim}, above every board checked`);
        expect(notes).toContain(`refused a board from worker forger/1 (pass 0): it reported score ${claim}, but its board scores ${best.best_score}`);
        expect(notes.some((n) => n.startsWith(`worker old/7 speaks spread protocol 99 and this coordinator ${SPREAD_VERSION}`))).toBe(true);
        expect(read<{ n: number }>(db, `SELECT COUNT(*) AS n FROM run_events WHERE kind = 'improvement' AND best_score >= ?`, claim)[0]!.n).toBe(0);
      } finally {
        client.disconnect();
      }

      c.proc.kill('SIGKILL');
      await exited(c.proc);
      // The checkpoint it resumes from.
      const before = cpState()!;
      expect(before.pool.length).toBeGreaterThan(0);
      for (const w of workers) w.log = '';
      // No pass from empty: its first pass can only start from a board of the pool it kept.
      const r = cli(['resume', '1', '--spread', '--redis', redis.url, '--pass-seconds', '2', '--fresh', '0', '--json', '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'done' });
      const after = cpState()!;
      expect(after.epochs).toBe(before.epochs + 1);
      expect(after.jobsDone).toBeGreaterThan(before.jobsDone);
      // Its passes counted on from the checkpoint's count.
      expect(fullPasses(before)).toBeGreaterThan(0);
      expect(fullPasses(after)).toBeGreaterThan(fullPasses(before));
      // The workers' logs arrive once the resume (run in step) has returned.
      const first = await until(
        () => workers.map((w) => new RegExp(`spread run 1 pass ${before.issued}: from (\\S+)`).exec(w.log)?.[1]).find((x) => x !== undefined) ?? null,
        10_000,
        `pass ${before.issued} in a worker's log`,
      );
      expect(before.pool.map((e) => String(e.score))).toContain(first);
      // Its books go on from the checkpoint's: this start's work, by worker, added to what it held.
      const end = info(db)!;
      expect(after.cpuMs).toBe(end.cpuMs);
      expect(after.cpuMs).toBe(before.cpuMs + end.workers.reduce((sum, w) => sum + w.cpuMs, 0));
      const run = read<{ elapsed_ms: number; best_score: number }>(db, 'SELECT elapsed_ms, best_score FROM runs')[0]!;
      expect(run.elapsed_ms).toBeGreaterThanOrEqual(10_000);
      expect(run.elapsed_ms).toBeLessThan(10_000 + 3 * 2_000);
      // One history entry; its improvements only rise, none recorded twice across the resume.
      expect(read(db, 'SELECT id FROM runs')).toHaveLength(1);
      const scores = read<{ best_score: number }>(db, `SELECT best_score FROM run_events WHERE kind = 'improvement' ORDER BY id`).map((e) => e.best_score);
      expect(new Set(scores).size).toBe(scores.length);
      expect(scores.at(-1)).toBe(run.best_score);
      // Its current score (the last pass's) goes on across the resume and through passes from
      // empty: once a pass has scored, the curve never says 0.
      const current = read<{ current_score: number }>(db, `SELECT current_score FROM run_events WHERE kind = 'progress' ORDER BY id`).map(
        (e) => e.current_score,
      );
      const scored = current.findIndex((x) => x > 0);
      expect(scored).toBeGreaterThanOrEqual(0);
      expect(current.slice(scored)).not.toContain(0);
    },
    SLOW,
  );

  it('drops the copies of a pass still waiting on the queue once the pass has ended (each would run it again)', async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(FARM_QUEUE, { connection: new Redis(redis.url, { maxRetriesPerRequest: null }), prefix: PREFIX });
    const farm = new Farm(client, 'settle-test', 7, 'e1');
    try {
      await farm.open();
      const job = { v: SPREAD_VERSION, dbId: 'settle-test', runId: 7, epoch: 'e1', n: 0, from: null, spec: {} } as unknown as PassJob;
      // Delayed, so no worker of this suite takes them: the first issue, then the copy Redis coming back empty makes.
      await farm.issue(job, 600_000);
      await farm.again(0, 600_000);
      const copies = async (): Promise<unknown[]> =>
        (await Promise.all([1, 2].map((k) => queue.getJob(passJobId('settle-test', 7, 'e1', 0, k))))).filter(Boolean);
      expect(await copies()).toHaveLength(2);
      await farm.settle(0);
      expect(farm.size).toBe(0);
      expect(await copies()).toEqual([]);
    } finally {
      await farm.dispose();
      await queue.close();
      client.disconnect();
    }
  });

  it('leaves out, in one note each, a board given to start from and a checkpoint board that do not hold, and starts from the rest', async () => {
    const { spec, model, params } = minuteOfBeam(1, 1000);
    const solver = findSolver('edge', 'beam').create(model, params, 3);
    while (solver.bestScore < 120 && !solver.finished) solver.step(1000);
    const good = { board: solver.bestSolution(), score: solver.bestScore };
    /** What a coordinator starting on `spec` says before it takes any pass: its notes and its first best. */
    const start = async (spec: RunSpec, seedBoards: unknown[]): Promise<{ notes: string[]; best: number }> => {
      const store = Store.open(':memory:');
      const notes: string[] = [];
      const host = new SpreadHost({ redisUrl: redis.url, store, passSeconds: 1, poolSize: 4, fresh: 0, seedBoards, log: (l) => notes.push(l) });
      let best = NaN;
      host.onMessage((m) => {
        if (m.type === 'improvement' && Number.isNaN(best)) best = m.improvement.score;
      });
      try {
        host.post({ type: 'start', spec });
        await until(() => (Number.isNaN(best) ? null : true), 10_000, 'its first best');
        return { notes, best };
      } finally {
        host.dispose();
        store.dispose();
      }
    };
    const given = await start(spec, [{ cells: [[1, 0]] }, good.board]);
    expect(given.notes).toEqual(['spread run 1: a board given to start from was left out: it is not a board of this puzzle']);
    expect(given.best).toBe(good.score);

    const state = readSpreadState(null, 1).state;
    const pool = [
      { score: good.score + 3, board: good.board, by: 'forger/1', n: 4 },
      { score: good.score, board: good.board, by: 'w/2', n: 5 },
    ];
    const resumed = await start({ ...spec, checkpoint: spreadCheckpoint(params, { ...state, pool }, 1000) }, []);
    expect(resumed.notes).toEqual([
      `spread run 1: a board of the checkpoint was left out: it reported score ${good.score + 3}, but its board scores ${good.score}`,
    ]);
    expect(resumed.best).toBe(good.score);
  });

  it('counts a pass at most at what a pass can spend, whatever CPU a worker claims, and says so once', async () => {
    const { spec } = minuteOfBeam(9, 200);
    const store = Store.open(':memory:');
    const notes: string[] = [];
    let elapsed = 0;
    let ended = false;
    const host = new SpreadHost({ redisUrl: redis.url, store, passSeconds: 2, poolSize: 4, fresh: 0.2, log: (l) => notes.push(l) });
    host.onMessage((m) => {
      if (m.type === 'progress') elapsed = m.sample.elapsedMs;
      if (m.type === 'done') ended = true;
    });
    const client = new Redis(redis.url);
    try {
      // A minute of CPU: a claim of 10^9 ms counted as said would end it at once.
      host.post({ type: 'start', spec });
      const keys = spreadKeys(databaseId(store), 9);
      let epoch: string | null = null;
      for (let i = 0; i < 500 && epoch === null; i++) epoch = (await client.get(keys.state)) ?? (await sleep(20), null);
      if (epoch === null) throw new Error('the run never reached Redis');
      const claim = { type: 'progress', cpuMs: 1e9, evaluations: 5, bestScore: 0, currentScore: 0, passes: 0 };
      for (const attempt of ['x', 'y'])
        await client.xadd(keys.events, '*', ...entryFields({ v: SPREAD_VERSION, epoch, n: 0, attempt, who: 'liar/1', event: claim as never }));
      await until(() => (notes.some((n) => n.includes('liar/1')) ? true : null), 10_000, 'the note');
      await sleep(600);
      expect(notes.filter((n) => n.includes('liar/1'))).toEqual(['spread run 9: worker liar/1 reported 1000000 CPU s for pass 0 of 2: counted as 8']);
      // Two attempts at most 8 s each, and the passes the suite's workers did meanwhile.
      expect(elapsed).toBeGreaterThanOrEqual(16_000);
      expect(elapsed).toBeLessThan(60_000);
      expect(ended).toBe(false);
    } finally {
      host.dispose();
      client.disconnect();
      store.dispose();
    }
  });

  it(
    'bad input is one line, and nothing is made',
    async () => {
      const db = tempDb();
      const line = (args: string[]): string => {
        const r = cli([...args, '--db', db]);
        expect(r.code).toBe(2);
        expect(r.stderr.split('\n')).toHaveLength(2);
        return r.stderr;
      };
      expect(line(['solve', puzzle, '--spread'])).toMatch(/^workbench solve: --spread needs --redis URL/);
      expect(line(['solve', puzzle, '--spread', '--redis', 'http://x'])).toBe('workbench solve: --redis expects a redis:// or rediss:// URL, got "http://x"\n');
      expect(line(['solve', puzzle, '--redis', redis.url])).toMatch(/^workbench solve: --redis goes with --spread/);
      expect(line(['solve', '--family', 'jump', '--size', '5', '--spread', '--redis', redis.url])).toMatch(
        /^workbench solve: a spread run is made of beam passes/,
      );
      expect(line(['solve', 'no-such-puzzle.txt', '--spread', '--redis', redis.url])).toBe('workbench solve: no-such-puzzle.txt: no such file\n');
      expect(line(['solve', puzzle, '--spread', '--redis', redis.url, '--pass-seconds', '0'])).toMatch(/^workbench solve: --pass-seconds must be between 1/);
      const port = await freePort();
      expect(line(['solve', puzzle, '--spread', '--redis', `redis://:s3cret@127.0.0.1:${port}`])).toMatch(
        new RegExp(`^workbench solve: cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} \\(`),
      );
      expect(read(db, 'SELECT id FROM runs')).toEqual([]);
    },
    SLOW,
  );
});
