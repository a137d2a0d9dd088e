/**
 * `workbench study create|run|show|export|stop|list`: a study is a grid of runs (puzzles x solver
 * settings x seeds) made through the same run manager queue as every other run.
 */
import path from 'node:path';
import { nodeWorkerSpawner } from '../runs/node-host';
import { Workbench } from '../services/workbench';
import { dbFile, recoverOrSay, type DbUse } from './db-file';
import { Studies, type Study } from '../studies/studies';
import { RemoteRuns } from '../studies/redis/coordinator';
import { MAX_STUDY_CONCURRENCY, studySize } from '../studies/spec';
import { studyCsv, studyGridText, studyJson, studyMarkdown, studyText } from '../studies/report';
import { displayText, oneLine } from '../../core/text/display';
import { studyProgressText, studyStatus } from '../../core/text/study-text';
import { idArgument, intervals, intOption, parse, UsageError } from './args';
import { outFile, writeOut } from './out-file';
import { readText } from './commands';
import { fmtMoment, table } from './output';
import { hasEnded } from '../../core/engine/run-types';

const SUBCOMMANDS = ['create', 'run', 'show', 'export', 'stop', 'list'] as const;

export async function study(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'create':
      return create(rest);
    case 'run':
      return run(rest);
    case 'show':
      return show(rest);
    case 'export':
      return exportStudy(rest);
    case 'stop':
      return stop(rest);
    case 'list':
      return list(rest);
    default:
      throw new UsageError(
        sub === undefined || sub.startsWith('-')
          ? `study needs a subcommand: ${SUBCOMMANDS.join(', ')}`
          : `unknown study subcommand "${sub}" (try: ${SUBCOMMANDS.join(', ')})`,
      );
  }
}

/** The command's workbench and studies; `use` 'read' refuses a database that is not there (see db-file.ts). */
function open(
  db: string | undefined,
  use: DbUse,
  opts: { concurrency?: number; checkpointIntervalMs?: number; progressIntervalMs?: number } = {},
): { wb: Workbench; studies: Studies } {
  const wb = Workbench.open({ dbPath: dbFile(db, use), spawn: nodeWorkerSpawner(), ...opts });
  recoverOrSay(wb);
  return { wb, studies: new Studies(wb) };
}

function studyId(v: string | undefined): number {
  if (v === undefined) throw new UsageError('missing ID (a study id; see `workbench study list`)');
  return idArgument('ID', v);
}

