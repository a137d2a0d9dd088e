/**
 * The parity family without its solvers: model, feasibility, format and family. The renderer
 * imports this, never the barrel (index.ts re-exports the solvers too); lint keeps it so.
 */
export * from './model';
export { parityFeasible, PARITY_CONDITION, type ParityFeasibility } from './feasibility';
export { parityGridFormat } from './format';
export { parityFamily } from './family';
