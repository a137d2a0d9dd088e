/**
 * `npm run bench -- study-scale [--runs N] [--workers 1,2,4] [--seeds S] [--scale F] [--skip-table] [--skip-rate]`
 *
 * Studies on many machines, on this one through loopback Redis (Debian's redis-server, started
 * here on a free port):
 * 1. Runs per minute and dispatch overhead per run with 1, 2 and 4 `workbench worker` processes
 *    (each running one solver at a time), on a study of N short runs (hill climbing, 2000
 *    evaluations: milliseconds of solving, so what is measured is the way there and back).
 *    Overhead per run = worker-seconds spent per run minus the solver's own time: starting the
 *    solver process, the queue, the event stream and the SQLite writes. The same study run
 *    locally (`study run --concurrency W`) is beside it.
 * 2. MS-GVNS table 1 (resources/studies/msgvns-table1.json) run as a study through Redis on two
 *    workers, its table beside the paper's figures; at S seeds and F x the paper's time limits.
 *
 * `--skip-rate` keeps part 1 of the results file as it is (a long table run on a busy machine).
 * Writes bench/results/study-scale.md. Wall times on a shared machine: run it niced and alone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { startRedis, type RedisServer } from '../test/helpers/redis';
import { machine, mean, options, writeResult } from './util';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'workbench.mjs');
const instances = join(root, 'resources', 'instances');

function cli(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function must(args: string[]): string {
  const r = cli(args);
  if (r.code !== 0) throw new Error(`workbench ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout;
}

/** `n` worker processes, each one run at a time; resolves once all say they are ready. */
async function startWorkers(redis: RedisServer, n: number): Promise<{ stop(): void }> {
  const procs = await Promise.all(
    Array.from({ length: n }, async () => {
      const p = spawn(process.execPath, [bin, 'worker', '--redis', redis.url, '--concurrency', '1', '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((ok, fail) => {
        p.stdout.on('data', (d: Buffer) => d.toString().includes('worker ready') && ok());
        p.once('exit', (c) => fail(new Error(`worker exited with ${c}`)));
      });
      return p;
    }),
  );
  return { stop: () => procs.forEach((p) => p.kill('SIGTERM')) };
}

function newStudy(dir: string, study: Record<string, unknown>): { db: string } {
  const db = join(dir, `s${Math.random().toString(36).slice(2)}.db`);
  const file = join(dir, 'study.json');
  writeFileSync(file, JSON.stringify(study));
  must(['study', 'create', file, '--db', db]);
  return { db };
}

function solverSeconds(db: string): number[] {
  const conn = new Database(db, { readonly: true });
  try {
    return (conn.prepare(`SELECT elapsed_ms FROM runs WHERE status = 'done'`).pluck().all() as number[]).map((ms) => ms / 1000);
  } finally {
    conn.close();
  }
}

interface Row {
  how: string;
  workers: number;
  runs: number;
  wall: number;
  perMinute: number;
  overheadMs: number;
}

function row(how: string, workers: number, db: string, wall: number): Row {
  const solver = solverSeconds(db);
  const perRun = (wall * workers) / solver.length;
  return { how, workers, runs: solver.length, wall, perMinute: (solver.length / wall) * 60, overheadMs: (perRun - mean(solver)) * 1000 };
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const runs = Number(o.runs ?? 24);
  const counts = String(o.workers ?? '1,2,4')
    .split(',')
    .map(Number);
  const seeds = Number(o.seeds ?? 2);
  const scale = Number(o.scale ?? 0.01);
  const dir = mkdtempSync(join(tmpdir(), 'study-scale-'));
  const redis = await startRedis();
  const rows: Row[] = [];
  let table = '';
  try {
    const short = {
      name: 'short runs',
      puzzles: [join(instances, 'e2_clue1_6x6.txt')],
      solvers: [{ solver: 'hill-climb' }],
      seeds: runs,
      stop: { evaluations: 2000 },
    };
    for (const w of o['skip-rate'] ? [] : counts) {
      const workers = await startWorkers(redis, w);
      try {
        const { db } = newStudy(dir, short);
        const t0 = performance.now();
        must(['study', 'run', '1', '--redis', redis.url, '--db', db]);
        rows.push(row('Redis', w, db, (performance.now() - t0) / 1000));
        process.stderr.write(`redis, ${w} workers: ${rows.at(-1)!.perMinute.toFixed(0)} runs/min\n`);
      } finally {
        workers.stop();
      }
      const { db } = newStudy(dir, short);
      const t0 = performance.now();
      must(['study', 'run', '1', '--concurrency', String(w), '--db', db]);
      rows.push(row('local', w, db, (performance.now() - t0) / 1000));
      process.stderr.write(`local, concurrency ${w}: ${rows.at(-1)!.perMinute.toFixed(0)} runs/min\n`);
    }

    if (!o['skip-table']) {
      const templateFile = join(root, 'resources', 'studies', 'msgvns-table1.json');
      const template = JSON.parse(readFileSync(templateFile, 'utf8')) as { puzzles: { file: string; stop: { seconds: number } }[] } & Record<string, unknown>;
      const study = {
        ...template,
        name: `${String(template.name)} (${seeds} seeds, ${scale} x the paper's time)`,
        seeds,
        puzzles: template.puzzles.map((p) => ({
          ...p,
          file: resolve(dirname(templateFile), p.file),
          stop: { seconds: Math.max(1, Math.round(p.stop.seconds * scale)) },
        })),
      };
      const workers = await startWorkers(redis, 2);
      try {
        const { db } = newStudy(dir, study);
        const t0 = performance.now();
        must(['study', 'run', '1', '--redis', redis.url, '--db', db]);
        const wall = (performance.now() - t0) / 1000;
        table = `${must(['study', 'show', '1', '--markdown', '--db', db]).trim()}\n\nWall time ${wall.toFixed(0)} s on 2 workers through Redis.`;
      } finally {
        workers.stop();
      }
    }
  } finally {
    await redis.stop();
  }

  const out = join(root, 'bench', 'results', 'study-scale.md');
  // The rate section as the results file has it: from its first "## " heading to the next.
  const kept = o['skip-rate'] && existsSync(out) ? (/\n(## Runs per minute[\s\S]*?)\n## /.exec(readFileSync(out, 'utf8'))?.[1] ?? '') : '';
  const lines = [
    '# study-scale: studies through BullMQ on loopback Redis',
    '',
    `${machine()}; ${cpus().length} cores shared with other work, bench niced. \`npm run bench -- study-scale ${argv.join(' ')}\`.`,
    '',
  ];
  if (kept) lines.push('Part 1 kept from the previous run of this bench (`--skip-rate`):', '', kept.trim(), '');
  else
    lines.push(
      `## Runs per minute and dispatch overhead (${runs} runs of hill climbing, 2000 evaluations, on e2_clue1_6x6)`,
      '',
      'Each worker process runs one solver at a time. Overhead per run = worker-seconds per run minus the solver time: the solver process start (Node + tsx), the queue, the event stream and the SQLite writes. "local" is the same study through the run manager (`study run --concurrency W`).',
      '',
      '| dispatch | workers | runs | wall (s) | runs per minute | overhead per run (ms) |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.how} | ${r.workers} | ${r.runs} | ${r.wall.toFixed(1)} | ${r.perMinute.toFixed(0)} | ${r.overheadMs.toFixed(0)} |`),
      '',
    );
  if (table) lines.push(`## MS-GVNS table 1 as a study (${seeds} seeds, ${scale} x the paper's time limits)`, '', table.replace(/^## .*\n\n/, ''), '');
  writeResult(out, `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