function mustStudy(studies: Studies, id: number): Study {
  try {
    return studies.get(id);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

async function create(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(argv, { db: { type: 'string' } }, 1);
  const file = positionals[0];
  if (file === undefined) throw new UsageError('missing FILE (a study file, JSON; see README "Studies")');
  const text = readText(file);
  const { wb, studies } = open(v.db, 'make');
  try {
    const s = studies.create(text, file, { readFile: readText });
    process.stdout.write(`${s.id}\n`);
    process.stderr.write(`${oneLine(`study ${s.id} "${displayText(s.name, 80)}": ${studyGridText(s)}`)}\n`);
    return 0;
  } finally {
    await wb.dispose();
  }
}

async function run(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(
    argv,
    {
      db: { type: 'string' },
      concurrency: { type: 'string' },
      json: { type: 'boolean' },
      'checkpoint-every': { type: 'string' },
      'progress-every': { type: 'string' },
      redis: { type: 'string' },
    },
    1,
  );
  const id = studyId(positionals[0]);
  const concurrency = intOption('concurrency', v.concurrency, 1, MAX_STUDY_CONCURRENCY);
  const every = intervals(v);
  // The study's own concurrency needs the study first: peek with a workbench that runs nothing.
  let spec;
  {
    const peek = open(v.db, 'read', { concurrency: 1 });
    try {
      spec = mustStudy(peek.studies, id).spec;
    } finally {
      await peek.wb.dispose();
    }
  }
  const { wb, studies: here } = open(v.db, 'read', {
    // --concurrency, else the study file's, else the run manager's default (cores - 1).
    ...((concurrency ?? spec.concurrency) !== null ? { concurrency: concurrency ?? spec.concurrency! } : {}),
    ...every,
  });
  // With --redis the runs go to the workers' queue (--concurrency: at most N of them on it at once).
  const remote = v.redis === undefined ? null : await openRemote(wb, v.redis, concurrency, every);
  const studies = remote ? new Studies(wb, remote) : here;
  const tty = process.stderr.isTTY && !v.json;
  let stopping = 0;
  const onSigint = (): void => {
    stopping++;
    if (stopping > 1) process.exit(130);
    if (tty) process.stderr.write('\nstopping the study (Ctrl+C again to abandon; `workbench study run` continues it)...\n');
    void studies.stop(id);
  };
  try {
    let timer: NodeJS.Timeout | undefined;
    if (tty) {
      const line = (): void => void process.stderr.write(`\r\x1b[Kstudy ${id}: ${studyProgressText(studies.progress(id))}`);
      timer = setInterval(line, 500);
    }
    process.on('SIGINT', onSigint);
    await studies.run(id, (r) => {
      if (tty) process.stderr.write('\r\x1b[K');
      process.stderr.write(`${oneLine(`run ${r.id} was interrupted (${r.error ?? 'its solver process ended'}); resuming it from its last checkpoint`)}\n`);
    });
    process.off('SIGINT', onSigint);
    if (timer) clearInterval(timer);
    if (tty) process.stderr.write('\r\x1b[K');
    const results = studies.analysed(id);
    const s = mustStudy(studies, id);
    if (v.json) process.stdout.write(`${JSON.stringify(studyJson(s, results.progress, results.cells, results.analysis))}\n`);
    else process.stdout.write(`${studyText(s, results.progress, results.cells, results.analysis)}\n`);
    const p = results.progress;
    if (p.done === p.planned) return 0;
    // Failed runs are not run again (their settings fail the same way); the rest can continue.
    const next =
      p.done + p.failed === p.planned ? `${p.failed} failed: see \`workbench runs --status failed\`` : `continue it with \`workbench study run ${id}\``;
    process.stderr.write(`${oneLine(`study ${id} is not complete: ${studyProgressText(p)} (${next})`)}\n`);
    return stopping > 0 ? 130 : 1;
  } finally {
    process.off('SIGINT', onSigint);
    await remote?.dispose();
    await wb.dispose();
  }
}

async function openRemote(
  wb: Workbench,
  url: string,
  concurrency: number | undefined,
  every: { checkpointIntervalMs?: number; progressIntervalMs?: number },
): Promise<RemoteRuns> {
  try {
    return await RemoteRuns.open(wb.store, url, {
      elsewhere: wb.runs,
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...every,
    });
  } catch (e) {
    await wb.dispose();
    throw e;
  }
}

async function show(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(argv, { db: { type: 'string' }, json: { type: 'boolean' }, markdown: { type: 'boolean' } }, 1);
  if (v.json && v.markdown) throw new UsageError('give --json or --markdown, not both');
  const id = studyId(positionals[0]);
  const { wb, studies } = open(v.db, 'read');
  try {
    const s = mustStudy(studies, id);
    // The comparisons (tests, effect sizes, bootstrap intervals) come with every form of the results.
    const { progress, cells, analysis } = studies.analysed(id);
    if (v.json) process.stdout.write(`${JSON.stringify(studyJson(s, progress, cells, analysis))}\n`);
    else if (v.markdown) process.stdout.write(`${studyMarkdown(s, progress, cells, analysis)}\n`);
    else process.stdout.write(`${studyText(s, progress, cells, analysis)}\n`);
    return 0;
  } finally {
    await wb.dispose();
  }
}

const EXPORT_FORMATS = ['csv', 'markdown', 'json'] as const;

/**
 * The study's results as a file: CSV, markdown or JSON (all with the stop budget, the clock and
 * the program's version). Markdown written to `--out X.md` gets its critical-difference diagram
 * beside it as X-cd.svg; to stdout the diagram is inline SVG.
 */
async function exportStudy(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(argv, { db: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } }, 1);
  const format = v.format ?? 'markdown';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format ${format}: give ${EXPORT_FORMATS.join(', ')}`);
  const id = studyId(positionals[0]);
  outFile('out', v.out);
  const { wb, studies } = open(v.db, 'read');
  try {
    const s = mustStudy(studies, id);
    const { progress, cells, analysis } = studies.analysed(id);
    let text: string;
    let svg: { file: string; text: string } | null = null;
    if (format === 'csv') text = studyCsv(s, cells, analysis);
    else if (format === 'json') text = `${JSON.stringify(studyJson(s, progress, cells, analysis), null, 2)}\n`;
    else {
      const diagram = analysis.overPuzzles?.diagram ?? null;
      if (v.out && diagram) {
        const file = `${v.out.replace(/\.(md|markdown)$/i, '')}-cd.svg`;
        svg = { file, text: diagram };
        text = `${studyMarkdown(s, progress, cells, analysis, { file: path.basename(file) })}\n`;
      } else text = `${studyMarkdown(s, progress, cells, analysis)}\n`;
    }
    if (!v.out) {
      process.stdout.write(text);
      return 0;
    }
    writeOut('out', v.out, text);
    if (svg) writeOut('out', svg.file, svg.text);
    process.stderr.write(`${oneLine(`study ${id}: wrote ${v.out}${svg ? ` and ${svg.file}` : ''}`, 600)}\n`);
    return 0;
  } finally {
    await wb.dispose();
  }
}

async function stop(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(argv, { db: { type: 'string' } }, 1);
  const id = studyId(positionals[0]);
  const { wb, studies } = open(v.db, 'read');
  try {
    mustStudy(studies, id);
    const ended = await studies.stop(id);
    const still = ended.filter((r) => !hasEnded(r.status));
    if (still.length > 0) {
      process.stderr.write(
        `study ${id}: asked ${ended.length} runs to stop, but ${still.length} are still ${still[0]!.status} (run ${still.map((r) => r.id).join(', ')})\n`,
      );
      return 1;
    }
    process.stdout.write(
      `study ${id}: ${ended.length === 0 ? 'nothing was running' : `${ended.length} runs stopped`} (${studyProgressText(studies.progress(id))})\n`,
    );
    return 0;
  } finally {
    await wb.dispose();
  }
}

async function list(argv: string[]): Promise<number> {
  const { values: v } = parse(argv, { db: { type: 'string' }, json: { type: 'boolean' } }, 0);
  const { wb, studies } = open(v.db, 'read');
  try {
    const all = studies.list().map((s) => ({ s, progress: studies.progress(s.id) }));
    if (v.json) {
      process.stdout.write(
        `${JSON.stringify(all.map(({ s, progress }) => ({ id: s.id, name: s.name, family: s.spec.family, createdAt: s.createdAt, runs: studySize(s.spec), status: studyStatus(progress), progress })))}\n`,
      );
    } else if (all.length === 0) process.stdout.write(`no studies yet in ${wb.store.path}\n`);
    else
      process.stdout.write(
        `${table(
          ['id', 'name', 'family', 'grid', 'status', 'progress', 'created'],
          all.map(({ s, progress }) => [
            String(s.id),
            displayText(s.name, 60),
            s.spec.family,
            studyGridText(s),
            studyStatus(progress),
            studyProgressText(progress),
            fmtMoment(s.createdAt),
          ]),
        )}\n`,
      );
    return 0;
  } finally {
    await wb.dispose();
  }
}
