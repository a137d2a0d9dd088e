/**
 * The casse-tête editor's logic: toggles as pure transitions, which lines are odd, and the status
 * the panel shows (score and solved from core's parity family, feasibility from core's parityFeasible).
 */
import { parityCounts, parityFamily, parityFeasible, type ParityFeasibility, type ParityPuzzle } from '../../../../core/families/parity/entry';
import { countNoun } from '../../../../core/text/plural';

/** Row-major, 1 = token kept, 0 = removed. Never mutated: edits return a new array. */
export type Tokens = Uint8Array;

export function toggle(cells: Tokens, i: number): Tokens {
  if (i < 0 || i >= cells.length) return cells;
  const next = cells.slice();
  next[i] = next[i] ? 0 : 1;
  return next;
}

export function setAll(n: number, kept: boolean): Tokens {
  return new Uint8Array(n * n).fill(kept ? 1 : 0);
}

/** For each row and each column: how many tokens it keeps and whether that is odd. */
export function lineCounts(n: number, cells: Tokens): { rows: number[]; cols: number[] } {
  const rows = new Array<number>(n).fill(0);
  const cols = new Array<number>(n).fill(0);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (cells[r * n + c]) {
        rows[r]!++;
        cols[c]!++;
      }
  return { rows, cols };
}

export interface ParityStatus {
  removed: number;
  m: number;
  oddRows: number;
  oddCols: number;
  /** Core's score: minus the odd lines (0 is best). */
  score: number;
  solved: boolean;
  feasibility: ParityFeasibility;
  /** One line for the status bar. */
  summary: string;
}

export function parityStatus(p: ParityPuzzle, cells: Tokens): ParityStatus {
  const k = parityCounts(p.n, cells);
  const ev = parityFamily.evaluate(p, { cells });
  const feasibility = parityFeasible(p.n, p.m);
  let summary: string;
  if (ev.solved) summary = `Solved: ${p.m} removed, every row and column even`;
  else if (k.cost === 0 && k.zeros !== p.m) summary = `Every line is even, but ${countNoun(k.zeros, 'token is', 'tokens are')} removed instead of ${p.m}`;
  else summary = `${countNoun(k.oddRows, 'odd row')} and ${countNoun(k.oddCols, 'odd column')}; ${k.zeros} of ${p.m} removed`;
  return { removed: k.zeros, m: p.m, oddRows: k.oddRows, oddCols: k.oddCols, score: ev.score, solved: ev.solved, feasibility, summary };
}

export function sameTokens(a: Tokens, b: Tokens): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
