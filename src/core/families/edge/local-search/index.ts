/**
 * Local search on edge boards: the engine-bound problem (hill climbing, annealing, tabu), its
 * incremental board and moves, and the VNS solvers built on them (MS-GVNS, VNS-SA).
 */
export { EdgeLocalSearch, edgeAnnealingDefaults, edgeHillClimbDefaults, edgeMoveParams, edgeTabuDefaults, type EdgeSearchState } from './local-search';
export { VnsBoard, boardJson, boardToJson, type BoardJson } from './board';
export { msGvnsSolver } from './ms-gvns';
export { vnsSaSolver } from './vns-sa';
