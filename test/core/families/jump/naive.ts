import type { JumpPuzzle } from '../../../../src/core/families/jump/model';

/**
 * Independent rescoring for the tests: a plain-array BFS written from the rules, sharing no code
 * with src (moves: exactly the cell's value up, down, left or right, staying on the board).
 */
export function naiveDepths(p: JumpPuzzle, cells: ArrayLike<number>): number[] {
  const depth: number[] = new Array(p.rows * p.cols).fill(-1);
  depth[0] = 0;
  const todo: [number, number][] = [[0, 0]];
  while (todo.length) {
    const [r, c] = todo.shift()!;
    const v = cells[r * p.cols + c];
    if (v === 0) continue;
    for (const [dr, dc] of [[-v, 0], [v, 0], [0, -v], [0, v]]) {
      const r2 = r + dr;
      const c2 = c + dc;
      if (r2 < 0 || r2 >= p.rows || c2 < 0 || c2 >= p.cols) continue;
      if (depth[r2 * p.cols + c2] !== -1) continue;
      depth[r2 * p.cols + c2] = depth[r * p.cols + c] + 1;
      todo.push([r2, c2]);
    }
  }
  return depth;
}

/** Moves from start to goal, or minus the unreachable cells when the goal cannot be reached. */
export function naiveFitness(p: JumpPuzzle, cells: ArrayLike<number>): number {
  const depth = naiveDepths(p, cells);
  const g = depth[depth.length - 1];
  return g >= 0 ? g : -depth.filter((d) => d === -1).length;
}

/** Whether every cell holds a legal value: the goal 0, every other cell 1..its farthest wall. */
export function naiveLegal(p: JumpPuzzle, cells: ArrayLike<number>): boolean {
  if (cells.length !== p.rows * p.cols) return false;
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const v = cells[r * p.cols + c];
      const goal = r === p.rows - 1 && c === p.cols - 1;
      const max = Math.max(r, c, p.rows - 1 - r, p.cols - 1 - c);
      if (goal ? v !== 0 : !Number.isInteger(v) || v < 1 || v > max) return false;
    }
  }
  return true;
}
