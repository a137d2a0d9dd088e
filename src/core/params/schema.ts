/**
 * Parameter schemas: one description per solver parameter (its type, default, range, help, and
 * optionally a label and a unit), declared beside the solver. This module is the only checker of
 * parameter values: the API's launch, a resume, a run file and a study file resolve through
 * `resolveParams`, the catalogue's adapter (`engine/catalogued.ts`) resolves once before a solver
 * sees them, and the launch form and the CLI read text with `parseParamText`, so each refuses the
 * same values with the same one line (`parameter width: 0 is below the minimum 1`).
 */
import * as v from 'valibot';
import { isObject } from '../validate/is-object';

interface SpecMeta {
  help: string;
  /** Shown instead of the name made into words ("restartAfter" -> "Restart after"). */
  label?: string;
  /** What a number counts ("MB", "boards"), shown after its range. */
  unit?: string;
}

export type ParamSpec =
  | ({ type: 'int'; default: number; min?: number; max?: number } & SpecMeta)
  | ({ type: 'number'; default: number; min?: number; max?: number } & SpecMeta)
  | ({ type: 'boolean'; default: boolean } & SpecMeta)
  | ({ type: 'enum'; default: string; options: readonly string[] } & SpecMeta);

export type ParamSchema = Readonly<Record<string, ParamSpec>>;
export type ParamValue = number | boolean | string;
export type Params = Record<string, ParamValue>;

/** Parameters after defaults are filled in, typed by their schema (a schema known only as `ParamSchema`: `Params`). */
export type ResolvedParams<S extends ParamSchema> = string extends keyof S
  ? Params
  : { [K in keyof S]: S[K] extends { type: 'boolean' } ? boolean : S[K] extends { type: 'enum' } ? string : number };

export class ParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamError';
  }
}

/** A value as a message shows it: JSON where it has one (so a string reads "5", not 5). */
function shown(x: unknown): string {
  if (typeof x === 'number') return String(x);
  if (typeof x === 'bigint' || typeof x === 'function' || typeof x === 'symbol' || x === undefined) return String(x);
  try {
    return JSON.stringify(x) ?? String(x);
  } catch {
    return typeof x;
  }
}

/** The valibot schema of one parameter's value; each message names the parameter and the value. */
export function paramValueSchema(name: string, spec: ParamSpec): v.GenericSchema<unknown, ParamValue> {
  const say =
    (what: (input: unknown) => string) =>
    (issue: v.BaseIssue<unknown>): string =>
      `parameter ${name}: ${what(issue.input)}`;
  switch (spec.type) {
    case 'int':
    case 'number': {
      const notNumber = say((x) => `expected a number, got ${shown(x)}`);
      return v.pipe(
        v.number(notNumber),
        v.finite(notNumber),
        v.check(
          (x) => spec.type !== 'int' || Number.isInteger(x),
          say((x) => `expected a whole number, got ${shown(x)}`),
        ),
        v.minValue(
          spec.min ?? -Infinity,
          say((x) => `${shown(x)} is below the minimum ${spec.min}`),
        ),
        v.maxValue(
          spec.max ?? Infinity,
          say((x) => `${shown(x)} is above the maximum ${spec.max}`),
        ),
      );
    }
    case 'boolean':
      return v.boolean(say((x) => `expected true or false, got ${shown(x)}`));
    case 'enum':
      return v.picklist(
        spec.options,
        say((x) => `expected one of ${spec.options.join(', ')}, got ${shown(x)}`),
      );
  }
}

function unknownName(schema: ParamSchema, key: string): string {
  const known = Object.keys(schema);
  return `unknown parameter ${key}${known.length ? ` (known: ${known.join(', ')})` : ''}`;
}

/**
 * The valibot schema of a solver's parameters: an object of known names only, each value checked by
 * its spec, with every default filled in. Names are own keys (`toString` or `__proto__` are not
 * parameters because every object has them); the first problem is the one line reported.
 */
