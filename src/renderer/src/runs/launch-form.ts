/**
 * The launch form's model, generated from a solver's parameter schema: text values as typed,
 * one plain message per invalid field, presets, settings copied from an earlier run, and the
 * `startRuns` call it becomes. Pure (the component only binds inputs to it).
 */
import { MAX_SEED, type StopCriteria } from '../../../core/engine/run-types';
import { ParamError, paramProblem, parseParamText, type ParamSpec, type ParamValue, type Params } from '../../../core/params/schema';
import type { SolverPreset } from '../../../core/presets/presets';
import type { ApiArgs, SolverInfo } from '../../../main/api/types';
import { countNoun } from '../../../core/text/plural';

// Labels and ranges come from the schema's one module, as the CLI's do.
export { paramLabel, rangeHint } from '../../../core/params/schema';

export type FieldValue = string | boolean;

export interface LaunchForm {
  solver: string;
  /** The preset the values came from ('' = defaults or edited by hand). */
  preset: string;
  /** One entry per parameter: text for numbers and choices, a boolean for switches. */
  values: Record<string, FieldValue>;
  timeOn: boolean;
  /** A duration: "90", "15 min", "8 h", "1h30m", "1:30:00". */
  time: string;
  evalsOn: boolean;
  /** A count: "1000000", "1e6", "5 M", "200k". */
  evals: string;
  targetOn: boolean;
  target: string;
  /** Empty = a random seed per run. */
  seed: string;
  /** Runs per solver, one per seed (seed, seed + 1, …); they queue for the machine's cores like any runs. */
  count: string;
}

export type StartRunsArgs = ApiArgs<'startRuns'>;

export const MAX_RUNS_PER_SOLVER = 64;

/** The text a parameter value is edited as. */
function valueText(spec: ParamSpec, v: unknown): FieldValue {
  if (spec.type === 'boolean') return typeof v === 'boolean' ? v : spec.default;
  if (v === undefined || v === null) return String(spec.default);
  return String(v);
}

export function defaultValues(solver: SolverInfo): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  for (const [k, spec] of Object.entries(solver.params)) out[k] = valueText(spec, spec.default);
  return out;
}

/** A fresh form: defaults, a 10-minute limit, random seed, one run. */
export function defaultForm(solver: SolverInfo): LaunchForm {
  return {
    solver: solver.id,
    preset: '',
    values: defaultValues(solver),
    timeOn: true,
    time: '10 min',
    evalsOn: false,
    evals: '',
    targetOn: false,
    target: '',
    seed: '',
    count: '1',
  };
}

// ---- parsing ----------------------------------------------------------------------------------

const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86_400,
  day: 86_400,
  days: 86_400,
};

/** Seconds in a duration text, or null when it is not one. A bare number is seconds. */
export function parseDuration(text: string): number | null {
  const t = text.trim().toLowerCase();
  if (!t) return null;
  const clock = /^(\d+):(\d{1,2})(?::(\d{1,2}))?$/.exec(t);
  if (clock) {
    const [a, b, c] = [Number(clock[1]), Number(clock[2]), clock[3] === undefined ? null : Number(clock[3])];
    if (b >= 60 || (c !== null && c >= 60)) return null;
    return c === null ? a * 60 + b : a * 3600 + b * 60 + c; // m:ss or h:mm:ss
  }
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t);
  const re = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*/gy;
  let total = 0;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(t)) !== null) {
    const unit = UNIT_SECONDS[m[2]!];
    if (unit === undefined) return null;
    total += Number(m[1]) * unit;
    consumed = re.lastIndex;
  }
  return consumed === t.length && consumed > 0 ? total : null;
}

const COUNT_SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, g: 1e9, b: 1e9 };

/** A whole count in "1000000", "1,000,000", "1 000 000", "1e6", "5 M", "2.5k"; null otherwise. */
export function parseCount(text: string): number | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[,_\s](?=\d)/g, '');
  const m = /^(\d+(?:\.\d+)?(?:e\d+)?)\s*([kmgb])?$/.exec(t);
  if (!m) return null;
  const v = Number(m[1]) * (m[2] ? COUNT_SUFFIX[m[2]]! : 1);
  return Number.isFinite(v) && Number.isInteger(Math.round(v * 1e6) / 1e6) ? Math.round(v) : null;
}

