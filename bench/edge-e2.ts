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
 *                     single-core benchmark's protocol (see runPinned), written to edge-e2-8pin.md
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
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSolver } from '../src/core/catalogue/catalogue';
import { getFamily } from '../src/core/families';
import { findPreset } from '../src/core/presets/presets';
import { censoredMedian } from '../src/core/stats/censored';
import { puzzleOfFile, rescoreNote, rescoreRecords, rescoreRunFile, shown, type LoggedBest, type PuzzleRef, type Rescored } from './records';
import { solverEntry, templateJson, withStudy, type FinishedStudy } from './study';
import { machine, mdTable, mean, median, numOpt, options, stdev } from './util';

const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));
const LOG = `${RESULTS}edge-e2.jsonl`;
const PIN_LOG = `${RESULTS}edge-e2-8pin.jsonl`;

/** The template's puzzles, in its order. */
export const INSTANCES = [
  { id: 'e2', label: 'Eternity II, starter piece (139 at I8)' },
  { id: 'e2-clues', label: 'Eternity II, the five clue pieces' },
  { id: 'meta16', label: 'META 2010 16x16' },
  { id: 'meta10', label: 'META 2010 10x10' },
];

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

export interface Record_ extends LoggedBest {
  instance: string;
  solver: string;
  seed: number;
  seconds: number;
  best: number;
  bestMs: number;
  evaluations: number;
  date: string;
  /** CPU ms at which the run first reached each score from REACH_FROM to its best (records before 2026-11-27 have none). */
  reach?: Record<string, number>;
}

/**
 * The lowest score whose first time is recorded: below the Eternity II targets (issue 23: 458-463)
 * and the public figures (452-461), few enough scores to keep each record one short line.
 */
const REACH_FROM = 450;

/** The scores the time-to-target table shows for Eternity II with the starter piece. */
const REACH_TARGETS = [458, 459, 460, 461, 462, 463, 464, 465];

/**
 * For each score from `from` up to the best of `improvements` (in time order), the time of the
 * first improvement at or above it; one pass.
 */
export function reachTimes(improvements: readonly { t: number; score: number }[], from: number): Record<string, number> {
  const reach: Record<string, number> = {};
  let next = from;
  for (const { t, score } of improvements) for (; next <= score; next++) reach[next] = t;
  return reach;
}

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

/** Fails at once, naming it, on a `solver[:preset]` that edge matching does not have. */
function checkSpec(spec: string): void {
  const { solver, preset } = solverEntry(spec);
  findSolver('edge', solver);
  if (preset) findPreset('edge', solver, preset);
}

/**
 * The grid as a study: the template's puzzles, these solver settings and seeds, `seconds` CPU
 * seconds per run. Runs to its end, then `read` reads it.
 */
async function runGrid<T>(
  instances: string[],
  specs: string[],
  seeds: number[],
  seconds: number,
  o: Record<string, string | true>,
  read: (done: FinishedStudy) => T,
): Promise<T> {
  const { json, file } = templateJson({ template: 'eternity2-comparison', keepPuzzle: (_, i) => instances.includes(INSTANCES[i]!.id) });
  const grid: Record<string, unknown> = {
    ...json,
    name: `edge-e2: ${instances.join(', ')} x ${specs.join(', ')}`,
    solvers: specs.map((spec) => solverEntry(spec)),
    seeds,
    stop: { seconds, clock: 'cpu' },
  };
  delete grid.published;
  return withStudy(grid, file, 'edge-e2', o, read);
}

/** Each finished run of the study as a record, its best board checked by a full rescore. */
function records(done: FinishedStudy, instances: string[], specs: string[], seconds: number): Record_[] {
  const edge = getFamily('edge');
  const out: Record_[] = [];
  const improvements = done.studies.store.improvements(done.id);
  for (const sr of done.studies.runs(done.id)) {
    if (sr.run.status !== 'done') continue;
    const run = done.wb.store.getRun(sr.run.id)!;
    const best = run.bestScore ?? 0;
    const puzzle = edge.puzzleFromJson(run.puzzle);
    const check = run.bestSolution ? edge.evaluate(puzzle, edge.solutionFromJson(puzzle, run.bestSolution)).score : 0;
    if (check !== best) throw new Error(`run ${run.id} (${specs[sr.configIndex]}) reports ${best} but its board scores ${check}`);
    out.push({
      instance: instances[sr.puzzleIndex]!,
      solver: specs[sr.configIndex]!,
      seed: sr.seed,
      seconds,
      best,
      bestMs: done.studies.store.firstReach(run.id, best)?.elapsedMs ?? 0,
      evaluations: run.evaluations,
      date: new Date().toISOString().slice(0, 10),
      reach: reachTimes(improvements.get(run.id) ?? [], REACH_FROM),
      // So that the report re-scores the figure rather than repeat it (bench/records.ts).
      ...(run.bestSolution ? { board: run.bestSolution } : {}),
    });
  }
  return out;
}

