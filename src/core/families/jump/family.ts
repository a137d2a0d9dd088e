import type { Evaluation, Family } from '../family';
import { jumpAnalysis } from './analysis-hook';
import type { MazeAnalysis } from './analysis';
import { bfsFitness, createBfsWorkspace } from './bfs';
import { jumpMazeFormat } from './format';
import { samplesByEnding } from '../samples';
import { jumpPresets } from './presets';
import { jumpSniffers } from './sniffers';
import { jumpMazeFromJson, jumpMazeToJson, jumpPuzzleFromJson, jumpPuzzleToJson, mazeRows, jumpPuzzleErrors, type JumpMaze, type JumpPuzzle } from './model';

export const jumpFamily: Family<JumpPuzzle, JumpMaze, MazeAnalysis> = {
  analysis: jumpAnalysis,
  id: 'jump',
  label: 'Jump maze',
  colour: { fill: 'rgba(230, 159, 0, 0.15)', text: '#f0c05a' },
  puzzleFromJson: (x, where) => jumpPuzzleFromJson(x, where),
  puzzleToJson: (p) => jumpPuzzleToJson(p),
  solutionFromJson: (p, x, where) => jumpMazeFromJson(p, x, where),
  solutionToJson: (p, s) => jumpMazeToJson(p, s),
  evaluate(p, s): Evaluation {
    const score = bfsFitness(p, s.cells, createBfsWorkspace(p));
    // A jump maze has no "right answer": the goal is a longer shortest path, with no known
    // bound (maxScore null). We call a maze solved when it is a working maze, i.e. the goal is
    // reachable from the start (fitness > 0); how good it is is the score.
    return { score, maxScore: null, solved: score > 0 };
  },
  maxScore: () => null,
  cells: (p, s) => mazeRows(p, s.cells),
  size: (p) => ({ rows: p.rows, cols: p.cols }),
  validate: (p) => ({ errors: jumpPuzzleErrors(p), warnings: [] }),
  formats: [jumpMazeFormat],
  recommend: () => ({ solver: 'sa-tuned' }),
  sniffers: jumpSniffers,
  samples: (files) => samplesByEnding(files, 'maze', jumpMazeFormat, (p) => p.rows * p.cols),
  presets: jumpPresets,
  fromSize: {
    options: [],
    build: ({ rows, cols }) => ({ name: `jump ${rows}x${cols}`, puzzle: jumpPuzzleFromJson({ rows, cols }, '--size') }),
  },
};
