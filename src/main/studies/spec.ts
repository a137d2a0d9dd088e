/**
 * The study file and the grid it resolves to. A study file names puzzles (files, library ids or
 * inline puzzles), solver settings (a solver with a preset and/or parameters) and seeds; creating
 * a study reads every puzzle and checks every setting once, so a study that was created can run,
 * and it keeps working whatever later happens to the files or the library.
 */
import { valueText } from '../../core/text/display';
import path from 'node:path';
import { findSolver } from '../../core/catalogue/catalogue';
import { parseDocument } from '../../core/document/document';
import { readPuzzleFile } from '../../core/document/read-file';
import { MAX_SEED, type StopCriteria } from '../../core/engine/run-types';
import { getFamily } from '../../core/families';
import { FAMILY_IDS, type FamilyId } from '../../core/families/family';
import { resolveParams, type Params } from '../../core/params/schema';
import { findPreset, type SolverPreset } from '../../core/presets/presets';
import * as v from 'valibot';
import { dict, int, list, num, obj, oneOf, parseWith, SchemaError, str } from '../../core/validate/validate';
import { checkName, MAX_NAME_LENGTH, oneLine } from '../../core/text/display';
import { countText } from '../../core/text/numbers';
import { countNoun } from '../../core/text/plural';
import type { PuzzleRecord } from '../store/types';
import { checkStop } from '../services/workbench';
import { targetRefusal } from '../services/stop-criteria';
import {
  publishedCellSchema,
  publishedTestSchema,
  TESTED_MEASURES,
  type Published,
  type PublishedCell,
  type PublishedTest,
  type StudyPairing,
} from '../api/studies';

/** Runs of one study at once, at most (a study file's `concurrency`, `study run --concurrency`). */
export const MAX_STUDY_CONCURRENCY = 256;

export { TESTED_MEASURES, type Published, type PublishedCell, type PublishedTest, type StudyPairing };

/** One puzzle of the grid, with its own copy of the puzzle. */
export interface StudyPuzzle {
  label: string;
  /** Where it came from: the file as written in the study file, `library N`, or `inline`. */
  source: string;
  /** The library puzzle, so its runs count for it there; null for files and inline puzzles. */
  puzzleId: number | null;
  /** Puzzle model JSON, as a run stores it. */
  puzzle: unknown;
  maxScore: number | null;
  /** Stop criteria for this puzzle's runs, over the study's (e.g. a paper's time limit per size). */
  stop?: Partial<StopCriteria> | null;
  /**
   * Puzzles of one group make one row of the results (a paper's figure over a set of generated
   * instances, e.g. Aspinall's 20 random boards per size); null = a row of its own.
   */
  group?: string | null;
}

/** One solver setting of the grid: the solver with every parameter resolved, and its runs' stop criteria. */
export interface StudyConfig {
  label: string;
  solver: string;
  preset: string | null;
  params: Params;
  stop: StopCriteria;
}

export interface StudySpec {
  name: string;
  description: string | null;
  family: FamilyId;
  puzzles: StudyPuzzle[];
  configs: StudyConfig[];
  seeds: number[];
  /** Runs at once when `study run` is given no --concurrency; null = the run manager's default. */
  concurrency: number | null;
  /** A paper's figures for cells of the grid, shown beside the study's own. */
  published?: Published | null;
  /**
   * Runs of two settings with the same puzzle and seed are a pair only when the file says what
   * makes them one (e.g. each seed is the same start board for every solver): the same seed in
   * two solvers draws different numbers otherwise. Absent in studies made before it existed.
   */
  pairing?: StudyPairing | null;
  /** How a setting's runs on a row make one figure for the comparison over puzzles (absent = median). */
  aggregate?: 'median' | 'mean';
}

/** The figures of a published cell, without where it sits. */
export const PUBLISHED_FIGURES = ['mean', 'median', 'best', 'sd', 'successRate', 'timeToTarget', 'evaluationsToTarget'] as const;

