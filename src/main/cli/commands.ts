import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { FormatError } from '../../core/document/errors';
import { makeDocument, documentToText } from '../../core/document/document';
import { readPuzzleFile } from '../../core/document/read-file';
import { allFamilies, getFamily, hasFamily } from '../../core/families';
import type { FamilyId } from '../../core/families/family';
import { findSolver } from '../../core/catalogue/catalogue';
import type { SolverDef } from '../../core/engine/solver';
import { allPresets, findPreset, type SolverPreset } from '../../core/presets/presets';
import { parseParamText, type Params, type ParamSchema } from '../../core/params/schema';
import { nodeWorkerSpawner } from '../runs/node-host';
import { solverInfos, Workbench, type RunTarget } from '../services/workbench';
import { dbFile, recoverOrSay, type DbUse } from './db-file';
import type { RunRecord } from '../store/types';
import { describeOwner } from '../store/leases';
import { displayText, escapeControls, oneLine } from '../../core/text/display';
import { MAX_FILE_BYTES } from '../../core/document/limits';
import { withoutBom } from '../../core/document/bom';
import { bytesText, claimText, memoryText, overLimitText, paramChangeText, runTimeText, solverLabel, statusDetail, stopText } from '../../core/text/run-text';
import { outFile, writeOut } from './out-file';
import { idArgument, intervals, intOption, numberOption, parse, seedOption, sizeOption, UsageError } from './args';
import { readerOptionsOf } from './reader-options';
import { showSpread, spreadOptions, useSpread } from './spread-command';
import { listLibrary } from '../services/imports';
import { fmtInt, fmtRate, fmtSeconds, printNotes, runResult, runRow, RUN_HEADERS, scoreText, table, workLines } from './output';
import { runWork } from '../services/run-work';
import { hasEnded, type StopCriteria } from '../../core/engine/run-types';
import { MAX_PAGE } from '../api/runs';
import { mibText } from '../../core/text/numbers';

/** " (12 times the limit of 1,000: ...)" when a run went past its evaluation limit, else ''. */
const overText = (evaluations: number, stop: StopCriteria): string => {
  const over = overLimitText(evaluations, stop);
  return over ? ` (${over})` : '';
};

export const dbOption = { db: { type: 'string' } } as const;
const jsonOption = { json: { type: 'boolean' } } as const;

/** The command's workbench; `use` 'read' refuses a database that is not there (see db-file.ts). */
export function open(db: string | undefined, use: DbUse, extra: { checkpointIntervalMs?: number; progressIntervalMs?: number } = {}): Workbench {
  const wb = Workbench.open({ dbPath: dbFile(db, use), spawn: nodeWorkerSpawner(), concurrency: 1, ...extra });
  recoverOrSay(wb);
  return wb;
}

export function readText(file: string): string {
  try {
    // A named pipe or a device would block or never end: only regular files are read.
    const st = statSync(file);
    if (!st.isFile())
      throw new UsageError(
        `${escapeControls(file)}: not a regular file (${st.isDirectory() ? 'a folder' : st.isFIFO() ? 'a named pipe' : 'a device or socket'})`,
      );
    // Refused before reading, so a huge file costs nothing (see core/document/limits).
    if (st.size > MAX_FILE_BYTES)
      throw new UsageError(`${escapeControls(file)}: the file is ${mibText(st.size)}; puzzle files may be at most ${mibText(MAX_FILE_BYTES)}`);
    // Every file the CLI reads comes through here: a byte order mark is dropped once, for every reader.
    return withoutBom(readFileSync(file, 'utf8'));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const name = escapeControls(file);
    throw new UsageError(code === 'ENOENT' ? `${name}: no such file` : `${name}: cannot read (${code ?? (e as Error).message})`);
  }
}

function parseRunId(v: string | undefined): number {
  if (v === undefined) throw new UsageError('missing RUN (a run id; see `workbench runs`)');
  return idArgument('RUN', v);
}

