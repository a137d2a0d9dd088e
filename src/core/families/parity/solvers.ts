import { hillClimbEngine, localSearchSolver } from '../../engine/bind';
import type { SolverDef } from '../../engine/solver';
import { parityExactSolver } from './exact';
import { parityFeasible } from './feasibility';
import { parityGaSolver } from './ga/ga';
import { ParityLocalSearch } from './local-search';
import { parityPuzzleErrors, type ParityPuzzle } from './model';
import { paritySaSolver } from './sa';

/**
 * Why no solver can take this (n, m): none, when it has a solution. A search on an infeasible
 * casse-tete could only run to its limit (or forever) for nothing, so it is refused before a run
 * is stored, with the exact condition (feasibility.ts).
 */
export function parityInfeasible(p: ParityPuzzle): string | null {
  if (parityPuzzleErrors(p).length) return null;
  const f = parityFeasible(p.n, p.m);
  return f.feasible ? null : f.reason;
}

/** `def` refusing an infeasible puzzle first, then for its own reasons. */
function feasibleOnly(def: SolverDef): SolverDef {
  const own = def.refuses;
  // The catalogue hands a solver only puzzles of its own family (see engine/catalogued.ts).
  return { ...def, refuses: (puzzle, params) => parityInfeasible(puzzle as ParityPuzzle) ?? own?.(puzzle, params) ?? null };
}

export const paritySolvers: SolverDef[] = [
  localSearchSolver('parity', hillClimbEngine, (p: ParityPuzzle) => new ParityLocalSearch(p)),
  parityGaSolver,
  paritySaSolver,
  parityExactSolver,
].map(feasibleOnly);
