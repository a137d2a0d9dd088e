import { hillClimbEngine, localSearchSolver } from '../../engine/bind';
import type { SolverDef } from '../../engine/solver';
import { JumpLocalSearch } from './local-search';
import type { JumpPuzzle } from './model';

export const jumpSolvers: SolverDef[] = [localSearchSolver('jump', hillClimbEngine, (p: JumpPuzzle) => new JumpLocalSearch(p))];
