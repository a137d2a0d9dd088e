/**
 * `npm run bench -- study TEMPLATE [options]`: a paper's table run as a study, the way `workbench
 * study run` and the app run it (the run manager's queue, one solver process per run, every run
 * in SQLite), its results table printed beside the paper's figures and written to
 * bench/results/study-TEMPLATE.md. TEMPLATE is a file of resources/studies without `.json`
 * (msgvns-table1, niang-table9, aspinall-table2, cs440-hill-climbing, casse-tete-almuhaideb,
 * eternity2-comparison).
 *
 * Options:
 *   --seeds N         seeds 1..N instead of the template's
 *   --seconds S       per run instead of the template's limits (a study counts running time)
 *   --puzzles a,b     keep these puzzles: indices from 0, labels or group names
 *   --solvers a,b     keep these solver settings: indices from 0 or labels
 *   --concurrency N   runs at once (default: cores - 1)
 *   --db FILE         keep the study in this database (default: a temporary one)
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeWorkerSpawner } from '../src/main/runs/node-host';
import { Workbench } from '../src/main/services/workbench';
import { studyMarkdown } from '../src/main/studies/report';
import { Studies } from '../src/main/studies/studies';
import { selectFromStudy, shortenStudy } from '../src/main/studies/template';
import { studyProgressText } from '../src/core/text/study-text';
import type { StudyRun } from '../src/main/store/studies';
import { machine, numOpt, options, writeResult } from './util';

const TEMPLATES = fileURLToPath(new URL('../resources/studies/', import.meta.url));

export interface StudyBench {
  template: string;
  /** Keep a puzzle (its entry in the file and its index). */
  keepPuzzle?: (p: unknown, i: number) => boolean;
  keepSolver?: (s: unknown, i: number) => boolean;
  seeds?: number;
  seconds?: number;
  concurrency?: number;
  db?: string;
  /** Results file name in bench/results, and the command that wrote it. */
  out: string;
  command: string;
  /** Said under the heading of the results file. */
  note?: string;
}

/** A study run to its end, open for reading (its runs, their events) until `close`. */
export interface FinishedStudy {
  wb: Workbench;
  studies: Studies;
  id: number;
  dbPath: string;
  /** Wall seconds the study took. */
  wallSeconds: number;
  close(): Promise<void>;
}

/**
 * Create a study from its file's JSON and run it to its end the way `workbench study run` does
 * (the run manager's queue, one solver process per run, every run in SQLite), saying how far it
 * got every 10 s (and calling `tick` then). Running it again on the same `db` continues it.
 */
export async function runStudy(
  json: Record<string, unknown>,
  file: string,
  opts: { out: string; concurrency?: number; db?: string; existing?: number; tick?: (wb: Workbench, studies: Studies, id: number) => void },
): Promise<FinishedStudy> {
  const dbPath = opts.db ?? join(mkdtempSync(join(tmpdir(), 'study-bench-')), 'study.db');
  const wb = Workbench.open({ dbPath, spawn: nodeWorkerSpawner(), ...(opts.concurrency ? { concurrency: opts.concurrency } : {}) });
  const studies = new Studies(wb);
  try {
    const id = opts.existing ?? studies.create(JSON.stringify(json), file, { readFile: (f) => readFileSync(f, 'utf8') }).id;
    process.stderr.write(`${opts.out}: study ${id} in ${dbPath}\n`);
    const timer = setInterval(() => {
      process.stderr.write(`${opts.out}: ${studyProgressText(studies.progress(id))}\n`);
      opts.tick?.(wb, studies, id);
    }, 10_000);
    const t0 = Date.now();
    try {
      await studies.run(id, (r) => process.stderr.write(`${opts.out}: run ${r.id} was interrupted; resuming it from its checkpoint\n`));
    } finally {
      clearInterval(timer);
    }
    return { wb, studies, id, dbPath, wallSeconds: Math.round((Date.now() - t0) / 1000), close: () => wb.dispose() };
  } catch (e) {
    await wb.dispose();
    throw e;
  }
}

/**
 * Runs the study JSON the way `workbench study run` does, hands it to `read` and closes it.
 * The bench's `--concurrency N` sets runs at once (default: cores - 1), its `--db FILE` keeps the
 * study and its runs (default: a temporary database).
 */
