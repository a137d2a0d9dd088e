/**
 * `npm run bench -- spread [--workers 1,2,4] [--target 465] [--from BOARD] [--cpu BUDGET]
 *   [--instance FILE] [--preset overnight] [--pass-seconds 90] [--pool 8] [--fresh 0.2] [--seeds 1] [--db FILE] [--keep DIR]`
 *
 * Issue 50 item 3: what N machines give one run. For each N of `--workers`, a spread run (one run
 * whose passes N `workbench worker` processes take from Redis, src/main/spread) goes to `--target`
 * within `--cpu` CPU seconds summed over its workers, from empty or from `--from BOARD` (a board
 * file of the instance, as bench/results/boards/ holds them); against it, N independent runs of
 * the same preset (the same solver process a run uses, on the CPU clock), each with an Nth of the
 * budget, from empty or from the same board, side by side as N machines would run them (and
 * beside the spread run: the figures are CPU clocks, so sharing the cores changes wall times only).
 *
 * The figures, all CPU seconds of one core: the spread run's CPU to the target as its books count
 * it (the passes' solver CPU, summed), the CPU of its worker processes as the kernel counts it
 * (/proc: the workers and their solver processes, start-up and their Redis clients included; not
 * the Redis server or the coordinator, which run in this process's tree), and for the independent runs each one's CPU to the target and N times the earliest (the CPU N machines
 * spend when all stop at the first that reaches it). The runs are paired: independent run i has
 * the seed of the spread run's job i (its seeded generator's i-th draw), so with one worker the
 * spread run's first pass is the independent run until its pass budget ends. With several
 * `--seeds`, a line each and the table's medians. Redis is Debian's redis-server, started here on
 * a free loopback port and stopped at the end.
 *
 * Every run is a run in a database (`--db`; by default one in bench/tmp named for the settings),
 * checkpointed every minute: a call cut short (a session's end, Ctrl+C) goes on where it stood when
 * the same command runs again, its finished configurations read back, its cut runs resumed. A
 * measurement of many hours (466 from a 465 board) is so made in pieces. Each run's file (with the
 * kernel's CPU of its workers, which it does not hold) is kept in `--keep` (by default
 * bench/results/spread/, in a folder named for the settings, to go into git): a finished run's at
 * its end, an unfinished one's every ten minutes with its checkpoint; a call on a new database
 * takes them back and resumes the unfinished ones.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSolver } from '../src/core/catalogue/catalogue';
import { readPuzzleFile } from '../src/core/document/read-file';
import type { RunSpec } from '../src/core/engine/run-types';
import { getFamily } from '../src/core/families';
import { readBoardText } from '../src/core/families/edge/files';
import { solutionToJson } from '../src/core/families/edge/model/json';
import { isEdgeRead, scoreBoard } from '../src/core/families/edge/model';
import { resolveParams } from '../src/core/params/schema';
import { Rng } from '../src/core/rng/rng';
import { findPreset } from '../src/core/presets/presets';
import { nodeWorkerSpawner } from '../src/main/runs/node-host';
import type { WorkerSpawner } from '../src/main/runs/worker-host';
import type { RunSummary } from '../src/main/store/types';
import { Workbench } from '../src/main/services/workbench';
import { passSpec } from '../src/main/spread/beam-start';
import { SPREAD_DEFAULTS, spreadSpawner } from '../src/main/spread/host';
import { readSpreadInfo } from '../src/main/spread/info';
import { machine, mdTable, median, numOpt, options } from './util';
import { countNoun } from '../src/core/text/plural';
import { isFinal } from '../src/core/engine/run-types';
import { kernelKey, keepFinished, keepUnfinished, runsByName, takeBackKept } from './spread/kept';
import { KEEP_UNFINISHED_EVERY_MS } from './kept-runs';

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

/** Processes this call started (Redis, workers): ended with it, also when it is interrupted. */
const children = new Set<ChildProcess>();
function ours(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
function endChildrenOnSignal(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      for (const c of children) c.kill('SIGKILL');
      process.exit(130);
    });
}

/** Debian's redis-server on a free loopback port, saving nothing; `stop` ends it by its pid. */
async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-redis-'));
  const port = await freePort();
  const child = ours(
    spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
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
  const proc = ours(
    spawn(process.execPath, [bin, 'worker', '--redis', url, '--concurrency', '1', '--quiet'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }),
  );
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
  maxScore: number | null;
  params: RunSpec['params'];
  seed: number;
  target: number;
  cpu: number;
  from: { score: number; board: unknown } | null;
  passSeconds: number;
  pool: number;
  fresh: number;
}