/** Bad study file: the message is one line and names the file and the field. */
export class StudyError extends Error {
  constructor(message: string) {
    super(oneLine(message));
    this.name = 'StudyError';
  }
}

/** What reading a study needs from outside: files (relative to the study file) and the library. */
export interface StudyContext {
  readFile(file: string): string;
  libraryPuzzle(id: number): PuzzleRecord | null;
}

export const STUDY_LIMITS = { puzzles: 200, configs: 100, seeds: 1000, runs: 10_000 } as const;

const stopSchema = obj({
  seconds: v.optional(num()),
  evaluations: v.optional(int(1)),
  target: v.optional(num()),
  clock: v.optional(oneOf('wall', 'cpu')),
});

const fileSchema = obj({
  name: str(MAX_NAME_LENGTH),
  description: v.optional(str(2000)),
  puzzles: list(v.unknown(), STUDY_LIMITS.puzzles),
  solvers: list(
    obj({
      solver: str(100),
      preset: v.optional(str(100)),
      params: v.optional(dict(v.unknown())),
      label: v.optional(str(200)),
    }),
    STUDY_LIMITS.configs,
  ),
  seeds: v.unknown(),
  stop: stopSchema,
  concurrency: v.optional(int(1, MAX_STUDY_CONCURRENCY)),
  pairing: v.optional(obj({ by: oneOf('seed'), meaning: str(500) })),
  aggregate: v.optional(oneOf('median', 'mean')),
  published: v.optional(
    obj({
      source: str(500),
      cells: list(publishedCellSchema, 10_000),
      tests: v.optional(list(publishedTestSchema, 100)),
    }),
  ),
});

const group = v.optional(str(200));
const inlinePuzzle = obj({ family: oneOf(...FAMILY_IDS), name: v.optional(str(200)), puzzle: v.unknown(), stop: v.optional(stopSchema), group });
const filePuzzle = obj({ file: str(4096), name: v.optional(str(200)), stop: v.optional(stopSchema), group });
const libraryPuzzle = obj({ library: int(1), stop: v.optional(stopSchema), group });

/** Read a study file's text into its resolved grid; throws StudyError (one line) for anything wrong. */
export function parseStudy(text: string, fileName: string, ctx: StudyContext): StudySpec {
  const where = oneLine(fileName, 200);
  const fail = (msg: string): never => {
    throw new StudyError(`${where}: ${msg}`);
  };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return fail(`not a JSON study file (${(e as Error).message})`);
  }
  let file;
  try {
    file = parseWith(fileSchema, json);
  } catch (e) {
    if (e instanceof SchemaError) return fail(e.message);
    throw e;
  }
  try {
    return resolve(file, fileName, ctx);
  } catch (e) {
    if (e instanceof StudyError) throw e;
    return fail((e as Error).message);
  }
}

type StudyFile = v.InferOutput<typeof fileSchema>;

