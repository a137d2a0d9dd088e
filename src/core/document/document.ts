import * as v from 'valibot';
import type { FamilyId } from '../families/family';
import { allFamilies, getFamily, hasFamily } from '../families';
import { displayText, escapeControls } from '../text/display';
import { kindLabel } from '../text/run-text';
import { FormatError } from './errors';
import { isObject } from '../validate/is-object';

export const DOCUMENT_FORMAT = 'puzzle-workbench';
export const DOCUMENT_VERSION = 1;
/** How many earlier versions of the user's work a document keeps (the oldest are dropped). */
export const DOCUMENT_HISTORY_LIMIT = 100;

const knownFamilies = (): string[] => allFamilies().map((f) => f.id);
/** Absent, or null (read as absent). */
const absent = <S extends v.GenericSchema>(schema: S) =>
  v.optional(
    v.pipe(
      v.nullable(schema),
      v.transform((x): v.InferOutput<S> | undefined => x ?? undefined),
    ),
  );

/**
 * The one JSON document for any puzzle, with an optional solution (a placement, a maze, a grid).
 * `puzzle` and `solution` hold the family's JSON forms (see each family's json.ts), which the
 * family reads; this schema checks the envelope around them. Other fields are ignored.
 */
const documentSchema = v.pipe(
  v.custom<Record<string, unknown>>(isObject, 'expected a JSON object'),
  v.object(
    {
      format: v.literal(DOCUMENT_FORMAT, `expected "format": "${DOCUMENT_FORMAT}"`),
      version: v.pipe(
        v.number('expected an integer "version"'),
        v.integer('expected an integer "version"'),
        v.minValue(1, (i) => `document version ${String(i.input)} was never written: versions start at 1`),
        v.maxValue(
          DOCUMENT_VERSION,
          (i) => `document version ${String(i.input)} is newer than this program understands (${DOCUMENT_VERSION}); update Puzzle Workbench`,
        ),
      ),
      family: v.pipe(
        v.string(
          () =>
            `expected "family": ${knownFamilies()
              .map((id) => `"${id}"`)
              .join(' | ')}`,
        ),
        // Own keys only: `toString`, `constructor` or `__proto__` are no family.
        v.check(hasFamily, (i) => `unknown puzzle family "${displayText(i.input, 40)}" (known: ${knownFamilies().join(', ')})`),
        v.transform((id) => id as FamilyId),
      ),
      /** Anything but text reads as no name. */
      name: v.optional(v.fallback(v.string(), ''), ''),
      puzzle: v.optional(v.unknown()),
      /** A placement, a maze, a grid: the user's current work on the puzzle. */
      solution: absent(v.unknown()),
      /** A known solution kept apart from the user's work (the drawing a puzzle was cut from, a generator's answer). */
      reference: absent(v.unknown()),
      /**
       * Earlier versions of `solution`, oldest first (at most DOCUMENT_HISTORY_LIMIT): the editor's
       * undo history, kept with the puzzle so a cleared or overwritten placement can be brought back
       * after autosave and reopening. Each entry is a solution in the family's JSON form (null = empty).
       */
      history: absent(v.array(v.unknown(), 'expected "history" to be a list of earlier solutions')),
      /**
       * The editor's unfinished work that is not part of the puzzle yet, with its own undo history (the
       * edge designer's drawing before it is cut). A JSON object kept as given; the family's editor
       * reads it and ignores what it cannot use.
       */
      draft: absent(v.custom<Record<string, unknown>>(isObject, 'expected "draft" to be a JSON object')),
    },
    // A required field that is missing: its own message, as if it were there and wrong.
    (issue) => {
      const key = (issue.path?.[0] as { key?: unknown } | undefined)?.key;
      return key === 'format'
        ? `expected "format": "${DOCUMENT_FORMAT}"`
        : key === 'version'
          ? 'expected an integer "version"'
          : `expected "family": ${knownFamilies()
              .map((id) => `"${id}"`)
              .join(' | ')}`;
    },
  ),
);