/** What the bench names its runs, so a second call finds them in its database. */
export const spreadRunName = (n: number, seed: number): string => `spread: ${workersText(n)}, seed ${seed}`;
const workersText = (n: number): string => countNoun(n, 'worker');
export const independentRunName = (n: number, seed: number, i: number): string => `independent: ${countNoun(n, 'run')}, seed ${seed}, run ${i + 1} of ${n}`;
const SPREAD = 'spread: ';

/**
 * The database a bench's runs are kept in, named for the settings that make its figures (the
 * seeds and worker counts only pick configurations in it): the same command finds it again.
 */
export function benchDb(s: BenchKey): string {
  return join(root, 'bench', 'tmp', `spread-${settingsKey(s)}.db`);
}

type BenchKey = Pick<Setting, 'name' | 'params' | 'target' | 'cpu' | 'from' | 'passSeconds' | 'pool' | 'fresh'>;

function settingsKey(s: BenchKey): string {
  return createHash('sha256')
    .update(JSON.stringify([s.name, s.params, s.target, s.cpu, s.from, s.passSeconds, s.pool, s.fresh]))
    .digest('hex')
    .slice(0, 10);
}

const KEY_SETTING = 'bench.spread.settings';

/** The runs of a database made with other settings would be read back as this call's: refused. */
function holdSettings(wb: Workbench, s: BenchKey, db: string): void {
  const key = settingsKey(s);
  const held = wb.store.getSetting(KEY_SETTING);
  if (held === undefined || held === null) {
    if (wb.store.countRuns() > 0) throw new Error(`${db} holds runs that are not a spread bench's: give another --db`);
    wb.store.setSetting(KEY_SETTING, key);
  } else if (held !== key)
    throw new Error(
      `${db} holds a spread bench made with other settings (instance, preset, target, --cpu, --from, --pass-seconds, --pool or --fresh): give another --db, or the same settings`,
    );
}

/** Where the bench keeps its runs' files (bench/spread/kept.ts), beside the results and named for the settings. */
export function keptDir(s: BenchKey): string {
  return join(root, 'bench', 'results', 'spread', settingsKey(s));
}

/**
 * The run named so to its end: kept when it finished in an earlier call, resumed from its
 * checkpoint when a call was cut short, else made by `create`.
 */
async function toEnd(wb: Workbench, existing: RunSummary | undefined, create: () => number): Promise<{ run: RunSummary; kept: boolean; resumed: boolean }> {
  if (existing && isFinal(existing.status)) return { run: existing, kept: true, resumed: false };
  const id = existing ? wb.resumeRun(existing.id).id : create();
  let run: RunSummary = await wb.runs.waitFor(id);
  // Interrupted under this call (its process judged ended by another, a worker lost): not an end
  // of its budget, so resumed from its checkpoint; a configuration cut at 9,550 of its 14,400 CPU s
  // was once reported as finished.
  for (let tries = 1; run.status === 'interrupted'; tries++) {
    if (tries > MAX_RESUMES)
      throw new Error(
        `run ${run.id} was interrupted ${MAX_RESUMES} times in this call (${run.error ?? 'no reason given'}): see it with \`workbench show ${run.id}\``,
      );
    process.stderr.write(`spread: run ${run.id} interrupted (${run.error ?? 'no reason given'}): resumed from its checkpoint\n`);
    run = await wb.runs.waitFor(wb.resumeRun(run.id).id);
  }
  if (!isFinal(run.status)) throw new Error(`run ${run.id} ended ${run.status}: ${run.error ?? 'no reason given'}`);
  return { run, kept: false, resumed: existing !== undefined };
}

/** Interruptions one call resumes a run from before it gives up on it. */
const MAX_RESUMES = 5;

const reachCpu = (wb: Workbench, runId: number, target: number): number | null => {
  const hit = wb.store.events(runId, { kinds: ['improvement'] }).find((e) => e.bestScore >= target);
  return hit ? hit.elapsedMs / 1000 : null;
};

/**
 * One spread run on `n` worker processes: CPU to the target by its books and by the kernel, wall
 * time, passes. The kernel's CPU of each piece of the run (a call cut short, then another) is
 * added up in the database every half minute, so a cut loses at most that much of it.
 */
