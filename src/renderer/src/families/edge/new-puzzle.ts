/**
 * A new edge puzzle: an empty board to draw, a random E2-style board (frame and inner colours), or
 * a random Tetravex (upright tiles, no frame, as GNOME Tetravex deals one). The random ones may be
 * made to order (issue 51 item 2): exactly one solution, in a difficulty band, by the backend.
 */
import { makeDocument } from '../../../../core/document/document';
import { bandText, type Difficulty } from '../../../../core/families/edge/design';
import { generateTetravex } from '../../../../core/families/edge/files';
import { sizeProblems, whole, type NewPuzzleRules } from '../new-puzzle-rules';
import { generateInstance } from './generate';

export interface EdgeNewFields {
  kind: 'draw' | 'e2' | 'tetravex';
  rows: number;
  cols: number;
  /** Tetravex: how many colours (numbers) its edges take. */
  colours: number;
  /** E2-style: colours of the joins between two frame pieces, and of every other join. */
  frameColours: number;
  innerColours: number;
  /** Tetravex and E2-style: the deal. */
  seed: number;
  /** Tetravex and E2-style: made to order, with exactly one solution (the exact count says so). */
  unique: boolean;
  /** With `unique`: the band asked for ('' = any). */
  difficulty: '' | Difficulty;
}

const limits = { min: 2, max: 32 };

const KIND_NAMES = { draw: 'Edge', e2: 'E2-style', tetravex: 'Tetravex' } as const;

/** "one solution, medium" (the band's rating range is in the form). */
export function orderWords(f: Pick<EdgeNewFields, 'difficulty'>): string {
  return `one solution${f.difficulty ? `, ${f.difficulty}` : ''}`;
}

/** "easy (0 to 3)": the band of the rating (RATING_MEANS says what it is). */
export function difficultyLabel(d: Difficulty): string {
  return `${d} (${bandText(d)})`;
}

export const RATING_MEANS = "The rating: log10 of the exact search's placements over its solving boards + 1 (a solver's expected effort to a first one)";

export const edgeNewPuzzle: NewPuzzleRules<EdgeNewFields> = {
  limits,
  defaults: (seed) => ({ kind: 'draw', rows: 6, cols: 6, colours: 10, frameColours: 3, innerColours: 5, seed, unique: false, difficulty: '' }),
  name: (f) => `${KIND_NAMES[f.kind]} ${f.rows}×${f.cols}${f.kind !== 'draw' && f.unique ? `, ${orderWords(f)}` : ''}`,
  problems: (f) => {
    const out = sizeProblems(f, limits);
    const colours =
      f.kind === 'tetravex'
        ? [whole(f.colours, 2, 99, 'The number of colours', 'colours')]
        : f.kind === 'e2'
          ? [whole(f.frameColours, 1, 99, 'Frame colours', 'frameColours'), whole(f.innerColours, 1, 99, 'Inner colours', 'innerColours')]
          : [];
    for (const c of colours) if (c) out.push(c);
    return out;
  },
  // No pieces yet: the edge editor draws the board and cuts it into pieces. A Tetravex or an
  // E2-style board is dealt at once, as GNOME Tetravex deals it (its answer kept as the reference).
  document: (f, name) => {
    if (f.kind === 'tetravex') {
      const t = generateTetravex({ rows: f.rows, cols: f.cols, colours: f.colours, seed: f.seed });
      return makeDocument('edge', name, t.puzzle, undefined, t.solution);
    }
    if (f.kind === 'e2') {
      const g = generateInstance({ rows: f.rows, cols: f.cols, frameColours: f.frameColours, innerColours: f.innerColours, seed: f.seed });
      return makeDocument('edge', name, g.puzzle, undefined, g.solution);
    }
    return { format: 'puzzle-workbench', version: 1, family: 'edge', name, puzzle: { rows: f.rows, cols: f.cols, pieces: [] } };
  },
  order: (f) => {
    if (f.kind === 'draw' || !f.unique) return null;
    const band = f.difficulty ? { difficulty: f.difficulty } : {};
    const size = { rows: f.rows, cols: f.cols, seed: f.seed, ...band };
    return f.kind === 'tetravex'
      ? { ...size, kind: 'tetravex', colours: f.colours }
      : { ...size, kind: 'edge', frameColours: f.frameColours, innerColours: f.innerColours };
  },
};
