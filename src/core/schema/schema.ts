/**
 * A tiny runtime schema checker for data that crosses a trust boundary (IPC, WebSocket, files).
 * Each schema both validates and narrows the TypeScript type, so handlers get typed arguments.
 */
export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

export interface Schema<T> {
  /** Returns the value typed, or throws SchemaError naming the path. */
  parse(x: unknown, path?: string): T;
  readonly describe: string;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** Fields whose schema admits undefined become optional properties. */
export type InferObject<Shape extends Record<string, Schema<unknown>>> = Simplify<
  { [K in keyof Shape as undefined extends Infer<Shape[K]> ? never : K]: Infer<Shape[K]> } & {
    [K in keyof Shape as undefined extends Infer<Shape[K]> ? K : never]?: Infer<Shape[K]>;
  }
>;

const fail = (path: string, expected: string, x: unknown): never => {
  const got = x === null ? 'null' : Array.isArray(x) ? 'array' : typeof x;
  throw new SchemaError(`${path || 'value'}: expected ${expected}, got ${got}`);
};

const make = <T>(describe: string, parse: (x: unknown, path: string) => T): Schema<T> => ({
  describe,
  parse: (x, path = '') => parse(x, path),
});

export const s = {
  string: (maxLength = 10_000_000): Schema<string> =>
    make('string', (x, p) => {
      if (typeof x !== 'string') return fail(p, 'a string', x);
      if (x.length > maxLength) throw new SchemaError(`${p || 'value'}: longer than ${maxLength} characters`);
      return x;
    }),
  number: (): Schema<number> => make('number', (x, p) => (typeof x === 'number' && Number.isFinite(x) ? x : fail(p, 'a finite number', x))),
  int: (min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): Schema<number> =>
    make('integer', (x, p) => {
      if (typeof x !== 'number' || !Number.isInteger(x)) return fail(p, 'an integer', x);
      if (x < min || x > max) throw new SchemaError(`${p || 'value'}: ${x} is outside ${min}..${max}`);
      return x;
    }),
  boolean: (): Schema<boolean> => make('boolean', (x, p) => (typeof x === 'boolean' ? x : fail(p, 'true or false', x))),
  literal: <L extends string>(...values: L[]): Schema<L> =>
    make(values.join('|'), (x, p) => (values.includes(x as L) ? (x as L) : fail(p, `one of ${values.join(', ')}`, x))),
  /** Any JSON value; deeper checks belong to the family that reads it. */
  unknown: (): Schema<unknown> => make('any', (x) => x),
  optional: <T>(inner: Schema<T>): Schema<T | undefined> => make(`${inner.describe}?`, (x, p) => (x === undefined ? undefined : inner.parse(x, p))),
  nullable: <T>(inner: Schema<T>): Schema<T | null> => make(`${inner.describe}|null`, (x, p) => (x === null ? null : inner.parse(x, p))),
  array: <T>(inner: Schema<T>, maxLength = 1_000_000): Schema<T[]> =>
    make(`${inner.describe}[]`, (x, p) => {
      if (!Array.isArray(x)) return fail(p, 'an array', x);
      if (x.length > maxLength) throw new SchemaError(`${p || 'value'}: more than ${maxLength} items`);
      return x.map((v, i) => inner.parse(v, `${p}[${i}]`));
    }),
  record: <T>(inner: Schema<T>): Schema<Record<string, T>> =>
    make(`{[k]: ${inner.describe}}`, (x, p) => {
      if (typeof x !== 'object' || x === null || Array.isArray(x)) return fail(p, 'an object', x);
      // No prototype: a key such as `__proto__` stays an ordinary key (and is refused by whoever knows the keys).
      const out = Object.create(null) as Record<string, T>;
      for (const [k, v] of Object.entries(x)) out[k] = inner.parse(v, p ? `${p}.${k}` : k);
      return out;
    }),
  /** Unknown keys are refused: a misspelt field must not be silently dropped. */
  object: <Shape extends Record<string, Schema<unknown>>>(shape: Shape): Schema<InferObject<Shape>> =>
    make('object', (x, p) => {
      if (typeof x !== 'object' || x === null || Array.isArray(x)) return fail(p, 'an object', x);
      const rec = x as Record<string, unknown>;
      for (const k of Object.keys(rec)) if (!Object.hasOwn(shape, k)) throw new SchemaError(`${p ? `${p}.` : ''}${k}: unknown field`);
      const out: Record<string, unknown> = {};
      for (const [k, sch] of Object.entries(shape)) {
        const v = sch.parse(rec[k], p ? `${p}.${k}` : k);
        if (v !== undefined) out[k] = v;
      }
      return out as InferObject<Shape>;
    }),
  tuple: <T extends unknown[]>(...items: { [K in keyof T]: Schema<T[K]> }): Schema<T> =>
    make('tuple', (x, p) => {
      if (!Array.isArray(x) || x.length !== items.length) return fail(p, `an array of ${items.length}`, x);
      return items.map((sch, i) => sch.parse(x[i], `${p}[${i}]`)) as T;
    }),
};
