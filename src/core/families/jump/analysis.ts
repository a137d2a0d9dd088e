import { bfsFitness, createBfsWorkspace } from './bfs';
import { goalIndex, startIndex, type JumpPuzzle } from './model';

/**
 * What a designer asks of a jump maze: which cells can be reached, which are traps, whether the
 * shortest way is unique, which cells no shortest way uses, and the score. Two BFS passes (from
 * the start over moves, from the goal over reversed moves) and one count in BFS order: linear.
 */
export interface MazeAnalysis {
  family: 'jump';
  rows: number;
  cols: number;
  /** The maze's score (moves on a shortest path, or minus the unreachable cells). */
  score: number;
  /** Cells reachable from the start (start included). */
  reachable: number;
  /** Reachable cells from which the goal cannot be reached: entering one loses. */
  deadEnds: number;
  /** Cells from which every jump leaves the board (the goal aside). */
  noMove: number;
  /** Moves on a shortest path, null when the goal is unreachable. */
  shortest: number | null;
  /**
   * Distinct shortest paths from the start to the goal as a decimal string (they can outgrow any
   * number: a count is exact, however big); "0" when the goal is unreachable.
   */
  shortestPaths: string;
  /** Cells (other than those on some shortest path) that no shortest path visits. */
  offPath: number;
  /** Per cell: 0 unreachable, 1 dead end (reachable, goal out of reach), 2 reachable and off every shortest path, 3 on a shortest path. */
  cellKind: number[];
}

export const CELL_UNREACHABLE = 0;
export const CELL_DEAD_END = 1;
export const CELL_OFF_PATH = 2;
export const CELL_ON_PATH = 3;

/** Targets of the moves from cell i (up, down, left, right), -1 where a jump leaves the board. */
function moves(rows: number, cols: number, cells: ArrayLike<number>, i: number, out: Int32Array): void {
  const v = cells[i];
  const r = (i / cols) | 0;
  const c = i - r * cols;
  out[0] = v > 0 && r - v >= 0 ? i - v * cols : -1;
  out[1] = v > 0 && r + v < rows ? i + v * cols : -1;
  out[2] = v > 0 && c - v >= 0 ? i - v : -1;
  out[3] = v > 0 && c + v < cols ? i + v : -1;
}

export function analyseMaze(p: JumpPuzzle, cells: ArrayLike<number>): MazeAnalysis {
  const { rows, cols } = p;
  const n = rows * cols;
  if (cells.length !== n) throw new Error(`a ${rows} x ${cols} maze has ${n} cells, got ${cells.length}`);
  const start = startIndex(p);
  const goal = goalIndex(p);
  const work = createBfsWorkspace(p);
  const score = bfsFitness(p, cells, work);
  const fromStart = work.depth.slice();
  const order = work.queue.slice(0, work.reached);
  // Reversed moves as a compact list (counting sort by target), so the goal's BFS is linear too.
  const to = new Int32Array(4);
  const inCount = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    if (i === goal) continue;
    moves(rows, cols, cells, i, to);
    for (const j of to) if (j >= 0) inCount[j + 1]++;
  }
  for (let j = 0; j < n; j++) inCount[j + 1] += inCount[j];
  const fill = inCount.slice(0, n);
  const from = new Int32Array(inCount[n]);
  let noMove = 0;
  for (let i = 0; i < n; i++) {
    if (i === goal) continue;
    moves(rows, cols, cells, i, to);
    let any = false;
    for (const j of to) {
      if (j < 0) continue;
      any = true;
      from[fill[j]++] = i;
    }
    if (!any) noMove++;
  }
  const toGoal = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  toGoal[goal] = 0;
  queue[0] = goal;
  for (let head = 0, tail = 1; head < tail; head++) {
    const j = queue[head];
    for (let k = inCount[j]; k < inCount[j + 1]; k++) {
      const i = from[k];
      if (toGoal[i] < 0) {
        toGoal[i] = toGoal[j] + 1;
        queue[tail++] = i;
      }
    }
  }
  const shortest = fromStart[goal] >= 0 ? fromStart[goal] : null;
  // Shortest paths into each cell, in BFS order: every cell's count is final before it is expanded.
  const paths = new Array<bigint>(n).fill(0n);
  paths[start] = 1n;
  for (const i of order) {
    if (i === goal || paths[i] === 0n) continue;
    moves(rows, cols, cells, i, to);
    for (const j of to) if (j >= 0 && fromStart[j] === fromStart[i] + 1) paths[j] += paths[i];
  }
  const cellKind: number[] = new Array<number>(n);
  let deadEnds = 0;
  let offPath = 0;
  for (let i = 0; i < n; i++) {
    if (fromStart[i] < 0) cellKind[i] = CELL_UNREACHABLE;
    else if (toGoal[i] < 0) {
      cellKind[i] = CELL_DEAD_END;
      deadEnds++;
    } else if (shortest !== null && fromStart[i] + toGoal[i] === shortest) cellKind[i] = CELL_ON_PATH;
    else cellKind[i] = CELL_OFF_PATH;
    if (cellKind[i] !== CELL_ON_PATH) offPath++;
  }
  return {
    family: 'jump',
    rows,
    cols,
    score,
    reachable: work.reached,
    deadEnds,
    noMove,
    shortest,
    shortestPaths: shortest === null ? '0' : paths[goal].toString(),
    offPath,
    cellKind,
  };
}