export type PuzzleDocument = v.InferOutput<typeof documentSchema>;

export function makeDocument(
  /** A built-in family, or one added with `registerFamily`. */
  family: FamilyId | (string & {}),
  name: string,
  puzzle: unknown,
  solution?: unknown,
  reference?: unknown,
  history?: readonly (unknown | null)[],
): PuzzleDocument {
  const f = getFamily(family);
  const doc: PuzzleDocument = { format: DOCUMENT_FORMAT, version: DOCUMENT_VERSION, family: f.id, name, puzzle: f.puzzleToJson(puzzle) };
  if (solution !== undefined) doc.solution = f.solutionToJson(puzzle, solution);
  if (reference !== undefined) doc.reference = f.solutionToJson(puzzle, reference);
  if (history && history.length > 0) doc.history = history.slice(-DOCUMENT_HISTORY_LIMIT).map((h) => (h === null ? null : f.solutionToJson(puzzle, h)));
  return doc;
}

/** Parse and fully validate a document (from a file, IPC or the store). */
export function parseDocument(
  x: unknown,
  where = 'document',
): { doc: PuzzleDocument; puzzle: unknown; solution: unknown; reference: unknown; history: (unknown | null)[] } {
  const r = v.safeParse(documentSchema, x, { abortEarly: true });
  if (!r.success) throw new FormatError(r.issues[0].message, where);
  const o = r.output;
  const family = getFamily(o.family);
  const name = o.name;
  const puzzle: unknown = family.puzzleFromJson(o.puzzle, `${where}: puzzle`);
  const solution: unknown = o.solution === undefined ? undefined : family.solutionFromJson(puzzle, o.solution, `${where}: solution`);
  const reference: unknown = o.reference === undefined ? undefined : family.solutionFromJson(puzzle, o.reference, `${where}: reference`);
  const history: (unknown | null)[] = (o.history ?? [])
    .slice(-DOCUMENT_HISTORY_LIMIT)
    .map((h, i) => (h === null ? null : family.solutionFromJson(puzzle, h, `${where}: history[${i}]`)));
  const doc: PuzzleDocument = { format: DOCUMENT_FORMAT, version: DOCUMENT_VERSION, family: family.id, name, puzzle: family.puzzleToJson(puzzle) };
  if (solution !== undefined) doc.solution = family.solutionToJson(puzzle, solution);
  if (reference !== undefined) doc.reference = family.solutionToJson(puzzle, reference);
  if (history.length > 0) doc.history = history.map((h) => (h === null ? null : family.solutionToJson(puzzle, h)));
  if (o.draft !== undefined) doc.draft = o.draft;
  return { doc, puzzle, solution, reference, history };
}

/**
 * What a puzzle given as its family's JSON is called ("Tetravex", "Edge matching"), for lists.
 * One that cannot be read is called by its family's label.
 */
export function puzzleKind(family: FamilyId, puzzleJson: unknown): string {
  if (!hasFamily(family)) return family;
  const f = getFamily(family);
  try {
    return kindLabel(family, f.puzzleFromJson(puzzleJson, 'puzzle'));
  } catch {
    return f.label;
  }
}

/** What a stored document's puzzle is called (see `puzzleKind`); only the puzzle is read. */
export function documentKind(family: FamilyId, x: unknown): string {
  return puzzleKind(family, (x as { puzzle?: unknown } | null)?.puzzle);
}

export function documentFromText(text: string, fileName: string): ReturnType<typeof parseDocument> {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    const line = m ? text.slice(0, Number(m[1])).split('\n').length : undefined;
    // The parser quotes the text near the error, newlines and all: escaped, so the message stays one line.
    throw new FormatError(`invalid JSON (${escapeControls((e as Error).message.replace(/^.*?: /, ''))})`, fileName, line);
  }
  return parseDocument(x, fileName);
}

export function documentToText(doc: PuzzleDocument): string {
  return `${JSON.stringify(doc, null, 1)}\n`;
}
