/**
 * A new jump maze: a random legal maze (the goal reachable when one of a few hundred draws manages
 * it), every cell 1, or one made to order by the backend: a unique shortest path of `length` moves.
 */
import { makeDocument } from '../../../../core/document/document';
import type { JumpPuzzle } from '../../../../core/families/jump/entry';
import { sizeProblems, whole, type NewPuzzleRules } from '../new-puzzle-rules';
import { onesMaze, randomWorkingMaze } from './maze-start';

export interface JumpNewFields {
  rows: number;
  cols: number;
  start: 'random' | 'ones' | 'order';
  /** The random maze's draw. */
  seed: number;
  /** With `start` 'order': the moves of the maze's one shortest path. */
  length: number;
}

const limits = { min: 2, max: 40 };

export const jumpNewPuzzle: NewPuzzleRules<JumpNewFields> = {
  limits,
  defaults: (seed) => ({ rows: 7, cols: 7, start: 'random', seed, length: 10 }),
  name: (f) => `Jump maze ${f.rows}×${f.cols}${f.start === 'order' ? `, one shortest path of ${f.length}` : ''}`,
  problems: (f) => {
    const out = sizeProblems(f, limits);
    if (f.start !== 'order' || out.length > 0) return out;
    // The backend makes mazes to order up to 32x32; a shortest path visits each cell at most once.
    const big =
      whole(f.rows, limits.min, 32, 'Rows of a maze made to order', 'rows') ?? whole(f.cols, limits.min, 32, 'Columns of a maze made to order', 'cols');
    const length = whole(f.length, 1, f.rows * f.cols - 1, 'The path length', 'length');
    return [big, length].filter((p) => p !== null);
  },
  order: (f) => (f.start === 'order' ? { kind: 'jump', rows: f.rows, cols: f.cols, seed: f.seed, length: f.length } : null),
  document: (f, name) => {
    const p: JumpPuzzle = { rows: f.rows, cols: f.cols };
    return makeDocument('jump', name, p, f.start === 'ones' ? onesMaze(p) : randomWorkingMaze(p, f.seed));
  },
};
