import type { Evaluation, Family } from '../family';
import { parityAnalysis } from './analysis-hook';
import type { ParityAnalysis } from './analysis';
import { parityFeasible } from './feasibility';
import { parityGridFormat } from './format';
import { samplesByEnding } from '../samples';
import { parityPresets } from './presets';
import { paritySniffers } from './sniffers';
import {
  gridRows,
  parityCounts,
  parityGridFromJson,
  parityGridToJson,
  parityPuzzleErrors,
  parityPuzzleFromJson,
  type ParityGrid,
  type ParityPuzzle,
} from './model';

export const parityFamily: Family<ParityPuzzle, ParityGrid, ParityAnalysis> = {
  analysis: parityAnalysis,
  id: 'parity',
  label: 'Casse-tête',
  colour: { fill: 'rgba(204, 121, 167, 0.18)', text: '#e3a9ca' },
  puzzleFromJson: (x, where) => parityPuzzleFromJson(x, where),
  puzzleToJson: (p) => ({ n: p.n, m: p.m }),
  solutionFromJson: (p, x, where) => parityGridFromJson(p, x, where),
  solutionToJson: (p, s) => parityGridToJson(p, s),
  evaluate(p, s): Evaluation {
    // score = -(odd rows + odd columns), written 0 - cost so a solved grid scores +0, not -0. A grid with the wrong number of zeros still scores by
    // parity alone but is not solved; the solvers always keep exactly m zeros.
    const k = parityCounts(p.n, s.cells);
    return { score: 0 - k.cost, maxScore: 0, solved: k.cost === 0 && k.zeros === p.m };
  },
  illegal(p, s) {
    const { zeros } = parityCounts(p.n, s.cells);
    return zeros === p.m ? null : `the grid removes ${zeros} tokens where the puzzle removes ${p.m}`;
  },
  maxScore: () => 0,
  cells: (p, s) => gridRows(p.n, s.cells),
  size: (p) => ({ rows: p.n, cols: p.n }),
  validate(p) {
    const errors = parityPuzzleErrors(p);
    if (errors.length) return { errors, warnings: [] };
    const f = parityFeasible(p.n, p.m);
    return { errors: [], warnings: f.feasible ? [] : [f.reason] };
  },
  formats: [parityGridFormat],
  recommend: () => ({ solver: 'exact' }),
  sniffers: paritySniffers,
  samples: (files) => samplesByEnding(files, 'grid', parityGridFormat, (p) => p.n * p.n),
  presets: parityPresets,
  fromSize: {
    options: [{ name: 'remove', what: 'tokens to remove' }],
    build({ rows, cols }, { remove }) {
      if (rows !== cols) throw new Error('a parity grid is square: give --size N');
      return { name: `parity ${rows} m=${remove}`, puzzle: parityPuzzleFromJson({ n: rows, m: remove }, '--size/--remove') };
    },
  },
};
