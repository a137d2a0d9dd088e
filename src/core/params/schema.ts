/**
 * Parameter schemas: one description per solver parameter, used by the CLI (`--set k=v`),
 * the launch form (issue 6) and the IPC validator. Values are always plain JSON.
 */
export type ParamSpec =
  | { type: 'int'; default: number; min?: number; max?: number; help: string }
  | { type: 'number'; default: number; min?: number; max?: number; help: string }
  | { type: 'boolean'; default: boolean; help: string }
  | { type: 'enum'; default: string; options: readonly string[]; help: string };

export type ParamSchema = Readonly<Record<string, ParamSpec>>;
export type ParamValue = number | boolean | string;
export type Params = Record<string, ParamValue>;

/** Parameters after defaults are filled in, typed by their schema. */
export type ResolvedParams<S extends ParamSchema> = {
  [K in keyof S]: S[K] extends { type: 'boolean' } ? boolean : S[K] extends { type: 'enum' } ? string : number;
};

export class ParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParamError';
  }
}

function checkValue(name: string, spec: ParamSpec, v: unknown): ParamValue {
  switch (spec.type) {
    case 'int':
    case 'number': {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new ParamError(`parameter ${name}: expected a number, got ${JSON.stringify(v)}`);
      if (spec.type === 'int' && !Number.isInteger(v)) throw new ParamError(`parameter ${name}: expected a whole number, got ${v}`);
      if (spec.min !== undefined && v < spec.min) throw new ParamError(`parameter ${name}: ${v} is below the minimum ${spec.min}`);
      if (spec.max !== undefined && v > spec.max) throw new ParamError(`parameter ${name}: ${v} is above the maximum ${spec.max}`);
      return v;
    }
    case 'boolean':
      if (typeof v !== 'boolean') throw new ParamError(`parameter ${name}: expected true or false, got ${JSON.stringify(v)}`);
      return v;
    case 'enum':
      if (typeof v !== 'string' || !spec.options.includes(v))
        throw new ParamError(`parameter ${name}: expected one of ${spec.options.join(', ')}, got ${JSON.stringify(v)}`);
      return v;
  }
}

/** Fill defaults and check every value; unknown names are an error (a typo must not be silently ignored). */
export function resolveParams<S extends ParamSchema>(schema: S, raw: Readonly<Record<string, unknown>> = {}): ResolvedParams<S> {
  const out: Params = {};
  for (const key of Object.keys(raw)) {
    // Own names only: `toString` or `__proto__` are not parameters because every object has them.
    if (!Object.hasOwn(schema, key)) {
      const known = Object.keys(schema);
      throw new ParamError(`unknown parameter ${key}${known.length ? ` (known: ${known.join(', ')})` : ''}`);
    }
  }
  for (const [name, spec] of Object.entries(schema)) {
    out[name] = raw[name] === undefined ? spec.default : checkValue(name, spec, raw[name]);
  }
  return out as ResolvedParams<S>;
}

/** Parse a command-line string for one parameter (`--set name=value`). */
export function parseParamText(schema: ParamSchema, name: string, text: string): ParamValue {
  const spec = Object.hasOwn(schema, name) ? schema[name] : undefined;
  if (!spec) throw new ParamError(`unknown parameter ${name}${Object.keys(schema).length ? ` (known: ${Object.keys(schema).join(', ')})` : ''}`);
  switch (spec.type) {
    case 'int':
    case 'number': {
      const v = Number(text);
      if (text.trim() === '' || !Number.isFinite(v)) throw new ParamError(`parameter ${name}: expected a number, got "${text}"`);
      return checkValue(name, spec, v);
    }
    case 'boolean':
      if (text === 'true' || text === '1' || text === 'yes') return true;
      if (text === 'false' || text === '0' || text === 'no') return false;
      throw new ParamError(`parameter ${name}: expected true or false, got "${text}"`);
    case 'enum':
      return checkValue(name, spec, text);
  }
}

/** The values of one schema's parameters out of a larger set (an engine's share of a solver's parameters). */
export function pickParams(schema: ParamSchema, params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(schema)) if (params[k] !== undefined) out[k] = params[k];
  return out;
}
