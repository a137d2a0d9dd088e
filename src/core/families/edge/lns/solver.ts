import { catalogued } from '../../../engine/catalogued';
import { withThreads } from '../../../engine/shards';
import type { SolverDef } from '../../../engine/solver';
import { resolveParams, type ParamSchema, type ResolvedParams } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import type { EdgeSolutionJson } from '../model/json';
import type { EdgePuzzle } from '../model/model';
import { LnsCheckpoint } from './checkpoint';
import { LnsRun, type LnsOptions } from './lns';
import { workRefusal } from '../../../engine/limits';

export const lnsParams = {
  setSize: {
    type: 'int',
    default: 64,
    min: 2,
    max: 1024,
    help: 'Most cells freed at once by the assignment moves (cells no two of which touch, refilled optimally in O(k^3)).',
  },
  windowMax: { type: 'int', default: 3, min: 2, max: 5, help: 'Largest side of the windows refilled by exact search (2 = 2x2 only, 3 = up to 3x3).' },
  regionCells: { type: 'int', default: 9, min: 2, max: 25, help: 'Cells of a region grown from broken joins and refilled by exact search.' },
  nodeLimit: { type: 'int', default: 20_000, min: 100, help: 'Search nodes one exact window or region refill may take before it keeps the best found.' },
  acceptance: {
    type: 'enum',
    default: 'record',
    options: ['greedy', 'anneal', 'record'],
    help: 'Which shaken boards are kept: greedy = none worse than now; anneal = worse by d with probability exp(-d/T); record = any within `deviation` of the best (record-to-record travel).',
  },
  deviation: { type: 'int', default: 3, min: 0, help: 'Record-to-record travel: the current board may fall this many joins below the best.' },
  temperature: { type: 'number', default: 0.6, min: 0.01, help: 'Annealing acceptance: temperature in joins.' },
  shakeCells: { type: 'int', default: 6, min: 2, max: 25, help: 'Cells a shake scrambles (a region grown from a broken join).' },
  restartAfter: {
    type: 'int',
    default: 5_000,
    min: 0,
    help: 'After this many iterations without a new best, go back to the best board and scramble a region three shakes large; every fourth such stall in a row starts from a new board (0 = never).',
  },
  reaction: { type: 'number', default: 0.2, min: 0, max: 1, help: 'How fast operator weights follow their recent success (adaptive LNS reaction factor).' },
  segment: { type: 'int', default: 200, min: 1, help: 'Iterations between operator weight updates.' },
  initial: {
    type: 'enum',
    default: 'beam',
    options: ['beam', 'greedy', 'random'],
    help: 'Starting board: beam (the best board of beam-search passes of doubling width up to beamWidth), greedy (each cell the best-fitting piece left) or random.',
  },
  beamWidth: {
    type: 'int',
    default: 4096,
    min: 1,
    max: 1_000_000,
    help: 'With a beam start: the width of the last beam pass before the large-neighbourhood search takes over.',
  },
  beamExhaust: {
    type: 'int',
    default: 0,
    min: 0,
    max: 64,
    help: "With a beam start: colours each beam pass draws to use up first (beam's exhaust; 0 = off).",
  },
  opAssign: { type: 'number', default: 4, min: 0, help: 'Starting weight of the assignment refill of random non-touching cells (0 = off).' },
  opAssignWorst: { type: 'number', default: 4, min: 0, help: 'Starting weight of the assignment refill taking cells with broken joins first.' },
  opWindow: { type: 'number', default: 1, min: 0, help: 'Starting weight of the exact refill of a random window.' },
  opWindowWorst: { type: 'number', default: 2, min: 0, help: 'Starting weight of the exact refill of the most broken of 8 random windows.' },
  opRegion: { type: 'number', default: 2, min: 0, help: 'Starting weight of the exact refill of a region grown from a broken join.' },
  opShake: { type: 'number', default: 1, min: 0, help: 'Starting weight of the shake: a scrambled region kept by the acceptance rule.' },
} as const satisfies ParamSchema;

/** LNS's options from parameters as given (defaults filled, each value checked): for callers outside the catalogue. */
export function lnsOptions(params: Record<string, unknown>): LnsOptions {
  return optionsOf(resolveParams(lnsParams, params));
}

function optionsOf(p: ResolvedParams<typeof lnsParams>): LnsOptions {
  return {
    setSize: p.setSize,
    windowMax: p.windowMax,
    regionCells: p.regionCells,
    nodeLimit: p.nodeLimit,
    acceptance: p.acceptance as LnsOptions['acceptance'],
    deviation: p.deviation,
    temperature: p.temperature,
    shakeCells: p.shakeCells,
    restartAfter: p.restartAfter,
    reaction: p.reaction,
    segment: p.segment,
    initial: p.initial as LnsOptions['initial'],
    beamWidth: p.beamWidth,
    beamExhaust: p.beamExhaust,
    opWeights: [p.opAssign, p.opAssignWorst, p.opWindow, p.opWindowWorst, p.opRegion, p.opShake],
  };
}

/** Step budget of one round of a run on several threads, in `LnsRun.spent` units: about 0.15 s of one core. */
const LNS_ROUND = 1 << 23;

export const lnsSolver: SolverDef = withThreads(
  catalogued<EdgePuzzle, EdgeSolutionJson, LnsCheckpoint, typeof lnsParams>(
    {
      id: 'lns',
      family: 'edge',
      label: 'Large-neighbourhood search',
      description:
        'Adaptive large-neighbourhood search: cells no two of which touch refilled optimally as an assignment problem (Schaus and Deville), windows and regions around broken joins refilled by exact search, shakes kept by record-to-record travel; operator weights follow their success.',
      params: lnsParams,
      // One window or region refill is an exact search of up to nodeLimit nodes, inside one step.
      refuses: (_puzzle, params) => workRefusal(params.nodeLimit * 4, 'one refill', 'nodeLimit search nodes'),
      create: (puzzle, params, seed) => new LnsRun(puzzle, optionsOf(params), new Rng(seed), true),
      restore: (puzzle, params, cp) => LnsRun.restore(puzzle, optionsOf(params), cp),
    },
    LnsCheckpoint,
  ),
  LNS_ROUND,
);