function mustRun(wb: Workbench, id: number): RunRecord {
  const r = wb.store.getRun(id);
  if (!r) throw new UsageError(`no run ${id} in ${wb.store.path}`);
  return r;
}

/** ", peak memory 640 MB" after a run's figures; nothing for a run whose memory was never measured. */
const peakText = (peak: number | null): string => (peak === null ? '' : `, peak memory ${bytesText(peak)}`);

/**
 * Follow a run to its end with a live line on a terminal; Ctrl+C stops it gracefully. Exits 0
 * only when the run reached its stop criteria; a run that failed or was interrupted says why in
 * one line on stderr and exits 1; one stopped by Ctrl+C exits 130, by another process 1.
 */
async function follow(wb: Workbench, run: RunRecord, json: boolean): Promise<number> {
  const tty = process.stderr.isTTY && !json;
  const unsub = wb.runs.subscribe((e) => {
    if (!tty || e.runId !== run.id || e.type !== 'progress') return;
    process.stderr.write(
      `\r\x1b[Krun ${run.id} ${run.solver}  best ${scoreText(e.bestScore, run.maxScore)}  current ${e.currentScore}  ${fmtInt(e.evaluations)} evals  ${fmtRate(e.evaluations, e.elapsedMs)}  ${fmtSeconds(e.elapsedMs)}${e.memory ? `  ${memoryText(e.memory.rssBytes, e.memory.peakRssBytes)}` : ''}`,
    );
  });
  let interrupted = 0;
  const onSigint = (): void => {
    interrupted++;
    if (interrupted === 1) {
      if (tty) process.stderr.write('\nstopping (Ctrl+C again to abandon)...\n');
      void wb.runs.stop(run.id);
    } else process.exit(130);
  };
  process.on('SIGINT', onSigint);
  const end = await wb.runs.waitFor(run.id);
  process.off('SIGINT', onSigint);
  unsub();
  if (tty) process.stderr.write('\r\x1b[K');
  const problem = end.status === 'failed' || end.status === 'interrupted';
  if (json) process.stdout.write(`${JSON.stringify(runResult(end))}\n`);
  else if (!problem) {
    const r = runResult(end);
    const why = end.stopReason ? ` (${end.stopReason})` : '';
    process.stdout.write(
      `run ${end.id} ${end.status}${why}: ${end.solver} seed ${end.seed}, best ${scoreText(end.bestScore, end.maxScore)}${r.solved && end.maxScore !== null ? ' (solved)' : ''}, ${fmtInt(end.evaluations)} evaluations${overText(end.evaluations, end.stop)} in ${runTimeText(end.elapsedMs, end.stop.clock)}${peakText(end.peakRssBytes)}\n`,
    );
  }
  if (problem) {
    const next = end.status === 'interrupted' ? ` (continue it with \`workbench resume ${end.id}\`)` : '';
    process.stderr.write(`${oneLine(`run ${end.id} ${end.status}: ${end.error ?? 'its solver process ended'}${next}`)}\n`);
  }
  if (end.status === 'done') return 0;
  return end.status === 'stopped' && interrupted > 0 ? 130 : 1;
}

/**
 * `solve` without a file: the family's own build from a size (`Family.fromSize`). Without
 * `--family`, the family whose size options are all given, the one needing most winning (`--remove`
 * makes a casse-tete, a bare size a jump maze).
 */
