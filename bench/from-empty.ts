/**
 * `npm run bench -- from-empty [--seeds 1-5] [--seconds 14400] [--threads 2] [--preset overnight] [--set a=1+b=2]
 *   [--targets 465,466,467] [--instance FILE] [--db bench/tmp/from-empty.db] [--out FILE] [--report]`
 *
 * Issue 50 item 1, its second half: how many long runs from the empty board reach the plateau's
 * scores, and when. Eternity II with the starter piece, `beam` with the preset on `--threads`
 * threads, one run per seed, each with `--seconds` CPU seconds of all its threads (two hours of
 * both cores by default), one run at a time. `--set` overrides the preset's parameters (`+` between
 * them, as the plateau bench's settings), so a setting is measured from empty as the preset is.
 *
 * The runs are a study kept in `--db`: a night's work that a session's end, a reboot or Ctrl+C
 * cuts short goes on where it stood when the same command runs again (the study's finished runs
 * kept, its cut ones resumed from their checkpoints). `--report` only writes the report from the
 * database.
 *
 * The report counts every finished run: a failed run counts as one that reached nothing, and the
 * medians read the runs that never reached a score as slower than the budget. Each run's best
 * board is re-scored with the recorder's check before its figures count, and every finished run
 * keeps its run file beside the report (the board, its curve, to import and resume): the database
 * lives on one machine, and a run of hours is not to be lost with it. Every ten minutes the
 * unfinished run's file is kept too, checkpoint inside (seedN.partial.run.json). Run on a new
 * database (the old one lost), the bench takes the kept files back into the study's cells and
 * resumes or runs only what they do not hold.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunStatus } from '../src/core/engine/run-types';
import { nodeWorkerSpawner } from '../src/main/runs/node-host';
import { Workbench } from '../src/main/services/workbench';
import { parseStudy, type StudySpec } from '../src/main/studies/spec';
import { Studies } from '../src/main/studies/studies';
import { reachTimes } from './edge-e2/runs';
import { beamParams } from '../src/core/families/edge/beam';
import { setting } from './beam-passes';
import { passTailTable, passTallyOf } from './pass-tally';
import { plateauRate } from './rate';
import { puzzleOfFile, rescore } from './records';
import { runStudy } from './study';
import { machine, mdTable, medianText, numOpt, options, seedList, writeResult } from './util';
import { countNoun } from '../src/core/text/plural';
import { isFinal } from '../src/core/engine/run-types';
import type { PassTally } from '../src/core/families/edge/beam/tally';
import { FINISHED, KEEP_UNFINISHED_EVERY_MS, resumable, UNFINISHED } from './kept-runs';

const root = fileURLToPath(new URL('..', import.meta.url));
const INSTANCE = 'resources/studies/puzzles/eternity2_starter.txt';

export interface FromEmptyOptions {
  instance: string;
  preset: string;
  /** Overrides of the preset's parameters, `name=value` joined by `+` (empty: none). */
  set?: string;
  threads: number;
  seeds: number[];
  seconds: number;
}

/** The study the bench runs: one puzzle, one setting, the seeds, a CPU budget, one run at a time. */
export function fromEmptyStudy(o: FromEmptyOptions): Record<string, unknown> {
  const label = settingLabel(o);
  return {
    name: `From empty: ${label} on ${o.threads} threads, ${o.seconds} CPU s (${basename(o.instance)})`,
    description: 'npm run bench -- from-empty: long runs from the empty board, when each first reaches the plateau scores (issue 50 item 1).',
    puzzles: [{ file: resolve(root, o.instance), name: basename(o.instance) }],
    solvers: [{ solver: 'beam', preset: o.preset, params: { threads: o.threads, ...setting(o.set ?? '', beamParams, '--set') }, label }],
    seeds: o.seeds,
    stop: { seconds: o.seconds, clock: 'cpu' },
    concurrency: 1,
  };
}

/** The setting's name in the study and the report: `beam:PRESET`, its overrides after a `+`. */
const settingLabel = (o: FromEmptyOptions): string => `beam:${o.preset}${o.set ? `+${o.set}` : ''}`;

/** One run as the report reads it. */
export interface FromEmptyRun {
  seed: number;
  status: RunStatus;
  /** CPU seconds it ran (all its threads). */
  cpu: number;
  best: number | null;
  /** CPU seconds at which it first reached each score from the first target up. */
  reach: Record<string, number>;
  /** Why its best board does not give its best score, or null when it does (or it has none yet). */
  refused: string | null;
  /** Where its run file was kept, once it finished with a best that re-scores. */
  runFile?: string;
  /** Its passes at the top width from its last checkpoint (pass-tally.ts), where it counts them. */
  passes?: PassTally | null;
}