function resolve(file: StudyFile, fileName: string, ctx: StudyContext): StudySpec {
  const name = checkName(file.name.trim(), 'a study');
  if (file.puzzles.length === 0) throw new Error('puzzles: name at least one puzzle');
  if (file.solvers.length === 0) throw new Error('solvers: name at least one solver');
  const baseDir = path.dirname(fileName);
  const read = file.puzzles.map((p, i) => readPuzzle(p, `puzzles[${i}]`, baseDir, ctx));
  const family = read[0]!.family;
  read.forEach((p, i) => {
    if (p.family !== family) throw new Error(`puzzles[${i}]: a ${p.family} puzzle, but puzzles[0] is ${family}: a study's puzzles are all of one family`);
  });
  const seeds = readSeeds(file.seeds);
  const configs = file.solvers.map((entry, i) => readConfig(entry, `solvers[${i}]`, family, file.stop));
  uniqueLabels(configs);
  const puzzles = read.map((r) => r.puzzle);
  uniqueLabels(puzzles);
  const runs = read.length * configs.length * seeds.length;
  if (runs > STUDY_LIMITS.runs)
    throw new Error(
      `${countNoun(read.length, 'puzzle')} x ${countNoun(configs.length, 'solver')} x ${countNoun(seeds.length, 'seed')} make ${countNoun(runs, 'run')}; a study has at most ${countText(STUDY_LIMITS.runs)}`,
    );
  const spec: StudySpec = {
    name,
    description: file.description ?? null,
    family,
    puzzles,
    configs,
    seeds,
    concurrency: file.concurrency ?? null,
    published: file.published ? publishedOf(file.published) : null,
    pairing: file.pairing ? { by: file.pairing.by, meaning: pairingMeaning(file.pairing.meaning) } : null,
    aggregate: file.aggregate ?? 'median',
  };
  // Every cell's runs must end by themselves, with stop criteria that make sense.
  puzzles.forEach((p, pi) =>
    configs.forEach((_, ci) => {
      let stop: StopCriteria;
      try {
        stop = checkStop(cellStop(spec, pi, ci));
      } catch (e) {
        throw new Error(`${p.stop ? `puzzles[${pi}].stop` : 'stop'}: ${(e as Error).message}`, { cause: e });
      }
      if (stop.seconds === null && stop.evaluations === null)
        throw new Error(
          `stop: solvers[${ci}] on puzzles[${pi}] would run until stopped; give stop.seconds or stop.evaluations (a study's runs end by themselves)`,
        );
    }),
  );
  const groups = new Set(puzzles.map((p) => p.group).filter((g): g is string => !!g));
  file.published?.cells.forEach((c, i) => {
    if ((c.puzzle === undefined) === (c.group === undefined)) throw new Error(`published.cells[${i}]: give the puzzle (its index) or the group, one of them`);
    if (c.group !== undefined && !groups.has(c.group)) throw new Error(`published.cells[${i}].group: no puzzle has the group ${valueText(c.group)}`);
    if (c.puzzle !== undefined && c.puzzle >= puzzles.length)
      throw new Error(`published.cells[${i}].puzzle: ${c.puzzle} is not a puzzle index (0..${puzzles.length - 1})`);
    if (c.solver >= configs.length) throw new Error(`published.cells[${i}].solver: ${c.solver} is not a solver index (0..${configs.length - 1})`);
  });
  file.published?.tests?.forEach((t, i) => {
    if (t.solvers.length !== 2 || t.solvers[0] === t.solvers[1]) throw new Error(`published.tests[${i}].solvers: give two different solver indexes`);
    for (const ci of t.solvers)
      if (ci >= configs.length) throw new Error(`published.tests[${i}].solvers: ${ci} is not a solver index (0..${configs.length - 1})`);
  });
  spec.puzzles.forEach((p, pi) =>
    spec.configs.forEach((c, ci) => {
      const refused = targetRefusal(cellStop(spec, pi, ci).target, p.maxScore);
      if (refused) throw new Error(`solvers[${ci}] (${c.label}) on puzzles[${pi}] (${p.label}): ${refused}`);
    }),
  );
  return spec;
}

/** A pairing is only as good as its reason: the file must say it, in words. */
function pairingMeaning(text: string): string {
  const meaning = text.replace(/\s+/g, ' ').trim();
  if (meaning.length < 3)
    throw new Error(
      'pairing.meaning: say what makes runs with the same seed a pair, e.g. "each seed is the same start board for every solver" (without it, runs are not paired)',
    );
  return meaning;
}

function publishedOf(p: NonNullable<StudyFile['published']>): Published {
  const { tests, ...rest } = p;
  return tests ? { ...rest, tests: tests.map((t) => ({ ...t, solvers: [t.solvers[0]!, t.solvers[1]!] })) } : rest;
}

