/**
 * `npm run bench -- threads [options]`: one run on 1 thread against the same run on N threads
 * (issue 23 item 3), each for the same wall time through the solver process's own code path
 * (worker/runner.ts: threads > 1 run on worker threads of this process). Prints evaluations per
 * wall second and the score at equal wall time, per seed and as medians, with `uptime`'s load
 * average beside them: on a shared machine the other processes take cores too, so rerun on an
 * idle one for the figures that count.
 *
 * The N-thread run is N searches (shard i has seed `shardSeed(seed, i)`, shard 0 the run's own), and
 * a search's evaluations per second depend on its seed (beam: 20-28 million on one core, by where
 * its suffix passes start). So the one-thread figure a seed is compared with is the mean of those
 * same N searches run alone, each for the same wall time: the ratio then measures the threads, not
 * which seeds the shards drew. "CPU s / wall s" shows how many cores the system gave the run.
 *
 * Options:
 *   --solver ID       beam, lns or backtrack (default beam)
 *   --threads N       threads of the second run (default 2)
 *   --seconds S       wall seconds per run (default 30)
 *   --seeds N|a,b     seeds 1..N or a list (default 5)
 *   --instance FILE   a file of resources/instances (default eternity2_256.txt)
 *   --set k=v,k=v     solver parameters (numbers, true/false or text)
 *   --processes       also run each seed's N searches as N separate processes at once: what the
 *                     machine gives N independent searches, the ceiling for the threads' ratio
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FromWorker, ToWorker } from '../src/core/engine/protocol';
import type { RunSpec } from '../src/core/engine/run-types';
import type { Params } from '../src/core/params/schema';
import { shardSeed } from '../src/core/engine/shards';
import { piecesFormat, puzzleToJson } from '../src/core/families/edge';
import { serveWorker } from '../src/main/worker/runner';
import { machine, mdTable, median, numOpt, options } from './util';

const INSTANCES = fileURLToPath(new URL('../resources/instances/', import.meta.url));

function runOnce(spec: RunSpec): Promise<Extract<FromWorker, { type: 'done' }>> {
  return new Promise((resolve, reject) => {
    const listeners: ((m: ToWorker) => void)[] = [];
    let done: Extract<FromWorker, { type: 'done' }> | null = null;
    serveWorker(
      {
        post: (m) => {
          if (m.type === 'done') done = m;
          if (m.type === 'error') reject(new Error(m.message));
        },
        onMessage: (l) => void listeners.push(l),
      },
      () => (done ? resolve(done) : reject(new Error('the run ended without done'))),
    );
    for (const l of listeners) l({ type: 'start', spec });
  });
}

/** A run's figures: evaluations per wall second, best score, wall time, cores used. */
type RunFigures = { perSecond: number; score: number; elapsedMs: number; cores: number };

/** One search alone in a child process of this bench (for --processes), its figures read from its last line. */
function child(argv: string[], seed: number): Promise<RunFigures> {
  const args = [
    '--import',
    'tsx',
    fileURLToPath(new URL('./index.ts', import.meta.url)),
    'threads',
    ...argv.filter((a) => a !== '--processes'),
    '--one',
    String(seed),
  ];
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 1 << 20 }, (err, stdout) => {
      if (err) return reject(err);
      resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '{}'));
    }),
  );
}

function parseSet(text: string | true | undefined): Params {
  const out: Params = {};
  if (typeof text !== 'string') return out;
  for (const kv of text.split(',')) {
    const [k, v] = kv.split('=');
    out[k] = v === 'true' ? true : v === 'false' ? false : Number.isFinite(Number(v)) ? Number(v) : v;
  }
  return out;
}