function parseNumber(text: string): number | null {
  const t = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** A field's value read and checked as `--set` reads one, by the core's one checker: the value, or its one-line problem. */
export function readField(solver: SolverInfo, name: string, value: FieldValue): { value: ParamValue } | { error: string } {
  const spec = Object.hasOwn(solver.params, name) ? solver.params[name] : undefined;
  // A switch holds true or false, checked as it is; text is read as `--set` reads it.
  if (spec && (spec.type === 'boolean' || typeof value === 'boolean')) {
    const problem = paramProblem(name, spec, value);
    return problem ? { error: problem } : { value };
  }
  try {
    return { value: parseParamText(solver.params, name, String(value)) };
  } catch (e) {
    if (e instanceof ParamError) return { error: e.message };
    throw e;
  }
}

// ---- validation -------------------------------------------------------------------------------

export interface Checked {
  /** Field key → message. Keys: `param:<name>`, `time`, `evals`, `target`, `seed`, `count`. */
  errors: Record<string, string>;
  /** The call to make, when nothing is wrong. */
  args: StartRunsArgs | null;
  /** Seeds the runs will get (null = random), for the form's summary line. */
  seeds: number[] | null;
  runs: number;
}

/** Check every field and build the `startRuns` arguments. */
/** The seed of a launch's i-th run: seed, seed + 1, … wrapping past MAX_SEED to 0 as the backend does. */
function nthSeed(seed: number, i: number): number {
  return (seed + i) % (MAX_SEED + 1);
}

/** The seeds `n` runs per solver take, in words: "a random seed", "3 random seeds", "seed 7", "seeds 100 – 101" (a range that wraps says so). */
export function seedsText(seedField: string, n: number): string {
  const seed = parseNumber(seedField);
  if (seedField.trim() === '' || seed === null || !Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)
    return n === 1 ? 'a random seed' : countNoun(n, 'random seed');
  if (n === 1) return `seed ${seed}`;
  const last = nthSeed(seed, n - 1);
  return last > seed ? `seeds ${seed} – ${last}` : `seeds ${seed} – ${MAX_SEED} and 0 – ${last}`;
}

export function checkForm(form: LaunchForm, solver: SolverInfo, puzzleId: number | null): Checked {
  const errors: Record<string, string> = {};
  const params: Params = {};
  for (const [name, spec] of Object.entries(solver.params)) {
    const read = readField(solver, name, form.values[name] ?? valueText(spec, spec.default));
    if ('error' in read) errors[`param:${name}`] = read.error;
    else if (read.value !== spec.default) params[name] = read.value;
  }
  let seconds: number | null = null;
  if (form.timeOn) {
    seconds = parseDuration(form.time);
    if (seconds === null) errors.time = 'Enter a duration, e.g. 90 s, 15 min, 8 h or 1h30m';
    else if (!(seconds > 0)) errors.time = 'Must be longer than 0 s';
  }
  let evaluations: number | null = null;
  if (form.evalsOn) {
    evaluations = parseCount(form.evals);
    if (evaluations === null) errors.evals = 'Enter a whole number, e.g. 1000000, 1e6 or 5 M';
    else if (evaluations < 1) errors.evals = 'Must be at least 1';
  }
  let target: number | null = null;
  if (form.targetOn) {
    target = parseNumber(form.target);
    if (target === null) errors.target = 'Enter a score';
  }
  let seed: number | null = null;
  if (form.seed.trim() !== '') {
    const s = parseNumber(form.seed);
    if (s === null || !Number.isInteger(s) || s < 0 || s > MAX_SEED) errors.seed = `A whole number from 0 to ${MAX_SEED}, or empty for random`;
    else seed = s;
  }
  const count = parseNumber(form.count);
  let runs = 1;
  if (count === null || !Number.isInteger(count) || count < 1 || count > MAX_RUNS_PER_SOLVER) errors.count = `A whole number from 1 to ${MAX_RUNS_PER_SOLVER}`;
  else runs = count;
  const seeds = seed === null ? null : Array.from({ length: runs }, (_, i) => nthSeed(seed!, i));
  if (puzzleId === null) errors.puzzle = 'Choose a puzzle';
  const ok = Object.keys(errors).length === 0;
  return {
    errors,
    seeds,
    runs,
    args: ok ? { puzzleId: puzzleId!, solver: solver.id, params, seed, count: runs, seconds, evaluations, target } : null,
  };
}

// ---- presets and earlier runs -------------------------------------------------------------------

/** The preset's values over the defaults; its stop criteria when it has them. */
export function applyPreset(form: LaunchForm, solver: SolverInfo, preset: SolverPreset | null): LaunchForm {
  const values = defaultValues(solver);
  if (preset) for (const [k, v] of Object.entries(preset.params)) if (solver.params[k]) values[k] = valueText(solver.params[k]!, v);
  const next: LaunchForm = { ...form, solver: solver.id, preset: preset?.id ?? '', values };
  if (preset?.stop) Object.assign(next, stopFields(preset.stop));
  return next;
}

/** Form fields for stop criteria; absent criteria are switched off. */
export function stopFields(stop: Partial<StopCriteria>): Pick<LaunchForm, 'timeOn' | 'time' | 'evalsOn' | 'evals' | 'targetOn' | 'target'> {
  return {
    timeOn: stop.seconds != null,
    time: stop.seconds != null ? durationInput(stop.seconds) : '10 min',
    evalsOn: stop.evaluations != null,
    evals: stop.evaluations != null ? String(stop.evaluations) : '',
    targetOn: stop.target != null,
    target: stop.target != null ? String(stop.target) : '',
  };
}

/** Seconds as the form writes them: "45 s", "10 min", "1h30m", "8 h". */
export function durationInput(seconds: number): string {
  if (seconds < 60 || seconds % 60 !== 0) return `${seconds} s`;
  const m = seconds / 60;
  if (m < 60) return `${m} min`;
  if (m % 60 === 0) return `${m / 60} h`;
  return `${Math.floor(m / 60)}h${m % 60}m`;
}

/** The settings of an earlier run (solver, parameters, stop criteria, seed) as a new form. */
export function formFromRun(
  solver: SolverInfo,
  run: { params: Params; stop: StopCriteria; seed: number },
  presets: readonly SolverPreset[] = [],
  keepSeed = false,
): LaunchForm {
  const values = defaultValues(solver);
  for (const [k, v] of Object.entries(run.params)) if (solver.params[k]) values[k] = valueText(solver.params[k]!, v);
  const form: LaunchForm = { ...defaultForm(solver), values, ...stopFields(run.stop), seed: keepSeed ? String(run.seed) : '' };
  return { ...form, preset: presetMatching(form, solver, presets) };
}

/** The preset whose values the form holds exactly ('' when none). */
export function presetMatching(form: LaunchForm, solver: SolverInfo, presets: readonly SolverPreset[]): string {
  const same = (a: Record<string, FieldValue>, b: Record<string, FieldValue>): boolean =>
    Object.keys(solver.params).every((k) => String(a[k]) === String(b[k]));
  for (const p of presets) if (same(form.values, applyPreset(form, solver, p).values)) return p.id;
  return '';
}

/** Parameter names whose value differs from the default. */
export function changedFields(form: LaunchForm, solver: SolverInfo): Set<string> {
  const d = defaultValues(solver);
  return new Set(Object.keys(solver.params).filter((k) => String(form.values[k]) !== String(d[k])));
}

// ---- several solvers at once (solvers x seeds) ------------------------------------------------------

/** The solver-specific part of a form (what differs between the solvers of one launch). */
export type SolverSettings = Pick<LaunchForm, 'preset' | 'values'>;

export interface CheckedLaunch {
  /** Per solver id: its field errors (stop, seed and count errors appear under every solver). */
  errors: Record<string, Record<string, string>>;
  /** One startRuns call per solver, when nothing is wrong. */
  args: StartRunsArgs[] | null;
  /** Runs in all: solvers x runs per solver. */
  runs: number;
}

/**
 * Check a launch of several solvers sharing the stop criteria, seed and count of `shared`: each
 * solver runs with every seed, so two solvers x two seeds make four runs that compare pairwise.
 */
export function checkLaunch(
  shared: LaunchForm,
  chosen: readonly string[],
  settings: Readonly<Record<string, SolverSettings>>,
  solvers: readonly SolverInfo[],
  puzzleId: number | null,
): CheckedLaunch {
  const errors: Record<string, Record<string, string>> = {};
  const args: StartRunsArgs[] = [];
  let runs = 0;
  for (const id of chosen) {
    const solver = solvers.find((s) => s.id === id);
    if (!solver) continue;
    const own = id === shared.solver ? shared : { ...shared, solver: id, ...(settings[id] ?? { preset: '', values: defaultValues(solver) }) };
    const c = checkForm(own, solver, puzzleId);
    runs += c.runs;
    if (Object.keys(c.errors).length > 0) errors[id] = c.errors;
    else if (c.args) args.push(c.args);
  }
  return { errors, args: Object.keys(errors).length === 0 && args.length > 0 ? args : null, runs };
}
