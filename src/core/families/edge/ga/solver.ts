import { catalogued } from '../../../engine/catalogued';
import { Rng } from '../../../rng/rng';
import type { EdgeSolutionJson } from '../model/json';
import type { EdgePuzzle } from '../model/model';
import { GaCheckpoint } from './checkpoint';
import { gaRefuses } from './cost';
import { EdgeGa } from './ga';
import { gaParams } from './params';

export const edgeGaSolver = catalogued<EdgePuzzle, EdgeSolutionJson, GaCheckpoint, typeof gaParams>(
  {
    id: 'ga',
    family: 'edge',
    label: 'Genetic algorithm (Niang 2010)',
    description:
      "Niang's GA for Eternity II: a population of complete boards, tournament / ranking / roulette selection with elitism, region exchange and uniform crossover, nine mutations, the thesis's edge + 2x2 fitness, and repair of deadlocked elites (by default a short search moving the tiles with unmatched joins), optionally scrambling a stuck population.",
    params: gaParams,
    refuses: (puzzle, params) => gaRefuses(puzzle, params),
    create: (puzzle, params, seed) => new EdgeGa(puzzle, params, new Rng(seed)),
    restore: (puzzle, params, checkpoint) => EdgeGa.restore(puzzle, params, checkpoint),
  },
  GaCheckpoint,
);
