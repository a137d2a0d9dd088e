import { parseArgs, type ParseArgsConfig } from 'node:util';
import { MAX_SEED } from '../../core/engine/run-types';
import { MAX_STOP_SECONDS } from '../services/stop-criteria';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util parseArgs with strict checking, turning its errors into one-line usage errors. Every
 * command takes `--db PATH` (as the README and the usage say), also those that open no database
 * (`score`, `worker`), so a `--db` kept on every command line of a script is never refused.
 */
export function parse<O extends Options>(argv: string[], commandOptions: O, maxPositionals: number) {
  const options: O & { db: { type: 'string' } } = { db: { type: 'string' }, ...commandOptions };
  // `--seconds -1`: a value that looks like an option is still the value of a string option, so
  // the option's own check can say what is wrong with it.
  const args = [...argv];
  for (let i = 0; i + 1 < args.length; i++) {
    const name = args[i]!.startsWith('--') ? args[i]!.slice(2) : null;
    if (name !== null && Object.hasOwn(options, name) && options[name]!.type === 'string' && /^-[\d.]/.test(args[i + 1]!)) {
      args.splice(i, 2, `--${name}=${args[i + 1]}`);
    }
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional.*$/s, '').split('\n')[0]);
  }
  if (parsed.positionals.length > maxPositionals) throw new UsageError(`unexpected argument "${parsed.positionals[maxPositionals]}"`);
  // An empty value is a slip (`--out "$UNSET"`), never a choice: taken, it would quietly mean "not given".
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === '' || (Array.isArray(value) && value.includes(''))) throw new UsageError(`--${name} needs a value, got ""`);
  }
  if (parsed.positionals.includes('')) throw new UsageError('an argument is empty ("")');
  return parsed;
}

/** A positional id (RUN, ID): a whole number from 1. */
export function idArgument(label: string, v: string): number {
  const n = Number(v);
  if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`${label} must be a whole number from 1 (an id), got "${v}"`);
  return n;
}

export function intOption(name: string, v: string | undefined, min = -Infinity, max = Infinity): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!/^-?\d+$/.test(v.trim()) || !Number.isSafeInteger(n)) throw new UsageError(`--${name} expects a whole number, got "${v}"`);
  if (n < min) throw new UsageError(`--${name} must be at least ${min}, got ${n}`);
  if (n > max) throw new UsageError(`--${name} must be at most ${max}, got ${n}`);
  return n;
}

/** `--seed N`: the same bound as the API's and a study file's seeds. */
export function seedOption(v: string | undefined): number | undefined {
  return intOption('seed', v, 0, MAX_SEED);
}

/** A duration in seconds that must be above zero (`--checkpoint-every`, `--progress-every`). */
function secondsOption(name: string, v: string | undefined): number | undefined {
  const n = numberOption(name, v);
  if (n !== undefined && !(n > 0)) throw new UsageError(`--${name} must be a positive number of seconds, got ${v}`);
  return n;
}

/**
 * `--checkpoint-every S` and `--progress-every S` (solve, resume, study run, serve) in milliseconds:
 * refused unless above zero, and below 0.01 s (checkpoints) or 0.05 s (progress: at most 20 a second).
 */
export function intervals(v: { 'checkpoint-every'?: string; 'progress-every'?: string }): { checkpointIntervalMs?: number; progressIntervalMs?: number } {
  const checkpoint = intervalMs('checkpoint-every', v['checkpoint-every'], 0.01);
  const progress = intervalMs('progress-every', v['progress-every'], 0.05);
  return { ...(checkpoint !== undefined ? { checkpointIntervalMs: checkpoint } : {}), ...(progress !== undefined ? { progressIntervalMs: progress } : {}) };
}

/** An interval in ms from seconds, refused below `min` seconds rather than raised to it in silence. */
function intervalMs(name: string, v: string | undefined, min: number): number | undefined {
  const s = secondsOption(name, v);
  if (s !== undefined && s < min) throw new UsageError(`--${name} must be at least ${min} s, got ${v}`);
  return s === undefined ? undefined : s * 1000;
}

/** `--seconds S` of a bounded search (analyze, generate): CPU seconds above zero, at most a stop criterion's. */
export function cpuSecondsOption(v: string | undefined): number | undefined {
  const n = numberOption('seconds', v);
  if (n !== undefined && !(n > 0 && n <= MAX_STOP_SECONDS))
    throw new UsageError(`--seconds must be a positive number of CPU seconds up to ${MAX_STOP_SECONDS}, got ${v}`);
  return n;
}

export function numberOption(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${name} expects a number, got "${v}"`);
  return n;
}

/** `RxC`, `R x C` or a single `N` for N x N. */
export function sizeOption(v: string | undefined): { rows: number; cols: number } | undefined {
  if (v === undefined) return undefined;
  const m = /^\s*(\d+)\s*(?:[xX×]\s*(\d+))?\s*$/.exec(v);
  if (!m) throw new UsageError(`--size expects N or RxC (e.g. 7 or 10x12), got "${v}"`);
  const rows = Number(m[1]);
  const cols = m[2] === undefined ? rows : Number(m[2]);
  if (rows < 1 || cols < 1 || rows > 1000 || cols > 1000) throw new UsageError(`--size must be between 1 and 1000 on each side, got "${v}"`);
  return { rows, cols };
}
