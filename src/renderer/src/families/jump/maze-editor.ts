/**
 * The jump-maze editor's logic, outside the component: legal values, edits as pure state
 * transitions, cursor moves, typed numbers, and the analysis the board shows (all scoring from
 * core: evaluateMaze for depths and fitness, shortestPath for the path).
 */
import {
  evaluateMaze,
  goalIndex,
  jumpCellError,
  jumpPuzzle,
  maxJumpAt,
  moveGoal,
  shortestPath,
  startIndex,
  type JumpPuzzle,
} from '../../../../core/families/jump/entry';
import { viridis } from '../../lib/palette';
import { countNoun } from '../../../../core/text/plural';

/** Cells are never mutated: every edit returns a new array (so undo can keep snapshots). */
export type Cells = Int32Array;

export const isGoal = (p: JumpPuzzle, i: number): boolean => i === goalIndex(p);
export const isStart = (p: JumpPuzzle, i: number): boolean => i === startIndex(p);

/** A change of the puzzle's start or goal: the new puzzle, and how any maze of the old one becomes legal for it. */
export interface EndsMove {
  puzzle: JumpPuzzle;
  cells(old: Cells): Cells;
}

/**
 * Put the start or the goal on cell `i`. Onto the other one, the two swap places. The new goal
 * holds 0 and the old one a jump of 1; other cells keep their lengths. Null when already there.
 */
export function placeEnd(p: JumpPuzzle, which: 'start' | 'goal', i: number): EndsMove | null {
  let start = startIndex(p);
  let goal = goalIndex(p);
  if (i < 0 || i >= p.rows * p.cols || (which === 'start' ? start : goal) === i) return null;
  if (which === 'start') [start, goal] = [i, i === goal ? start : goal];
  else [start, goal] = [i === start ? goal : start, i];
  const puzzle = jumpPuzzle(p.rows, p.cols, start, goal);
  return { puzzle, cells: (old) => moveGoal(p, old, goal) };
}

/** Values cell `i` may hold: 1..its largest jump, or [0] for the goal. */
export function legalValues(p: JumpPuzzle, i: number): number[] {
  if (isGoal(p, i)) return [0];
  const max = maxJumpAt(p, Math.floor(i / p.cols), i % p.cols);
  return Array.from({ length: max }, (_, k) => k + 1);
}

export function maxAt(p: JumpPuzzle, i: number): number {
  return isGoal(p, i) ? 0 : maxJumpAt(p, Math.floor(i / p.cols), i % p.cols);
}

/** Set cell `i` to `v`: the same array when nothing changes or `v` is not legal there. */
export function setCell(p: JumpPuzzle, cells: Cells, i: number, v: number): Cells {
  if (i < 0 || i >= cells.length || cells[i] === v || jumpCellError(p, i, v) !== null) return cells;
  const next = cells.slice();
  next[i] = v;
  return next;
}

/** Step the value of cell `i` by `delta`, wrapping within its legal values. */
export function stepCell(p: JumpPuzzle, cells: Cells, i: number, delta: number): Cells {
  const max = maxAt(p, i);
  if (max === 0) return cells;
  const v = ((((cells[i]! - 1 + delta) % max) + max) % max) + 1;
  return setCell(p, cells, i, v);
}

export type Direction = 'up' | 'down' | 'left' | 'right';

export const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** The cursor after an arrow key (stays at the edge), or `far` to jump to the edge. */
export function moveCursor(p: JumpPuzzle, i: number, dir: Direction, far = false): number {
  let r = Math.floor(i / p.cols);
  let c = i % p.cols;
  if (dir === 'up') r = far ? 0 : Math.max(0, r - 1);
  if (dir === 'down') r = far ? p.rows - 1 : Math.min(p.rows - 1, r + 1);
  if (dir === 'left') c = far ? 0 : Math.max(0, c - 1);
  if (dir === 'right') c = far ? p.cols - 1 : Math.min(p.cols - 1, c + 1);
  return r * p.cols + c;
}

/**
 * Typing a number: digits typed in quick succession build one number (so 1 then 2 is 12 where 12
 * is legal); a digit that would make it too big starts a new number. Returns the value to set
 * (null if the digits so far are not a legal value, e.g. 0) and the digits to keep.
 */
export function typeDigit(buffer: string, digit: string, max: number): { value: number | null; buffer: string } {
  if (!/^\d$/.test(digit)) return { value: null, buffer: '' };
  let next = buffer + digit;
  if (Number(next) > max) next = digit;
  const v = Number(next);
  const value = v >= 1 && v <= max ? v : null;
  // Keep the digits only while another one could still make a legal number.
  const keep = v * 10 <= max && v > 0 ? next : '';
  return { value, buffer: keep };
}

/** Cells cell `i` can jump to (up, down, left, right order; fewer near the walls). */
export function targets(p: JumpPuzzle, cells: ArrayLike<number>, i: number): number[] {
  const v = cells[i]!;
  if (v <= 0) return [];
  const r = Math.floor(i / p.cols);
  const c = i % p.cols;
  const out: number[] = [];
  if (r - v >= 0) out.push(i - v * p.cols);
  if (r + v < p.rows) out.push(i + v * p.cols);
  if (c - v >= 0) out.push(i - v);
  if (c + v < p.cols) out.push(i + v);
  return out;
}

export interface MazeAnalysis {
  /** BFS moves from the start per cell, -1 where unreachable (core evaluateMaze). */
  depth: Int32Array;
  unreachable: number;
  /** Core's fitness: moves to the goal, or minus the unreachable cells. */
  fitness: number;
  /** One shortest path, start first (core shortestPath), or null. */
  path: number[] | null;
  /** Position of each cell on the path (-1 when not on it). */
  pathStep: Int32Array;
  maxDepth: number;
  reachable: number;
}

export function analyse(p: JumpPuzzle, cells: Cells): MazeAnalysis {
  const ev = evaluateMaze(p, cells);
  const depth = ev.depth.slice();
  const path = shortestPath(p, cells);
  const pathStep = new Int32Array(cells.length).fill(-1);
  path?.forEach((cell, k) => (pathStep[cell] = k));
  let maxDepth = 0;
  for (const d of depth) if (d > maxDepth) maxDepth = d;
  return { depth, unreachable: ev.unreachable, fitness: ev.fitness, path, pathStep, maxDepth, reachable: cells.length - ev.unreachable };
}

/** Background of a reachable cell: viridis by depth (dark near the start, bright far away). */
export function depthColour(depth: number, maxDepth: number): string {
  return viridis(maxDepth <= 0 ? 0 : 0.08 + (0.92 * depth) / maxDepth);
}

export function fitnessSummary(a: Pick<MazeAnalysis, 'fitness' | 'unreachable'>): string {
  if (a.fitness > 0) return `Goal reached in ${countNoun(a.fitness, 'move')}`;
  return `Goal unreachable: ${countNoun(a.unreachable, 'cell')} cannot be reached`;
}

export function cellLabel(p: JumpPuzzle, i: number): string {
  return `Row ${Math.floor(i / p.cols) + 1}, column ${(i % p.cols) + 1}`;
}

export function sameCells(a: Cells, b: Cells): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
