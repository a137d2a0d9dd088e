/**
 * `npm run bench -- spread [--workers 1,2,4] [--target 465] [--from BOARD] [--cpu BUDGET]
 *   [--instance FILE] [--preset overnight] [--pass-seconds 90] [--pool 8] [--fresh 0.2] [--seeds 1]`
 *
 * Issue 50 item 3: what N machines give one run. For each N of `--workers`, a spread run (one run
 * whose passes N `workbench worker` processes take from Redis, src/main/spread) goes to `--target`
 * within `--cpu` CPU seconds summed over its workers, from empty or from `--from BOARD` (a board
 * file of the instance, as bench/results/boards/ holds them); against it, N independent runs of
 * the same preset (the same solver process a run uses, on the CPU clock), each with an Nth of the
 * budget, from empty or from the same board, side by side as N machines would run them.
 *
 * The figures, all CPU seconds of one core: the spread run's CPU to the target as its books count
 * it (the passes' solver CPU, summed), the CPU of its worker processes as the kernel counts it
 * (/proc: the workers, their solver processes, start-up and Redis included), and for the
 * independent runs each one's CPU to the target and N times the earliest (the CPU N machines
 * spend when all stop at the first that reaches it). The runs are paired: independent run i has
 * the seed of the spread run's job i (its seeded generator's i-th draw), so with one worker the
 * spread run's first pass is the independent run until its pass budget ends. With several
 * `--seeds`, a line each and the table's medians. Redis is Debian's redis-server, started here on
 * a free loopback port and stopped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSolver } from '../src/core/catalogue/catalogue';
import { readPuzzleFile } from '../src/core/document/read-file';
import type { FromWorker } from '../src/core/engine/protocol';
import type { RunSpec } from '../src/core/engine/run-types';
import { getFamily } from '../src/core/families';
import { readBoardText } from '../src/core/families/edge/files';
import { solutionToJson } from '../src/core/families/edge/model/json';
import { isEdgeRead, scoreBoard } from '../src/core/families/edge/model';
import { resolveParams } from '../src/core/params/schema';
import { Rng } from '../src/core/rng/rng';
import { findPreset } from '../src/core/presets/presets';
import { nodeWorkerSpawner } from '../src/main/runs/node-host';
import { Workbench } from '../src/main/services/workbench';
import { passSpec } from '../src/main/spread/beam-start';
import { spreadSpawner } from '../src/main/spread/host';
import { readSpreadInfo } from '../src/main/spread/info';
import { machine, mdTable, median, numOpt, options } from './util';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'workbench.mjs');
const log = (s: string): void => void process.stdout.write(`${s}\n`);

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? ok(a.port) : fail(new Error('no port'))));
    });
  });
}

/** Debian's redis-server on a free loopback port, saving nothing; `stop` ends it by its pid. */
async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
  const port = await freePort();
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((ok, fail) => {
    child.once('error', (e) => fail(new Error(`redis-server could not be started (apt-get install redis-server): ${e.message}`)));
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) ok();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds the kernel counts for a process, its reaped children and its living ones (0 once it is gone). */
function procCpu(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of stat: utime, stime, cutime, cstime, in ticks of 1/100 s (rest starts at field 3).
    const own = (Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14])) / 100;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return own + children.reduce((sum, child) => sum + procCpu(Number(child)), 0);
  } catch {
    return 0;
  }
}

async function startWorker(url: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [bin, 'worker', '--redis', url, '--concurrency', '1', '--quiet'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ok, fail) => {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('worker ready')) ok();
    });
    proc.once('exit', (code) => fail(new Error(`a worker exited with ${code}`)));
  });
  return proc;
}

interface Setting {
  name: string;
  /** The puzzle read (what a launch takes) and as JSON (what a run spec carries). */
  model: unknown;
  puzzle: unknown;
  params: RunSpec['params'];
  seed: number;
  target: number;
  cpu: number;
  from: { score: number; board: unknown } | null;
  passSeconds: number;
  pool: number;
  fresh: number;
}