/**
 * The report: per target, how many finished runs reached it within the budget and the median time
 * with the others slower than the budget; then every run. Failed runs count (as reaching nothing),
 * unfinished ones are listed but not counted, refused ones are left out and named.
 */
export function fromEmptyReport(runs: readonly FromEmptyRun[], targets: readonly number[], budget: number): string {
  const counted = runs.filter((r) => isFinal(r.status) && r.refused === null);
  const summary = targets.map((t) => {
    const times = counted.map((r) => (r.status === 'done' ? (r.reach[t] ?? null) : null));
    return [String(t), `${times.filter((x) => x !== null).length} of ${counted.length}`, medianText(times, budget)];
  });
  const secs = (x: number | undefined): string => (x === undefined ? '-' : x.toFixed(1));
  const rows = [...runs]
    .sort((a, b) => a.seed - b.seed)
    .map((r) => [
      String(r.seed),
      r.refused !== null ? `refused: ${r.refused}` : isFinal(r.status) ? r.status : `${r.status}, not counted yet`,
      r.cpu.toFixed(0),
      r.best === null ? '-' : String(r.best),
      ...targets.map((t) => secs(r.reach[t])),
      r.runFile ? `[run file](${r.runFile})` : '',
    ]);
  const failed = counted.filter((r) => r.status === 'failed').length;
  // Each score as a rate over all the CPU from the runs' starts to their first pass at it (to their
  // budget where it never came). The records come from whole new boards of full passes (tops.md),
  // and a full pass owes nothing to the run's best: a 466 is as likely before a run's first 465 as
  // after it. So the CPU spent at the score below (the reading this table gave before 2026-12-07)
  // is the wrong exposure: it left out the hours a full pass could have made the score anyway.
  const rates = targets.map((t) => {
    const waits = counted.map((r) => ({ reached: r.status === 'done' ? (r.reach[t] ?? null) : null, spent: r.cpu }));
    return [String(t), String(waits.filter((w) => w.reached !== null).length), plateauRate(waits)];
  });
  return [
    mdTable(['score', `runs that reached it within ${budget} CPU s`, 'median CPU s (censored)'], summary),
    '',
    "Each score as a rate: the CPU seconds of every counted run from its start to its first pass at the score (to its budget where it never came) read as one stream, with the exact 95 % interval of how often the score came (a memoryless wait: a full pass, where the records come from, owes nothing to the run's best):",
    '',
    mdTable(['score', 'runs that reached it', 'one per X CPU s from the start (95 %)'], rates),
    '',
    passTailTable(
      counted.flatMap((r) => (r.passes ? [{ passes: r.passes, cpu: r.cpu }] : [])),
      targets,
      counted.length,
    ),
    '',
    'Each run (CPU seconds of all its threads; `-`: not reached):',
    '',
    mdTable(['seed', 'status', 'CPU s run', 'best', ...targets.map((t) => `${t} at`), 'kept'], rows),
    ...(failed > 0 ? ['', `${countNoun(failed, 'failed run')} counted as reaching nothing.`] : []),
  ].join('\n');
}

/** Whether two files hold the same puzzle (the report's tuned-on line: a copy or another path of the puzzle the preset was tuned on is that puzzle). */
export function samePuzzle(a: string, b: string): boolean {
  return JSON.stringify(puzzleOfFile(resolve(root, a))) === JSON.stringify(puzzleOfFile(resolve(root, b)));
}

/**
 * The study's runs as the report reads them, each best re-scored; finished runs keep their run
 * file in `keep`, written once (`written` holds the runs whose file is written).
 */
function readRuns(
  wb: Workbench,
  studies: Studies,
  id: number,
  o: FromEmptyOptions,
  targets: readonly number[],
  keep: string,
  written: Set<number>,
): FromEmptyRun[] {
  const ref = puzzleOfFile(resolve(root, o.instance));
  return studies.runs(id).map(({ seed, run }) => {
    const improvements = wb.store.events(run.id, { kinds: ['improvement'] }).map((e) => ({ t: e.elapsedMs / 1000, score: e.bestScore }));
    const board = wb.store.getRun(run.id)?.bestSolution ?? null;
    const refused = run.bestScore === null || board === null ? null : rescore(ref, board, run.bestScore);
    const r: FromEmptyRun = {
      seed,
      status: run.status,
      cpu: run.elapsedMs / 1000,
      best: run.bestScore,
      reach: reachTimes(improvements, Math.min(...targets)),
      refused,
      passes: passTallyOf(wb.store.latestCheckpoint(run.id)?.state),
    };
    if (refused === null && run.bestScore !== null && run.status === 'done') {
      const file = keptFile(keep, seed);
      if (!written.has(run.id)) writeResult(file, wb.exportRunFile(run.id).text);
      written.add(run.id);
      r.runFile = relative(dirname(keep), file);
    }
    if (isFinal(run.status)) rmSync(partialFile(keep, seed), { force: true });
    return r;
  });
}