async function spreadRun(wb: Workbench, n: number, s: Setting, url: () => Promise<string>, existing: RunSummary | undefined) {
  const before = (id: number): number => {
    const k = wb.store.getSetting(kernelKey(id));
    return typeof k === 'number' ? k : 0;
  };
  let workers: ChildProcess[] = [];
  let timer: NodeJS.Timeout | undefined;
  let id = existing?.id ?? -1;
  const base = existing ? before(existing.id) : 0;
  const kernelNow = (): number => base + workers.reduce((sum, w) => sum + procCpu(w.pid!), 0);
  try {
    if (!existing || !isFinal(existing.status)) {
      const redis = await url();
      workers = await Promise.all(Array.from({ length: n }, () => startWorker(redis)));
      timer = setInterval(() => id >= 0 && wb.store.setSetting(kernelKey(id), kernelNow()), 30_000);
    }
    const { run, kept, resumed } = await toEnd(wb, existing, () => {
      const made = wb.createRun({
        target: { family: 'edge', name: spreadRunName(n, s.seed), puzzle: s.model },
        solver: 'beam',
        params: s.params,
        seed: s.seed,
        stop: { seconds: s.cpu, target: s.target, clock: 'cpu' },
      });
      id = made.id;
      return made.id;
    });
    id = run.id;
    if (!kept) wb.store.setSetting(kernelKey(id), kernelNow());
    const info = readSpreadInfo(wb.store, run.id);
    return {
      kept,
      resumed,
      best: run.bestScore,
      cpuToTarget: reachCpu(wb, run.id, s.target),
      cpu: run.elapsedMs / 1000,
      kernel: before(run.id),
      wall: (info?.wallMs ?? 0) / 1000,
      passes: info?.jobsDone ?? 0,
      pool: info?.pool ?? [],
    };
  } finally {
    if (timer) clearInterval(timer);
    for (const w of workers) w.kill('SIGKILL');
  }
}

/**
 * One plain run of the preset in a solver process, on the CPU clock, to the target or its share
 * of the budget, from the bench's board (the beam state a long run on its plateau would resume
 * from, as a spread run's pass job starts) or from empty.
 */
