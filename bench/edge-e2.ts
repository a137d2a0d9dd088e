/**
 * `npm run bench -- edge-e2 [options]`: edge matching at Eternity II scale, beside the public
 * single-core figures (the literature's section on the public state of the art). Four instances: Eternity II with the
 * starter piece, Eternity II with the five official clue pieces, META 2010 16x16 and 10x10. The
 * grid (instances x solver or solver:preset x seeds) is a study made from the template
 * resources/studies/eternity2-comparison.json and run the way `workbench study run` runs it: the
 * run manager's queue, one solver process per run, runs stored in SQLite, each on a budget of CPU
 * seconds of one core (the runs' CPU clock). Each finished run is appended to
 * bench/results/edge-e2.jsonl, and bench/results/edge-e2.md is written from all the runs recorded
 * there (the latest per instance, solver and seed), so several invocations fill in one table.
 * Each record also keeps the CPU time at which its run first reached each high score, from which
 * the report gives Eternity II's time to target (issue 23: seconds to 458-465, per seed and median).
 * Each record keeps its run's best board too (from 2026-12-01), and every report re-scores the
 * records it shows from their boards, and each overnight curve from the run file beside it
 * (`edge-e2-NAME.run.json`), with the recorder's own check (bench/records.ts).
 *
 * Options:
 *   --seconds S       budget per run (default 60)
 *   --seeds N|a,b     seeds 1..N or a list (default 5)
 *   --instances a,b   e2, e2-clues, meta16, meta10 (default all); or e2-8pin alone: the public
 *                     single-core benchmark's protocol (edge-e2/pinned.ts), written to edge-e2-8pin.md
 *   --solvers a,b     solver or solver:preset ids (default: every edge solver that applies)
 *   --concurrency N   runs at once (default: cores - 1)
 *   --db FILE         keep the study and its runs in this database (default: a temporary one)
 *   --hour S          one long run of --long (default beam) on Eternity II with the starter piece,
 *                     its score against time written as edge-e2-hour.csv and .png (0 = skip; default 0)
 *   --long ID         solver[:preset] of the long run
 *   --seed N          seed of the long run (default 1); a finished long run is also recorded in
 *                     edge-e2.jsonl, so several seeds give the time-to-target table for its budget
 *   --report          only rewrite edge-e2.md from the recorded runs (re-scoring their boards)
 *   --variants a,b    with --instances e2-8pin: which of variants 0-9 (default 0-4, the protocol's)
 *   --chart           also draw the charts from their CSVs (a long run cut short)
 *   --curve FILE:RUN  write edge-e2-overnight.csv and .png from a run kept in a workbench database
 *                     (a run of hours made with the CLI's solve --cpu --db FILE), as far as it got
 *   --curve RUN.json  the same from a run file (`workbench export RUN --format run`)
 *   --as NAME         with --curve: keep it as another overnight run instead (an earlier preset, another seed),
 *                     edge-e2-overnight-NAME.csv and .png, drawn beside the overnight run and compared with it
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { censoredMedian } from '../src/core/stats/censored';
import { decimalText } from '../src/core/text/numbers';
import { curveFromDb, curves, curveSection, drawCurve, hour } from './edge-e2/curves';
import { pinnedReport, runPinned } from './edge-e2/pinned';
import { checkSpec, INSTANCES, latestRescored, LOG, readLog, records, rescoredSection, RESULTS, runGrid, type Record_ } from './edge-e2/runs';
import { machine, mdTable, mean, median, numOpt, options, stdev } from './util';

const DEFAULT_SOLVERS = ['beam', 'lns', 'tabu', 'vns-sa', 'ms-gvns', 'sa', 'hill-climb', 'backtrack:blackwood', 'backtrack:verhaard', 'backtrack'];

/** The public figures to beat (literature.md section 6), per instance. */
const PUBLIC: Record<string, { figure: string; who: string; source: string }[]> = {
  e2: [
    {
      figure: '454.8 mean, 456 best (60 s)',
      who: 'row-wise beam search ("producer"), Rust, official set + 3 pinned corners',
      source: 'raphael-anjou/eternity2 research/experiments/single-core-benchmark/results/REPORT.md',
    },
    { figure: '452.9 mean, 455 best (60 s)', who: 'adaptive large neighbourhood search', source: 'same REPORT.md; engine/crates/localsearch/src/alns.rs' },
    { figure: '440.8 mean (60 s)', who: 'Verhaard-style backtracking', source: 'same REPORT.md' },
    { figure: '436.4 mean (60 s)', who: 'Blackwood-style backtracking', source: 'same REPORT.md' },
    {
      figure: '461 (1 hour)',
      who: 'Wauters, Vancroonenburg, Vanden Berghe, J. Math. Model. Algorithms 2012',
      source: 'forum digest 0012 in raphael-anjou/eternity2 research/community/digests/',
    },
    { figure: '458', who: 'Schaus & Deville, JFPC 2008 (CP + LNS with assignment refills)', source: 'becool.info.ucl.ac.be bibliography' },
  ],
  meta16: [
    { figure: '419.57 mean, 425 best (3600 s)', who: 'MS-GVNS, META 2010 (table 1)', source: 'MS-GVNS for Eternity II, META 2010 contest paper, table 1' },
  ],
  meta10: [
    { figure: '165.67 mean, 167 best (1200 s)', who: 'MS-GVNS, META 2010 (table 1)', source: 'MS-GVNS for Eternity II, META 2010 contest paper, table 1' },
  ],
};

