import { valueText } from '../../text/display';
import { FormatError } from '../../document/errors';
import type { Rng } from '../../rng/rng';
import { isObject } from '../../validate/is-object';

/**
 * Jump maze (CS 440 local-search assignment): a rows x cols board; every cell holds a jump length.
 * From the start you jump exactly the current cell's value up, down, left or right, staying on
 * the board; the goal holds 0. The assignment's start is the top-left and its goal the
 * bottom-right; other files name other cells.
 */
export interface JumpPuzzle {
  rows: number;
  cols: number;
  /**
   * Row-major index of the start; absent = the top-left (0). Left out rather than stored when it
   * is the default, so puzzles saved before there was a choice read and compare the same.
   */
  start?: number;
  /** Row-major index of the goal; absent = the bottom-right (rows * cols - 1). */
  goal?: number;
}

/** Row-major jump lengths: the goal holds 0, every other cell 1..maxJump(cell), or 0 for a dead end (no jump). */
export interface JumpMaze {
  cells: Int32Array;
}

/** Largest board side accepted (a guard against absurd sizes in files and JSON). */
export const MAX_JUMP_SIDE = 1000;

/** Row-major index of the start (the top-left unless the puzzle says otherwise). */
export function startIndex(p: JumpPuzzle): number {
  return p.start ?? 0;
}

/** Row-major index of the goal (the bottom-right unless the puzzle says otherwise). */
export function goalIndex(p: JumpPuzzle): number {
  return p.goal ?? p.rows * p.cols - 1;
}

/** Whether start and goal are the assignment's own corners (top-left to bottom-right). */
export function hasDefaultEnds(p: JumpPuzzle): boolean {
  return startIndex(p) === 0 && goalIndex(p) === p.rows * p.cols - 1;
}

/**
 * The puzzle of that size with that start and goal (row-major indices), in its one stored form:
 * defaults are left out, so equal puzzles are equal objects.
 */
export function jumpPuzzle(rows: number, cols: number, start = 0, goal = rows * cols - 1): JumpPuzzle {
  const p: JumpPuzzle = { rows, cols };
  if (start !== 0) p.start = start;
  if (goal !== rows * cols - 1) p.goal = goal;
  return p;
}

/** Largest legal jump from (r, c): its largest distance to a wall. The goal itself holds 0. */
export function maxJumpAt(p: JumpPuzzle, r: number, c: number): number {
  return Math.max(r, p.rows - 1 - r, c, p.cols - 1 - c);
}

/** Largest legal value of every cell, row-major (0 at the goal, whose jumps are never used). */
export function maxJumps(p: JumpPuzzle): Int32Array {
  const out = new Int32Array(p.rows * p.cols);
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) out[r * p.cols + c] = maxJumpAt(p, r, c);
  out[goalIndex(p)] = 0;
  return out;
}

/** Cells a move can change: every cell but the goal with at least two legal values (`maxJ` from maxJumps). */
export function changeableCells(maxJ: Int32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < maxJ.length; i++) if (maxJ[i] >= 2) out.push(i);
  return Int32Array.from(out);
}

/** A random legal maze into `cells`: each cell uniform in 1..its largest jump, the goal (maxJ 0) 0. */
export function randomCells(cells: Int32Array, maxJ: Int32Array, rng: Rng): void {
  for (let i = 0; i < maxJ.length; i++) cells[i] = maxJ[i] > 0 ? 1 + rng.int(maxJ[i]) : 0;
}

/** "row 2, column 4" (1-based, as a person reading the board counts). */
export function jumpCellName(p: JumpPuzzle, i: number): string {
  return `row ${Math.floor(i / p.cols) + 1}, column ${(i % p.cols) + 1}`;
}

/** Why value `v` cannot stand at cell `i`, or null when it is legal (0 outside the goal: a dead end). */
export function jumpCellError(p: JumpPuzzle, i: number, v: number): string | null {
  if (i === goalIndex(p)) return v === 0 ? null : `the goal (${jumpCellName(p, i)}) must hold 0, got ${v}`;
  const max = maxJumpAt(p, Math.floor(i / p.cols), i % p.cols);
  // A 0 elsewhere is a dead end (no jump), as some tools write them; generators never make one.
  if (v === 0) return null;
  if (!Number.isInteger(v) || v < 1 || v > max) return `cell (${jumpCellName(p, i)}) holds ${v}, expected a jump length 1..${max}`;
  return null;
}

/** Every illegal cell of a maze (wrong length is one error). Empty when the maze is legal. */
export function mazeErrors(p: JumpPuzzle, cells: ArrayLike<number>): string[] {
  const n = p.rows * p.cols;
  if (cells.length !== n) return [`expected ${n} cells (${p.rows} x ${p.cols}), got ${cells.length}`];
  const errors: string[] = [];
  for (let i = 0; i < n; i++) {
    const e = jumpCellError(p, i, cells[i]);
    if (e) errors.push(e);
  }
  return errors;
}

/** Problems with the board size, the start or the goal; empty when fine. */
export function jumpPuzzleErrors(p: JumpPuzzle): string[] {
  const errors: string[] = [];
  for (const k of ['rows', 'cols'] as const) {
    const v = p[k];
    if (!Number.isInteger(v)) errors.push(`${k} must be a whole number, got ${v}`);
    else if (v < 2) errors.push(`${k} must be at least 2, got ${v}`);
    else if (v > MAX_JUMP_SIDE) errors.push(`${k} must be at most ${MAX_JUMP_SIDE}, got ${v}`);
  }
  if (errors.length) return errors;
  const n = p.rows * p.cols;
  for (const k of ['start', 'goal'] as const) {
    const v = p[k];
    if (v !== undefined && (!Number.isInteger(v) || v < 0 || v >= n)) errors.push(`the ${k} must be a cell of the ${p.rows} x ${p.cols} board, got index ${v}`);
  }
  if (errors.length === 0 && startIndex(p) === goalIndex(p)) errors.push(`the start and the goal are the same cell (${jumpCellName(p, goalIndex(p))})`);
  return errors;
}

