/** A new edge puzzle: an empty board to draw, or a random Tetravex (upright tiles, no frame, as GNOME Tetravex deals one). */
import { makeDocument } from '../../../../core/document/document';
import { generateTetravex } from '../../../../core/families/edge/tetravex';
import { sizeProblems, whole, type NewPuzzleRules } from '../../lib/new-puzzle';

export interface EdgeNewFields {
  kind: 'draw' | 'tetravex';
  rows: number;
  cols: number;
  /** Tetravex: how many colours (numbers) its edges take. */
  colours: number;
  /** Tetravex: the deal. */
  seed: number;
}

const limits = { min: 2, max: 32 };

export const edgeNewPuzzle: NewPuzzleRules<EdgeNewFields> = {
  limits,
  defaults: (seed) => ({ kind: 'draw', rows: 6, cols: 6, colours: 10, seed }),
  name: (f) => `${f.kind === 'tetravex' ? 'Tetravex' : 'Edge'} ${f.rows}×${f.cols}`,
  problems: (f) => {
    const out = sizeProblems(f, limits);
    if (f.kind === 'tetravex') {
      const c = whole(f.colours, 2, 99, 'The number of colours', 'colours');
      if (c) out.push(c);
    }
    return out;
  },
  // No pieces yet: the edge editor draws the board and cuts it into pieces. A Tetravex is dealt
  // at once, as GNOME Tetravex deals it (its answer kept as the reference).
  document: (f, name) => {
    if (f.kind === 'tetravex') {
      const t = generateTetravex({ rows: f.rows, cols: f.cols, colours: f.colours, seed: f.seed });
      return makeDocument('edge', name, t.puzzle, undefined, t.solution);
    }
    return { format: 'puzzle-workbench', version: 1, family: 'edge', name, puzzle: { rows: f.rows, cols: f.cols, pieces: [] } };
  },
};
