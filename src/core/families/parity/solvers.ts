import { hillClimbEngine, localSearchSolver } from '../../engine/bind';
import type { SolverDef } from '../../engine/solver';
import { parityExactSolver } from './exact';
import { parityGaSolver } from './ga/ga';
import { ParityLocalSearch } from './local-search';
import type { ParityPuzzle } from './model';
import { paritySaSolver } from './sa';

export const paritySolvers: SolverDef[] = [
  localSearchSolver('parity', hillClimbEngine, (p: ParityPuzzle) => new ParityLocalSearch(p)),
  parityGaSolver,
  paritySaSolver,
  parityExactSolver,
];
