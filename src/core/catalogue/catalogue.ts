import type { SolverDef } from '../engine/solver';
import type { FamilyId } from '../families/family';
import { edgeSolvers } from '../families/edge/solvers';
import { jumpSolvers } from '../families/jump/solvers';
import { paritySolvers } from '../families/parity/solvers';

// Keyed by FamilyId: a new built-in family is a compile error here until its solvers are listed.
const byFamily: Readonly<Record<FamilyId, readonly SolverDef[]>> = { edge: edgeSolvers, jump: jumpSolvers, parity: paritySolvers };
const all: SolverDef[] = Object.values(byFamily).flat();

/** Every solver of every family. A new solver is one entry in its family's `solvers.ts`. */
export const catalogue: readonly SolverDef[] = all;

/** A solver of a family added with `registerFamily` (families/index.ts): the same contract with the family's own id. */
export type ExtraSolverDef = Omit<SolverDef, 'family'> & { family: string };

/** Add the solvers of a registered family; every service listing or finding solvers then has them. */
export function registerSolvers(defs: readonly ExtraSolverDef[]): void {
  for (const def of defs) {
    if (all.some((d) => d.family === def.family && d.id === def.id)) throw new Error(`solver "${def.id}" of ${def.family} is already registered`);
    // The id is outside FamilyId by design (see ExtraFamily): lookups compare it as a string.
    all.push(def as SolverDef);
  }
}

export function findSolver(family: FamilyId | (string & {}), id: string): SolverDef {
  const def = catalogue.find((d) => d.family === family && d.id === id);
  if (!def) {
    const known = catalogue.filter((d) => d.family === family).map((d) => d.id);
    throw new Error(`no solver "${id}" for ${family} puzzles (available: ${known.join(', ') || 'none'})`);
  }
  return def;
}
