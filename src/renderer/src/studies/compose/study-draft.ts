/**
 * A study composed in the app, as the form holds it (texts as typed), and the study file it
 * becomes: the JSON `workbench study create` reads, with library puzzles by id. Checking it gives
 * one plain message per field, the number of runs and the time it should take; a saved study file
 * reads back into the form when the form can hold it. Pure: the dialog only binds inputs to it.
 */
import type { FamilyId } from '../../../../core/families/family';
import { countText, familyLabel } from '../../../../core/text/run-text';
import { countNoun } from '../../../../core/text/plural';
import { gridText } from '../../../../core/text/study-text';
import { parseParamText, type Params } from '../../../../core/params/schema';
import { presetsFor, type SolverPreset } from '../../../../core/presets/presets';
import type { SolverInfo } from '../../../../main/api/types';
import { parseCount, parseDuration } from '../../runs/launch-form';
import { MAX_SEED } from '../../../../core/engine/run-types';

/** A library puzzle picked for the study. */
export interface DraftPuzzle {
  id: number;
  name: string;
  family: FamilyId;
  rows: number;
  cols: number;
  /** The best score there is (its runs stop when they reach it); null when the family has none. */
  maxScore: number | null;
}

/** One row of the grid: a solver with an optional preset, parameters over it and a label. */
export interface DraftSetting {
  solver: string;
  /** '' = the solver's defaults. */
  preset: string;
  /** `key=value` pairs, separated by commas, semicolons or spaces. */
  params: string;
  /** '' = the backend's default (the solver, the preset and the parameters given). */
  label: string;
}

export type Clock = 'cpu' | 'wall';

export interface StudyDraft {
  name: string;
  description: string;
  puzzles: DraftPuzzle[];
  settings: DraftSetting[];
  /** `count`: seeds 1..N; `list`: the seeds written out. */
  seedsMode: 'count' | 'list';
  seeds: string;
  /** A duration ("2", "90 s", "15 min"); '' = no time limit. */
  seconds: string;
  clock: Clock;
  /** A count ("5000", "1e6", "5 M"); '' = none. */
  evaluations: string;
  /** A score; '' = none. */
  target: string;
  /** Runs at once for `study run`; '' = its default. */
  concurrency: string;
}

/** The study file as the CLI reads it (src/main/studies/spec.ts), limited to what the form holds. */
export interface StudyFileJson {
  name: string;
  description?: string;
  puzzles: { library: number }[];
  solvers: { solver: string; preset?: string; params?: Params; label?: string }[];
  seeds: number | number[];
  stop: { seconds?: number; evaluations?: number; target?: number; clock?: Clock };
  concurrency?: number;
}

/** The backend's limits (STUDY_LIMITS), said before it has to. */
export const LIMITS = { puzzles: 200, settings: 100, seeds: 1000, runs: 10_000, concurrency: 256 } as const;

export function emptyDraft(): StudyDraft {
  return {
    name: '',
    description: '',
    puzzles: [],
    settings: [],
    seedsMode: 'count',
    seeds: '5',
    seconds: '10',
    clock: 'cpu',
    evaluations: '',
    target: '',
    concurrency: '',
  };
}

/** The family of the study: its first puzzle's (null before one is picked). */
export function draftFamily(draft: Pick<StudyDraft, 'puzzles'>): FamilyId | null {
  return draft.puzzles[0]?.family ?? null;
}

/** The solvers a study of `family` can use, in the catalogue's order. */
export function familySolvers(solvers: readonly SolverInfo[], family: FamilyId | null): SolverInfo[] {
  return family === null ? [] : solvers.filter((s) => s.family === family);
}

/** Pick or drop a puzzle; a puzzle of another family than the picked ones is not taken. */
export function togglePuzzle(draft: StudyDraft, p: DraftPuzzle): StudyDraft {
  if (draft.puzzles.some((q) => q.id === p.id)) return { ...draft, puzzles: draft.puzzles.filter((q) => q.id !== p.id) };
  const family = draftFamily(draft);
  if (family !== null && family !== p.family) return draft;
  return { ...draft, puzzles: [...draft.puzzles, p] };
}