function readLog(file = LOG): Record_[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record_);
}

const STUDIES = fileURLToPath(new URL('../resources/studies/', import.meta.url));

/**
 * The puzzle file a logged instance was run from, as the bench's studies read it: an instance of
 * edge-e2.jsonl is the template's puzzle, a variant of edge-e2-8pin.jsonl (`v00`) its file.
 */
export function instanceFile(instance: string): string {
  const variant = instance.match(/^v(\d+)$/);
  if (variant) return join(STUDIES, pinFile(Number(variant[1])));
  const index = INSTANCES.findIndex((i) => i.id === instance);
  if (index < 0) throw new Error(`unknown instance ${instance}`);
  const template = JSON.parse(readFileSync(join(STUDIES, 'eternity2-comparison.json'), 'utf8')) as { puzzles: { file: string }[] };
  return join(STUDIES, template.puzzles[index]!.file);
}

/** The latest record per instance, solver, seed and budget, each re-scored from its board if it keeps one. */
export function latestRescored(all: readonly Record_[]): { runs: Record_[]; rescored: Rescored<Record_> } {
  const latest = new Map<string, Record_>();
  for (const r of all) latest.set(`${r.instance}|${r.solver}|${r.seed}|${r.seconds}`, r);
  const records = [...latest.values()];
  const puzzles = new Map<string, PuzzleRef>();
  const puzzleOf = (r: Record_): PuzzleRef => {
    let p = puzzles.get(r.instance);
    if (!p) puzzles.set(r.instance, (p = puzzleOfFile(instanceFile(r.instance))));
    return p;
  };
  const rescored = rescoreRecords(records, puzzleOf, RESULTS);
  return { runs: shown(rescored, records), rescored };
}

const recordName = (r: Record_): string => `\`${r.solver}\` on ${r.instance}, seed ${r.seed}, ${r.seconds} CPU s (logged ${r.best} on ${r.date})`;

/** The report's section on what its figures were re-scored from; refused records are also said on stderr. */
function rescoredSection(rescored: Rescored<Record_>): string[] {
  for (const { record, why } of rescored.refused) process.stderr.write(`edge-e2: refused ${recordName(record)}: ${why}\n`);
  const note = rescoreNote(rescored, recordName);
  return note.length > 0 ? ['## Which figures were re-scored\n', ...note, ''] : [];
}

const f1 = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(1));

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
          f1(m),
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

/** A long run's curve, kept as edge-e2-NAME.csv and .png. */
interface Curve {
  name: string;
  title: string;
}
const HOUR: Curve = { name: 'hour', title: 'One long run' };
const OVERNIGHT: Curve = { name: 'overnight', title: 'Overnight on every core (CPU seconds of all its threads)' };

/**
 * Other overnight runs (`--curve ... --as NAME`: earlier presets or code, other seeds), kept so that
 * the overnight run is seen against them: on its chart and in a table of when each first reached
 * each score.
 */
function otherOvernights(): Curve[] {
  return readdirSync(RESULTS)
    .map((f) => f.match(/^edge-e2-overnight-([a-z0-9-]+)\.csv$/)?.[1])
    .filter((n): n is string => n !== undefined)
    .sort()
    .map(otherOvernight);
}

/** The curve `--as NAME` keeps. */
const otherOvernight = (name: string): Curve => ({ name: `overnight-${name}`, title: `Another overnight run: ${name}` });

/** The other overnight runs' curves as read, each under its NAME. */
const otherOvernightCurves = (): (CurveData & { name: string })[] =>
  otherOvernights().flatMap((c) => {
    const r = readCurve(c);
    return r ? [{ ...r, name: c.name.slice('overnight-'.length) }] : [];
  });

