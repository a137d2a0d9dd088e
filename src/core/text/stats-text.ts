/**
 * The figures of a study's comparisons as text, one way everywhere (the CLI, the exports, the
 * results view): p-values, effect sizes, intervals.
 */
import { figureText } from './run-text';

/** A p-value: "0.039", "0.0079", "< 0.001"; `none` when missing. */
export function pText(p: number | null | undefined, none = '-'): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return none;
  if (p < 0.001) return '< 0.001';
  return p < 0.01 ? p.toFixed(4) : p.toFixed(3);
}

/** Vargha-Delaney A12 with two decimals. */
export function a12Text(a: number | null | undefined, none = '-'): string {
  return a === null || a === undefined || !Number.isFinite(a) ? none : a.toFixed(2);
}

/** A 95 % interval: "[12.40, 15.10]". */
export function intervalText(i: { low: number; high: number } | null | undefined, none = '-'): string {
  return i ? `[${figureText(i.low)}, ${figureText(i.high)}]` : none;
}
