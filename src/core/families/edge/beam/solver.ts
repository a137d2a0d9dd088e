import { catalogued } from '../../../engine/catalogued';
import { withThreads } from '../../../engine/shards';
import type { SolverDef } from '../../../engine/solver';
import { resolveParams, type ParamSchema, type ResolvedParams } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import type { EdgeSolutionJson } from '../model/json';
import type { EdgePuzzle } from '../model/model';
import { BeamCheckpoint } from './checkpoint';
import { BeamRun, DEFAULT_BAND, type BeamOptions } from './beam';
import { beamRefuses } from './memory';
import { beamWidths, MAX_WIDTH } from './options';
import { passTable, PassTally } from './tally';

export const beamParams = {
  width: { type: 'int', default: 64, min: 1, max: MAX_WIDTH, help: 'Partial boards kept at each cell in the first pass.' },
  maxWidth: { type: 'int', default: 8192, min: 1, max: MAX_WIDTH, help: 'Largest width the passes grow to (memory grows with width x cells).' },
  growth: { type: 'number', default: 2, min: 1, max: 16, help: 'Width factor from one pass to the next.' },
  balance: {
    type: 'boolean',
    default: false,
    help: 'Rank partial boards with equal joins by how many open edges the colours left can no longer close.',
  },
  exhaust: {
    type: 'int',
    default: 0,
    min: 0,
    max: 64,
    help: 'Colours each pass draws to use up first (one on the frame, the rest inner ones): partial boards with equal joins are ranked by how many faces of those colours they show, so the last rows have fewer colours to close (0 = off; about 3 joins a pass on Eternity II with 3).',
  },
  dedupe: {
    type: 'boolean',
    default: false,
    help: 'Keep only one of partial boards that use the same pieces and leave the same open edges (they can only end the same way), so the width holds more different boards.',
  },
  band: {
    type: 'int',
    default: DEFAULT_BAND,
    min: -1,
    max: 1000,
    help: 'Bottom rows filled column by column instead of row by row, so each bottom frame piece is chosen together with the cells above it (0 = plain row order, -1 = a third of the rows). The Eternity II presets use 4: with `exhaust`, passes scored higher than with a third.',
  },
  early: {
    type: 'number',
    default: 1,
    min: 0.001,
    max: 1,
    help: 'Width above the last lateRows rows, as a share of the width: the top rows all match in the kept boards, so a narrower top buys a wider bottom (its history is narrower too, so the memory bound holds a wider beam).',
  },
  lateRows: { type: 'int', default: 6, min: 0, max: 1000, help: 'Bottom rows searched at the full width (with early below 1).' },
  suffix: {
    type: 'number',
    default: 0.5,
    min: 0,
    max: 1,
    help: 'Share of the passes at maxWidth that search again only the end of the best board (its first cells kept), wider, so the run works on the rows where joins are lost.',
  },
  suffixRows: { type: 'int', default: 6, min: 1, max: 1000, help: 'Those passes start somewhere in this many bottom rows.' },
  wide: { type: 'int', default: 4, min: 1, max: 64, help: 'Widest such pass, as a multiple of maxWidth (memory grows with it).' },
  stallPasses: {
    type: 'int',
    default: 0,
    min: 0,
    max: 1_000_000,
    help: 'After this many passes without a new best, those passes start suffixRows rows higher, and higher again after as many more (0 = never).',
  },
  drift: {
    type: 'int',
    default: 0,
    min: 0,
    max: 1000,
    help: 'After stallPasses passes without a new best (or driftAfter, where set), a board up to this many joins below the best may become the one those passes search the end of, so they finish other first rows (0 = only boards as good as the best).',
  },
  driftAfter: {
    type: 'int',
    default: 0,
    min: 0,
    max: 1_000_000,
    help: 'Passes without a new best before drift applies, whatever stallPasses is (0 = after stallPasses passes): drift without the suffix passes also starting higher up.',
  },
  refine: {
    type: 'int',
    default: 0,
    min: 0,
    max: 1000,
    help: 'Suffix passes that search again the end of each full pass board at the top width, in its last suffixRows rows, before the next full pass (0 = suffix passes search the end of the best, drawn at random): the run tries other first rows to the end.',
  },
  widen: {
    type: 'int',
    default: 0,
    min: 0,
    max: 1_000_000,
    help: 'After this many passes at the top width without a new best, the top width doubles, up to what the memory bound holds (0 = never). Wider passes score higher on average, but on Eternity II past 262,144 boards they reach the high scores less often per CPU second.',
  },
  memory: {
    type: 'int',
    default: 1024,
    min: 0,
    max: 1_048_576,
    help: 'Memory bound in MB for the partial boards: widths are cut to fit (0 = none). On 16x16 about 0.2 KB per unit of maxWidth for the history of a pass, plus 0.24 KB per unit of the widest suffix pass.',
  },
} as const satisfies ParamSchema;

/** Beam's options from parameters as given (defaults filled, each value checked): for callers outside the catalogue. */
export function beamOptions(params: Record<string, unknown>): BeamOptions {
  return optionsOf(resolveParams(beamParams, params));
}

function optionsOf(p: ResolvedParams<typeof beamParams>): BeamOptions {
  return {
    width: p.width,
    maxWidth: Math.max(p.width, p.maxWidth),
    growth: p.growth,
    balance: p.balance,
    exhaust: p.exhaust,
    dedupe: p.dedupe,
    band: p.band,
    early: p.early,
    lateRows: p.lateRows,
    suffix: p.suffix,
    suffixRows: p.suffixRows,
    wide: p.wide,
    stallPasses: p.stallPasses,
    drift: p.drift,
    driftAfter: p.driftAfter,
    refine: p.refine,
    widen: p.widen,
    memory: p.memory,
  };
}

/**
 * Step budget of one round of a run on several threads, in `BeamRun.spent` units: about 1.2 s of
 * one core on Eternity II (0.6 s of wall time on 2 threads, the longest a stop waits). Chosen when
 * threads waited for each other at every round's end (2^20 gave 1.5x on 2 threads, 2^26 kept them
 * busy 97 %); they now run ahead of the rounds taken, and the determinism pins hold this size.
 */
const BEAM_ROUND = 1 << 26;

export const beamSolver: SolverDef = withThreads(
  catalogued<EdgePuzzle, EdgeSolutionJson, BeamCheckpoint, typeof beamParams>(
    {
      id: 'beam',
      family: 'edge',
      label: 'Beam search',
      description:
        'Beam search in scan order: at each cell the best partial boards (by matched joins) are extended by every unused piece that fits; passes repeat with a growing width. Each pass ends with a full board.',
      params: beamParams,
      refuses: (puzzle, params) => beamRefuses(puzzle, optionsOf(params)),
      create: (puzzle, params, seed) => new BeamRun(puzzle, optionsOf(params), new Rng(seed)),
      restore: (puzzle, params, cp) => BeamRun.restore(puzzle, optionsOf(params), cp),
      // Each thread holds its own widths, within its share of the memory bound.
      memoryParam: 'memory',
      memoryBytes: (puzzle, params) => beamWidths(puzzle, optionsOf(params)).bytes,
      // A checkpoint written before passes were counted counts nothing.
      tally: (threads) => (threads.every((t) => t.tally) ? passTable(threads.map((t) => PassTally.from(t.tally))) : null),
    },
    BeamCheckpoint,
  ),
  BEAM_ROUND,
);