/** Rows of jump lengths, the JSON and CLI form of a maze. */
export function mazeRows(p: JumpPuzzle, cells: ArrayLike<number>): number[][] {
  const out: number[][] = [];
  for (let r = 0; r < p.rows; r++) {
    const row: number[] = [];
    for (let c = 0; c < p.cols; c++) row.push(cells[r * p.cols + c]);
    out.push(row);
  }
  return out;
}

/** A `[row, col]` pair (from 0) of the JSON form as a row-major index; throws on anything else. */
function cellFromJson(p: { rows: number; cols: number }, x: unknown, k: string, where?: string): number {
  if (!Array.isArray(x) || x.length !== 2 || !x.every((v) => Number.isInteger(v)))
    throw new FormatError(`expected ${k} to be [row, col] (whole numbers from 0), got ${valueText(x)}`, where);
  const [r, c] = x as [number, number];
  if (r < 0 || r >= p.rows || c < 0 || c >= p.cols)
    throw new FormatError(`${k} [${r}, ${c}] is off the ${p.rows} x ${p.cols} board (rows and columns count from 0)`, where);
  return r * p.cols + c;
}

/**
 * `{ rows, cols, start?, goal? }` -> puzzle, start and goal as `[row, col]` from 0 (absent = the
 * top-left and the bottom-right); throws FormatError (naming `where`) on anything else.
 */
export function jumpPuzzleFromJson(x: unknown, where?: string): JumpPuzzle {
  if (!isObject(x)) throw new FormatError('expected a jump puzzle { rows, cols }', where);
  const p = { rows: x.rows, cols: x.cols };
  for (const k of ['rows', 'cols'] as const) {
    if (typeof p[k] !== 'number') throw new FormatError(`expected ${k} to be a number, got ${valueText(p[k])}`, where);
  }
  const size = p as JumpPuzzle;
  const sizeErrors = jumpPuzzleErrors(size);
  if (sizeErrors.length) throw new FormatError(sizeErrors[0], where);
  const start = x.start === undefined ? undefined : cellFromJson(size, x.start, 'start', where);
  const goal = x.goal === undefined ? undefined : cellFromJson(size, x.goal, 'goal', where);
  const puzzle = jumpPuzzle(size.rows, size.cols, start, goal);
  const errors = jumpPuzzleErrors(puzzle);
  if (errors.length) throw new FormatError(errors[0], where);
  return puzzle;
}

/** The JSON form: `{ rows, cols }`, with `start` and `goal` as `[row, col]` only where not the default. */
export function jumpPuzzleToJson(p: JumpPuzzle): { rows: number; cols: number; start?: [number, number]; goal?: [number, number] } {
  const out: { rows: number; cols: number; start?: [number, number]; goal?: [number, number] } = { rows: p.rows, cols: p.cols };
  const at = (i: number): [number, number] => [Math.floor(i / p.cols), i % p.cols];
  if (startIndex(p) !== 0) out.start = at(startIndex(p));
  if (goalIndex(p) !== p.rows * p.cols - 1) out.goal = at(goalIndex(p));
  return out;
}

/** The maze turned to another goal: the new goal holds 0, the old one a jump of 1 (always legal). */
export function moveGoal(p: JumpPuzzle, cells: ArrayLike<number>, goal: number): Int32Array {
  const out = Int32Array.from(cells);
  const old = goalIndex(p);
  if (old === goal) return out;
  out[old] = 1;
  out[goal] = 0;
  return out;
}

/** `{ cells: number[][] }` (rows of jump lengths) -> maze; every cell must be legal. */
export function jumpMazeFromJson(p: JumpPuzzle, x: unknown, where?: string): JumpMaze {
  if (!isObject(x) || !Array.isArray(x.cells)) throw new FormatError('expected a jump maze { cells: number[][] }', where);
  const rows = x.cells as unknown[];
  if (rows.length !== p.rows) throw new FormatError(`expected ${p.rows} rows of jump lengths, got ${rows.length}`, where);
  const cells = new Int32Array(p.rows * p.cols);
  for (let r = 0; r < p.rows; r++) {
    const row = rows[r];
    if (!Array.isArray(row)) throw new FormatError(`cells[${r}]: expected a row of ${p.cols} jump lengths`, where);
    if (row.length !== p.cols) throw new FormatError(`cells[${r}]: expected ${p.cols} jump lengths, got ${row.length}`, where);
    for (let c = 0; c < p.cols; c++) {
      const v: unknown = row[c];
      const i = r * p.cols + c;
      if (typeof v !== 'number') throw new FormatError(`cells[${r}][${c}]: expected a jump length, got ${valueText(v)}`, where);
      const e = jumpCellError(p, i, v);
      if (e) throw new FormatError(`cells[${r}][${c}]: ${e}`, where);
      cells[i] = v;
    }
  }
  return { cells };
}

export function jumpMazeToJson(p: JumpPuzzle, s: JumpMaze): { cells: number[][] } {
  return { cells: mazeRows(p, s.cells) };
}