/** The long-run curves the report shows: the one-core hour run, the overnight run and the others. */
const curves = (): Curve[] => [HOUR, OVERNIGHT, ...otherOvernights()];
const curveCsv = (c: Curve): string => `${RESULTS}edge-e2-${c.name}.csv`;

/** A curve's CSV: its header line, then CPU seconds and best score at every new best. */
interface CurveData {
  head: string;
  pts: [number, number][];
  /** CPU seconds the run went (for a run cut short, as far as its last new best). */
  upTo: number;
}

function readCurve(c: Curve): CurveData | null {
  if (!existsSync(curveCsv(c))) return null;
  const lines = readFileSync(curveCsv(c), 'utf8').trim().split('\n');
  const head = lines[0].replace(/^# /, '');
  const pts = lines.slice(2).map((l) => l.split(',').map(Number) as [number, number]);
  // A run cut short shows the curve only as far as its last new best.
  const cut = head.match(/cut short after (\d+) CPU s/);
  const upTo = cut ? Number(cut[1]) : head.includes('cut short') ? (pts.at(-1)?.[0] ?? 0) : Number(head.match(/(\d+) CPU s/)?.[1] ?? 0);
  return { head, pts, upTo };
}

function writeCurve(c: Curve, head: string, pts: readonly (readonly [number, number])[]): void {
  writeFileSync(curveCsv(c), `${[`# ${head}`, 'cpu_seconds,best', ...pts.map(([t, b]) => `${t.toFixed(2)},${b}`)].join('\n')}\n`);
}

/** The report's section for one curve: its best at round times and the public long-run figures beside it. */
function curveSection(c: Curve): string[] {
  const curve = readCurve(c);
  if (!curve) return [];
  const { head, pts, upTo } = curve;
  const out = [`## ${c.title}\n`, `${head}. Score against CPU time: \`edge-e2-${c.name}.csv\`, chart \`edge-e2-${c.name}.png\`.\n`];
  const best = pts.at(-1)?.[1];
  if (best !== undefined) out.push(curveCheck(c, best));
  const at = (s: number): number => pts.filter((p) => p[0] <= s).reduce((a, p) => Math.max(a, p[1]), 0);
  const marks = [10, 60, 300, 600, 1200, 1800, 3600, 7200, 14400, 28800, 57600].filter((s) => s <= upTo);
  // The run's end is always a column, so a run shorter than the first mark still shows its best.
  if (!marks.includes(upTo)) marks.push(upTo);
  out.push(mdTable(['CPU s', ...marks.map(String)], [['best', ...marks.map(at)]]), '');
  if (c !== OVERNIGHT) return out;
  const others = otherOvernightCurves();
  if (others.length > 0) {
    // From the first score every run reached to the best any reached.
    const all = [{ name: 'this run', pts, upTo }, ...others];
    const top = Math.max(...all.map((r) => r.pts.at(-1)?.[1] ?? 0));
    const scores = Array.from({ length: 6 }, (_, i) => top - 5 + i);
    out.push(
      'When it first reached each score, beside the other overnight runs (CPU s of all threads; `-`: not in the CPU s it ran):\n',
      mdTable(
        ['run', 'ran, CPU s', ...scores.map(String)],
        all.map((r) => [r.name, String(Math.round(r.upTo)), ...scores.map((sc) => firstReach(r.pts, sc))]),
      ),
      '',
    );
  }
  out.push(
    'The public long-run figures beside it (also marked on the chart):\n',
    mdTable(
      ['public figure', 'CPU s', 'who', 'this run at that time', 'this run first reached it'],
      longPublic().map((p) => [
        p.figure,
        p.seconds ?? 'not stated',
        p.who,
        p.seconds !== undefined && p.seconds <= upTo ? at(p.seconds) : '-',
        firstReach(pts, p.score),
      ]),
    ),
    '',
  );
  return out;
}

/**
 * Whether a curve's best is backed by its run's best board: the run file kept beside its CSV
 * (`edge-e2-NAME.run.json`, `workbench export RUN --format run`) is re-scored with the recorder's check.
 */
function curveCheck(c: Curve, best: number): string {
  const name = `edge-e2-${c.name}.run.json`;
  if (!existsSync(`${RESULTS}${name}`)) return `Its best, ${best}, is as the run reported it: no run file (\`${name}\`) is kept to re-score it.\n`;
  const why = rescoreRunFile(`${RESULTS}${name}`, best);
  if (why === null) return `Its best, ${best}, re-scored from the best board in its run file \`${name}\` with the recorder's check: it holds.\n`;
  process.stderr.write(`edge-e2: refused the curve ${c.name}: ${why}\n`);
  return `**Refused**: the curve's best, ${best}, is not backed by \`${name}\`: ${why}.\n`;
}

/** CPU seconds at which a curve first reached `score`, "-" if it never did. */
export const firstReach = (pts: readonly [number, number][], score: number): string => {
  const p = pts.find((q) => q[1] >= score);
  return p ? `${f1(p[0])} s` : '-';
};

/** The public long-run figures the long run is shown beside; `seconds` where the source gives a time. */
function longPublic(): { score: number; figure: string; seconds?: number; who: string; label: string }[] {
  const beam = mean(PIN_PUBLIC[1]!.perVariant);
  return [
    {
      score: 461,
      figure: '461',
      seconds: 3600,
      who: 'Wauters, Vancroonenburg, Vanden Berghe, J. Math. Model. Algorithms 2012: one hour',
      label: 'Wauters et al. 2012: 461 in one hour',
    },
    {
      score: beam,
      figure: `${beam.toFixed(1)} mean`,
      seconds: 155,
      who: 'public beam search at its published setting (beam 80000), run on this machine on e2-8pin variants 00-02 (edge-e2-8pin.md; 8 pieces pinned, a slightly harder puzzle)',
      label: `public beam search, published setting: ${beam.toFixed(1)} at ~155 s (e2-8pin)`,
    },
    { score: 458, figure: '458', who: 'Schaus & Deville, JFPC 2008 (CP + LNS with assignment refills)', label: 'Schaus & Deville 2008: 458' },
  ];
}

/**
 * One long run on Eternity II with the starter piece: its curve is written to edge-e2-hour.csv
 * (the latest long run's), and a finished run is also recorded in edge-e2.jsonl, so long runs of
 * several seeds (`--seed`) fill the report's time-to-target table for their budget.
 */
async function hour(spec: string, seconds: number, seed: number, o: Record<string, string | true>, log: (l: string) => void): Promise<void> {
  await runGrid(['e2'], [spec], [seed], seconds, o, (done) => {
    const [r] = done.studies.runs(done.id);
    if (!r) throw new Error('the long run was not made');
    for (const rec of records(done, ['e2'], [spec], seconds)) appendFileSync(LOG, `${JSON.stringify(rec)}\n`);
    const events = done.wb.store.events(r.run.id).filter((e) => e.kind === 'improvement');
    const head = r.run.status === 'done' ? `${seconds} CPU s, best ${r.run.bestScore}` : `cut short after ${Math.round(r.run.elapsedMs / 1000)} CPU s`;
    writeCurve(
      HOUR,
      `${spec} on Eternity II (starter piece), seed ${seed}, ${head}, ${new Date().toISOString().slice(0, 10)}`,
      events.map((e) => [e.elapsedMs / 1000, e.bestScore]),
    );
    log(`edge-e2 long ${spec}: ${r.run.bestScore} in ${Math.round(r.run.elapsedMs / 1000)} CPU s`);
  });
  await drawCurve(HOUR, log);
}

/**
 * The overnight curve from a run kept in a workbench database (`--curve FILE:RUN`): a run of
 * hours is made with the CLI (`solve ... --cpu --db FILE`, stopped and resumed across days), and
 * read here as far as it has got, its clock the run's CPU seconds (all its threads).
 */
async function curveFromDb(spec: string, as: string | undefined, log: (l: string) => void): Promise<void> {
  if (as !== undefined && !/^[a-z0-9-]+$/.test(as)) throw new Error(`--as takes a name of small letters, digits and -, got ${as}`);
  const curve = as === undefined ? OVERNIGHT : otherOvernight(as);
  const { Workbench } = await import('../src/main/services/workbench');
  const noWorkers = (): never => {
    throw new Error('the curve starts no run');
  };
  const m = spec.match(/^(.+):(\d+)$/);
  // A run file (`workbench export RUN --format run`) is read, checked and re-scored into a database in memory.
  if (!m && !spec.endsWith('.json')) throw new Error(`--curve takes FILE:RUN (a workbench database and a run id) or a run file, got ${spec}`);
  const wb = Workbench.open({ dbPath: m ? m[1]! : ':memory:', spawn: noWorkers });
  const store = wb.store;
  try {
    const id = m ? Number(m[2]) : (await import('../src/main/services/run-file')).importRunFile(wb, readFileSync(spec, 'utf8'), spec).id;
    const run = store.getRun(id);
    if (!run) throw new Error(`${m?.[1]} has no run ${id}`);
    const events = store.events(run.id).filter((e) => e.kind === 'improvement');
    // The run's settings that are not its solver's defaults (a run stores every parameter).
    const schema = findSolver(run.family, run.solver).params;
    const settings = Object.entries(run.params)
      .filter(([k, v]) => schema[k]?.default !== v)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(', ');
    const secs = Math.round(run.elapsedMs / 1000);
    const state = run.status === 'done' ? `${secs} CPU s` : `cut short after ${secs} CPU s (${run.status})`;
    // Settings changed on resumes, where the curve parted from the run its first settings give.
    const changed = run.changes.map((c) => `, ${c.key} ${String(c.from)} → ${String(c.to)} at ${Math.round(c.elapsedMs / 1000)} CPU s`).join('');
    writeCurve(
      curve,
      `${run.solver} (${settings}) on ${run.puzzleName}, seed ${run.seed}${changed}, ${state}, best ${run.bestScore}, ${new Date().toISOString().slice(0, 10)}`,
      events.map((e) => [e.elapsedMs / 1000, e.bestScore]),
    );
    log(`edge-e2 curve of run ${run.id}: ${run.bestScore} in ${secs} CPU s`);
  } finally {
    await wb.dispose();
  }
  await drawCurve(curve, log);
}

/** A curve's line on a chart: the solver and seed its header names, and its best. */
const curveLabel = (name: string, curve: CurveData): string =>
  `${name}${curve.head.replace(/^(\S+).*/, ': $1')}, seed ${curve.head.match(/seed (\d+)/)?.[1] ?? '?'}, best ${curve.pts.at(-1)?.[1] ?? '-'}`;

/** The PNG chart of a curve's CSV (also `--chart` alone, for a run cut short); the overnight run's with the others beside it. */
async function drawCurve(c: Curve, log: (l: string) => void): Promise<void> {
  const curve = readCurve(c);
  if (!curve) return;
  const spec = curve.head.replace(/^(\S+).*/, '$1');
  const budget = (r: CurveData): number => r.upTo || (r.pts.at(-1)?.[0] ?? 1);
  const beside = c === OVERNIGHT ? otherOvernightCurves().map((r) => ({ label: curveLabel(r.name, r), pts: r.pts, upTo: budget(r) })) : [];
  const label = beside.length > 0 ? curveLabel('overnight', curve) : `${spec}: best matched joins`;
  await chartPng(curve.pts, label, budget(curve), longPublic(), `${RESULTS}edge-e2-${c.name}.png`, beside).catch((e: unknown) =>
    log(`edge-e2: no PNG chart (${e instanceof Error ? e.message : String(e)})`),
  );
}

/** Draws the curve with chart.js in headless Chromium and saves a screenshot. */
async function chartPng(
  pts: [number, number][],
  label: string,
  seconds: number,
  publics: ReturnType<typeof longPublic>,
  file: string,
  beside: readonly { label: string; pts: [number, number][]; upTo: number }[] = [],
): Promise<void> {
  const { chromium } = await import('playwright-core');
  const chartJs = readFileSync(fileURLToPath(new URL('../node_modules/chart.js/dist/chart.umd.min.js', import.meta.url)), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.WORKBENCH_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 900, height: 500 } });
    // The empty board before the first full one would flatten the curve: start at the first board.
    const line = (p: [number, number][], upTo: number): { x: number; y: number }[] => {
      const shown = p.filter(([, y]) => y > 0);
      return [...shown, [upTo, shown.at(-1)?.[1] ?? 0]].map(([x, y]) => ({ x: Math.max(x, 0.01), y }));
    };
    const data = line(pts, seconds);
    const others = beside.map((b) => ({ label: b.label, data: line(b.pts, b.upTo) }));
    const ys = [...data, ...others.flatMap((o) => o.data)].map((p) => p.y).concat(publics.map((p) => p.score));
    const low = Math.floor(Math.min(...ys) / 10) * 10;
    // A join of headroom, so the best is not drawn on the frame.
    const high = Math.max(...ys) + 1;
    const left = Math.min(data[0]?.x ?? 0.01, ...others.map((o) => o.data[0]?.x ?? 0.01));
    const right = Math.max(seconds, ...beside.map((b) => b.upTo), ...publics.map((p) => p.seconds ?? 0));
    // A public figure with a time is a point; one without spans the whole axis as a dashed level.
    const colours = ['#D55E00', '#009E73', '#CC79A7'];
    const datasets = [
      { label, data, stepped: true, borderColor: '#0072B2', borderWidth: 3, pointRadius: 0 },
      // The other runs in greys and dashes (told apart in print too), thinner, under the run itself.
      ...others.map((o, i) => ({
        label: o.label,
        data: o.data,
        stepped: true,
        borderColor: ['#444444', '#888888', '#aaaaaa'][i % 3],
        borderDash: [[], [8, 4], [2, 3]][(i + Math.floor(i / 3)) % 3],
        borderWidth: 1.5,
        pointRadius: 0,
      })),
      ...publics.map((p, i) => ({
        label: p.label,
        data:
          p.seconds !== undefined
            ? [{ x: p.seconds, y: p.score }]
            : [
                { x: left, y: p.score },
                { x: right, y: p.score },
              ],
        borderColor: colours[i % colours.length],
        backgroundColor: colours[i % colours.length],
        ...(p.seconds !== undefined ? { showLine: false, pointRadius: 7, pointStyle: 'triangle' } : { borderDash: [6, 4], pointRadius: 0 }),
      })),
    ];
    await page.setContent(`<html><body style="margin:0;background:#fff"><canvas id="c" width="900" height="500"></canvas><script>${chartJs}</script><script>
      new Chart(document.getElementById('c'), { type: 'line', data: { datasets: ${JSON.stringify(datasets)} },
        options: { animation: false, responsive: false, scales: { x: { type: 'logarithmic', title: { display: true, text: 'CPU seconds (log)' }, ticks: { callback: (v) => (Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? String(v) : '') } }, y: { min: ${low}, max: ${high}, title: { display: true, text: 'matched joins of 480' } } } } });
    </script></body></html>`);
    await page.screenshot({ path: file });
  } finally {
    await browser.close();
  }
}

