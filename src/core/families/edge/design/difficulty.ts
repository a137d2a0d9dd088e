/**
 * How hard a board is, said before anyone solves it, and how hard it was, measured.
 *
 * The rating is the exact search tree's placements per solution: the placements the solution count
 * visits to exhaust the tree (scaled to the whole tree when it pinned a corner) over the solving
 * boards plus one, log10. A depth-first search in a random order meets its first of k solutions
 * after about 1/(k+1) of the tree, so this is what a solver expects to spend; on a board with one
 * solution it is half the tree. A generator that promises one solution has to exhaust that tree
 * anyway, so the rating costs nothing more. The effort it is checked against (bench `design`) is what a solver
 * spends: the exact backtracker's placements to its first solution, median over shuffled candidate
 * orders. The bands are ranges of the rating, fixed in placements so they mean the same at every
 * size (a 4x4 is simply never hard).
 */
import { Rng } from '../../../rng/rng';
import { SolutionCounter } from '../analysis/count';
import { searchTree } from '../analysis/tree';
import { BacktrackRun } from '../backtrack/backtrack';
import { maxScore, type EdgePuzzle } from '../model/model';

export type Difficulty = 'easy' | 'medium' | 'hard';

/**
 * Bands of the rating, [from, to): under a thousand placements a solution, up to 100,000, and more.
 * Set from `npm run bench -- design` (bench/results/design.md: the median effort in each band).
 */
export const DIFFICULTY_BANDS: Readonly<Record<Difficulty, readonly [number, number]>> = {
  easy: [0, 3],
  medium: [3, 5],
  hard: [5, Infinity],
};

export const DIFFICULTIES = Object.keys(DIFFICULTY_BANDS) as Difficulty[];

/** "4 to 6", "6 or more". */
export function bandText(d: Difficulty): string {
  const [a, b] = DIFFICULTY_BANDS[d];
  return Number.isFinite(b) ? `${a} to ${b}` : `${a} or more`;
}

export function bandOf(rating: number): Difficulty {
  return DIFFICULTIES.find((d) => rating >= DIFFICULTY_BANDS[d][0] && rating < DIFFICULTY_BANDS[d][1]) ?? 'hard';
}

export interface Rated {
  /** log10 of the tree's placements per solving board plus one (see above); a lower bound when not `exact`. */
  rating: number;
  /** Solutions up to the board's turns: exact when `exact`. */
  solutions: number;
  exact: boolean;
  nodes: number;
}

/**
 * Count to the end (or `maxNodes`, or past `maxSolutions`) and rate. `shouldStop` is asked between
 * slices of about 200,000 placements.
 */
export function rate(puzzle: EdgePuzzle, o: { maxNodes?: number; maxSolutions?: number; shouldStop?: () => boolean } = {}): Rated {
  const tree = searchTree(puzzle);
  const counter = new SolutionCounter(tree);
  const maxNodes = o.maxNodes ?? Infinity;
  const maxSolutions = o.maxSolutions ?? Infinity;
  while (!counter.done && counter.nodes < maxNodes && counter.solutionsAtLeast <= maxSolutions && !o.shouldStop?.()) counter.step(200_000);
  // A pinned corner searched the part of the tree with one of the corner type's copies there.
  const whole = tree.pinnedType >= 0 ? (4 / tree.pt.count[tree.pinnedType]!) * counter.nodes : counter.nodes;
  const rating = Math.log10(Math.max(1, whole)) - Math.log10(counter.boardsAtLeast + 1);
  return { rating: Math.max(0, rating), solutions: counter.solutionsAtLeast, exact: counter.done, nodes: counter.nodes };
}

/**
 * The exact backtracker's placements to its first solution with the candidate order shuffled by
 * `seed` (null when `maxNodes` ran out first).
 */
export function nodesToFirstSolution(puzzle: EdgePuzzle, seed: number, maxNodes = 1e9): number | null {
  const run = new BacktrackRun(
    puzzle,
    { order: 'row', maxMismatches: 0, mismatchFromDepth: -1, restartAfter: 0, shuffle: true, complete: false, completeWidth: 0 },
    new Rng(seed),
  );
  const full = maxScore(puzzle.rows, puzzle.cols);
  while (run.bestScore < full && !run.finished && run.evaluations < maxNodes) run.step(100_000);
  return run.bestScore >= full ? run.evaluations : null;
}
