/**
 * `npm run bench -- edge-quality [--quick] [options]`: every edge local-search solver with its
 * defaults on META 10x10 (the MS-GVNS paper's smallest instance: 165.67 on average in 1200 s)
 * and on Eternity II with the starter piece fixed; best score per run. The target: a mean of at
 * least 166 on META 10x10 in 300 s on one core with the best method. Written to
 * bench/results/edge-quality.md (edge-quality-quick.md with --quick).
 *
 * Options:
 *   --seconds S     per META 10x10 run (default 300; quick 10)
 *   --seeds N       META 10x10 runs per solver (default 5; quick 2)
 *   --e2seconds S   per Eternity II run, one seed (default 600; quick 10; 0 skips E2)
 *   --solvers a,b   edge solver ids (default hill-climb,sa,tabu,ms-gvns,vns-sa)
 */
import { fileURLToPath } from 'node:url';
import { edgeSolver, readPieces, timedRun, type TimedOutcome } from './edge-papers/timed-run';
import { machine, mdTable, mean, median, numOpt, options, stdev, writeResult } from './util';

const TARGET = 166;
const PAPER_10 = 165.67;

const fmt2 = (x: number): string => x.toFixed(2).replace(/\.?0+$/, '');
const fmtE = (x: number): string => `${(x / 1e6).toFixed(0)}M`;

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const quick = !!o.quick;
  const seconds = numOpt(o, 'seconds', quick ? 10 : 300);
  const seeds = numOpt(o, 'seeds', quick ? 2 : 5);
  const e2seconds = numOpt(o, 'e2seconds', quick ? 10 : 600);
  const ids = typeof o.solvers === 'string' ? o.solvers.split(',') : ['hill-climb', 'sa', 'tabu', 'ms-gvns', 'vns-sa'];
  const log = (l: string): void => void process.stderr.write(`${l}\n`);

  const meta = readPieces('meta2010_10x10.txt');
  const metaRows: (string | number)[][] = [];
  const perSeed: string[] = [];
  let bestMean = -Infinity;
  let bestId = '';
  for (const id of ids) {
    const def = edgeSolver(id);
    const out: TimedOutcome[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const r = await timedRun(def, meta, {}, seed, seconds);
      log(`edge-quality META 10x10 ${id} seed ${seed}: ${r.best} (at ${(r.bestMs / 1000).toFixed(1)} s), ${fmtE(r.evaluations)} evaluations`);
      out.push(r);
    }
    const bests = out.map((r) => r.best);
    const m = mean(bests);
    if (m > bestMean) {
      bestMean = m;
      bestId = id;
    }
    const evalRate = mean(out.map((r) => r.evaluations / (r.ms / 1000)));
    metaRows.push([
      id,
      fmt2(m),
      median(bests),
      Math.max(...bests),
      Math.min(...bests),
      fmt2(stdev(bests)),
      `${(median(out.map((r) => r.bestMs)) / 1000).toFixed(0)} s`,
      `${(evalRate / 1e6).toFixed(2)}M/s`,
      m >= TARGET ? 'yes' : 'no',
    ]);
    perSeed.push(`- ${id}: ${bests.join(', ')}`);
  }

  const e2Rows: (string | number)[][] = [];
  if (e2seconds > 0) {
    const e2 = readPieces('eternity2_256.txt');
    // The starter piece: 139 at row 9, column 8 (1-based), turned twice (SOURCES.md).
    e2.fixed = [{ piece: 138, row: 8, col: 7, rotation: 2 }];
    for (const id of ids) {
      const r = await timedRun(edgeSolver(id), e2, {}, 1, e2seconds);
      log(`edge-quality Eternity II ${id}: ${r.best} (at ${(r.bestMs / 1000).toFixed(1)} s), ${fmtE(r.evaluations)} evaluations`);
      e2Rows.push([id, r.best, `${(r.bestMs / 1000).toFixed(0)} s`, fmtE(r.evaluations)]);
    }
  }

  const md = [
    `# Edge matching: local-search quality\n`,
    `${new Date().toISOString().slice(0, 10)} on ${machine()}${quick ? ' (quick run: reduced budgets)' : ''}\n`,
    `## META 2010 10x10 (optimum 180), ${seeds} seeds x ${seconds} s, one core, defaults\n`,
    `Target: mean >= ${TARGET} in 300 s (MS-GVNS paper: ${PAPER_10} mean, median 166, best 167 in 1200 s). Best mean here: **${bestId} ${fmt2(bestMean)}**${seconds < 300 ? ` (in ${seconds} s, not the target's 300 s)` : ''}.\n`,
    mdTable(['solver', 'mean', 'median', 'best', 'worst', 'sd', 'median time to best', 'evaluations/s', `mean >= ${TARGET}`], metaRows),
    '',
    'Per seed (seeds 1..N):',
    ...perSeed,
    '',
    ...(e2Rows.length
      ? [
          `## Eternity II (optimum 480), starter piece 139 fixed, seed 1 x ${e2seconds} s\n`,
          'Best known board: 470 (Blackwood, instances/eternity2_best470_board_blackwood.txt).\n',
          mdTable(['solver', 'best', 'time to best', 'evaluations'], e2Rows),
          '',
        ]
      : []),
  ].join('\n');
  process.stdout.write(`${md}\n`);
  const out = fileURLToPath(new URL(`./results/edge-quality${quick ? '-quick' : ''}.md`, import.meta.url));
  writeResult(out, `${md}\n`);
  log(`written to ${out}`);
}