/** Our targets (issue 11), mean of 5 seeds at 60 s unless said. */
const TARGET: Record<string, number> = { e2: 455, 'e2-clues': 450, meta16: 452, meta10: 172 };

/** The scores the time-to-target table shows for Eternity II with the starter piece. */
const REACH_TARGETS = [458, 459, 460, 461, 462, 463, 464, 465];

/**
 * The time-to-target table of one instance and budget: one row per solver (best mean first), its
 * seeds, then per target the median CPU seconds and each seed's ("-": not reached in the budget).
 * Only records that carry `reach` count.
 */
export function timeToTargetTable(records: readonly Record_[], targets: readonly number[]): string {
  const withReach = records.filter((r) => r.reach);
  const solvers = [...new Set(withReach.map((r) => r.solver))];
  const bySolver = solvers.map((s) => withReach.filter((r) => r.solver === s).sort((a, b) => a.seed - b.seed));
  bySolver.sort((a, b) => mean(b.map((r) => r.best)) - mean(a.map((r) => r.best)));
  const secs = (ms: number | undefined): string => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
  const rows = bySolver.map((rs) => [
    `\`${rs[0]!.solver}\``,
    rs.map((r) => r.seed).join(', '),
    ...targets.map((score) => {
      const times = rs.map((r) => r.reach?.[score]);
      return `**${secs(censoredMedian(times) ?? undefined)}** (${times.map(secs).join(', ')})`;
    }),
  ]);
  return mdTable(['solver', 'seeds', ...targets.map((t) => `${t}: median (per seed), CPU s`)], rows);
}

