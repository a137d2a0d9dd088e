import { goalIndex, startIndex, type JumpPuzzle } from './model';

/**
 * Breadth-first evaluation of a jump maze. Moves: from cell (r, c) holding v > 0 to (r ± v, c) or
 * (r, c ± v) when that stays on the board. The goal holds 0 and so is never left.
 *
 * Fitness (maximised): the number of moves on a shortest path from the start to the goal; when
 * the goal is unreachable, minus the number of unreachable cells (the goal included).
 */

/** Preallocated BFS arrays, so solvers can evaluate millions of mazes without allocating. */
export interface BfsWorkspace {
  /** Cells in visiting order; the first `reached` entries are valid after a run. */
  readonly queue: Int32Array;
  /** BFS moves from the start per cell, -1 when unreachable. */
  readonly depth: Int32Array;
  /** Cells reached by the last run (start included). */
  reached: number;
  /** Cells not reached by the last run. */
  unreachable: number;
}

export interface MazeEvaluation {
  /** Moves from the start for every cell, -1 where unreachable. */
  depth: Int32Array;
  unreachable: number;
  fitness: number;
}

export function createBfsWorkspace(p: JumpPuzzle): BfsWorkspace {
  const n = p.rows * p.cols;
  return { queue: new Int32Array(n), depth: new Int32Array(n), reached: 0, unreachable: 0 };
}

/**
 * Allocation-free BFS over the whole board: fills `work.depth`, `work.queue`, `work.reached` and
 * `work.unreachable`, and returns the fitness. `cells` may hold any integers (values that leave
 * the board in every direction simply give no move); `work` must be sized for `p`.
 */
export function bfsFitness(p: JumpPuzzle, cells: ArrayLike<number>, work: BfsWorkspace): number {
  const { rows, cols } = p;
  const n = rows * cols;
  const { queue, depth } = work;
  if (depth.length !== n || queue.length !== n) throw new Error(`BFS workspace is sized for ${depth.length} cells, the maze has ${n}`);
  const start = startIndex(p);
  depth.fill(-1);
  depth[start] = 0;
  queue[0] = start;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const i = queue[head++];
    const v = cells[i];
    if (v <= 0) continue;
    const r = (i / cols) | 0;
    const c = i - r * cols;
    const d = depth[i] + 1;
    if (r - v >= 0) {
      const j = i - v * cols;
      if (depth[j] < 0) {
        depth[j] = d;
        queue[tail++] = j;
      }
    }
    if (r + v < rows) {
      const j = i + v * cols;
      if (depth[j] < 0) {
        depth[j] = d;
        queue[tail++] = j;
      }
    }
    if (c - v >= 0) {
      const j = i - v;
      if (depth[j] < 0) {
        depth[j] = d;
        queue[tail++] = j;
      }
    }
    if (c + v < cols) {
      const j = i + v;
      if (depth[j] < 0) {
        depth[j] = d;
        queue[tail++] = j;
      }
    }
  }
  work.reached = tail;
  work.unreachable = n - tail;
  const g = depth[goalIndex(p)];
  return g >= 0 ? g : -(n - tail);
}

/**
 * Depth of every cell, the unreachable count and the fitness. With `work`, the returned `depth`
 * IS `work.depth` (valid until the workspace is used again); without, a fresh array.
 */
export function evaluateMaze(p: JumpPuzzle, cells: ArrayLike<number>, work?: BfsWorkspace): MazeEvaluation {
  const n = p.rows * p.cols;
  if (cells.length !== n) throw new Error(`a ${p.rows} x ${p.cols} maze has ${n} cells, got ${cells.length}`);
  const w = work ?? createBfsWorkspace(p);
  const fitness = bfsFitness(p, cells, w);
  return { depth: w.depth, unreachable: w.unreachable, fitness };
}

/**
 * One shortest path from the start to the goal as row-major cell indices (start first, goal
 * last), or null when the goal is unreachable. Ties go to the neighbour BFS found first
 * (up, down, left, right).
 */
export function shortestPath(p: JumpPuzzle, cells: ArrayLike<number>): number[] | null {
  const n = p.rows * p.cols;
  if (cells.length !== n) throw new Error(`a ${p.rows} x ${p.cols} maze has ${n} cells, got ${cells.length}`);
  const w = createBfsWorkspace(p);
  bfsFitness(p, cells, w);
  const goal = goalIndex(p);
  const start = startIndex(p);
  if (w.depth[goal] < 0) return null;
  // Parent of each reached cell: the first cell in BFS order that reaches it with depth - 1.
  const parent = new Int32Array(n).fill(-1);
  for (let k = 0; k < w.reached; k++) {
    const i = w.queue[k];
    const v = cells[i];
    if (v <= 0) continue;
    const r = (i / p.cols) | 0;
    const c = i - r * p.cols;
    const targets = [r - v >= 0 ? i - v * p.cols : -1, r + v < p.rows ? i + v * p.cols : -1, c - v >= 0 ? i - v : -1, c + v < p.cols ? i + v : -1];
    for (const j of targets) {
      if (j >= 0 && j !== start && parent[j] < 0 && w.depth[j] === w.depth[i] + 1) parent[j] = i;
    }
  }
  const path: number[] = [];
  for (let i = goal; i !== start; i = parent[i]) path.push(i);
  path.push(start);
  return path.reverse();
}