/**
 * The settings kept for the study's family: those of other solvers go, and a study with puzzles
 * but no setting gets one (the family's first solver) so there is a row to edit.
 */
export function fitSettings(draft: StudyDraft, solvers: readonly SolverInfo[]): StudyDraft {
  const offered = familySolvers(solvers, draftFamily(draft));
  if (offered.length === 0) return draft;
  const kept = draft.settings.filter((s) => offered.some((o) => o.id === s.solver));
  if (kept.length > 0 && kept.length === draft.settings.length) return draft;
  return { ...draft, settings: kept.length > 0 ? kept : [newSetting(offered[0]!.id)] };
}

export function newSetting(solver: string): DraftSetting {
  return { solver, preset: '', params: '', label: '' };
}

// ---- parameters as text ----------------------------------------------------------------------

/** `{ width: 8192, dedupe: true }` → `width=8192, dedupe=true`. */
export function paramsText(params: Readonly<Params>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');
}

/** `width=8192, dedupe=true` read against the solver's schema; the first problem in one line. */
export function parseParams(text: string, solver: SolverInfo): { params: Params; error: string | null } {
  const params: Params = {};
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) return { params, error: `“${part}”: write parameters as name=value (e.g. ${exampleParam(solver)})` };
    const name = part.slice(0, eq);
    if (Object.hasOwn(params, name)) return { params, error: `${name} is given twice` };
    try {
      params[name] = parseParamText(solver.params, name, part.slice(eq + 1));
    } catch (e) {
      return { params, error: (e as Error).message };
    }
  }
  return { params, error: null };
}

function exampleParam(solver: SolverInfo): string {
  const first = Object.entries(solver.params)[0];
  return first ? `${first[0]}=${String(first[1].default)}` : 'name=value';
}

// ---- checking ----------------------------------------------------------------------------------

/** Field keys of `errors`: `puzzles`, `settings`, `seeds`, `seconds`, `evaluations`, `target`, `stop`, `concurrency`, `runs`. */
export type DraftField = 'puzzles' | 'settings' | 'seeds' | 'seconds' | 'evaluations' | 'target' | 'stop' | 'concurrency' | 'runs';

export interface Estimate {
  runs: number;
  /** Puzzles, settings and seeds the runs come from. */
  grid: { puzzles: number; settings: number; seeds: number };
  /** Runs at once the time assumes. */
  concurrency: number;
  /** Expected waiting time in seconds when every run takes its whole time limit; null when unknown. */
  seconds: number | null;
  /** Runs may end earlier (a target, a solved puzzle, an evaluations budget): the time is an upper bound. */
  atMost: boolean;
  /** Settings whose runs end by evaluations only (so no time can be said), by their row number from 1. */
  byEvaluationsOnly: number[];
}

export interface CheckedDraft {
  errors: Partial<Record<DraftField, string>>;
  /** Per setting row: what is wrong with it, or null. */
  settingErrors: (string | null)[];
  /** The study file, when nothing is wrong. */
  file: StudyFileJson | null;
  /** Runs and time, when the grid can be counted. */
  estimate: Estimate | null;
  /** The first problem, for the line by the buttons. */
  problem: string | null;
}

