/**
 * `npm run bench -- edge-quality [--quick] [options]`: every edge local-search solver with its
 * defaults on META 10x10 (the MS-GVNS paper's smallest instance: 165.67 on average in 1200 s)
 * and on Eternity II with the starter piece fixed; best score per run. The target: a mean of at
 * least 166 on META 10x10 in 300 s on one core with the best method. Written to
 * bench/results/edge-quality.md (edge-quality-quick.md with --quick). Both grids are studies (the
 * template eternity2-comparison's puzzles), run the way `workbench study run` runs them: one
 * solver process per run, CPU seconds of one core (the runs' CPU clock).
 *
 * Options:
 *   --seconds S     per META 10x10 run (default 300; quick 10)
 *   --seeds N       META 10x10 runs per solver (default 5; quick 2)
 *   --e2seconds S   per Eternity II run, one seed (default 600; quick 10; 0 skips E2)
 *   --solvers a,b   edge solver ids (default hill-climb,sa,tabu,ms-gvns,vns-sa)
 *   --concurrency N runs at once (default: cores - 1)
 */
import { fileURLToPath } from 'node:url';
import { templateJson, withStudy } from './study';
import { machine, mdTable, mean, median, numOpt, options, stdev, writeResult } from './util';

/** One finished run of a grid. */
interface Outcome {
  solver: string;
  seed: number;
  best: number;
  bestMs: number;
  evaluations: number;
  ms: number;
}

/** Template puzzle 0 is Eternity II with the starter piece, 3 META 10x10. */
async function grid(puzzle: number, ids: string[], seeds: number, seconds: number, o: Record<string, string | true>): Promise<Outcome[]> {
  const { json, file } = templateJson({ template: 'eternity2-comparison', keepPuzzle: (_, i) => i === puzzle });
  const study: Record<string, unknown> = {
    ...json,
    name: `edge-quality: ${ids.join(', ')}`,
    solvers: ids.map((id) => ({ solver: id, label: id })),
    seeds,
    stop: { seconds, clock: 'cpu' },
  };
  delete study.published;
  return withStudy(study, file, 'edge-quality', o, (done) =>
    done.studies.runs(done.id).map((r) => {
      const best = r.run.bestScore ?? 0;
      return {
        solver: ids[r.configIndex]!,
        seed: r.seed,
        best,
        bestMs: done.studies.store.firstReach(r.run.id, best)?.elapsedMs ?? 0,
        evaluations: r.run.evaluations,
        ms: r.run.elapsedMs,
      };
    }),
  );
}

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

  const metaRuns = await grid(3, ids, seeds, seconds, o);
  const metaRows: (string | number)[][] = [];
  const perSeed: string[] = [];
  let bestMean = -Infinity;
  let bestId = '';
  for (const id of ids) {
    const out = metaRuns.filter((r) => r.solver === id).sort((a, b) => a.seed - b.seed);
    for (const r of out)
      log(`edge-quality META 10x10 ${id} seed ${r.seed}: ${r.best} (at ${(r.bestMs / 1000).toFixed(1)} s), ${fmtE(r.evaluations)} evaluations`);
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
    for (const r of await grid(0, ids, 1, e2seconds, o)) {
      log(`edge-quality Eternity II ${r.solver}: ${r.best} (at ${(r.bestMs / 1000).toFixed(1)} s), ${fmtE(r.evaluations)} evaluations`);
      e2Rows.push([r.solver, r.best, `${(r.bestMs / 1000).toFixed(0)} s`, fmtE(r.evaluations)]);
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
