import * as v from 'valibot';
import { catalogued } from '../../engine/catalogued';
import type { SolverRun } from '../../engine/solver';
import type { ParamSchema } from '../../params/schema';
import { parityFeasible } from './feasibility';
import { parityCounts, parityGridToJson, parityPuzzleErrors, type ParityPuzzle } from './model';

/**
 * Puts k kept tokens (1s) with even rows and columns into the top-left s x s square (s even) of
 * an n x n grid whose cells are all 0. Needs k even, 0 <= k <= s^2, k not 2 nor s^2 - 2.
 *  - k = 0 (mod 4): k/4 of the disjoint 2x2 blocks.
 *  - k = 2 (mod 4), k <= s^2 - 10: the 3x3-minus-diagonal hexagon (6 cells, two in each of its
 *    rows and columns) plus (k - 6)/4 blocks outside the top-left 4x4 square the hexagon sits in.
 *  - k = s^2 - 6: the top-left 4x4 square minus the hexagon (10 cells) plus every outside block.
 */
function keepEvenSquare(cells: Uint8Array, n: number, s: number, k: number): void {
  const half = s >> 1;
  const block = (bi: number, bj: number): void => {
    const i = 2 * bi * n + 2 * bj;
    cells[i] = cells[i + 1] = cells[i + n] = cells[i + n + 1] = 1;
  };
  if (k % 4 === 0) {
    let left = k >> 2;
    for (let bi = 0; bi < half && left > 0; bi++) for (let bj = 0; bj < half && left > 0; bj++, left--) block(bi, bj);
    return;
  }
  let left: number;
  if (k <= s * s - 10) {
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) if (r !== c) cells[r * n + c] = 1;
    left = (k - 6) >> 2;
  } else {
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) if (r === c || r === 3 || c === 3) cells[r * n + c] = 1;
    left = half * half - 4;
  }
  for (let bi = 0; bi < half && left > 0; bi++)
    for (let bj = 0; bj < half && left > 0; bj++) {
      if (bi < 2 && bj < 2) continue;
      block(bi, bj);
      left--;
    }
}

/**
 * A solution of CT_n(m) in O(n^2), for every feasible (n, m); throws the feasibility condition
 * otherwise. Row-major, 1 = kept. Works on the kept count k = n^2 - m.
 *
 * Even n: keepEvenSquare on the whole grid. Odd n (every row must lose an odd number): either
 * k <= (n-1)^2 (and k != (n-1)^2 - 2) fits the even construction in the top-left (n-1) x (n-1)
 * square, leaving the last row and column empty; or (n-1)^2 - 2 <= k <= n^2 - n starts from
 * "everything off the diagonal" (n - 1 tokens per row and column) and toggles e = n^2 - n - k
 * tokens' worth of cell-disjoint 2x2 rectangles (toggling a rectangle keeps every parity):
 * a rectangle on rows {2t, 2t+1}, columns {2t, 2t+2} holds one diagonal cell (gains a token)
 * and three off-diagonal ones (lose theirs), net -2; one on rows {n-2, n-1}, columns {0, 1} is
 * entirely off the diagonal, net -4. (n-1)/2 of the first kind reach e = n - 1; e = n + 1
 * (k = (n-1)^2 - 2) takes the second plus (n-3)/2 of the first.
 */
export function parityConstruction(n: number, m: number): Uint8Array {
  const errors = parityPuzzleErrors({ n, m });
  if (errors.length) throw new Error(`casse-tete: ${errors[0]}`);
  const f = parityFeasible(n, m);
  if (!f.feasible) throw new Error(f.reason);
  const cells = new Uint8Array(n * n);
  const k = n * n - m;
  if (n % 2 === 0) {
    keepEvenSquare(cells, n, n, k);
    return cells;
  }
  const s = n - 1;
  if (k <= s * s && k !== s * s - 2) {
    keepEvenSquare(cells, n, s, k);
    return cells;
  }
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (r !== c) cells[r * n + c] = 1;
  const toggle = (r: number, c: number): void => {
    cells[r * n + c] ^= 1;
  };
  const e = n * n - n - k;
  let gadgets = e >> 1;
  if (e === n + 1) {
    toggle(n - 2, 0);
    toggle(n - 2, 1);
    toggle(n - 1, 0);
    toggle(n - 1, 1);
    gadgets = (n - 3) >> 1;
  }
  for (let t = 0; t < gadgets; t++) {
    toggle(2 * t, 2 * t);
    toggle(2 * t, 2 * t + 2);
    toggle(2 * t + 1, 2 * t);
    toggle(2 * t + 1, 2 * t + 2);
  }
  return cells;
}

export const exactParams = {} as const satisfies ParamSchema;

/**
 * The construction as a SolverRun: starts from the first m cells (row-major) removed, and its one
 * step builds the solution. Deterministic, so the seed is ignored and a checkpoint is only "done".
 */
const ExactCheckpoint = v.object({ done: v.boolean() });
type ExactCheckpoint = v.InferOutput<typeof ExactCheckpoint>;

export class ParityExactRun implements SolverRun<{ cells: number[][] }, ExactCheckpoint> {
  evaluations = 0;
  iteration = 0;
  bestScore: number;
  finished = false;
  private cells: Uint8Array;

  constructor(private readonly puzzle: ParityPuzzle) {
    const errors = parityPuzzleErrors(puzzle);
    if (errors.length) throw new Error(`casse-tete: ${errors[0]}`);
    const f = parityFeasible(puzzle.n, puzzle.m);
    if (!f.feasible) throw new Error(f.reason);
    const size = puzzle.n * puzzle.n;
    this.cells = new Uint8Array(size).fill(1, puzzle.m);
    this.bestScore = 0 - parityCounts(puzzle.n, this.cells).cost;
  }

  get currentScore(): number {
    return this.bestScore;
  }

  step(): void {
    if (this.finished) return;
    this.cells = parityConstruction(this.puzzle.n, this.puzzle.m);
    this.evaluations = 1;
    this.iteration = 1;
    this.bestScore = 0;
    this.finished = true;
  }

  bestSolution(): { cells: number[][] } {
    return parityGridToJson(this.puzzle, { cells: this.cells });
  }

  checkpoint(): ExactCheckpoint {
    return { done: this.finished };
  }

  static restore(puzzle: ParityPuzzle, cp: ExactCheckpoint): ParityExactRun {
    const run = new ParityExactRun(puzzle);
    if (cp.done) run.step();
    return run;
  }
}

export const parityExactSolver = catalogued<ParityPuzzle, { cells: number[][] }, ExactCheckpoint, typeof exactParams>(
  {
    id: 'exact',
    family: 'parity',
    label: 'Exact construction',
    description:
      'Builds a solution directly in O(n^2) for every feasible (n, m) (2x2 blocks, a 6-cell hexagon, and diagonal gadgets for odd n); an infeasible (n, m) is refused with the exact condition.',
    params: exactParams,
    // The construction exists exactly for feasible (n, m): an infeasible one is refused before a run is stored.
    refuses(p) {
      if (parityPuzzleErrors(p).length) return null;
      const f = parityFeasible(p.n, p.m);
      return f.feasible ? null : f.reason;
    },
    // No parameters: catalogued refuses any given (a typo must not pass for a setting).
    create(puzzle) {
      return new ParityExactRun(puzzle);
    },
    restore(puzzle, _params, checkpoint) {
      return ParityExactRun.restore(puzzle, checkpoint);
    },
  },
  ExactCheckpoint,
);
