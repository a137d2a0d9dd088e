import { valueText } from '../../text/display';
import { FormatError } from '../../document/errors';
import { isObject } from '../../validate/is-object';

/**
 * Casse-tete CT_n(m) (Almuhaideb et al. 2022): an n x n grid full of tokens; remove exactly m so
 * that every row and every column keeps an even number of tokens.
 */
export interface ParityPuzzle {
  n: number;
  m: number;
}

/** Row-major, 1 = token kept, 0 = removed. */
export interface ParityGrid {
  cells: Uint8Array;
}

/** Largest grid side accepted (a guard against absurd sizes in files and JSON). */
export const MAX_PARITY_SIDE = 1000;

/** Problems that make (n, m) unusable; empty when fine. Infeasibility is not one of them. */
export function parityPuzzleErrors(p: ParityPuzzle): string[] {
  const errors: string[] = [];
  if (!Number.isInteger(p.n)) errors.push(`n must be a whole number, got ${p.n}`);
  else if (p.n < 1) errors.push(`n must be at least 1, got ${p.n}`);
  else if (p.n > MAX_PARITY_SIDE) errors.push(`n must be at most ${MAX_PARITY_SIDE}, got ${p.n}`);
  if (!Number.isInteger(p.m)) errors.push(`m must be a whole number, got ${p.m}`);
  else if (p.m < 0) errors.push(`m must be at least 0, got ${p.m}`);
  else if (Number.isInteger(p.n) && p.m > p.n * p.n) errors.push(`m must be at most n^2 = ${p.n * p.n}, got ${p.m}`);
  return errors;
}

export interface ParityCounts {
  /** Rows with an odd number of kept tokens. */
  oddRows: number;
  oddCols: number;
  /** Removed cells (zeros). */
  zeros: number;
  /** oddRows + oddCols. */
  cost: number;
}

export function parityCounts(n: number, cells: ArrayLike<number>): ParityCounts {
  let oddRows = 0;
  let zeros = 0;
  const colParity = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    let rowParity = 0;
    for (let c = 0; c < n; c++) {
      const v = cells[r * n + c] & 1;
      rowParity ^= v;
      colParity[c] ^= v;
      if (!v) zeros++;
    }
    oddRows += rowParity;
  }
  let oddCols = 0;
  for (let c = 0; c < n; c++) oddCols += colParity[c];
  return { oddRows, oddCols, zeros, cost: oddRows + oddCols };
}

/** Rows of 0/1, the JSON and CLI form of a grid. */
export function gridRows(n: number, cells: ArrayLike<number>): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < n; r++) {
    const row: number[] = [];
    for (let c = 0; c < n; c++) row.push(cells[r * n + c]);
    out.push(row);
  }
  return out;
}

/** `{ n, m }` -> puzzle; throws FormatError (naming `where`). Infeasible (n, m) is accepted. */
export function parityPuzzleFromJson(x: unknown, where?: string): ParityPuzzle {
  if (!isObject(x)) throw new FormatError('expected a parity puzzle { n, m }', where);
  for (const k of ['n', 'm'] as const) {
    if (typeof x[k] !== 'number') throw new FormatError(`expected ${k} to be a number, got ${valueText(x[k])}`, where);
  }
  const p: ParityPuzzle = { n: x.n as number, m: x.m as number };
  const errors = parityPuzzleErrors(p);
  if (errors.length) throw new FormatError(errors[0], where);
  return p;
}

/** `{ cells: number[][] }` (rows of 0/1) -> grid. Any number of zeros is accepted (unsolved if not m). */
export function parityGridFromJson(p: ParityPuzzle, x: unknown, where?: string): ParityGrid {
  if (!isObject(x) || !Array.isArray(x.cells)) throw new FormatError('expected a parity grid { cells: number[][] }', where);
  const rows = x.cells as unknown[];
  const { n } = p;
  if (rows.length !== n) throw new FormatError(`expected ${n} rows of 0/1, got ${rows.length}`, where);
  const cells = new Uint8Array(n * n);
  for (let r = 0; r < n; r++) {
    const row = rows[r];
    if (!Array.isArray(row)) throw new FormatError(`cells[${r}]: expected a row of ${n} values 0 or 1`, where);
    if (row.length !== n) throw new FormatError(`cells[${r}]: expected ${n} values 0 or 1, got ${row.length}`, where);
    for (let c = 0; c < n; c++) {
      const v: unknown = row[c];
      if (v !== 0 && v !== 1) throw new FormatError(`cells[${r}][${c}]: expected 0 (removed) or 1 (kept), got ${valueText(v)}`, where);
      cells[r * n + c] = v;
    }
  }
  return { cells };
}

export function parityGridToJson(p: ParityPuzzle, s: ParityGrid): { cells: number[][] } {
  return { cells: gridRows(p.n, s.cells) };
}
