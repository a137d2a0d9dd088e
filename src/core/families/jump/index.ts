export * from './model';
export * from './bfs';
export { jumpMazeFormat } from './format';
export { jumpFamily } from './family';
export { JumpLocalSearch } from './local-search';
export { jumpSolvers } from './solvers';
export { IncrementalBfs } from './incremental';
export { JumpGa, jumpGaParams, jumpGaSolver } from './ga/genetic';
export { JumpTunedSa, jumpTunedSaSolver, tunedSaParams } from './tuned-sa';
