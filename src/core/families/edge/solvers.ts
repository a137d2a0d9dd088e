import { annealingEngine, hillClimbEngine, localSearchSolver, tabuEngine } from '../../engine/bind';
import type { SolverDef } from '../../engine/solver';
import type { Params } from '../../params/schema';
import { backtrack2x2Solver, backtrackSolver } from './backtrack/solvers';
import { edgeMemeticSolver } from './ga/memetic';
import { edgeGaSolver } from './ga/solver';
import { lnsSolver } from './lns/solver';
import { beamSolver } from './beam/solver';
import { EdgeLocalSearch, edgeAnnealingDefaults, edgeHillClimbDefaults, edgeMoveParams, edgeTabuDefaults } from './local-search';
import type { EdgePuzzle } from './model';
import { msGvnsSolver } from './vns/ms-gvns';
import { vnsSaSolver } from './vns/vns-sa';

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
