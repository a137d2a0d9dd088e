/**
 * A saved study file read back into the composer's form: its fields when the form can hold them,
 * else one line naming the field, and whether the backend may still take the file as it is.
 */
import * as v from 'valibot';
import { dict } from '../../../../core/validate/validate';
import { paramsText, type StudyDraft } from './study-draft';

export type ReadStudyFile =
  /** The form can hold it: its fields, and the library ids of its puzzles (looked up by the caller). */
  | { ok: true; draft: Omit<StudyDraft, 'puzzles'>; puzzleIds: number[] }
  /** Not a study file, or one the form cannot hold; `direct`: the backend may still take it as it is. */
  | { ok: false; direct: boolean; message: string };

// What the form has no field for: the backend may still read it when created directly.
const HOLDS = '; the composer holds library puzzles, solver settings, seeds and one stop';
const other = (what: string): string => `${what}${HOLDS}`;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const extraKey = (o: Record<string, unknown>, keys: readonly string[]): string | undefined => Object.keys(o).find((k) => !keys.includes(k));
/** No field but `keys`, checked before the fields themselves; `say` names the first other one. */
const only = (keys: readonly string[], say: (key: string) => string) =>
  v.check(
    (o: Record<string, unknown>) => extraKey(o, keys) === undefined,
    (issue) => other(say(extraKey(issue.input, keys)!)),
  );

const aText = v.string('a text');
const libraryId = v.pipe(v.number(), v.integer(), v.minValue(1));
/** A library puzzle as the form saves it: its id, bare or as `{"library": id}`. */
const libraryPuzzle = v.union([libraryId, v.strictObject({ library: libraryId })]);

/** Why the form cannot hold a puzzle: the backend may still take a file, an inline puzzle or a library puzzle's own fields. */
function notLibrary(p: unknown): string {
  if (typeof p === 'string' || (isRecord(p) && 'file' in p)) return other('is a file');
  if (isRecord(p) && 'family' in p) return other('is an inline puzzle');
  if (isRecord(p) && 'library' in p)
    return other(
      `has its own ${Object.keys(p)
        .filter((k) => k !== 'library')
        .join(' and ')}`,
    );
  return 'a library id';
}

const puzzle = v.pipe(
  v.custom<v.InferOutput<typeof libraryPuzzle>>(
    (p) => v.is(libraryPuzzle, p),
    (issue) => notLibrary(issue.input),
  ),
  v.transform((p) => (typeof p === 'number' ? p : p.library)),
);

const setting = v.pipe(
  v.custom<{ solver: string }>((s) => isRecord(s) && typeof s.solver === 'string', '{"solver": ID, "preset"?, "params"?, "label"?}'),
  // Strict, so an unknown field is named after the fields' own problems (its path ends at the setting: see `said`).
  v.strictObject(
    {
      solver: v.string(),
      preset: v.optional(aText),
      label: v.optional(aText),
      params: v.optional(
        v.pipe(
          v.custom<Record<string, unknown>>(isRecord, 'an object of name: value'),
          dict(v.union([v.number(), v.boolean(), v.string()], 'a number, true/false or a text')),
        ),
      ),
    },
    (issue) => other(`has a field ${String(issue.input)}`),
  ),
);

const stop = v.pipe(
  v.custom<Record<string, unknown>>(isRecord, '{"seconds"?, "evaluations"?, "target"?, "clock"?}'),
  only(['seconds', 'evaluations', 'target', 'clock'], (k) => `has a field ${k}`),
  v.looseObject({
    seconds: v.optional(v.number('a number')),
    evaluations: v.optional(v.number('a number')),
    target: v.optional(v.number('a number')),
    clock: v.optional(v.picklist(['cpu', 'wall'], '"cpu" or "wall"')),
  }),
);

// Checked in this order, the first problem named.
const fields = {
  name: aText,
  description: v.optional(aText),
  puzzles: v.array(puzzle, 'a list'),
  solvers: v.array(setting, 'a list'),
  seeds: v.union([v.number(), v.array(v.number())], 'a count or a list of whole numbers'),
  stop,
  concurrency: v.optional(v.number('a whole number')),
};

const studyFile = v.pipe(
  v.custom<Record<string, unknown>>(isRecord, 'not a study file (a JSON object with name, puzzles, solvers, seeds and stop)'),
  // A field the form has no place for (a paper's figures, or one newer than this form): the backend judges it.
  only(Object.keys(fields), (k) => (k === 'published' ? 'it carries a paper’s figures (published)' : `it has a field ${k}`)),
  // A missing field is told as the field's own problem.
  v.looseObject(fields, (issue) => {
    const field: v.GenericSchema = fields[issue.path![0].key as keyof typeof fields];
    return v.safeParse(field, undefined).issues![0].message;
  }),
);

/** `path: what it should be`, or `path what it is; the composer holds…` when the backend may still take it. */
function said(issue: v.BaseIssue<unknown>): { direct: boolean; message: string } {
  const items = issue.path ?? [];
  let path = '';
  for (const { key } of issue.expected === 'never' ? items.slice(0, -1) : items)
    path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
  const direct = issue.message.endsWith(HOLDS);
  return { direct, message: path ? `${path}${direct ? ' ' : ': '}${issue.message}` : issue.message };
}

/** A study file's text back into the form; one line naming the field when the form cannot hold it. */
export function readStudyFile(text: string, fileName: string): ReadStudyFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, direct: false, message: `${fileName}: not a JSON study file` };
  }
  const read = v.safeParse(studyFile, json, { abortEarly: true });
  if (!read.success) {
    const { direct, message } = said(read.issues[0]);
    return { ok: false, direct, message: `${fileName}: ${message}` };
  }
  const file = read.output;
  const numberText = (x: number | undefined): string => (x === undefined ? '' : String(x));
  return {
    ok: true,
    puzzleIds: file.puzzles,
    draft: {
      name: file.name,
      description: file.description ?? '',
      settings: file.solvers.map((s) => ({ solver: s.solver, preset: s.preset ?? '', params: paramsText(s.params ?? {}), label: s.label ?? '' })),
      ...(typeof file.seeds === 'number' ? { seedsMode: 'count', seeds: String(file.seeds) } : { seedsMode: 'list', seeds: file.seeds.join(', ') }),
      seconds: numberText(file.stop.seconds),
      // The backend's default clock is the wall's.
      clock: file.stop.clock ?? 'wall',
      evaluations: numberText(file.stop.evaluations),
      target: numberText(file.stop.target),
      concurrency: numberText(file.concurrency),
    },
  };
}