/** The stop criteria of a cell's runs: the puzzle's own over the solver setting's (the file's, then its preset's). */
export function cellStop(spec: StudySpec, puzzleIndex: number, configIndex: number): StopCriteria {
  const p = spec.puzzles[puzzleIndex]!.stop ?? {};
  const c = spec.configs[configIndex]!.stop;
  const clock = p.clock ?? c.clock;
  return { seconds: p.seconds ?? c.seconds, evaluations: p.evaluations ?? c.evaluations, target: p.target ?? c.target, ...(clock ? { clock } : {}) };
}

function readPuzzle(entry: unknown, at: string, baseDir: string, ctx: StudyContext): { family: FamilyId; puzzle: StudyPuzzle } {
  const check = (family: FamilyId, model: unknown, label: string): { maxScore: number | null; json: unknown } => {
    const fam = getFamily(family);
    const { errors } = fam.validate(model);
    if (errors.length > 0) throw new Error(`${at} (${label}): ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ''}`);
    return { maxScore: fam.maxScore(model), json: fam.puzzleToJson(model) };
  };
  if (typeof entry === 'object' && entry !== null && !Array.isArray(entry) && ('file' in entry || 'library' in entry)) {
    // A file or a library puzzle with its own stop criteria (and, for a file, its own name).
    const {
      read,
      stop,
      name,
      group: g,
    } = 'file' in entry
      ? (() => {
          const f = parseWith(filePuzzle, entry, at);
          return { read: readPuzzle(f.file, at, baseDir, ctx), stop: f.stop, name: f.name, group: f.group };
        })()
      : (() => {
          const l = parseWith(libraryPuzzle, entry, at);
          return { read: readPuzzle(l.library, at, baseDir, ctx), stop: l.stop, name: undefined, group: l.group };
        })();
    if (name !== undefined) read.puzzle.label = checkName(name);
    if (stop) read.puzzle.stop = stop;
    if (g !== undefined) read.puzzle.group = checkName(g.trim(), 'a group');
    return read;
  }
  if (typeof entry === 'string') {
    if (entry.trim() === '') throw new Error(`${at}: an empty file name`);
    const full = path.resolve(baseDir, entry);
    let text: string;
    try {
      text = ctx.readFile(full);
    } catch (e) {
      throw new Error(`${at}: ${(e as Error).message}`, { cause: e });
    }
    const r = readPuzzleFile(full, text);
    const label = checkName(r.name || path.basename(entry));
    const { maxScore, json } = check(r.family, r.puzzle, entry);
    return { family: r.family, puzzle: { label, source: entry, puzzleId: null, puzzle: json, maxScore } };
  }
  if (typeof entry === 'number') {
    if (!Number.isInteger(entry) || entry < 1) throw new Error(`${at}: a library id is a whole number from 1, got ${entry}`);
    const rec = ctx.libraryPuzzle(entry);
    if (!rec) throw new Error(`${at}: there is no puzzle ${entry} in the library`);
    const { doc, puzzle } = parseDocument(rec.document, `puzzle ${entry}`);
    const { maxScore, json } = check(doc.family, puzzle, `library ${entry}`);
    return { family: doc.family, puzzle: { label: rec.name, source: `library ${entry}`, puzzleId: rec.id, puzzle: json, maxScore } };
  }
  if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
    const p = parseWith(inlinePuzzle, entry, at);
    const model = getFamily(p.family).puzzleFromJson(p.puzzle, `${at}.puzzle`);
    const { rows, cols } = getFamily(p.family).size(model);
    const label = checkName(p.name ?? `${p.family} ${rows}x${cols}`);
    const { maxScore, json } = check(p.family, model, label);
    return {
      family: p.family,
      puzzle: {
        label,
        source: 'inline',
        puzzleId: null,
        puzzle: json,
        maxScore,
        ...(p.stop ? { stop: p.stop } : {}),
        ...(p.group !== undefined ? { group: checkName(p.group.trim(), 'a group') } : {}),
      },
    };
  }
  throw new Error(
    `${at}: expected a file name, a library id, {"file"}, {"library"} or {"family", "puzzle"}, got ${entry === null ? 'null' : Array.isArray(entry) ? 'an array' : typeof entry}`,
  );
}