function report(): string {
  const { runs, rescored } = latestRescored(readLog());
  const out: string[] = [
    '# Edge matching at Eternity II scale\n',
    'Written by `npm run bench -- edge-e2` from every run recorded in `edge-e2.jsonl` (the latest per instance, solver, seed and budget).',
    'Budgets are CPU seconds of one core, measured by the process itself (the machines are shared).',
    `Machine: ${machine()}.\n`,
  ];
  for (const inst of INSTANCES) {
    const mine = runs.filter((r) => r.instance === inst.id);
    if (mine.length === 0) continue;
    out.push(`## ${inst.label}\n`);
    for (const seconds of [...new Set(mine.map((r) => r.seconds))].sort((a, b) => a - b)) {
      const rows: (string | number)[][] = [];
      const solvers = [...new Set(mine.filter((r) => r.seconds === seconds).map((r) => r.solver))];
      const stats = solvers.map((s) => {
        const rs = mine.filter((r) => r.seconds === seconds && r.solver === s).sort((a, b) => a.seed - b.seed);
        const b = rs.map((r) => r.best);
        return { s, rs, b, m: mean(b) };
      });
      stats.sort((x, y) => y.m - x.m);
      for (const { s, rs, b, m } of stats)
        rows.push([
          `\`${s}\``,
          rs.length,
          decimalText(m),
          median(b),
          Math.max(...b),
          Math.min(...b),
          stdev(b).toFixed(1),
          `${(median(rs.map((r) => r.bestMs)) / 1000).toFixed(1)} s`,
          b.join(', '),
        ]);
      out.push(`### ${seconds} CPU s per run${TARGET[inst.id] && seconds === 60 ? ` (target: mean >= ${TARGET[inst.id]})` : ''}\n`);
      out.push(mdTable(['solver', 'runs', 'mean', 'median', 'best', 'worst', 'sd', 'median time of best', 'per seed'], rows));
      out.push('');
      const timed = mine.filter((r) => r.seconds === seconds && r.reach);
      if (inst.id === 'e2' && timed.length > 0) {
        out.push(`#### Time to target, ${seconds} CPU s per run\n`);
        out.push(
          "Issue 23's targets, 5 seeds: median CPU seconds to 460 <= 60 and to 461 <= 600; one hour of one core >= 463.",
          'Each cell: the median, then the CPU seconds at which each seed first reached the score ("-": not within the budget). A seed that never reached it counts as slower than all, so the median is "-" when fewer than half the seeds reached it.\n',
        );
        out.push(timeToTargetTable(timed, REACH_TARGETS));
        out.push('');
      }
    }
    const pub = PUBLIC[inst.id];
    if (pub) {
      out.push('Public figures on this puzzle:\n');
      out.push(
        mdTable(
          ['figure', 'who', 'source'],
          pub.map((p) => [p.figure, p.who, p.source]),
        ),
      );
      out.push('');
    }
  }
  out.push(
    '## How to read these\n',
    '- `backtrack:*` rows: the depth-first searches show, until they reach a full board of their own, their deepest partial board completed by one beam pass 64 wide over the empty cells (`completeWidth`, 0 = greedy). Most of their score at 60 s is such a completed board: the search supplies the first rows, the narrow beam the rest.',
    '- `lns` starts from beam passes doubling to 4096 partial boards, then refills (assignment problems, exact windows and regions) and shakes; it adds about one join to its beam start within a minute.',
    '- The public beam and ALNS figures are on the official set with three corners pinned as well (10 variants), a slightly harder puzzle than the starter piece alone.\n',
  );
  out.push(...rescoredSection(rescored));
  for (const c of curves()) out.push(...curveSection(c));
  return out.join('\n');
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const log = (l: string): void => void process.stderr.write(`${l}\n`);
  if (o.instances === 'e2-8pin') {
    if (!o.report) await runPinned(o, log);
    const md = pinnedReport();
    writeFileSync(`${RESULTS}edge-e2-8pin.md`, md);
    process.stdout.write(md);
    return;
  }
  if (!o.report && !o.chart && !o.curve) {
    const seconds = numOpt(o, 'seconds', 60);
    const seedsOpt =
      typeof o.seeds === 'string' && o.seeds.includes(',') ? o.seeds.split(',').map(Number) : Array.from({ length: numOpt(o, 'seeds', 5) }, (_, i) => i + 1);
    const insts = typeof o.instances === 'string' ? o.instances.split(',') : INSTANCES.map((i) => i.id);
    const specs = typeof o.solvers === 'string' ? o.solvers.split(',') : DEFAULT_SOLVERS;
    specs.forEach(checkSpec);
    for (const id of insts) if (!INSTANCES.some((i) => i.id === id)) throw new Error(`unknown instance ${id} (have: ${INSTANCES.map((i) => i.id).join(', ')})`);
    if (typeof o.instances === 'string' || !o.hour) {
      const order = INSTANCES.map((i) => i.id).filter((id) => insts.includes(id));
      await runGrid(order, specs, seedsOpt, seconds, o, (done) => {
        for (const rec of records(done, order, specs, seconds)) {
          log(`edge-e2 ${rec.instance} ${rec.solver} seed ${rec.seed}: ${rec.best} at ${(rec.bestMs / 1000).toFixed(1)} s`);
          appendFileSync(LOG, `${JSON.stringify(rec)}\n`);
        }
      });
    }
    const long = numOpt(o, 'hour', 0);
    if (long > 0) await hour(typeof o.long === 'string' ? o.long : 'beam', long, numOpt(o, 'seed', 1), o, log);
  }
  if (typeof o.curve === 'string') await curveFromDb(o.curve, typeof o.as === 'string' ? o.as : undefined, log);
  if (o.chart) for (const c of curves()) await drawCurve(c, log);
  const md = report();
  writeFileSync(`${RESULTS}edge-e2.md`, md);
  process.stdout.write(md);
}
