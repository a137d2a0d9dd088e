/** Small helpers shared by the benches. */
import { cpus, hostname } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { censoredMedian } from '../src/core/stats/censored';
import { mean as coreMean, median as coreMedian, sampleSd } from '../src/core/stats/summary';

// The benches' tables take NaN (an empty sample) and 0 (one value) where core says null.
export const median = (xs: readonly number[]): number => coreMedian(xs) ?? NaN;
export const mean = (xs: readonly number[]): number => coreMean(xs) ?? NaN;
export const stdev = (xs: readonly number[]): number => sampleSd(xs) ?? 0;

/** A censored median of times to a target (null: never reached) as a report shows it: "> budget" when it falls among the non-reachers, '-' without runs. */
export function medianText(times: readonly (number | null)[], budget: number): string {
  if (times.length === 0) return '-';
  const m = censoredMedian(times);
  return m === null ? `> ${budget}` : m.toFixed(0);
}

/** CPU seconds of this process so far (user and system). */
export function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** One line naming the machine, for result files. */
export function machine(): string {
  const c = cpus();
  return `${c[0]?.model ?? 'unknown CPU'} x${c.length}, Node ${process.version}, ${hostname()}`;
}

export function writeResult(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** `--seeds`: integers (1,2,3) or a range (1-8). */
export function seedList(text: string): number[] {
  const range = /^(\d+)-(\d+)$/.exec(text);
  const seeds = range ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i) : text.split(',').map(Number);
  if (seeds.length === 0 || seeds.some((s) => !Number.isInteger(s))) throw new Error('--seeds expects integers (1,2,3) or a range (1-8)');
  return seeds;
}

/** Minimal `--key value` / `--flag` parser for bench options. */
export function options(argv: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"`);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out[a.slice(2)] = true;
    else {
      out[a.slice(2)] = next;
      i++;
    }
  }
  return out;
}

export function numOpt(o: Record<string, string | true>, key: string, dflt: number): number {
  const v = o[key];
  if (v === undefined) return dflt;
  const n = Number(v);
  if (v === true || !Number.isFinite(n)) throw new Error(`--${key} expects a number`);
  return n;
}

/** A markdown table. */
export function mdTable(headers: string[], rows: (string | number)[][]): string {
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/**
 * The `## heading` sections of an earlier results file, keyed by `key(heading)` (sections whose
 * key is null are dropped), so a rerun of some sections can keep the others.
 */
export function markdownSections(md: string, key: (heading: string) => string | null = (h) => h): Map<string, string> {
  const found = new Map<string, string>();
  const starts = [...md.matchAll(/^## (.+)$/gm)];
  starts.forEach((m, k) => {
    const name = key(m[1]);
    const end = k + 1 < starts.length ? starts[k + 1].index : md.length;
    if (name !== null) found.set(name, `${md.slice(m.index, end).trim()}\n`);
  });
  return found;
}