// ---- e2-8pin: the public single-core benchmark's own variants -----------------------------------

/**
 * resources/instances/e2-8pin: the official pieces with 8 pinned, the public benchmark's variants
 * 00-09 (05-09 bundled on 2026-12-01); a run of the protocol takes 00-04 unless `--variants` says.
 */
const PIN_VARIANTS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const PIN_PROTOCOL = [0, 1, 2, 3, 4];
const pinFile = (v: number): string => `../instances/e2-8pin/eternity2_8pin_v${String(v).padStart(2, '0')}.txt`;
const pinLabel = (v: number): string => `v${String(v).padStart(2, '0')}`;

/**
 * The variants `beam`'s settings were screened on (seed 1, 30 CPU s: edge-e2-beam-profile.md,
 * "Screening"); a figure on them is not one on an unseen puzzle, so the report keeps them apart.
 */
export const PIN_TUNED = [0, 1];

/** A solver's records split into the variants its settings were tuned on and those they never saw. */
export function tuningSplit<R extends { instance: string }>(records: readonly R[]): { tuned: R[]; unseen: R[] } {
  const tuned = new Set(PIN_TUNED.map(pinLabel));
  return { tuned: records.filter((r) => tuned.has(r.instance)), unseen: records.filter((r) => !tuned.has(r.instance)) };
}