/** One spread run on `n` worker processes: CPU to the target by its books and by the kernel, wall time, passes. */
async function spreadRun(n: number, s: Setting, url: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-spread-'));
  const workers = await Promise.all(Array.from({ length: n }, () => startWorker(url)));
  const wb = Workbench.open({ dbPath: join(dir, 'spread.db'), spawn: nodeWorkerSpawner(), concurrency: 1, checkpointIntervalMs: 60_000 });
  try {
    const spawner = spreadSpawner({
      redisUrl: url,
      store: wb.store,
      passSeconds: s.passSeconds,
      poolSize: s.pool,
      fresh: s.fresh,
      ...(s.from ? { seedBoards: [s.from.board] } : {}),
    });
    wb.runs.hostRunsWith(() => spawner);
    const t0 = Date.now();
    const run = wb.createRun({
      target: { family: 'edge', name: s.name, puzzle: s.model },
      solver: 'beam',
      params: s.params,
      seed: s.seed,
      stop: { seconds: s.cpu, target: s.target, clock: 'cpu' },
    });
    const end = await wb.runs.waitFor(run.id);
    const wall = (Date.now() - t0) / 1000;
    const kernel = workers.reduce((sum, w) => sum + procCpu(w.pid!), 0);
    const hit = wb.store.events(run.id, { kinds: ['improvement'] }).find((e) => e.bestScore >= s.target);
    const info = readSpreadInfo(wb.store, run.id);
    return {
      best: end.bestScore,
      cpuToTarget: hit ? hit.elapsedMs / 1000 : null,
      cpu: end.elapsedMs / 1000,
      kernel,
      wall,
      passes: info?.jobsDone ?? 0,
      pool: info?.pool ?? [],
    };
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    await wb.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One plain run of the preset in a solver process, on the CPU clock, to the target or its share of the budget. */
function plainRun(s: Setting, seed: number, seconds: number): Promise<{ cpuToTarget: number | null; best: number }> {
  const base: RunSpec = {
    runId: 1,
    family: 'edge',
    solver: 'beam',
    puzzle: s.puzzle,
    params: s.params,
    seed,
    stop: { seconds, evaluations: null, target: s.target, clock: 'cpu' },
    checkpoint: null,
    progressIntervalMs: 10_000,
    checkpointIntervalMs: 1e12,
  };
  const spec = passSpec(base, seed, s.from ? { ...s.from, by: 'given', n: -1 } : null, seconds);
  const solver = nodeWorkerSpawner()();
  let best = s.from?.score ?? 0;
  let hit: number | null = null;
  return new Promise((ok) => {
    solver.onMessage((m: FromWorker) => {
      if (m.type === 'improvement') {
        best = Math.max(best, m.improvement.score);
        if (hit === null && m.improvement.score >= s.target) hit = m.improvement.elapsedMs / 1000;
      }
    });
    solver.onExit(() => ok({ cpuToTarget: hit, best }));
    solver.post({ type: 'start', spec });
  });
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const counts = (typeof o.workers === 'string' ? o.workers : '1,2,4').split(',').map(Number);
  if (counts.some((c) => !Number.isInteger(c) || c < 1)) throw new Error('--workers expects whole numbers separated by commas');
  const instance = resolve(root, typeof o.instance === 'string' ? o.instance : 'resources/studies/puzzles/eternity2_starter.txt');
  const family = getFamily('edge');
  const read = readPuzzleFile(instance, readFileSync(instance, 'utf8'));
  if (!isEdgeRead(read)) throw new Error(`--instance: ${instance} is a ${read.family} puzzle; spread runs are made of edge-matching beam passes`);
  const model = read.puzzle;
  const puzzle = family.puzzleToJson(model);
  const preset = findPreset('edge', 'beam', typeof o.preset === 'string' ? o.preset : 'overnight');
  const params = resolveParams(findSolver('edge', 'beam').params, preset.params);
  let from: Setting['from'] = null;
  if (typeof o.from === 'string') {
    const file = resolve(o.from);
    const board = readBoardText(readFileSync(file, 'utf8'), file, model);
    from = { board: solutionToJson(board), score: scoreBoard(model, board) };
  }
  const seeds = (typeof o.seeds === 'string' ? o.seeds : '1').split(',').map(Number);
  if (seeds.some((x) => !Number.isInteger(x) || x < 0)) throw new Error('--seeds expects whole numbers separated by commas');
  const base: Setting = {
    name: instance.slice(root.length),
    model,
    puzzle,
    params,
    seed: 0,
    target: numOpt(o, 'target', from ? from.score + 1 : 465),
    cpu: numOpt(o, 'cpu', 3600),
    from,
    passSeconds: numOpt(o, 'pass-seconds', 90),
    pool: numOpt(o, 'pool', 8),
    fresh: numOpt(o, 'fresh', 0.2),
  };
  log(`npm run bench -- spread${argv.length ? ` ${argv.join(' ')}` : ''}`);
  log(
    `${machine()}; load average before: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  log(
    `${base.name}, preset ${preset.id}, seeds ${seeds.join(', ')}, to ${base.target} ${from ? `from ${String(o.from)} (${from.score})` : 'from empty'}, ${base.cpu} CPU s a configuration; spread passes of ${base.passSeconds} CPU s, pool ${base.pool}, ${base.fresh * 100} % fresh`,
  );
  const redis = await startRedis();
  const rows: string[][] = [];
  /** CPU s to the target, or Infinity where the budget ran out first (medians then read past it). */
  const fig = (x: number | null): number => x ?? Infinity;
  const text = (x: number, over: number): string => (Number.isFinite(x) ? x.toFixed(1) : `>${over.toFixed(0)}`);
  try {
    for (const n of counts) {
      const spread: number[] = [];
      const kernel: number[] = [];
      const wall: number[] = [];
      const indep: number[] = [];
      for (const seed of seeds) {
        const s = { ...base, seed };
        const sp = await spreadRun(n, s, redis.url);
        log(
          `seed ${seed}, ${n} workers, spread: best ${sp.best}, ${sp.cpuToTarget ?? `>${sp.cpu.toFixed(0)}`} CPU s to ${s.target} (books), ${sp.kernel.toFixed(1)} CPU s of the worker processes, ${sp.wall.toFixed(0)} s wall, ${sp.passes} passes done, pool ${sp.pool.join(' ')}`,
        );
        // The seeds of the spread run's first n jobs.
        const draws = new Rng(seed);
        const plain = await Promise.all(Array.from({ length: n }, () => plainRun(s, draws.u32(), s.cpu / n)));
        log(
          `seed ${seed}, ${n} independent runs of ${(s.cpu / n).toFixed(0)} CPU s: ${plain.map((p) => (p.cpuToTarget === null ? `>${(s.cpu / n).toFixed(0)} (best ${p.best})` : p.cpuToTarget.toFixed(1))).join(', ')}`,
        );
        spread.push(fig(sp.cpuToTarget));
        kernel.push(sp.kernel);
        wall.push(sp.wall);
        indep.push(n * Math.min(...plain.map((p) => fig(p.cpuToTarget))));
      }
      rows.push([String(n), text(median(spread), base.cpu), median(kernel).toFixed(1), median(wall).toFixed(0), text(median(indep), base.cpu)]);
    }
  } finally {
    redis.stop();
  }
  log('');
  log(
    mdTable(
      [
        'workers',
        'spread: CPU s to target, summed over workers (median)',
        'spread: CPU s of the worker processes (kernel, median)',
        'spread: wall s (median)',
        'independent: N x CPU s of the first to the target (median)',
      ],
      rows,
    ),
  );
}