function createIndependent(wb: Workbench, s: Setting, name: string, seed: number, seconds: number): number {
  const stop = { seconds, evaluations: null, target: s.target, clock: 'cpu' as const };
  const base: RunSpec = {
    runId: 0,
    family: 'edge',
    solver: 'beam',
    puzzle: s.puzzle,
    params: s.params,
    seed,
    stop,
    checkpoint: null,
    progressIntervalMs: 0,
    checkpointIntervalMs: 0,
  };
  const start = passSpec(base, seed, s.from ? { ...s.from, by: 'given', n: -1 } : null, seconds);
  // Stored whole, as a launch stores them, so its run file reads back as it was written.
  const params = resolveParams(findSolver('edge', 'beam').params, start.params);
  const run = wb.store.createRun(
    { puzzleId: null, puzzleName: name, family: 'edge', solver: 'beam', params, seed, stop, puzzle: s.puzzle, maxScore: s.maxScore },
    wb.runs.grant,
  );
  if (start.checkpoint) wb.store.saveCheckpoint(run.id, start.checkpoint, wb.runs.owner);
  wb.runs.enqueue(run.id);
  return run.id;
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
    maxScore: family.maxScore(model),
    params,
    seed: 0,
    target: numOpt(o, 'target', from ? from.score + 1 : 465),
    cpu: numOpt(o, 'cpu', 3600),
    from,
    passSeconds: numOpt(o, 'pass-seconds', SPREAD_DEFAULTS.passSeconds),
    pool: numOpt(o, 'pool', SPREAD_DEFAULTS.poolSize),
    fresh: numOpt(o, 'fresh', SPREAD_DEFAULTS.fresh),
  };
  endChildrenOnSignal();
  const db = resolve(typeof o.db === 'string' ? o.db : benchDb(base));
  mkdirSync(dirname(db), { recursive: true });
  log(`npm run bench -- spread${argv.length ? ` ${argv.join(' ')}` : ''}`);
  log(
    `${machine()}; load average before: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  log(
    `${base.name}, preset ${preset.id}, seeds ${seeds.join(', ')}, to ${base.target} ${from ? `from ${String(o.from)} (${from.score})` : 'from empty'}, ${base.cpu} CPU s a configuration; spread passes of ${base.passSeconds} CPU s, pool ${base.pool}, ${base.fresh * 100} % fresh`,
  );
  log(`runs kept in ${relative(process.cwd(), db) || db}: the same command goes on where a cut call stood`);
  const wb = Workbench.open({ dbPath: db, spawn: nodeWorkerSpawner(), concurrency: Math.max(...counts) + 1, checkpointIntervalMs: 60_000 });
  const keep = resolve(typeof o.keep === 'string' ? o.keep : keptDir(base));
  try {
    holdSettings(wb, base, db);
    const back = takeBackKept(wb, keep, log);
    if (back.length > 0) log(`taken back from ${relative(process.cwd(), keep) || keep}: ${back.join('; ')}`);
  } catch (e) {
    await wb.dispose();
    throw e;
  }
  // Runs a cut call left running or queued are interrupted now, to be resumed below.
  wb.runs.recover({ adoptQueued: false });
  // Redis and the spread runs' host start with the first spread run this call runs (none when every one is kept).
  const on: { redis: { url: string; stop: () => void } | null; spawner: WorkerSpawner | null } = { redis: null, spawner: null };
  const redisUrl = async (): Promise<string> => {
    const redis = (on.redis ??= await startRedis());
    on.spawner ??= spreadSpawner({
      redisUrl: redis.url,
      store: wb.store,
      passSeconds: base.passSeconds,
      poolSize: base.pool,
      fresh: base.fresh,
      ...(from ? { seedBoards: [from.board] } : {}),
    });
    return redis.url;
  };
  // The spread runs are hosted by their coordinator (on this call's Redis), the others by solver processes.
  wb.runs.hostRunsWith((run) => (run.puzzleName.startsWith(SPREAD) ? on.spawner : null));
  const rows: string[][] = [];
  /** CPU s to the target, or Infinity where the budget ran out first (medians then read past it). */
  const fig = (x: number | null): number => x ?? Infinity;
  const text = (x: number, over: number): string => (Number.isFinite(x) ? x.toFixed(1) : `>${over.toFixed(0)}`);
  const keeping = setInterval(() => keepUnfinished(wb, keep), KEEP_UNFINISHED_EVERY_MS);
  try {
    for (const n of counts) {
      const spread: number[] = [];
      const kernel: number[] = [];
      const wall: number[] = [];
      const indep: number[] = [];
      for (const seed of seeds) {
        const s = { ...base, seed };
        const byName = runsByName(wb);
        // The spread run and its independent runs side by side: every figure is a CPU clock, and a
        // one-worker spread run alone would leave the second core idle for hours.
        const spreading = spreadRun(wb, n, s, redisUrl, byName.get(spreadRunName(n, seed))).then((sp) => {
          log(
            `seed ${seed}, ${workersText(n)}, spread${sp.kept ? ' (kept from an earlier call)' : sp.resumed ? ' (resumed)' : ''}: best ${sp.best}, ${sp.cpuToTarget ?? `>${sp.cpu.toFixed(0)}`} CPU s to ${s.target} (books), ${sp.kernel.toFixed(1)} CPU s of the worker processes, ${sp.wall.toFixed(0)} s wall, ${countNoun(sp.passes, 'pass', 'passes')} done, pool ${sp.pool.join(' ')}`,
          );
          keepFinished(wb, keep);
          return sp;
        });
        // The seeds of the spread run's first n jobs.
        const draws = new Rng(seed);
        const independent = Promise.all(
          Array.from({ length: n }, (_, i) => {
            const name = independentRunName(n, seed, i);
            const runSeed = draws.u32();
            return toEnd(wb, byName.get(name), () => createIndependent(wb, s, name, runSeed, s.cpu / n)).then(({ run }) => ({
              cpuToTarget: reachCpu(wb, run.id, s.target),
              best: run.bestScore ?? s.from?.score ?? null,
            }));
          }),
        ).then((plain) => {
          keepFinished(wb, keep);
          log(
            `seed ${seed}, ${countNoun(n, 'independent run')} of ${(s.cpu / n).toFixed(0)} CPU s: ${plain.map((p) => (p.cpuToTarget === null ? `>${(s.cpu / n).toFixed(0)} (best ${p.best})` : p.cpuToTarget.toFixed(1))).join(', ')}`,
          );
          return plain;
        });
        const [sp, plain] = await Promise.all([spreading, independent]);
        spread.push(fig(sp.cpuToTarget));
        kernel.push(sp.kernel);
        wall.push(sp.wall);
        indep.push(n * Math.min(...plain.map((p) => fig(p.cpuToTarget))));
      }
      rows.push([String(n), text(median(spread), base.cpu), median(kernel).toFixed(1), median(wall).toFixed(0), text(median(indep), base.cpu)]);
    }
  } finally {
    clearInterval(keeping);
    await wb.dispose();
    on.redis?.stop();
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