function puzzleFromSize(
  given: string | undefined,
  size: { rows: number; cols: number } | undefined,
  values: Readonly<Record<string, unknown>>,
): { family: FamilyId; target: Extract<RunTarget, { puzzle: unknown }> } {
  const buildable = allFamilies().filter((f) => f.fromSize);
  const has = (name: string): boolean => typeof values[name] === 'string';
  const family =
    given !== undefined
      ? getFamily(given)
      : buildable.filter((f) => f.fromSize!.options.every((o) => has(o.name))).sort((a, b) => b.fromSize!.options.length - a.fromSize!.options.length)[0];
  if (!family) throw new UsageError(`give a puzzle FILE or --family (${buildable.map((f) => f.id).join(', ')}) --size N`);
  const build = family.fromSize;
  if (!build) throw new UsageError(`${family.label.toLowerCase()} needs a puzzle FILE (e.g. resources/instances/e2_clue1_6x6.txt)`);
  const kind = family.label.toLowerCase();
  const stray = sizeOptionNames().find((n) => has(n) && !build.options.some((o) => o.name === n));
  if (stray !== undefined) throw new UsageError(`--${stray} does not apply to a ${kind} puzzle`);
  if (!size) throw new UsageError(`a ${kind} puzzle needs --size`);
  const options: Record<string, number> = {};
  for (const o of build.options) {
    const n = intOption(o.name, values[o.name] as string | undefined, 0);
    if (n === undefined) throw new UsageError(`a ${kind} puzzle needs --${o.name} N (${o.what})`);
    options[o.name] = n;
  }
  try {
    const { name, puzzle } = build.build(size, options);
    return { family: family.id, target: { family: family.id, name, puzzle } };
  } catch (e) {
    if (e instanceof FormatError) throw e;
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

/** The options families build a puzzle from besides --size (`--remove`). */
const sizeOptionNames = (): string[] => allFamilies().flatMap((f) => (f.fromSize?.options ?? []).map((o) => o.name));

export async function solve(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(
    argv,
    {
      ...dbOption,
      ...jsonOption,
      solver: { type: 'string' },
      preset: { type: 'string' },
      family: { type: 'string' },
      format: { type: 'string' },
      order: { type: 'string' },
      rotation: { type: 'string' },
      frame: { type: 'string' },
      size: { type: 'string' },
      remove: { type: 'string' },
      seconds: { type: 'string' },
      cpu: { type: 'boolean' },
      evaluations: { type: 'string' },
      target: { type: 'string' },
      seed: { type: 'string' },
      set: { type: 'string', multiple: true },
      'checkpoint-every': { type: 'string' },
      'progress-every': { type: 'string' },
      ...spreadOptions,
    },
    1,
  );
  const file = positionals[0];
  if (v.family !== undefined && !hasFamily(v.family))
    throw new UsageError(
      `--family must be one of ${allFamilies()
        .map((f) => f.id)
        .join(', ')}, got "${escapeControls(v.family)}"`,
    );
  const size = sizeOption(v.size);
  let target: RunTarget;
  let family: FamilyId;
  // How the file was read and what is unusual about it: printed after the result, one line each.
  let afterResult = { notes: [] as string[], warnings: [] as string[] };
  if (file !== undefined) {
    const built = sizeOptionNames().find((n) => typeof (v as Readonly<Record<string, unknown>>)[n] === 'string');
    if (built !== undefined) throw new UsageError(`--${built} builds a puzzle from --size: ${file} holds its puzzle already`);
    const options = readerOptionsOf(v);
    const read = readPuzzleFile(file, readText(file), { format: v.format, options });
    if (v.family && v.family !== read.family) throw new UsageError(`${file} holds a ${read.family} puzzle, not ${v.family}`);
    const { errors, warnings } = getFamily(read.family).validate(read.puzzle);
    if (errors.length > 0) throw new UsageError(`${file}: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ''}`);
    afterResult = { notes: read.notes, warnings: warnings.map((w) => `${file}: ${w}`) };
    family = read.family;
    target = { family, name: basename(file).replace(/\.[^.]+$/, ''), puzzle: read.puzzle };
  } else {
    ({ family, target } = puzzleFromSize(v.family, size, v as Readonly<Record<string, unknown>>));
  }
  const { def, preset } = chooseSolver(family, target.puzzle, v.solver, v.preset);
  const params: Params = Object.assign(Object.create(null) as Params, preset?.params ?? {}, setOptions(def.params, v.set));
  const seed = seedOption(v.seed) ?? null;
  // A preset's stop criteria hold where the command line gives none.
  const stop = {
    seconds: numberOption('seconds', v.seconds) ?? preset?.stop?.seconds ?? null,
    evaluations: intOption('evaluations', v.evaluations, 1) ?? preset?.stop?.evaluations ?? null,
    target: numberOption('target', v.target) ?? preset?.stop?.target ?? null,
    ...(v.cpu ? { clock: 'cpu' as const } : {}),
  };
  // --cpu only says which clock --seconds counts: without seconds the run would never end by itself.
  if (v.cpu && stop.seconds === null) throw new UsageError("--cpu counts --seconds on the solver's CPU clock: give --seconds too");
  const wb = open(v.db, 'make', intervals(v));
  try {
    await useSpread(v, wb, { family, solver: def.id, params });
    const run = wb.createRun({ target, solver: def.id, params, seed, stop });
    const code = await follow(wb, run, !!v.json);
    printNotes(afterResult.notes, afterResult.warnings);
    return code;
  } finally {
    await wb.dispose();
  }
}

/**
 * The solver and preset of a `solve`: as named; a preset named alone picks its solver; neither
 * gives the family's recommendation for this puzzle (the launch form's default too).
 */
function chooseSolver(
  family: FamilyId,
  puzzle: unknown,
  solver: string | undefined,
  presetId: string | undefined,
): { def: SolverDef; preset: SolverPreset | undefined } {
  let id = solver;
  let pid = presetId;
  if (!id && pid) {
    const owners = allPresets().filter((p) => p.family === family && p.id === pid);
    if (owners.length === 0)
      throw new UsageError(
        `no ${family} preset "${pid}" (presets: ${[
          ...new Set(
            allPresets()
              .filter((p) => p.family === family)
              .map((p) => p.id),
          ),
        ].join(', ')})`,
      );
    if (owners.length > 1) throw new UsageError(`preset "${pid}" belongs to several solvers (${owners.map((p) => p.solver).join(', ')}): give --solver`);
    id = owners[0].solver;
  }
  if (!id) ({ solver: id, preset: pid } = getFamily(family).recommend(puzzle));
  const def = findSolver(family, id!);
  if (!pid) return { def, preset: undefined };
  try {
    return { def, preset: findPreset(family, def.id, pid) };
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** `--set key=value` options as parameters of `schema`, each value parsed as its type. */
function setOptions(schema: ParamSchema, sets: readonly string[] | undefined): Params {
  // No prototype: `--set __proto__=1` must be an unknown parameter, not a change of prototype.
  const params: Params = Object.create(null) as Params;
  for (const kv of sets ?? []) {
    const eq = kv.indexOf('=');
    if (eq <= 0) throw new UsageError(`--set expects key=value, got "${kv}"`);
    params[kv.slice(0, eq)] = parseParamText(schema, kv.slice(0, eq), kv.slice(eq + 1));
  }
  return params;
}

export async function resume(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(
    argv,
    {
      ...dbOption,
      ...jsonOption,
      'checkpoint-every': { type: 'string' },
      'progress-every': { type: 'string' },
      ...spreadOptions,
      set: { type: 'string', multiple: true },
    },
    1,
  );
  const id = parseRunId(positionals[0]);
  const wb = open(v.db, 'read', intervals(v));
  try {
    const before = mustRun(wb, id);
    await useSpread(v, wb, { family: before.family, solver: before.solver, params: before.params, id });
    const set = setOptions(findSolver(before.family, before.solver).params, v.set);
    // A run left running by a process that is gone counts as interrupted; one another live process holds is refused.
    const run = wb.resumeRun(id, set);
    return await follow(wb, run, !!v.json);
  } finally {
    await wb.dispose();
  }
}

/** Stop a run, wherever it runs: a run another process holds is asked to stop through the database. */
export async function stop(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(argv, { ...dbOption }, 1);
  const id = parseRunId(positionals[0]);
  const wb = open(v.db, 'read');
  try {
    const before = mustRun(wb, id);
    if (hasEnded(before.status)) throw new UsageError(`run ${id} is ${before.status}; only queued or running runs can be stopped`);
    const holder = wb.store.lease(id);
    const end = await wb.runs.stop(id);
    if (!hasEnded(end.status)) {
      process.stderr.write(`run ${id}: asked ${holder ? describeOwner(holder.owner) : 'its owner'} to stop it, but it is still ${end.status}\n`);
      return 1;
    }
    process.stdout.write(`run ${id} ${end.status}\n`);
    return 0;
  } finally {
    await wb.dispose();
  }
}

export async function runs(argv: string[]): Promise<number> {
  const { values: v } = parse(argv, { ...dbOption, ...jsonOption, limit: { type: 'string' }, status: { type: 'string' } }, 0);
  const wb = open(v.db, 'read');
  try {
    const list = wb.store.listRuns({ limit: intOption('limit', v.limit, 1) ?? MAX_PAGE, ...(v.status ? { status: v.status as RunRecord['status'] } : {}) });
    if (v.json) process.stdout.write(`${JSON.stringify(list)}\n`);
    else
      process.stdout.write(
        list.length
          ? `${table(
              RUN_HEADERS,
              list.map((r) => runRow(r, solverInfos())),
            )}\n`
          : `no runs yet in ${wb.store.path}\n`,
      );
    return 0;
  } finally {
    await wb.dispose();
  }
}

export async function show(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(argv, { ...dbOption, ...jsonOption }, 1);
  const id = parseRunId(positionals[0]);
  const wb = open(v.db, 'read');
  try {
    const run = mustRun(wb, id);
    const events = wb.store.events(id);
    if (v.json) {
      process.stdout.write(`${JSON.stringify({ ...run, result: runResult(run), events, work: runWork(wb.store, id) })}\n`);
      return 0;
    }
    const improvements = events.filter((e) => e.kind === 'improvement');
    const samples = events.filter((e) => e.kind === 'progress');
    const out = [
      `run ${run.id}: ${solverLabel(solverInfos(), run)} (${run.solver}) on ${displayText(run.puzzleName)} (${getFamily(run.family).label}), seed ${run.seed}`,
      `status ${statusDetail(run.status, run.stopReason)}${run.error ? `: ${oneLine(run.error)}` : ''}`,
      `best ${scoreText(run.bestScore, run.maxScore)}, ${fmtInt(run.evaluations)} evaluations in ${runTimeText(run.elapsedMs, run.stop.clock)}${peakText(run.peakRssBytes)}`,
      ...(run.claimedBest != null ? [claimText(run.claimedBest, run.bestScore)] : []),
      `params ${JSON.stringify(run.params)}`,
      ...run.changes.map((c) => `changed on resume: ${paramChangeText(c)}`),
      `stop ${stopText(run.stop)}`,
      ...showSpread(wb, run.id),
      ...workLines(runWork(wb.store, run.id)),
      '',
      // The improvements; a night's thousands of progress samples only with --json.
      table(
        ['improvement', 'time', 'evaluations', 'best'],
        improvements.map((e, i) => [String(i + 1), fmtSeconds(e.elapsedMs), fmtInt(e.evaluations), String(e.bestScore)]),
      ),
      samples.length === 0
        ? 'no progress samples'
        : `${fmtInt(samples.length)} progress samples from ${fmtSeconds(samples[0]!.elapsedMs)} to ${fmtSeconds(samples.at(-1)!.elapsedMs)}, the last at current ${samples.at(-1)!.currentScore} (all of them: show ${run.id} --json)`,
    ];
    process.stdout.write(`${out.join('\n')}\n`);
    return 0;
  } finally {
    await wb.dispose();
  }
}

export async function exportRun(argv: string[]): Promise<number> {
  const { values: v, positionals } = parse(argv, { ...dbOption, format: { type: 'string' }, out: { type: 'string' } }, 1);
  const id = parseRunId(positionals[0]);
  const out = outFile('out', v.out);
  const wb = open(v.db, 'read');
  try {
    const run = mustRun(wb, id);
    if (v.format === 'run') {
      // The whole run, to resume elsewhere (see services/run-file.ts).
      const { text } = wb.exportRunFile(id);
      if (out !== undefined) writeOut('out', out, text);
      else process.stdout.write(text);
      return 0;
    }
    const family = getFamily(run.family);
    const puzzle: unknown = family.puzzleFromJson(run.puzzle);
    if (run.bestSolution === null) throw new UsageError(`run ${id} has no solution yet`);
    const solution: unknown = family.solutionFromJson(puzzle, run.bestSolution);
    const format = v.format ?? 'text';
    let text: string | null;
    if (format === 'json') text = documentToText(makeDocument(run.family, `${run.puzzleName} run ${run.id}`, puzzle, solution));
    else {
      const fmt =
        format === 'text' ? family.formats.find((f) => f.write(puzzle, solution) !== null && f.id !== 'pieces') : family.formats.find((f) => f.id === format);
      if (!fmt)
        throw new UsageError(
          `--format ${format} does not fit a ${run.family} run (use text, json${run.family === 'edge' ? ', bucas' : ''}, or run for the whole run)`,
        );
      text = fmt.write(puzzle, solution);
      if (text === null) throw new UsageError(`--format ${format} cannot hold this run's board`);
    }
    if (out !== undefined) writeOut('out', out, text);
    else process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return 0;
  } finally {
    await wb.dispose();
  }
}

export async function solvers(argv: string[]): Promise<number> {
  // --db is accepted as by every command; the catalogue does not need the database.
  const { values: v } = parse(argv, { ...dbOption, ...jsonOption }, 0);
  const list = solverInfos();
  if (v.json) {
    process.stdout.write(`${JSON.stringify(list)}\n`);
    return 0;
  }
  const lines: string[] = [];
  for (const s of list) {
    lines.push(`${s.family} ${s.id}: ${s.label}. ${s.description}`);
    for (const [name, p] of Object.entries(s.params)) {
      const range =
        p.type === 'enum'
          ? p.options.join('|')
          : p.type === 'boolean'
            ? 'true|false'
            : `${p.type}${p.min !== undefined ? ` >= ${p.min}` : ''}${p.max !== undefined ? ` <= ${p.max}` : ''}`;
      lines.push(`    ${name} (${range}, default ${String(p.default)}): ${p.help}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

export async function puzzles(argv: string[]): Promise<number> {
  const { values: v } = parse(argv, { ...dbOption, ...jsonOption, search: { type: 'string' } }, 0);
  const wb = open(v.db, 'read');
  try {
    const list = listLibrary(wb, { ...(v.search ? { search: v.search } : {}) });
    if (v.json) process.stdout.write(`${JSON.stringify(list)}\n`);
    else
      process.stdout.write(
        list.length
          ? `${table(
              ['id', 'name', 'family', 'size', 'best', 'placement', 'source'],
              list.map((p) => [
                String(p.id),
                displayText(p.name, 60),
                p.family,
                `${p.rows}x${p.cols}`,
                p.bestScore === null ? '-' : String(p.bestScore),
                p.placement ? scoreText(p.placement.score, p.placement.maxScore) : '-',
                displayText(p.source, 60),
              ]),
            )}\n`
          : `no puzzles yet in ${wb.store.path}\n`,
      );
    return 0;
  } finally {
    await wb.dispose();
  }
}

export { FormatError };
