/** The genetic and memetic algorithms on edge puzzles. */
export { edgeGaSolver } from './solver';
export { edgeMemeticSolver, memeticParams } from './memetic';
export { EdgeGa } from './ga';