/** The public programs built and run on this machine beside ours, 60 CPU s (the published setting:
 * about 155), one seed, variants 00-02 (resources/instances/SOURCES.md).
 */
const PIN_PUBLIC: { who: string; perVariant: number[] }[] = [
  { who: 'public beam search ("producer", beam 32768), 60 CPU s', perVariant: [452, 455, 455] },
  { who: 'public beam search at its published setting (beam 80000, about 155 CPU s here)', perVariant: [456, 453, 456] },
  { who: 'public ALNS pipeline, 60 CPU s', perVariant: [453, 451, 453] },
];

const PIN_TARGET = 457;

/**
 * `--instances e2-8pin`: variants 00-04 (`--variants 0,1,..`, any of 00-09) x seeds 1..3 (`--seeds`)
 * x `beam` (`--solvers`), 60 CPU s each (`--seconds`), as a study; each run is appended to
 * edge-e2-8pin.jsonl and edge-e2-8pin.md is written from all of them beside the public figures.
 */
async function runPinned(o: Record<string, string | true>, log: (l: string) => void): Promise<void> {
  const seconds = numOpt(o, 'seconds', 60);
  const seeds =
    typeof o.seeds === 'string' && o.seeds.includes(',') ? o.seeds.split(',').map(Number) : Array.from({ length: numOpt(o, 'seeds', 3) }, (_, i) => i + 1);
  const variants = typeof o.variants === 'string' ? o.variants.split(',').map(Number) : PIN_PROTOCOL;
  for (const v of variants) if (!PIN_VARIANTS.includes(v)) throw new Error(`unknown variant ${v} (have: ${PIN_VARIANTS.join(', ')})`);
  const specs = typeof o.solvers === 'string' ? o.solvers.split(',') : ['beam'];
  specs.forEach(checkSpec);
  const grid: Record<string, unknown> = {
    name: `edge-e2: e2-8pin ${variants.map(pinLabel).join(', ')} x ${specs.join(', ')}`,
    description: 'The public single-core benchmark protocol: Eternity II with 8 pieces pinned, 60 CPU s per run.',
    puzzles: variants.map((v) => ({ file: pinFile(v), name: `e2-8pin ${pinLabel(v)}` })),
    solvers: specs.map((spec) => solverEntry(spec)),
    seeds,
    stop: { seconds, clock: 'cpu' },
  };
  // Puzzle files are read relative to the templates' folder.
  const file = fileURLToPath(new URL('../resources/studies/e2-8pin.json', import.meta.url));
  await withStudy(grid, file, 'edge-e2', o, (done) => {
    for (const rec of records(done, variants.map(pinLabel), specs, seconds)) {
      log(`edge-e2 e2-8pin ${rec.instance} ${rec.solver} seed ${rec.seed}: ${rec.best} at ${(rec.bestMs / 1000).toFixed(1)} s`);
      appendFileSync(PIN_LOG, `${JSON.stringify(rec)}\n`);
    }
  });
}

