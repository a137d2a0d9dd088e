/** Large neighbourhood search on edge puzzles: the solver and its run. */
export { lnsOptions, lnsParams, lnsSolver } from './solver';
export { LnsRun, type LnsOptions } from './lns';
