import type { SolverDef } from '../../../engine/solver';
import { resolveParams, type ParamSchema } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import type { EdgePuzzle } from '../model';
import { BeamRun, DEFAULT_BAND, type BeamOptions } from './beam';

export const beamParams = {
  width: { type: 'int', default: 64, min: 1, max: 4_194_304, help: 'Partial boards kept at each cell in the first pass.' },
  maxWidth: { type: 'int', default: 8192, min: 1, max: 4_194_304, help: 'Largest width the passes grow to (memory grows with width x cells).' },
  growth: { type: 'number', default: 2, min: 1, max: 16, help: 'Width factor from one pass to the next.' },
  balance: {
    type: 'boolean',
    default: false,
    help: 'Rank partial boards with equal joins by how many open edges the colours left can no longer close.',
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
    help: 'Bottom rows filled column by column instead of row by row, so each bottom frame piece is chosen together with the cells above it (0 = plain row order, -1 = a third of the rows).',
  },
} as const satisfies ParamSchema;

export function beamOptions(params: Record<string, unknown>): BeamOptions {
  const p = resolveParams(beamParams, params);
  return { width: p.width, maxWidth: Math.max(p.width, p.maxWidth), growth: p.growth, balance: p.balance, dedupe: p.dedupe, band: p.band };
}

export const beamSolver: SolverDef = {
  id: 'beam',
  family: 'edge',
  label: 'Beam search',
  description:
    'Beam search in scan order: at each cell the best partial boards (by matched joins) are extended by every unused piece that fits; passes repeat with a growing width. Each pass ends with a full board.',
  params: beamParams,
  create: (puzzle, params, seed) => new BeamRun(puzzle as EdgePuzzle, beamOptions(params), new Rng(seed)),
  restore: (puzzle, params, cp) => BeamRun.restore(puzzle as EdgePuzzle, beamOptions(params), cp),
};
