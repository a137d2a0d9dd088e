/**
 * `npm run bench -- backtrack [--instance FILE] [--size RxC] [--placements N] [--order row|frame-first]
 * [--seed S] [--no-shuffle] [--repeat K] [--json] [--quick]`: raw speed of the exact backtracker, in
 * placements per second (table building is not timed). Target: >= 35 million/s on META 10x10.
 * Prints {placements, seconds, placementsPerSecond, solved} of the median run (plus CPU seconds:
 * on a shared machine placements per CPU second is the steadier figure).
 *
 * Each repeat runs in a fresh Node process: the search loop is fastest when it is the only
 * closure of its kind in the process (see src/core/families/edge/backtrack/loops.ts), as in a
 * solver worker.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { backtrackSolver } from '../src/core/families/edge/backtrack';
import { maxScore, piecesFormat } from '../src/core/families/edge';
import { machine, median, numOpt, options, writeResult } from './util';

const DEFAULT_INSTANCE = fileURLToPath(new URL('../resources/instances/meta2010_10x10.txt', import.meta.url));

interface Measure {
  placements: number;
  seconds: number;
  placementsPerSecond: number;
  solved: boolean;
  cpuSeconds: number;
  placementsPerCpuSecond: number;
}

function measureOnce(o: Record<string, string | true>): Measure {
  const file = typeof o.instance === 'string' ? o.instance : DEFAULT_INSTANCE;
  const { puzzle } = piecesFormat.read(readFileSync(file, 'utf8'), file, typeof o.size === 'string' ? { size: o.size } : {});
  const placements = numOpt(o, 'placements', o.quick ? 20_000_000 : 200_000_000);
  const params = { order: typeof o.order === 'string' ? o.order : 'row', shuffle: !o['no-shuffle'] };
  const max = maxScore(puzzle.rows, puzzle.cols);
  const r = backtrackSolver.create(puzzle, params, numOpt(o, 'seed', 1));
  // Warm the JIT outside the timing (the first calls return early on every new depth).
  while (r.evaluations < 200_000 && !r.finished && r.bestScore < max) r.step(200_000);
  const e0 = r.evaluations;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  while (r.evaluations - e0 < placements && !r.finished && r.bestScore < max) r.step(Math.min(1 << 24, placements - (r.evaluations - e0)));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const done = r.evaluations - e0;
  return {
    placements: done,
    seconds: +seconds.toFixed(3),
    placementsPerSecond: Math.round(done / seconds),
    solved: r.bestScore === max,
    cpuSeconds: +cpuSeconds.toFixed(3),
    placementsPerCpuSecond: Math.round(done / cpuSeconds),
  };
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  if (o.child) {
    process.stdout.write(`${JSON.stringify(measureOnce(o))}\n`);
    return;
  }
  const repeat = numOpt(o, 'repeat', o.quick ? 1 : 3);
  const index = fileURLToPath(new URL('./index.ts', import.meta.url));
  const runs: Measure[] = [];
  for (let i = 0; i < repeat; i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', index, 'backtrack', ...argv, '--child'], { encoding: 'utf8' });
    runs.push(JSON.parse(out.trim().split('\n').pop()!) as Measure);
  }
  const pps = median(runs.map((r) => r.placementsPerSecond));
  const mid = runs.find((r) => r.placementsPerSecond === pps) ?? runs[0];
  if (o.json) {
    process.stdout.write(`${JSON.stringify(mid)}\n`);
    return;
  }
  const file = typeof o.instance === 'string' ? o.instance : DEFAULT_INSTANCE;
  const lines = [
    `# Backtracking speed`,
    '',
    `${new Date().toISOString().slice(0, 10)} on ${machine()}`,
    '',
    `${file.slice(file.lastIndexOf('/') + 1)}, order ${typeof o.order === 'string' ? o.order : 'row'}, seed ${numOpt(o, 'seed', 1)}, shuffle ${!o['no-shuffle']}: ` +
      `${(pps / 1e6).toFixed(1)} million placements/s (median of ${repeat} processes: ${runs.map((r) => (r.placementsPerSecond / 1e6).toFixed(1)).join(', ')}); ` +
      `that run: ${mid.placements.toLocaleString('en')} placements in ${mid.seconds} s, ${mid.cpuSeconds} s CPU (${(mid.placementsPerCpuSecond / 1e6).toFixed(1)} million/CPU-s), solved: ${mid.solved}`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
  const out = fileURLToPath(new URL(`./results/backtrack${o.quick ? '-quick' : ''}.md`, import.meta.url));
  writeResult(out, lines.join('\n'));
  process.stderr.write(`written to ${out}\n`);
}
