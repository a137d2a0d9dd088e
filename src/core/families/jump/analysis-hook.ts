/** The jump family's analysis as the family contract offers it: answered at once, and its words. */
import { immediateAnalysis, type FamilyAnalysis } from '../family';
import { analyseMaze, type MazeAnalysis } from './analysis';
import { mazeAnalysisLines } from './analysis-text';
import type { JumpMaze, JumpPuzzle } from './model';

export const jumpAnalysis: FamilyAnalysis<JumpPuzzle, JumpMaze, MazeAnalysis> = {
  start: (p, { solution }) =>
    immediateAnalysis(() => {
      if (!solution) throw new Error('the maze has no cells yet: fill it (or Randomize) before analysing it');
      return analyseMaze(p, solution.cells);
    }),
  text: (a) => mazeAnalysisLines(a),
};
