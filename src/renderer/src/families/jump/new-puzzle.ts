/** A new jump maze: a random legal maze (the goal reachable when one of a few hundred draws manages it) or every cell 1. */
import { makeDocument } from '../../../../core/document/document';
import type { JumpPuzzle } from '../../../../core/families/jump/entry';
import { sizeProblems, type NewPuzzleRules } from '../../lib/new-puzzle';
import { onesMaze, randomWorkingMaze } from './maze-start';

export interface JumpNewFields {
  rows: number;
  cols: number;
  start: 'random' | 'ones';
  /** The random maze's draw. */
  seed: number;
}

const limits = { min: 2, max: 40 };

export const jumpNewPuzzle: NewPuzzleRules<JumpNewFields> = {
  limits,
  defaults: (seed) => ({ rows: 7, cols: 7, start: 'random', seed }),
  name: (f) => `Jump maze ${f.rows}×${f.cols}`,
  problems: (f) => sizeProblems(f, limits),
  document: (f, name) => {
    const p: JumpPuzzle = { rows: f.rows, cols: f.cols };
    return makeDocument('jump', name, p, f.start === 'ones' ? onesMaze(p) : randomWorkingMaze(p, f.seed));
  },
};
