import { hillClimbEngine, localSearchSolver } from '../../engine/bind';
import type { SolverDef } from '../../engine/solver';
import { EdgeLocalSearch } from './local-search';
import type { EdgePuzzle } from './model';

export const edgeSolvers: SolverDef[] = [localSearchSolver('edge', hillClimbEngine, (p: EdgePuzzle) => new EdgeLocalSearch(p))];