function parseNumber(text: string): number | null {
  const t = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** The seeds: a count N for 1..N, or the list written out (whole numbers, each once). */
export function parseSeeds(mode: StudyDraft['seedsMode'], text: string): { seeds: number | number[] | null; error: string | null } {
  if (mode === 'count') {
    const n = parseNumber(text);
    if (n === null || !Number.isInteger(n) || n < 1 || n > LIMITS.seeds) return { seeds: null, error: `Seeds: a whole number from 1 to ${LIMITS.seeds}` };
    return { seeds: n, error: null };
  }
  const parts = text.split(/[,;\s]+/).filter((p) => p !== '');
  if (parts.length === 0) return { seeds: null, error: 'Seeds: write at least one, e.g. 1, 2, 3' };
  if (parts.length > LIMITS.seeds) return { seeds: null, error: `Seeds: at most ${LIMITS.seeds}` };
  const seen = new Set<number>();
  for (const p of parts) {
    const n = parseNumber(p);
    if (n === null || !Number.isInteger(n) || n < 0 || n > MAX_SEED) return { seeds: null, error: `Seeds: “${p}” is not a whole number from 0 to ${MAX_SEED}` };
    if (seen.has(n)) return { seeds: null, error: `Seeds: ${n} is given twice` };
    seen.add(n);
  }
  return { seeds: [...seen], error: null };
}

/** A study name from its settings and puzzles, for when the form leaves it empty. */
export function suggestedName(draft: StudyDraft, solvers: readonly SolverInfo[]): string {
  const family = draftFamily(draft);
  const names = [...new Set(draft.settings.map((s) => solvers.find((x) => x.id === s.solver && x.family === family)?.label ?? s.solver))];
  const who = names.length === 0 ? 'A study' : names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} against ${names[names.length - 1]!}`;
  const where =
    draft.puzzles.length === 1
      ? draft.puzzles[0]!.name
      : `${draft.puzzles.length} ${family ? familyLabel(family).toLowerCase() : ''} puzzles`.replace(/\s+/g, ' ');
  return `${who} on ${where}`.slice(0, 200);
}

/**
 * Check every field and build the study file. `cores` is the machine's parallelism: without a
 * concurrency the time assumes cores - 1 runs at once, the run manager's default.
 */
export function checkDraft(draft: StudyDraft, solvers: readonly SolverInfo[], cores: number): CheckedDraft {
  const errors: Partial<Record<DraftField, string>> = {};
  const family = draftFamily(draft);

  if (draft.puzzles.length === 0) errors.puzzles = 'Pick at least one puzzle';
  else if (draft.puzzles.length > LIMITS.puzzles) errors.puzzles = `At most ${LIMITS.puzzles} puzzles`;
  else if (draft.puzzles.some((p) => p.family !== family)) errors.puzzles = 'A study’s puzzles are all of one family';

  const offered = familySolvers(solvers, family);
  const presets: (SolverPreset | null)[] = [];
  const entries: StudyFileJson['solvers'] = [];
  const settingErrors = draft.settings.map((s, i): string | null => {
    presets[i] = null;
    const solver = offered.find((o) => o.id === s.solver);
    if (!solver) return family ? `${s.solver} is not a solver of ${familyLabel(family).toLowerCase()} puzzles` : 'Pick a puzzle first';
    let preset: SolverPreset | null = null;
    if (s.preset !== '') {
      preset = presetsFor(solver.family, solver.id).find((p) => p.id === s.preset) ?? null;
      if (!preset) return `${solver.label} has no preset “${s.preset}”`;
    }
    presets[i] = preset;
    const { params, error } = parseParams(s.params, solver);
    if (error) return error;
    const label = s.label.trim();
    entries.push({
      solver: solver.id,
      ...(preset ? { preset: preset.id } : {}),
      ...(Object.keys(params).length > 0 ? { params } : {}),
      ...(label ? { label } : {}),
    });
    return null;
  });
  if (draft.settings.length === 0) errors.settings = family ? 'Add at least one solver setting' : 'Pick a puzzle, then its solvers';
  else if (draft.settings.length > LIMITS.settings) errors.settings = `At most ${LIMITS.settings} solver settings`;
  else {
    const bad = settingErrors.findIndex((e) => e !== null);
    if (bad >= 0) errors.settings = `Setting ${bad + 1}: ${settingErrors[bad]!}`;
    else {
      const labels = entries.map((e) => e.label).filter((l): l is string => l !== undefined);
      const twice = labels.find((l, i) => labels.indexOf(l) !== i);
      if (twice !== undefined) errors.settings = `Two settings are labelled “${twice}”: each row needs its own label`;
    }
  }

  const seeds = parseSeeds(draft.seedsMode, draft.seeds);
  if (seeds.error) errors.seeds = seeds.error;

  const stop: StudyFileJson['stop'] = {};
  if (draft.seconds.trim() !== '') {
    const s = parseDuration(draft.seconds);
    if (s === null) errors.seconds = 'Time per run: a duration, e.g. 2, 90 s or 15 min';
    else if (!(s > 0)) errors.seconds = 'Time per run: longer than 0 s';
    else stop.seconds = s;
  }
  if (draft.evaluations.trim() !== '') {
    const n = parseCount(draft.evaluations);
    if (n === null || n < 1) errors.evaluations = 'Evaluations: a whole number of at least 1, e.g. 5000, 1e6 or 5 M';
    else stop.evaluations = n;
  }
  if (draft.target.trim() !== '') {
    const t = parseNumber(draft.target);
    if (t === null) errors.target = 'Target: a score';
    else stop.target = t;
  }
  if (stop.seconds !== undefined || stop.evaluations !== undefined || stop.target !== undefined) stop.clock = draft.clock;

  // Every run must end by itself: the study's time or evaluations, or its preset's.
  const ends = (i: number): boolean =>
    stop.seconds !== undefined || stop.evaluations !== undefined || presets[i]?.stop?.seconds != null || presets[i]?.stop?.evaluations != null;
  if (!errors.seconds && !errors.evaluations && draft.settings.length > 0 && !errors.settings) {
    const endless = draft.settings.findIndex((_, i) => !ends(i));
    if (endless >= 0)
      errors.stop =
        stop.seconds === undefined && stop.evaluations === undefined && draft.settings.every((_, i) => !ends(i))
          ? 'Give a time per run or an evaluations budget: a study’s runs must end by themselves'
          : `Setting ${endless + 1} would run until stopped: give a time per run or an evaluations budget`;
  }

  let concurrency: number | null = null;
  if (draft.concurrency.trim() !== '') {
    const c = parseNumber(draft.concurrency);
    if (c === null || !Number.isInteger(c) || c < 1 || c > LIMITS.concurrency)
      errors.concurrency = `Runs at once: a whole number from 1 to ${LIMITS.concurrency}`;
    else concurrency = c;
  }

  let estimate: Estimate | null = null;
  if (seeds.seeds !== null && draft.puzzles.length > 0 && draft.settings.length > 0) {
    const nSeeds = typeof seeds.seeds === 'number' ? seeds.seeds : seeds.seeds.length;
    const runs = draft.puzzles.length * draft.settings.length * nSeeds;
    if (runs > LIMITS.runs) errors.runs = `${countNoun(runs, 'run')}: a study has at most ${countText(LIMITS.runs)}`;
    const earlier =
      stop.target !== undefined ||
      draft.puzzles.some((p) => p.maxScore !== null) ||
      draft.settings.some((_, i) => stop.evaluations !== undefined || presets[i]?.stop?.evaluations != null || presets[i]?.stop?.target != null);
    estimate = studyEstimate(
      { puzzles: draft.puzzles.length, settings: draft.settings.length, seeds: nSeeds },
      draft.settings.map((_, i) => stop.seconds ?? presets[i]?.stop?.seconds ?? null),
      concurrency ?? defaultConcurrency(cores),
      earlier,
    );
    // A study that cannot end has its own message; no time to go with it.
    if (errors.stop) estimate = { ...estimate, seconds: null, byEvaluationsOnly: [] };
  }

  const order: DraftField[] = ['puzzles', 'settings', 'seeds', 'seconds', 'evaluations', 'target', 'stop', 'concurrency', 'runs'];
  const problem = order.map((k) => errors[k]).find((e) => e !== undefined) ?? null;
  const description = draft.description.trim();
  const file: StudyFileJson | null =
    problem === null
      ? {
          name: draft.name.trim() || suggestedName(draft, solvers),
          ...(description ? { description } : {}),
          puzzles: draft.puzzles.map((p) => ({ library: p.id })),
          solvers: entries,
          seeds: seeds.seeds!,
          stop,
          ...(concurrency !== null ? { concurrency } : {}),
        }
      : null;
  return { errors, settingErrors, file, estimate, problem };
}

/** The study file's text, as saved and as sent to createStudy. */
export function studyFileText(file: StudyFileJson): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The picked puzzles for a read study file, from the library; one line for an id it does not hold. */
export function puzzlesByIds(
  ids: readonly number[],
  library: readonly DraftPuzzle[],
  fileName: string,
): { puzzles: DraftPuzzle[]; error: null } | { puzzles: null; error: string } {
  const puzzles: DraftPuzzle[] = [];
  for (const [i, id] of ids.entries()) {
    const p = library.find((q) => q.id === id);
    if (!p) return { puzzles: null, error: `${fileName}: puzzles[${i}]: no puzzle ${id} in the library` };
    if (puzzles.some((q) => q.id === id)) return { puzzles: null, error: `${fileName}: puzzles[${i}]: puzzle ${id} is named twice` };
    puzzles.push(p);
  }
  const family = puzzles[0]?.family;
  const other = puzzles.findIndex((p) => p.family !== family);
  if (other >= 0) return { puzzles: null, error: `${fileName}: puzzles[${other}]: a study’s puzzles are all of one family` };
  return { puzzles, error: null };
}

/** Runs at once a study's time assumes when it gives none: the run manager's default, cores - 1. */
export function defaultConcurrency(cores: number): number {
  return Math.max(1, cores - 1);
}

/**
 * The one estimate of a study's runs and time, for a composed study and a paper's template alike:
 * `limits` is each setting's time limit per run in seconds (null: its runs end by evaluations
 * only), every run taking its whole limit, `concurrency` runs at once.
 */
export function studyEstimate(grid: Estimate['grid'], limits: readonly (number | null)[], concurrency: number, atMost: boolean): Estimate {
  const runs = grid.puzzles * grid.settings * grid.seeds;
  const perCell = grid.puzzles * grid.seeds;
  const byEvaluationsOnly: number[] = [];
  let runSeconds = 0;
  limits.forEach((s, i) => {
    if (s === null) byEvaluationsOnly.push(i + 1);
    else runSeconds += s * perCell;
  });
  return {
    runs,
    grid,
    concurrency,
    seconds: byEvaluationsOnly.length === 0 ? runSeconds / Math.max(1, Math.min(concurrency, runs)) : null,
    atMost,
    byEvaluationsOnly,
  };
}

/**
 * A paper's template shortened as the new-study dialog asks (`seeds` per cell, `seconds` per run,
 * null = the template's own): each of its settings at its longest limit, so "at most".
 */
export function templateEstimate(
  template: { grid: { puzzles: number; solvers: number }; seconds: number | null },
  seeds: number,
  seconds: number | null,
  cores: number,
): Estimate {
  const limit = seconds ?? template.seconds;
  return studyEstimate(
    { puzzles: template.grid.puzzles, settings: template.grid.solvers, seeds },
    Array.from({ length: template.grid.solvers }, () => limit),
    defaultConcurrency(cores),
    true,
  );
}

/**
 * "2 puzzles × 2 solvers × 3 seeds = 12 runs · at most 8.0 s with 3 runs at once" (the grid as the
 * study page reads it): the time when every run takes its whole limit, "at most" when runs may end
 * earlier, or why it cannot be said.
 * `clock` null: not known (a template tells only its longest limit), so not said.
 */
export function estimateText(e: Estimate, clock: Clock | null, duration: (ms: number) => string): string {
  const grid = gridText({ puzzles: e.grid.puzzles, solvers: e.grid.settings, seeds: e.grid.seeds, runs: e.runs });
  const at = `with ${countNoun(Math.min(e.concurrency, e.runs), 'run')} at once`;
  if (e.byEvaluationsOnly.length > 0) {
    const which = e.byEvaluationsOnly.length === e.grid.settings ? 'its runs end' : `the runs of setting ${e.byEvaluationsOnly.join(', ')} end`;
    return `${grid} · time unknown: ${which} by evaluations only`;
  }
  if (e.seconds === null) return grid;
  const cpu = clock === 'cpu' ? ' (CPU seconds per run: longer on a busy machine)' : '';
  return `${grid} · ${e.atMost ? 'at most' : 'about'} ${duration(e.seconds * 1000)} ${at}${cpu}`;
}