/** A mean and how many runs it is over, "-" for none. */
const meanOf = (rs: readonly Record_[]): string => (rs.length ? `${mean(rs.map((r) => r.best)).toFixed(1)} (${rs.length})` : '-');

/**
 * A warning per solver whose runs on the added variants (05-09) made far fewer evaluations in the
 * same CPU budget than its protocol runs: a loaded machine does less per CPU second, and a solver
 * changed between the runs' dates may do other work per evaluation (the runs' dates say which).
 */
function searchedLess(runs: readonly Record_[], solvers: readonly string[]): string[] {
  const protocol = new Set(PIN_PROTOCOL.map(pinLabel));
  const billions = (rs: readonly Record_[]): number => median(rs.map((r) => r.evaluations)) / 1e9;
  const out: string[] = [];
  for (const s of solvers) {
    const rs = runs.filter((r) => r.solver === s);
    const [old, added] = [rs.filter((r) => protocol.has(r.instance)), rs.filter((r) => !protocol.has(r.instance))];
    if (old.length === 0 || added.length === 0 || billions(added) >= 0.8 * billions(old)) continue;
    const dates = (rs: readonly Record_[]): string => [...new Set(rs.map((r) => r.date))].sort().join(', ');
    out.push(
      `\`${s}\`: its runs on variants 05-09 (${dates(added)}) made a median ${billions(added).toFixed(2)} billion evaluations in their budget against ${billions(old).toFixed(2)} billion on 00-04 (${dates(old)}), ${Math.round((100 * billions(added)) / billions(old))} %: a loaded machine does less per CPU second, and a solver changed between those dates may do other work per evaluation, so the two may not be alike.\n`,
    );
  }
  return out;
}

