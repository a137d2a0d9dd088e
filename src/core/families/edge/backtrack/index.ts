/** Exact search on edge puzzles: the backtracking solvers (cell by cell, 2x2 blocks) and board completion. */
export { backtrack2x2Solver, backtrackSolver } from './solvers';
export { BacktrackRun, type BacktrackOptions } from './backtrack';
export { completeBoard, completeByBeam } from './complete';
