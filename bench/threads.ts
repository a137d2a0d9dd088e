/**
 * `npm run bench -- threads [options]`: one run on 1 thread against the same run on N threads
 * (issue 23 item 3), each for the same wall time through the solver process's own code path
 * (worker/runner.ts: threads > 1 run on worker threads of this process). Prints evaluations per
 * wall second and the score at equal wall time, per seed and as medians, with `uptime`'s load
 * average beside them: on a shared machine the other processes take cores too, so rerun on an
 * idle one for the figures that count.
 *
 * Beam counts a pass's evaluations when the pass ends, so short runs undercount the threads'
 * unfinished passes; "CPU s / wall s" shows how many cores the system gave the run.
 *
 * Options:
 *   --solver ID       beam, lns or backtrack (default beam)
 *   --threads N       threads of the second run (default 2)
 *   --seconds S       wall seconds per run (default 30)
 *   --seeds N|a,b     seeds 1..N or a list (default 5)
 *   --instance FILE   a file of resources/instances (default eternity2_256.txt)
 *   --set k=v,k=v     solver parameters (numbers, true/false or text)
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FromWorker, ToWorker } from '../src/core/engine/protocol';
import type { RunSpec } from '../src/core/engine/run-types';
import type { Params } from '../src/core/params/schema';
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
  const rows: (string | number)[][] = [];
  const rate: Record<number, number[]> = { 1: [], [threads]: [] };
  const score: Record<number, number[]> = { 1: [], [threads]: [] };
  process.stdout.write(`threads bench: ${solver} on ${file}, ${seconds} wall s per run, 1 vs ${threads} threads; ${machine()}\n`);
  for (const seed of seeds) {
    for (const t of [1, threads]) {
      const before = load();
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
      const perSecond = end.evaluations / (end.elapsedMs / 1000);
      rate[t].push(perSecond);
      score[t].push(end.bestScore);
      rows.push([
        seed,
        t,
        end.bestScore,
        Math.round(perSecond).toLocaleString('en'),
        (end.elapsedMs / 1000).toFixed(1),
        cores.toFixed(2),
        `${before} / ${load()}`,
      ]);
      process.stdout.write(`seed ${seed}, ${t} thread(s): ${end.bestScore}, ${Math.round(perSecond).toLocaleString('en')} evaluations/s (load ${load()})\n`);
    }
  }
  process.stdout.write(`\n${mdTable(['seed', 'threads', 'score', 'evaluations / wall s', 'wall s', 'CPU s / wall s', 'load avg before / after'], rows)}\n\n`);
  const r1 = median(rate[1]);
  const rN = median(rate[threads]);
  process.stdout.write(
    `median evaluations / wall s: 1 thread ${Math.round(r1).toLocaleString('en')}, ${threads} threads ${Math.round(rN).toLocaleString('en')} (${(rN / r1).toFixed(2)}x)\n` +
      `median score at ${seconds} wall s: 1 thread ${median(score[1])}, ${threads} threads ${median(score[threads])}\n` +
      `command: npm run bench -- threads ${argv.join(' ')}\n`,
  );
}
