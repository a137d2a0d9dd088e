/** Designing edge puzzles: the random generator, difficulty ratings, and generating to order. */
export { generateEdgePuzzle, generatedFiles, type GenerateOptions, type GeneratedPuzzle } from './generator';
export { DIFFICULTIES, DIFFICULTY_BANDS, bandOf, bandText, nodesToFirstSolution, rate, type Difficulty, type Rated } from './difficulty';
export { OrderError, generateToOrder, type OrderOptions, type Ordered } from './generate';
export { orderedText } from './text';
