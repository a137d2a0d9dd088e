/**
 * A saved study file read back into the composer's form: its fields when the form can hold them,
 * else one line naming the field, and whether the backend may still take the file as it is.
 */
import type { ParamValue, Params } from '../../../../core/params/schema';
import { paramsText, type DraftSetting, type StudyDraft } from './study-draft';
import { isObject } from '../../../../core/validate/is-object';

export type ReadStudyFile =
  /** The form can hold it: its fields, and the library ids of its puzzles (looked up by the caller). */
  | { ok: true; draft: Omit<StudyDraft, 'puzzles'>; puzzleIds: number[] }
  /** Not a study file, or one the form cannot hold; `direct`: the backend may still take it as it is. */
  | { ok: false; direct: boolean; message: string };

const FORM_KEYS = new Set(['name', 'description', 'puzzles', 'solvers', 'seeds', 'stop', 'concurrency']);
const STOP_KEYS = new Set(['seconds', 'evaluations', 'target', 'clock']);

/** A study file's text back into the form; one line naming the field when the form cannot hold it. */
export function readStudyFile(text: string, fileName: string): ReadStudyFile {
  const no = (message: string, direct = false): ReadStudyFile => ({ ok: false, direct, message: `${fileName}: ${message}` });
  // What the form has no field for: the backend may still read it when created directly.
  const other = (message: string): ReadStudyFile => no(`${message}; the composer holds library puzzles, solver settings, seeds and one stop`, true);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return no('not a JSON study file');
  }
  if (!isObject(json)) return no('not a study file (a JSON object with name, puzzles, solvers, seeds and stop)');
  const extra = Object.keys(json).find((k) => !FORM_KEYS.has(k));
  // A field the form has no place for (a paper's figures, or one newer than this form): the backend judges it.
  if (extra !== undefined) return other(extra === 'published' ? 'it carries a paper’s figures (published)' : `it has a field ${extra}`);
  if (typeof json.name !== 'string') return no('name: a text');
  if (json.description !== undefined && typeof json.description !== 'string') return no('description: a text');

  if (!Array.isArray(json.puzzles)) return no('puzzles: a list');
  const puzzleIds: number[] = [];
  for (const [i, p] of json.puzzles.entries()) {
    const id = typeof p === 'number' ? p : isObject(p) && Object.keys(p).length === 1 ? p.library : undefined;
    if (typeof id === 'number' && Number.isInteger(id) && id >= 1) puzzleIds.push(id);
    else if (typeof p === 'string' || (isObject(p) && 'file' in p)) return other(`puzzles[${i}] is a file`);
    else if (isObject(p) && 'family' in p) return other(`puzzles[${i}] is an inline puzzle`);
    else if (isObject(p) && 'library' in p && Object.keys(p).length > 1)
      return other(
        `puzzles[${i}] has its own ${Object.keys(p)
          .filter((k) => k !== 'library')
          .join(' and ')}`,
      );
    else return no(`puzzles[${i}]: a library id`);
  }

  if (!Array.isArray(json.solvers)) return no('solvers: a list');
  const settings: DraftSetting[] = [];
  for (const [i, s] of json.solvers.entries()) {
    if (!isObject(s) || typeof s.solver !== 'string') return no(`solvers[${i}]: {"solver": ID, "preset"?, "params"?, "label"?}`);
    if (s.preset !== undefined && typeof s.preset !== 'string') return no(`solvers[${i}].preset: a text`);
    if (s.label !== undefined && typeof s.label !== 'string') return no(`solvers[${i}].label: a text`);
    if (s.params !== undefined && !isObject(s.params)) return no(`solvers[${i}].params: an object of name: value`);
    const params: Params = {};
    for (const [k, v] of Object.entries(s.params ?? {})) {
      if (typeof v !== 'number' && typeof v !== 'boolean' && typeof v !== 'string') return no(`solvers[${i}].params.${k}: a number, true/false or a text`);
      params[k] = v satisfies ParamValue;
    }
    const unknown = Object.keys(s).find((k) => !['solver', 'preset', 'params', 'label'].includes(k));
    if (unknown !== undefined) return other(`solvers[${i}] has a field ${unknown}`);
    settings.push({ solver: s.solver, preset: s.preset ?? '', params: paramsText(params), label: s.label ?? '' });
  }

  let seedsMode: StudyDraft['seedsMode'];
  let seeds: string;
  if (typeof json.seeds === 'number') [seedsMode, seeds] = ['count', String(json.seeds)];
  else if (Array.isArray(json.seeds) && json.seeds.every((x) => typeof x === 'number')) [seedsMode, seeds] = ['list', json.seeds.join(', ')];
  else return no('seeds: a count or a list of whole numbers');

  if (!isObject(json.stop)) return no('stop: {"seconds"?, "evaluations"?, "target"?, "clock"?}');
  const stop = json.stop;
  const stopExtra = Object.keys(stop).find((k) => !STOP_KEYS.has(k));
  if (stopExtra !== undefined) return other(`stop has a field ${stopExtra}`);
  for (const k of ['seconds', 'evaluations', 'target'] as const) if (stop[k] !== undefined && typeof stop[k] !== 'number') return no(`stop.${k}: a number`);
  if (stop.clock !== undefined && stop.clock !== 'cpu' && stop.clock !== 'wall') return no('stop.clock: "cpu" or "wall"');
  if (json.concurrency !== undefined && typeof json.concurrency !== 'number') return no('concurrency: a whole number');

  const numberText = (x: unknown): string => (typeof x === 'number' ? String(x) : '');
  return {
    ok: true,
    puzzleIds,
    draft: {
      name: json.name,
      description: typeof json.description === 'string' ? json.description : '',
      settings,
      seedsMode,
      seeds,
      seconds: numberText(stop.seconds),
      // The backend's default clock is the wall's.
      clock: stop.clock === 'cpu' ? 'cpu' : 'wall',
      evaluations: numberText(stop.evaluations),
      target: numberText(stop.target),
      concurrency: numberText(json.concurrency),
    },
  };
}