export function paramsSchema<S extends ParamSchema>(schema: S): v.GenericSchema<unknown, ResolvedParams<S>> {
  return v.pipe(
    v.custom<Record<string, unknown>>(isObject, (issue) => `parameters: expected an object, got ${shown(issue.input)}`),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const raw = dataset.value;
      for (const key of Object.keys(raw)) {
        if (!Object.hasOwn(schema, key)) {
          addIssue({ message: unknownName(schema, key) });
          return NEVER;
        }
      }
      const out: Params = {};
      for (const [name, spec] of Object.entries(schema)) {
        if (raw[name] === undefined) {
          out[name] = spec.default;
          continue;
        }
        const r = v.safeParse(paramValueSchema(name, spec), raw[name], { abortEarly: true });
        if (!r.success) {
          addIssue({ message: r.issues[0].message });
          return NEVER;
        }
        out[name] = r.output;
      }
      return out as ResolvedParams<S>;
    }),
  );
}

/** What is wrong with one value of one parameter, in one line, or null. */
export function paramProblem(name: string, spec: ParamSpec, value: unknown): string | null {
  const r = v.safeParse(paramValueSchema(name, spec), value, { abortEarly: true });
  return r.success ? null : r.issues[0].message;
}

/** Fill defaults and check every value; unknown names are an error (a typo must not be silently ignored). */
export function resolveParams<S extends ParamSchema>(schema: S, raw: unknown = {}): ResolvedParams<S> {
  const r = v.safeParse(paramsSchema(schema), raw, { abortEarly: true });
  if (!r.success) throw new ParamError(r.issues[0].message.replace(/[\r\n]+/g, ' '));
  return r.output;
}

/** A decimal number as a person types it ("64", "-0.5", "1e-3"); not hex, not "Infinity", not empty. */
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/** Read one parameter's value from text (`--set name=value`, a field of the launch form), checked. */
export function parseParamText(schema: ParamSchema, name: string, text: string): ParamValue {
  const spec = Object.hasOwn(schema, name) ? schema[name] : undefined;
  if (!spec) throw new ParamError(unknownName(schema, name));
  let value: unknown = text;
  if (spec.type === 'int' || spec.type === 'number') {
    const t = text.trim();
    if (!NUMBER_TEXT.test(t) || !Number.isFinite(Number(t))) throw new ParamError(`parameter ${name}: expected a number, got ${shown(text)}`);
    value = Number(t);
  } else if (spec.type === 'boolean') {
    if (text === 'true' || text === '1' || text === 'yes') value = true;
    else if (text === 'false' || text === '0' || text === 'no') value = false;
    else throw new ParamError(`parameter ${name}: expected true or false, got ${shown(text)}`);
  }
  const problem = paramProblem(name, spec, value);
  if (problem) throw new ParamError(problem);
  return value as ParamValue;
}

/** A parameter's label: its own, else its name in words ("restartAfter" -> "Restart after", "tabu_tenure" -> "Tabu tenure", "T0" stays). */
export function paramLabel(name: string, spec?: ParamSpec): string {
  if (spec?.label) return spec.label;
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  return words.map((w, i) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w.toLowerCase())).join(' ');
}

/** A number's range in words with its unit ("whole number, 1 to 4194304", "number ≥ 0 MB"); '' for switches and choices. */
export function rangeHint(spec: ParamSpec): string {
  if (spec.type === 'boolean' || spec.type === 'enum') return '';
  const kind = spec.type === 'int' ? 'whole number' : 'number';
  const unit = spec.unit ? ` ${spec.unit}` : '';
  if (spec.min !== undefined && spec.max !== undefined) return `${kind}, ${spec.min} to ${spec.max}${unit}`;
  if (spec.min !== undefined) return `${kind} ≥ ${spec.min}${unit}`;
  if (spec.max !== undefined) return `${kind} ≤ ${spec.max}${unit}`;
  return `${kind}${unit ? ` in${unit}` : ''}`;
}

/**
 * The values a parameter can hold, for the API's shape check before the solver's own check (which
 * needs the puzzle's family, known only once the puzzle is read): a number, true or false, or a string.
 */
export const paramValueShape = v.union(
  [v.pipe(v.number(), v.finite('expected a finite number')), v.boolean(), v.pipe(v.string(), v.maxLength(200, 'longer than 200 characters'))],
  (issue) => `expected a number, true or false, or a string, got ${shown(issue.input)}`,
);

/** The values of one schema's parameters out of a larger set (an engine's share of a solver's parameters). */
export function pickParams(schema: ParamSchema, params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(schema)) if (params[k] !== undefined) out[k] = params[k];
  return out;
}
