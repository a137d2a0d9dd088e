/**
 * A new casse-tête: `(n, m)` with the full grid (every token kept) as its starting grid, feasible or
 * not (see `parityNote`); or, made to order by the backend, the m that gives exactly `solutions`.
 */
import { makeDocument } from '../../../../core/document/document';
import { parityFeasible, type ParityFeasibility } from '../../../../core/families/parity/entry';
import { whole, type NewPuzzleRules, type SpecProblem } from '../new-puzzle-rules';

export interface ParityNewFields {
  /** The grid's side. */
  n: number;
  /** Tokens to remove. */
  m: number;
  /** Made to order: m chosen so the grid has exactly `solutions` solutions (decimal: it may pass 2^53). Absent: no. */
  byCount?: boolean;
  solutions?: string;
}

/** The largest grid searched for a number of solutions (each size is an exact count per m: about a second at 20). */
export const PARITY_ORDER_MAX = 20;

export const parityNewPuzzle: NewPuzzleRules<ParityNewFields> = {
  limits: { min: 1, max: 40 },
  defaults: () => ({ n: 6, m: 6, byCount: false, solutions: '6' }),
  name: (f) => `Casse-tête ${f.n}×${f.n}, ${f.byCount ? `exactly ${(f.solutions ?? '').trim()} solutions` : `remove ${f.m}`}`,
  problems: (f) => {
    if (f.byCount) {
      const n = whole(f.n, 2, PARITY_ORDER_MAX, 'n', 'n');
      const k = /^[1-9]\d{0,59}$/.test((f.solutions ?? '').trim())
        ? null
        : { field: 'solutions', message: 'The number of solutions must be a whole number from 1' };
      return [n, k].filter((p): p is SpecProblem => p !== null);
    }
    const n = whole(f.n, 1, 40, 'n', 'n');
    return (n ? [n] : [whole(f.m, 0, f.n * f.n, 'm', 'm')]).filter((p): p is SpecProblem => p !== null);
  },
  order: (f) => (f.byCount ? { kind: 'parity', rows: f.n, cols: f.n, seed: 0, solutions: (f.solutions ?? '').trim() } : null),
  document: (f, name) => makeDocument('parity', name, { n: f.n, m: f.m }, { cells: new Uint8Array(f.n * f.n).fill(1) }),
};

/** Core's verdict on (n, m) for the fields, or null while they are not numbers yet. */
export function parityNote(f: ParityNewFields): ParityFeasibility | null {
  if (!Number.isInteger(f.n) || !Number.isInteger(f.m) || f.n < 1) return null;
  return parityFeasible(f.n, f.m);
}
