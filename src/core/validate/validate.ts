/**
 * Validation of data that crosses a trust boundary (IPC, WebSocket, files, the database) with
 * valibot, and the one-line message a person reads when it fails: `path: what was wrong`, e.g.
 * `getPuzzle.id: expected an integer, got string` or `puzzles[0].seconds: unknown field`.
 *
 * The builders below are valibot schemas whose messages say what was expected in words; any other
 * valibot schema works too (its message is then valibot's own, still on one line). Types come
 * from the schemas with `v.InferOutput`.
 */
import * as v from 'valibot';
import { withoutBom } from '../document/bom';
import { isObject } from './is-object';
import { valueText } from '../text/display';

export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

/** Any valibot schema (synchronous). */
export type Schema<T = unknown> = v.GenericSchema<unknown, T>;

const gotOf = (x: unknown): string => (x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x);
// JSON has no undefined: it is a field that is not there, and "got undefined" would speak JavaScript.
const wrong = (what: string, input: unknown, got = gotOf(input)): string =>
  input === undefined ? `missing (expected ${what})` : `expected ${what}, got ${got}`;
const expected =
  (what: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    wrong(what, issue.input);

/** `path` of an issue: `a.b[2].c`, after `root` (e.g. the API method or the file's field). */
function pathOf(issue: v.BaseIssue<unknown>, root: string): string {
  let out = root;
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key;
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || 'value';
}

/** The one-line text of a failed validation's first issue. */
export function issueText(issues: readonly v.BaseIssue<unknown>[], root = ''): string {
  const issue = issues[0];
  if (!issue) return `${root || 'value'}: invalid`;
  // valibot says a missing key as 'Invalid key: Expected "name" but received undefined'.
  if (issue.type === 'object' && issue.received === 'undefined' && issue.expected?.startsWith('"')) return `${pathOf(issue, root)}: missing`;
  return `${pathOf(issue, root)}: ${issue.message.replace(/[\r\n]+/g, ' ')}`;
}

/** The value typed, or a SchemaError with one line naming the path (under `root`). Stops at the first problem. */
export function parseWith<S extends Schema>(schema: S, x: unknown, root = ''): v.InferOutput<S> {
  const r = v.safeParse(schema, x, { abortEarly: true });
  if (!r.success) throw new SchemaError(issueText(r.issues, root));
  return r.output;
}

export const str = (maxLength = 10_000_000) => v.pipe(v.string(expected('a string')), v.maxLength(maxLength, `longer than ${maxLength} characters`));

/**
 * A file's text as a client sends it: a byte order mark at its start is dropped here, once, as the
 * CLI drops it when it reads a file, so no reader behind the API sees one whichever client sent it.
 */
export const fileText = (maxLength: number) => v.pipe(str(maxLength), v.transform(withoutBom));

export const num = () => v.pipe(v.number(expected('a finite number')), v.finite(expected('a finite number')));

export const int = (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.number(expected('an integer')),
    v.integer(expected('an integer')),
    v.minValue(min, (i) => `${String(i.input)} is outside ${min}..${max}`),
    v.maxValue(max, (i) => `${String(i.input)} is outside ${min}..${max}`),
  );

export const bool = () => v.boolean(expected('true or false'));

/** Its message quotes the value given: "got string" says nothing about which. */
export const oneOf = <const L extends readonly string[]>(...values: L) =>
  v.picklist(values, (issue) => wrong(`one of ${values.join(', ')}`, issue.input, typeof issue.input === 'string' ? valueText(issue.input) : undefined));

/** Items checked after the length, so a huge array is refused before its items are read. */
export const list = <S extends Schema>(item: S, maxLength = 1_000_000) =>
  v.pipe(
    v.custom<unknown[]>((x) => Array.isArray(x), expected('an array')),
    v.maxLength(maxLength, `more than ${maxLength} items`),
    v.array(item),
  );

/**
 * An object with exactly these fields: an unknown field is refused (a misspelt field must not be
 * silently dropped) and a missing one is named with what it should be.
 */
export const obj = <E extends v.ObjectEntries>(entries: E) =>
  v.pipe(
    v.custom<Record<string, unknown>>(isObject, expected('an object')),
    v.strictObject(entries, (issue) => {
      if (issue.expected === 'never') return 'unknown field';
      const key = (issue.path?.[0] as { key?: unknown } | undefined)?.key;
      const missing = typeof key === 'string' && Object.hasOwn(entries, key) ? v.safeParse(entries[key]!, undefined).issues : undefined;
      return missing?.[0]?.message ?? expected('an object')(issue);
    }),
  );

/**
 * Any string keys, each value checked by `item`. Every own key is kept (in an object without a
 * prototype), so `__proto__` or `constructor` stay ordinary keys for whoever knows the keys to refuse.
 */
export const dict = <S extends Schema>(item: S) =>
  v.pipe(
    v.custom<Record<string, unknown>>(isObject, expected('an object')),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const out = Object.create(null) as Record<string, v.InferOutput<S>>;
      for (const [key, value] of Object.entries(dataset.value)) {
        const r = v.safeParse(item, value, { abortEarly: true });
        if (!r.success) {
          const inner = r.issues[0];
          addIssue({
            message: inner.message,
            path: [{ type: 'object', origin: 'value', input: dataset.value, key, value }, ...(inner.path ?? [])] as unknown as [v.IssuePathItem],
          });
          return NEVER;
        }
        out[key] = r.output;
      }
      return out;
    }),
  );
