import type { Evaluation, Family } from '../family';
import { edgeAnalysis } from './analysis/hook';
import type { ColourStats, EdgeAnalysis } from './analysis';
import { edgeFormats, edgeSamples, edgeSniffers } from './files';
import {
  edgeBoardFault,
  isSolved,
  isTetravex,
  maxScore,
  pieceKey,
  puzzleFromJson,
  puzzleToJson,
  scoreBoard,
  solutionFromJson,
  solutionToJson,
  validateEdgePuzzle,
  type EdgeBoard,
  type EdgePuzzle,
} from './model';
import { edgePresets } from './presets';

export const edgeFamily: Family<EdgePuzzle, EdgeBoard, EdgeAnalysis, ColourStats> = {
  analysis: edgeAnalysis,
  id: 'edge',
  label: 'Edge matching',
  colour: { fill: 'rgba(86, 180, 233, 0.15)', text: '#8fd0f5' },
  kindLabel: (p) => (isTetravex(p) ? 'Tetravex' : 'Edge matching'),
  puzzleFromJson: (x, where) => puzzleFromJson(x, where),
  puzzleToJson: (p) => puzzleToJson(p),
  solutionFromJson: (p, x, where) => solutionFromJson(p, x, where),
  solutionToJson: (_p, s) => solutionToJson(s),
  evaluate(p, s): Evaluation {
    return { score: scoreBoard(p, s), maxScore: maxScore(p.rows, p.cols), solved: isSolved(p, s) };
  },
  illegal: (p, s) => edgeBoardFault(p, s),
  maxScore: (p) => maxScore(p.rows, p.cols),
  // Row-major [piece (1-based, 0 = empty), rotation], the same as the solution JSON's cells.
  cells: (_p, s) => solutionToJson(s).cells,
  size: (p) => ({ rows: p.rows, cols: p.cols }),
  validate: (p) => validateEdgePuzzle(p),
  formats: edgeFormats,
  contentKey: (p) => edgeContentKey(p),
  // Exact search proves small boards quickly; beyond about 7x7 beam search gets furthest (bench/results/edge-e2.md).
  recommend: (p) => (p.rows * p.cols <= 49 ? { solver: 'backtrack' } : { solver: 'beam' }),
  sniffers: edgeSniffers,
  samples: edgeSamples,
  presets: edgePresets,
};

/** Size, pieces up to rotation and order, fixed pieces by their colours: equal for the same puzzle. */
function edgeContentKey(p: EdgePuzzle): string {
  const pieces: string[] = [];
  for (let i = 0; i < p.edges.length >> 2; i++) pieces.push(pieceKey(p, i));
  const fixed = p.fixed.map((f) => `${pieceKey(p, f.piece)}@${f.row},${f.col},${f.rotation}`).sort();
  return `edge ${p.rows}x${p.cols} ${pieces.sort().join(';')} fixed ${fixed.join(';')}`;
}
