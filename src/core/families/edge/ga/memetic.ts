import { withDefaults } from '../../../engine/bind';
import { catalogued } from '../../../engine/catalogued';
import type { ParamSchema, Params } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import type { EdgeSolutionJson } from '../model/json';
import type { EdgePuzzle } from '../model/model';
import { GaCheckpoint } from './checkpoint';
import { EdgeGa, type GaParams, type OffspringImprover } from './ga';
import { OffspringSearch } from './offspring-search';
import { gaParams } from './params';
import { gaRefuses } from './cost';

/** The memetic step's own parameters. */
export const memeticStepParams = {
  searchRate: { type: 'number', default: 1, min: 0, max: 1, help: 'Chance that a child gets a local search after crossover and mutation.' },
  searchMoves: { type: 'int', default: 50_000, min: 1, help: "Moves of each child's local search (each one delta evaluation, counted in the evaluations)." },
  searchTemperature: {
    type: 'number',
    default: 0.4,
    min: 0,
    help: "Temperature of the children's local search, in joins: a move losing j joins is taken with chance exp(-j / T); 0 = hill climbing.",
  },
  searchKind: {
    type: 'enum',
    default: 'uniform',
    options: ['uniform', 'focused'],
    help: "The children's local search. uniform: the edge local search (swap-and-best-rotate and turn moves on any tile); focused: the repairs' deadlock search, moving only tiles with an unmatched join (slower per move).",
  },
  searchKeep: {
    type: 'enum',
    default: 'last',
    options: ['last', 'best'],
    help: 'Which board the uniform search leaves: its last (the walk goes on from there in the offspring) or the best it met (restarts from local optima: about twice the evaluations on 6x6). The focused search always leaves the best.',
  },
  searchSwapBest: {
    type: 'number',
    default: 0.7,
    min: 0,
    max: 1,
    help: "Share of the uniform search's inner moves that swap two pieces, each turned to its best rotation; the rest turn one piece.",
  },
} as const satisfies ParamSchema;

/**
 * What the memetic variant changes in the GA's defaults: 4 boards, each child searched, and
 * deterministic crowding instead of tournament + elitism (with tournaments the population
 * collapses onto one local optimum within a few generations and stays there; with crowding each
 * board is a lineage that never gets worse). The thesis's repairs are off: the search does their
 * work on every child. A generation is 4 x 50,000 moves (about 40 ms on 7x7), so step() returns
 * in about twice the driver's slice.
 */
const MEMETIC_DEFAULTS = { population: 4, replacement: 'crowding', repairThreshold: 0 } as const;

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

/** ga-memetic: Niang's GA (same operators and checkpoints) with a local search on every child. */
export const edgeMemeticSolver = catalogued<EdgePuzzle, EdgeSolutionJson, GaCheckpoint, typeof memeticParams>(
  {
    id: 'ga-memetic',
    family: 'edge',
    label: 'Memetic GA (Niang 2010 + local search)',
    description:
      "Niang's GA with a simulated-annealing walk (the edge local search's swap-and-best-rotate and turn moves, 50,000 per child) on every child of a small population, and deterministic crowding: each child replaces its own parent when at least as fit.",
    params: memeticParams,
    refuses: (puzzle, params) => gaRefuses(puzzle, params),
    create(puzzle, p, seed) {
      return new EdgeGa(puzzle, p as unknown as GaParams, new Rng(seed), undefined, improver(puzzle, p));
    },
    restore(puzzle, p, checkpoint) {
      return EdgeGa.restore(puzzle, p as unknown as GaParams, checkpoint, improver(puzzle, p));
    },
  },
  GaCheckpoint,
);