export async function run(argv: string[]): Promise<void> {
  const raw = options(argv);
  const o: FromEmptyOptions = {
    instance: typeof raw.instance === 'string' ? raw.instance : INSTANCE,
    preset: typeof raw.preset === 'string' ? raw.preset : 'overnight',
    ...(typeof raw.set === 'string' && raw.set !== '' ? { set: raw.set } : {}),
    threads: numOpt(raw, 'threads', 2),
    seeds: typeof raw.seeds === 'string' ? seedList(raw.seeds) : [1, 2, 3, 4, 5],
    seconds: numOpt(raw, 'seconds', 14_400),
  };
  if (!Number.isInteger(o.threads) || o.threads < 1) throw new Error('--threads expects a whole number of at least 1');
  if (!(o.seconds > 0)) throw new Error('--seconds expects CPU seconds above 0');
  if (!existsSync(resolve(root, o.instance))) throw new Error(`--instance: there is no ${o.instance}`);
  const targets = (typeof raw.targets === 'string' ? raw.targets : '465,466,467').split(',').map(Number);
  if (targets.some((t) => !Number.isInteger(t))) throw new Error('--targets expects whole scores separated by commas');
  const db = resolve(typeof raw.db === 'string' ? raw.db : join(root, 'bench/tmp/from-empty.db'));
  const out = resolve(typeof raw.out === 'string' ? raw.out : join(root, DEFAULT_OUT));
  const keep = keptDir(out);
  const json = fromEmptyStudy(o);
  const text = JSON.stringify(json);
  const file = join(root, 'resources/studies/from-empty.json');

  // The same study in the database (same name and settings) is continued, not made again; the
  // run files kept beside the report fill its empty cells, so a lost database loses no finished run.
  const look = Workbench.open({ dbPath: db, spawn: nodeWorkerSpawner() });
  let existing: number | undefined;
  try {
    const studies = new Studies(look);
    const spec = studyKey(parseStudy(text, file, { readFile: (f) => readFileSync(f, 'utf8'), libraryPuzzle: () => null }));
    existing = studies.list().find((s) => studyKey(s.spec) === spec)?.id;
    if (raw.report !== true) {
      existing ??= studies.create(text, file, { readFile: (f) => readFileSync(f, 'utf8') }).id;
      for (const seed of adoptKept(studies, existing, o.seeds, keep)) {
        const run = studies.runs(existing).find((l) => l.seed === seed)!.run;
        const how = isFinal(run.status) ? 'its kept run file' : `its kept unfinished run file (${run.status}, resumed from its checkpoint)`;
        process.stderr.write(`from-empty: seed ${seed} taken from ${how}\n`);
      }
    }
  } finally {
    await look.dispose();
  }
  if (raw.report === true && existing === undefined) throw new Error(`--report: ${db} holds no such study yet`);

  let partialAt = Date.now();
  const written = new Set<number>();
  const command = `npm run bench -- from-empty${argv.length ? ` ${argv.join(' ')}` : ''}`;
  const started = new Date().toISOString().slice(0, 16);
  const done =
    raw.report === true
      ? await openOnly(db, existing!)
      : await runStudy(json, file, {
          out: 'from-empty',
          concurrency: o.threads,
          db,
          ...(existing !== undefined ? { existing } : {}),
          tick: (wb, studies, id) => {
            if (Date.now() - partialAt < KEEP_UNFINISHED_EVERY_MS) return;
            partialAt = Date.now();
            // Finished runs' files too (re-scored first), so a run that ends is kept within minutes, not at the study's end.
            readRuns(wb, studies, id, o, targets, keep, written);
            keepPartial(wb, studies, id, keep);
          },
        });
  try {
    const runs = readRuns(done.wb, done.studies, done.id, o, targets, keep, written);
    const md = [
      '# From the empty board: when long runs first reach the plateau scores\n',
      `\`${command}\`, from ${started}Z; ${machine()}; study ${done.id} in ${relative(root, db) || db}.`,
      `${o.instance}, \`${settingLabel(o)}\` on ${countNoun(o.threads, 'thread')}, seeds ${o.seeds.join(', ')}, ${o.seconds} CPU s a run (all its threads), one run at a time.`,
      samePuzzle(o.instance, INSTANCE)
        ? `Tuned on: this puzzle (the preset's settings were chosen on Eternity II with the starter piece, docs/measurements.md)${o.set ? `; its overrides (${o.set}) were not tuned` : ''}.\n`
        : 'Tuned on: not this puzzle.\n',
      fromEmptyReport(runs, targets, o.seconds),
      '',
    ].join('\n');
    writeResult(out, md);
    process.stdout.write(`${md}\nwritten to ${out}\n`);
  } finally {
    await done.close();
  }
}

