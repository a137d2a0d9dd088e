import type { JumpPuzzle } from '../../../../src/core/families/jump/model';

/**
 * Independent rescoring for the tests: a plain-array BFS written from the rules, sharing no code
 * with src (moves: exactly the cell's value up, down, left or right, staying on the board).
 */
/** The puzzle's start and goal as [row, col], read from its fields (absent = the corners). */
export function naiveEnds(p: JumpPuzzle): { start: [number, number]; goal: [number, number] } {
  const s = p.start ?? 0;
  const g = p.goal ?? p.rows * p.cols - 1;
  return { start: [Math.floor(s / p.cols), s % p.cols], goal: [Math.floor(g / p.cols), g % p.cols] };
}

export function naiveDepths(p: JumpPuzzle, cells: ArrayLike<number>): number[] {
  const depth: number[] = new Array(p.rows * p.cols).fill(-1);
  const [sr, sc] = naiveEnds(p).start;
  depth[sr * p.cols + sc] = 0;
  const todo: [number, number][] = [[sr, sc]];
  while (todo.length) {
    const [r, c] = todo.shift()!;
    const v = cells[r * p.cols + c];
    if (v === 0) continue;
    for (const [dr, dc] of [
      [-v, 0],
      [v, 0],
      [0, -v],
      [0, v],
    ]) {
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
  const [gr, gc] = naiveEnds(p).goal;
  const g = depth[gr * p.cols + gc];
  return g >= 0 ? g : -depth.filter((d) => d === -1).length;
}

/** Whether every cell holds a legal value: the goal 0, every other cell 1..its farthest wall. */
export function naiveLegal(p: JumpPuzzle, cells: ArrayLike<number>): boolean {
  if (cells.length !== p.rows * p.cols) return false;
  const [gr, gc] = naiveEnds(p).goal;
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const v = cells[r * p.cols + c];
      const goal = r === gr && c === gc;
      const max = Math.max(r, c, p.rows - 1 - r, p.cols - 1 - c);
      if (goal ? v !== 0 : !Number.isInteger(v) || v < 1 || v > max) return false;
    }
  }
  return true;
}
