export * from './model';
export * from './bfs';
export { jumpMazeFormat } from './format';
export { jumpFamily } from './family';
export { JumpLocalSearch } from './local-search';
export { jumpSolvers } from './solvers';