/**
 * What makes two of the bench's studies the same: everything but where their puzzle was read from
 * (the puzzle itself is in the spec), so a checkout moved or cloned elsewhere goes on with its study,
 * and but the parameters at beam's defaults, so a study made before a parameter was added (at a
 * default that keeps the old passes) is still found.
 */
function studyKey(spec: StudySpec): string {
  const configs = spec.configs.map((c) => ({ ...c, params: withoutDefaults(c.params) }));
  return JSON.stringify({ ...spec, configs, puzzles: spec.puzzles.map(({ source: _, ...p }) => p) });
}

function withoutDefaults(params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const defaults: Readonly<Record<string, { default: unknown }>> = beamParams;
  return Object.fromEntries(Object.entries(params).filter(([k, v]) => defaults[k]?.default !== v));
}

/** The report's default place; the runs' files sit beside it in a folder of its name (`keptDir`). */
const DEFAULT_OUT = 'bench/results/from-empty.md';
const keptDir = (out: string): string => out.replace(/\.md$/, '');
const keptFile = (keep: string, seed: number): string => join(keep, `seed${seed}${FINISHED}`);

/** The from-empty reports in bench/results (a report without a folder of runs beside it keeps none). */
const reports = (): string[] =>
  readdirSync(join(root, 'bench/results'))
    .filter((f) => /^from-empty[a-z0-9-]*\.md$/.test(f))
    .sort()
    .map((f) => join('bench/results', f));

/**
 * The finished runs' files kept beside the report `out` (seedN.run.json, not the unfinished runs'
 * `.partial` ones), from the repository's root; every report in bench/results by default (one a
 * code the bench was run on).
 */
export function finishedRunFiles(out?: string): string[] {
  if (out === undefined) return reports().flatMap(finishedRunFiles);
  const keep = keptDir(out);
  if (!existsSync(join(root, keep))) return [];
  return readdirSync(join(root, keep))
    .filter((f) => /^seed\d+\.run\.json$/.test(f))
    .sort()
    .map((f) => join(keep, f));
}
const partialFile = (keep: string, seed: number): string => join(keep, `seed${seed}${UNFINISHED}`);

/**
 * Keep the file of every unfinished run of the study that has a checkpoint (seedN.partial.run.json,
 * its checkpoint inside): a database lost mid-run then costs the run minutes, not hours.
 */
export function keepPartial(wb: Workbench, studies: Studies, id: number, keep: string): void {
  for (const { seed, run } of studies.runs(id)) {
    if (resumable(wb, run)) writeResult(partialFile(keep, seed), wb.exportRunFile(run.id).text);
  }
}

/**
 * Fill the study's seeds that have no run with the run files kept in `keep`: a finished run's
 * (seedN.run.json), else an unfinished one's (seedN.partial.run.json, resumed from its
 * checkpoint), each imported and linked in one transaction. A file that does not hold, or is not
 * this study's run, is named and left alone. Returns the seeds taken.
 */
export function adoptKept(studies: Studies, id: number, seeds: readonly number[], keep: string): number[] {
  const have = new Set(studies.runs(id).map((r) => r.seed));
  const taken: number[] = [];
  for (const seed of seeds) {
    const file = [keptFile(keep, seed), partialFile(keep, seed)].find((f) => existsSync(f));
    if (have.has(seed) || file === undefined) continue;
    try {
      studies.adoptFiles(id, [{ name: file, text: readFileSync(file, 'utf8') }]);
      taken.push(seed);
    } catch (e) {
      process.stderr.write(`from-empty: ${relative(root, file)} not taken: ${(e as Error).message}\n`);
    }
  }
  return taken;
}

async function openOnly(db: string, id: number): Promise<{ wb: Workbench; studies: Studies; id: number; close(): Promise<void> }> {
  const wb = Workbench.open({ dbPath: db, spawn: nodeWorkerSpawner() });
  return { wb, studies: new Studies(wb), id, close: () => wb.dispose() };
}
