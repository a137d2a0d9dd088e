import { hillClimbEngine, localSearchSolver } from '../../engine/bind';
import type { SolverDef } from '../../engine/solver';
import { ParityLocalSearch } from './local-search';
import type { ParityPuzzle } from './model';

export const paritySolvers: SolverDef[] = [localSearchSolver('parity', hillClimbEngine, (p: ParityPuzzle) => new ParityLocalSearch(p))];
