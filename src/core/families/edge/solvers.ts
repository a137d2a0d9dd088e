import { annealingEngine, hillClimbEngine, localSearchSolver, tabuEngine } from '../../engine/bind';
import type { SolverDef } from '../../engine/solver';
import type { Params } from '../../params/schema';
import { backtrack2x2Solver, backtrackSolver } from './backtrack';
import { edgeGaSolver, edgeMemeticSolver } from './ga';
import { lnsSolver } from './lns';
import { beamSolver } from './beam';
import { EdgeLocalSearch, edgeAnnealingDefaults, edgeHillClimbDefaults, edgeMoveParams, edgeTabuDefaults, msGvnsSolver, vnsSaSolver } from './local-search';
import type { EdgePuzzle } from './model';

const edgeSearch = (p: EdgePuzzle, params: Params): EdgeLocalSearch => new EdgeLocalSearch(p, params);

export const edgeSolvers: SolverDef[] = [
  localSearchSolver('edge', hillClimbEngine, edgeSearch, edgeMoveParams, edgeHillClimbDefaults),
  localSearchSolver('edge', annealingEngine, edgeSearch, edgeMoveParams, edgeAnnealingDefaults),
  localSearchSolver('edge', tabuEngine, edgeSearch, edgeMoveParams, edgeTabuDefaults),
  lnsSolver,
  beamSolver,
  msGvnsSolver,
  vnsSaSolver,
  edgeGaSolver,
  edgeMemeticSolver,
  backtrackSolver,
  backtrack2x2Solver,
];
