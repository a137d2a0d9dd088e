/** A new casse-tête: `(n, m)` with the full grid (every token kept) as its starting grid, feasible or not (see `parityNote`). */
import { makeDocument } from '../../../../core/document/document';
import { parityFeasible, type ParityFeasibility } from '../../../../core/families/parity/entry';
import { whole, type NewPuzzleRules, type SpecProblem } from '../../lib/new-puzzle';

export interface ParityNewFields {
  /** The grid's side. */
  n: number;
  /** Tokens to remove. */
  m: number;
}

export const parityNewPuzzle: NewPuzzleRules<ParityNewFields> = {
  limits: { min: 1, max: 40 },
  defaults: () => ({ n: 6, m: 6 }),
  name: (f) => `Casse-tête ${f.n}×${f.n}, remove ${f.m}`,
  problems: (f) => {
    const n = whole(f.n, 1, 40, 'n', 'n');
    return (n ? [n] : [whole(f.m, 0, f.n * f.n, 'm', 'm')]).filter((p): p is SpecProblem => p !== null);
  },
  document: (f, name) => makeDocument('parity', name, { n: f.n, m: f.m }, { cells: new Uint8Array(f.n * f.n).fill(1) }),
};

/** Core's verdict on (n, m) for the fields, or null while they are not numbers yet. */
export function parityNote(f: ParityNewFields): ParityFeasibility | null {
  if (!Number.isInteger(f.n) || !Number.isInteger(f.m) || f.n < 1) return null;
  return parityFeasible(f.n, f.m);
}
