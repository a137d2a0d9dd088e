import { annealingEngine, hillClimbEngine, localSearchSolver } from '../../engine/bind';
import type { SolverDef } from '../../engine/solver';
import { jumpGaSolver } from './ga/genetic';
import { JumpLocalSearch } from './local-search';
import type { JumpPuzzle } from './model';
import { jumpTunedSaSolver } from './tuned-sa';

const problem = (p: JumpPuzzle) => new JumpLocalSearch(p);

/**
 * The CS 440 report's generators (hill climbing with its restart and random-walk options, annealing
 * with its T0 = 80 and decay 0.999 per move, the GA) and the tuned annealing that beats them.
 */
export const jumpSolvers: SolverDef[] = [
  localSearchSolver('jump', hillClimbEngine, problem),
  localSearchSolver('jump', annealingEngine, problem, {}, { t0: 80, alpha: 0.999, movesPerTemperature: 1 }),
  jumpGaSolver,
  jumpTunedSaSolver,
];
