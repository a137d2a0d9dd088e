export * from './model';
export { parityFeasible, PARITY_CONDITION, type ParityFeasibility } from './feasibility';
export { parityGridFormat } from './format';
export { parityFamily } from './family';
export { ParityLocalSearch } from './local-search';
export { paritySolvers } from './solvers';
export { parityConstruction, ParityExactRun, parityExactSolver } from './exact';
export { ParityGa, parityGaParams, parityGaSolver } from './ga/ga';
export { ParityAnnealing, paritySaParams, paritySaSolver } from './sa';