export async function withStudy<T>(
  json: Record<string, unknown>,
  file: string,
  out: string,
  raw: Record<string, string | true>,
  read: (done: FinishedStudy) => T | Promise<T>,
): Promise<T> {
  const done = await runStudy(json, file, {
    out,
    ...(raw.concurrency !== undefined ? { concurrency: numOpt(raw, 'concurrency', 1) } : {}),
    ...(typeof raw.db === 'string' ? { db: raw.db } : {}),
  });
  try {
    return await read(done);
  } finally {
    await done.close();
  }
}

/** The study's finished runs, by puzzle index then solver index, in seed order. */
export function doneRuns(done: FinishedStudy): StudyRun[] {
  return done.studies
    .runs(done.id)
    .filter((r) => r.run.status === 'done' && r.run.bestScore !== null)
    .sort((a, b) => a.puzzleIndex - b.puzzleIndex || a.configIndex - b.configIndex || a.seed - b.seed);
}

/** `solver` or `solver:preset` as a study file's solver entry. */
export function solverEntry(spec: string, label = spec): { solver: string; preset?: string; label: string } {
  const [solver, preset] = spec.split(':');
  return { solver: solver!, ...(preset ? { preset } : {}), label };
}

/** A template's JSON, cut down and shortened as a bench asks. */
export function templateJson(b: Pick<StudyBench, 'template' | 'keepPuzzle' | 'keepSolver' | 'seeds' | 'seconds'>): {
  json: Record<string, unknown>;
  file: string;
} {
  const file = join(TEMPLATES, `${b.template}.json`);
  let json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  json = selectFromStudy(json, b.keepPuzzle ?? (() => true), b.keepSolver ?? (() => true));
  json = shortenStudy(json, { ...(b.seeds !== undefined ? { seeds: b.seeds } : {}), ...(b.seconds !== undefined ? { seconds: b.seconds } : {}) });
  return { json, file };
}

/** Runs a template as a study; returns the markdown written. */
export async function runStudyBench(b: StudyBench): Promise<string> {
  const { json, file } = templateJson(b);
  const done = await runStudy(json, file, { out: b.out, ...(b.concurrency ? { concurrency: b.concurrency } : {}), ...(b.db ? { db: b.db } : {}) });
  try {
    const { studies, id } = done;
    const { progress, cells } = studies.results(id);
    const table = studyMarkdown(studies.get(id), progress, cells);
    const md = [
      `# ${b.template} as a study\n`,
      `Written by \`${b.command}\` on ${new Date().toISOString().slice(0, 10)}, ${machine()}: the template \`resources/studies/${b.template}.json\` run through the study machinery (run manager queue, one solver process per run, SQLite) in ${done.wallSeconds} s of wall time.`,
      `${b.note ?? 'Seconds are CPU seconds of one core per run, measured by each solver process.'}\n`,
      table.replace(/^## /, '## Results: '),
      '',
    ].join('\n');
    const out = fileURLToPath(new URL(`./results/${b.out}.md`, import.meta.url));
    writeResult(out, md);
    process.stdout.write(`${table}\n`);
    process.stderr.write(`written to ${out}\n`);
    return md;
  } finally {
    await done.close();
  }
}

/** Index from 0, or a label (or group) in the file. */
function picker(v: string | true | undefined, label: (x: unknown) => string[]): ((x: unknown, i: number) => boolean) | undefined {
  if (typeof v !== 'string') return undefined;
  const wanted = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  return (x, i) => wanted.some((w) => (/^\d+$/.test(w) ? Number(w) === i : label(x).includes(w)));
}

const names = (x: unknown): string[] => {
  const o = (typeof x === 'object' && x !== null ? x : {}) as Record<string, unknown>;
  return [o.name, o.label, o.group, o.file, o.solver].filter((v): v is string => typeof v === 'string');
};

export async function run(argv: string[]): Promise<void> {
  const known = readdirSync(TEMPLATES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
  const [template, ...rest] = argv;
  if (!template || !known.includes(template)) throw new Error(`name a template first: ${known.join(', ')}`);
  const o = options(rest);
  await runStudyBench({
    template,
    keepPuzzle: picker(o.puzzles, names),
    keepSolver: picker(o.solvers, names),
    ...(o.seeds !== undefined ? { seeds: numOpt(o, 'seeds', 1) } : {}),
    ...(o.seconds !== undefined ? { seconds: numOpt(o, 'seconds', 60) } : {}),
    ...(o.concurrency !== undefined ? { concurrency: numOpt(o, 'concurrency', 1) } : {}),
    ...(typeof o.db === 'string' ? { db: o.db } : {}),
    out: `study-${template}`,
    command: `npm run bench -- study ${argv.map((x) => (/\s/.test(x) ? `"${x}"` : x)).join(' ')}`,
  });
}
