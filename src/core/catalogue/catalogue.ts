import type { SolverDef } from '../engine/solver';
import type { FamilyId } from '../families/family';
import { edgeSolvers } from '../families/edge/solvers';
import { jumpSolvers } from '../families/jump/solvers';
import { paritySolvers } from '../families/parity/solvers';

/** Every solver of every family. A new solver is one entry in its family's `solvers.ts`. */
export const catalogue: readonly SolverDef[] = [...edgeSolvers, ...jumpSolvers, ...paritySolvers];

export function findSolver(family: FamilyId, id: string): SolverDef {
  const def = catalogue.find((d) => d.family === family && d.id === id);
  if (!def) {
    const known = catalogue.filter((d) => d.family === family).map((d) => d.id);
    throw new Error(`no solver "${id}" for ${family} puzzles (available: ${known.join(', ') || 'none'})`);
  }
  return def;
}