function pinnedReport(): string {
  const { runs, rescored } = latestRescored(readLog(PIN_LOG));
  const out: string[] = [
    '# Eternity II with 8 pieces pinned: the public single-core benchmark\n',
    'Written by `npm run bench -- edge-e2 --instances e2-8pin` from every run recorded in `edge-e2-8pin.jsonl` (the latest per variant, solver, seed and budget).',
    "The protocol: variants 00-04 of the public benchmark (resources/instances/e2-8pin: the official pieces with the starter, the four clue pieces and three corners pinned), 3 seeds each, 60 CPU seconds of one core per run, measured by each solver process. Variants 05-09 (the rest of the public benchmark's ten) were added on 2026-12-01 to see the settings on puzzles their tuning never saw.",
    `Machine: ${machine()}.\n`,
  ];
  for (const seconds of [...new Set(runs.map((r) => r.seconds))].sort((a, b) => a - b)) {
    const mine = runs.filter((r) => r.seconds === seconds);
    const solvers = [...new Set(mine.map((r) => r.solver))];
    const variants = PIN_VARIANTS.filter((v) => mine.some((r) => r.instance === pinLabel(v)));
    out.push(`## ${seconds} CPU s per run${seconds === 60 ? ` (target: mean >= ${PIN_TARGET} over variants 00-04, 3 seeds each)` : ''}\n`);
    const rows = solvers.map((s) => {
      const rs = mine.filter((r) => r.solver === s);
      const on = (v: number): Record_[] => rs.filter((r) => r.instance === pinLabel(v)).sort((a, b) => a.seed - b.seed);
      const protocol = rs.filter((r) => PIN_PROTOCOL.map(pinLabel).includes(r.instance));
      const { tuned, unseen } = tuningSplit(rs);
      return [
        `\`${s}\``,
        rs.length,
        meanOf(protocol),
        meanOf(tuned),
        meanOf(unseen),
        meanOf(PIN_PROTOCOL.slice(0, 3).flatMap(on)),
        ...variants.map((v) =>
          on(v).length
            ? `${on(v)
                .map((r) => r.best)
                .join(', ')} (${mean(on(v).map((r) => r.best)).toFixed(1)})`
            : '-',
        ),
        `${(median(rs.map((r) => r.bestMs)) / 1000).toFixed(1)} s`,
      ];
    });
    out.push(
      mdTable(
        [
          'solver',
          'runs',
          'mean 00-04 (runs)',
          'tuned on (00, 01)',
          'never seen in tuning (02-09)',
          'mean 00-02',
          ...variants.map(pinLabel),
          'median time of best',
        ],
        rows,
      ),
    );
    out.push('');
    out.push(...searchedLess(mine, solvers));
  }
  out.push(
    'Tuned on: `beam`\'s suffix passes and pinned look-ahead (in every row here) were screened on variants 00 and 01, seed 1, 30 CPU s (`edge-e2-beam-profile.md`, "Screening"); `e2-minute`\'s `exhaust=3` and `band=4` were chosen on Eternity II with the starter piece and the META 2010 boards (`beam-passes`). Variants 02-04 were in the protocol runs that reported each change after it was chosen; 05-09 in none before 2026-12-01.',
    '',
  );
  out.push('## Public figures, run on this machine\n');
  out.push(
    mdTable(
      ['program', 'mean 00-02', ...PIN_PROTOCOL.slice(0, 3).map(pinLabel)],
      PIN_PUBLIC.map((p) => [p.who, mean(p.perVariant).toFixed(1), ...p.perVariant]),
    ),
  );
  out.push(
    '',
    'raphael-anjou/eternity2 `research/experiments/single-core-benchmark` (variants from `variants/variant_0N.csv`), built and run side by side with ours on this 2-core machine (2026-11-27), one seed each. Its own report (REPORT.md: beam 454.8, ALNS 452.9 over 10 variants) ran on a machine about 2.1-2.6x faster per core.',
    '',
    'What was tried on `beam` for these figures (with the figures each gave, also what did not help) and where its CPU goes: `edge-e2-beam-profile.md`.',
    '',
  );
  out.push(...rescoredSection(rescored));
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