function readSeeds(x: unknown): number[] {
  if (typeof x === 'number') {
    if (!Number.isInteger(x) || x < 1 || x > STUDY_LIMITS.seeds) throw new Error(`seeds: a count is a whole number from 1 to ${STUDY_LIMITS.seeds}, got ${x}`);
    return Array.from({ length: x }, (_, i) => i + 1);
  }
  if (!Array.isArray(x)) throw new Error(`seeds: expected a list of seeds or a count, got ${x === null ? 'null' : x === undefined ? 'nothing' : typeof x}`);
  if (x.length === 0) throw new Error('seeds: name at least one seed');
  if (x.length > STUDY_LIMITS.seeds) throw new Error(`seeds: at most ${STUDY_LIMITS.seeds} seeds, got ${x.length}`);
  const seen = new Set<number>();
  x.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_SEED)
      throw new Error(`seeds[${i}]: a seed is a whole number from 0 to ${MAX_SEED}, got ${valueText(v)}`);
    if (seen.has(v)) throw new Error(`seeds[${i}]: seed ${v} is listed twice`);
    seen.add(v);
  });
  return x as number[];
}

function readConfig(entry: StudyFile['solvers'][number], at: string, family: FamilyId, stop: StudyFile['stop']): StudyConfig {
  let def;
  try {
    def = findSolver(family, entry.solver);
  } catch (e) {
    throw new Error(`${at}.solver: ${(e as Error).message}`, { cause: e });
  }
  let preset: SolverPreset | undefined;
  try {
    preset = entry.preset === undefined ? undefined : findPreset(family, def.id, entry.preset);
  } catch (e) {
    throw new Error(`${at}.preset: ${(e as Error).message}`, { cause: e });
  }
  // The preset over the defaults, then the file's own parameters over the preset.
  const raw = Object.assign(Object.create(null) as Record<string, unknown>, preset?.params ?? {}, entry.params ?? {});
  let params: Params;
  try {
    params = resolveParams(def.params, raw);
  } catch (e) {
    throw new Error(`${at}.params: ${(e as Error).message}`, { cause: e });
  }
  let runStop: StopCriteria;
  try {
    // The file's stop criteria hold; the preset's (the paper's) fill in what the file leaves out.
    runStop = checkStop({
      seconds: stop.seconds ?? preset?.stop?.seconds ?? null,
      evaluations: stop.evaluations ?? preset?.stop?.evaluations ?? null,
      target: stop.target ?? preset?.stop?.target ?? null,
      ...(stop.clock ? { clock: stop.clock } : {}),
    });
  } catch (e) {
    throw new Error(`stop: ${(e as Error).message}`, { cause: e });
  }
  const explicit = Object.entries(entry.params ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  const label = entry.label?.trim() || [def.id, entry.preset, explicit.length ? explicit.join(' ') : undefined].filter(Boolean).join(' ');
  return { label: checkName(label, 'a solver label'), solver: def.id, preset: entry.preset ?? null, params, stop: runStop };
}

/** Two cells must not read the same in a table: repeated labels get #2, #3, … */
function uniqueLabels(items: { label: string }[]): void {
  const count = new Map<string, number>();
  for (const it of items) count.set(it.label, (count.get(it.label) ?? 0) + 1);
  const seen = new Map<string, number>();
  for (const it of items) {
    if (count.get(it.label)! < 2) continue;
    const n = (seen.get(it.label) ?? 0) + 1;
    seen.set(it.label, n);
    it.label = `${it.label} #${n}`;
  }
}

/** The number of runs a study makes. */
export function studySize(spec: StudySpec): number {
  return spec.puzzles.length * spec.configs.length * spec.seeds.length;
}