const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const solver = typeof o.solver === 'string' ? o.solver : 'beam';
  const threads = numOpt(o, 'threads', 2);
  const seconds = numOpt(o, 'seconds', 30);
  const seeds =
    typeof o.seeds === 'string' && o.seeds.includes(',') ? o.seeds.split(',').map(Number) : Array.from({ length: numOpt(o, 'seeds', 5) }, (_, i) => i + 1);
  const file = typeof o.instance === 'string' ? o.instance : 'eternity2_256.txt';
  const puzzle = piecesFormat.read(readFileSync(INSTANCES + file, 'utf8'), file).puzzle;
  const params = parseSet(o.set);
  const once = async (seed: number, t: number): Promise<RunFigures> => {
    const cpu0 = process.cpuUsage();
    const end = await runOnce({
      runId: seed,
      family: 'edge',
      solver,
      puzzle: puzzleToJson(puzzle),
      params: { ...params, threads: t },
      seed,
      stop: { seconds, evaluations: null, target: null, clock: 'wall' },
      checkpoint: null,
      progressIntervalMs: 1000,
      checkpointIntervalMs: 3_600_000,
    });
    const used = process.cpuUsage(cpu0);
    // Cores the system actually gave the run: on a busy machine 2 threads get less than 2.
    const cores = (used.user + used.system) / 1000 / end.elapsedMs;
    return { perSecond: end.evaluations / (end.elapsedMs / 1000), score: end.bestScore, elapsedMs: end.elapsedMs, cores };
  };
  // A child of --processes: one search alone, its figures as a JSON line.
  if (o.one !== undefined) {
    process.stdout.write(`${JSON.stringify(await once(Number(o.one), 1))}\n`);
    return;
  }
  const rows: (string | number)[][] = [];
  const rate: Record<number, number[]> = { 1: [], [threads]: [] };
  const score: Record<number, number[]> = { 1: [], [threads]: [] };
  process.stdout.write(`threads bench: ${solver} on ${file}, ${seconds} wall s per run, 1 vs ${threads} threads; ${machine()}\n`);
  const ratio: number[] = [];
  const ceiling: number[] = [];
  for (const seed of seeds) {
    // The N-thread run's own searches, each alone (the first is the one-thread run of this seed).
    const searches = Array.from({ length: threads }, (_, i) => shardSeed(seed, i));
    const alone: number[] = [];
    const row = (searchSeed: number | string, t: number | string, r: RunFigures, vs: string, before: string): void => {
      rows.push([
        seed,
        searchSeed,
        t,
        r.score,
        Math.round(r.perSecond).toLocaleString('en'),
        vs,
        (r.elapsedMs / 1000).toFixed(1),
        r.cores.toFixed(2),
        `${before} / ${load()}`,
      ]);
      process.stdout.write(
        `seed ${seed} (search seed ${searchSeed}), ${t} thread(s): ${r.score}, ${Math.round(r.perSecond).toLocaleString('en')} evaluations/s (load ${load()})\n`,
      );
    };
    for (const searchSeed of searches) {
      const before = load();
      const r = await once(searchSeed, 1);
      alone.push(r.perSecond);
      // The one-thread score at equal wall time is the run of this seed (shard 0's search alone).
      if (searchSeed === seed) score[1].push(r.score);
      row(searchSeed, 1, r, '', before);
    }
    const base = alone.reduce((a, b) => a + b, 0) / alone.length;
    rate[1].push(base);
    const before = load();
    const r = await once(seed, threads);
    rate[threads].push(r.perSecond);
    score[threads].push(r.score);
    ratio.push(r.perSecond / base);
    row(seed, threads, r, `${(r.perSecond / base).toFixed(2)}x`, before);
    if (o.processes) {
      // The machine's own ceiling: the same searches as separate processes at once (no threads, no rounds).
      const before = load();
      const out = await Promise.all(searches.map((s) => child(argv, s)));
      const sum = out.reduce((a, x) => a + x.perSecond, 0);
      ceiling.push(sum / base);
      row(
        searches.join(' + '),
        `${threads} processes`,
        {
          perSecond: sum,
          score: Math.max(...out.map((x) => x.score)),
          elapsedMs: Math.max(...out.map((x) => x.elapsedMs)),
          cores: out.reduce((a, x) => a + x.cores, 0),
        },
        `${(sum / base).toFixed(2)}x`,
        before,
      );
    }
  }
  process.stdout.write(
    `\n${mdTable(['seed', 'search seed', 'threads', 'score', 'evaluations / wall s', `${threads} threads / mean alone`, 'wall s', 'CPU s / wall s', 'load avg before / after'], rows)}\n\n`,
  );
  const r1 = median(rate[1]);
  const rN = median(rate[threads]);
  process.stdout.write(
    `median evaluations / wall s: 1 thread (mean of the ${threads} searches alone) ${Math.round(r1).toLocaleString('en')}, ${threads} threads ${Math.round(rN).toLocaleString('en')} (${(rN / r1).toFixed(2)}x)\n` +
      `median of the seeds' ratios: ${median(ratio).toFixed(2)}x` +
      (ceiling.length ? `; the same searches as ${threads} processes at once: ${median(ceiling).toFixed(2)}x (the machine's ceiling)` : '') +
      '\n' +
      `median score at ${seconds} wall s: 1 thread ${median(score[1])}, ${threads} threads ${median(score[threads])}\n` +
      `command: npm run bench -- threads ${argv.join(' ')}\n`,
  );
}
