import { withDefaults } from '../../../engine/bind';
import type { SolverDef } from '../../../engine/solver';
import { resolveParams, type ParamSchema, type Params } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import type { EdgePuzzle } from '../model';
import { EdgeGa, type GaParams, type OffspringImprover } from './ga';
import { OffspringSearch } from './offspring-search';
import { gaParams } from './params';

/** The memetic step's own parameters. */
export const memeticStepParams = {
  searchRate: { type: 'number', default: 1, min: 0, max: 1, help: 'Chance that a child gets a local search after crossover and mutation.' },
  searchMoves: { type: 'int', default: 2000, min: 1, help: 'Moves of each child\'s local search (each a delta evaluation, counted in the evaluations).' },
  searchTemperature: {
    type: 'number',
    default: 0.4,
    min: 0,
    help: 'Temperature of the children\'s local search, in joins: a move losing j joins is taken with chance exp(-j / T); 0 = hill climbing.',
  },
  searchKind: {
    type: 'enum',
    default: 'focused',
    options: ['focused', 'uniform'],
    help: 'The children\'s local search. focused: the repairs\' deadlock search, moving only tiles with an unmatched join (keeps the best board met); uniform: the edge local search (swap-and-best-rotate and turn moves on any tile).',
  },
  searchKeep: {
    type: 'enum',
    default: 'best',
    options: ['best', 'last'],
    help: 'Which board a child\'s local search leaves: the best it met, or the last (the walk goes on from there in its offspring).',
  },
  searchSwapBest: {
    type: 'number',
    default: 0.7,
    min: 0,
    max: 1,
    help: 'Share of the local search\'s inner moves that swap two pieces, each turned to its best rotation; the rest turn one piece.',
  },
} as const satisfies ParamSchema;

/** GA defaults the memetic variant changes: a small population, each child searched. */
const MEMETIC_DEFAULTS = { population: 20, repairThreshold: 0, scrambleStuck: 0 } as const;

export const memeticParams: ParamSchema = withDefaults({ ...gaParams, ...memeticStepParams }, MEMETIC_DEFAULTS);

function improver(puzzle: EdgePuzzle, p: Params): OffspringImprover {
  const moves = p.searchMoves as number;
  const temperature = p.searchTemperature as number;
  const search =
    p.searchKind === 'uniform'
      ? new OffspringSearch(puzzle, { moves, temperature, swapBest: p.searchSwapBest as number, keepLast: p.searchKeep === 'last' })
      : undefined;
  return { rate: p.searchRate as number, moves, temperature, search };
}

export const edgeMemeticSolver: SolverDef = {
  id: 'ga-memetic',
  family: 'edge',
  label: 'Memetic GA (Niang 2010 + local search)',
  description:
    'Niang\'s GA with a short simulated-annealing walk (the edge local search\'s swap-and-best-rotate and turn moves) on every child: the population recombines boards the walks have brought to local optima.',
  params: memeticParams,
  create(puzzle, params, seed) {
    const p = resolveParams(memeticParams, params);
    return new EdgeGa(puzzle as EdgePuzzle, p as unknown as GaParams, new Rng(seed), undefined, improver(puzzle as EdgePuzzle, p));
  },
  restore(puzzle, params, checkpoint) {
    const p = resolveParams(memeticParams, params);
    return EdgeGa.restore(puzzle as EdgePuzzle, p as unknown as GaParams, checkpoint, improver(puzzle as EdgePuzzle, p));
  },
};
