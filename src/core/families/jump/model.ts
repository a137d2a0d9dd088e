import { FormatError } from '../../document/errors';

/**
 * Jump maze (CS 440 local-search assignment): a rows x cols board; every cell holds a jump length.
 * From the top-left you jump exactly the current cell's value up, down, left or right, staying on
 * the board; the goal is the bottom-right cell, which holds 0.
 */
export interface JumpPuzzle {
  rows: number;
  cols: number;
}

/** Row-major jump lengths: the goal (last cell) holds 0, every other cell 1..maxJump(cell). */
export interface JumpMaze {
  cells: Int32Array;
}

/** Largest board side accepted (a guard against absurd sizes in files and JSON). */
export const MAX_JUMP_SIDE = 1000;

/** Row-major index of the goal (bottom-right). The start is index 0. */
export function goalIndex(p: JumpPuzzle): number {
  return p.rows * p.cols - 1;
}

/** Largest legal jump from (r, c): its largest distance to a wall. The goal itself holds 0. */
export function maxJumpAt(p: JumpPuzzle, r: number, c: number): number {
  return Math.max(r, p.rows - 1 - r, c, p.cols - 1 - c);
}

/** Largest legal value of every cell, row-major (0 at the goal). */
export function maxJumps(p: JumpPuzzle): Int32Array {
  const out = new Int32Array(p.rows * p.cols);
  for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) out[r * p.cols + c] = maxJumpAt(p, r, c);
  out[goalIndex(p)] = 0;
  return out;
}

/** "row 2, column 4" (1-based, as a person reading the board counts). */
export function jumpCellName(p: JumpPuzzle, i: number): string {
  return `row ${Math.floor(i / p.cols) + 1}, column ${(i % p.cols) + 1}`;
}

/** Why value `v` cannot stand at cell `i`, or null when it is legal. */
export function jumpCellError(p: JumpPuzzle, i: number, v: number): string | null {
  if (i === goalIndex(p)) return v === 0 ? null : `the goal (${jumpCellName(p, i)}) must hold 0, got ${v}`;
  const max = maxJumpAt(p, Math.floor(i / p.cols), i % p.cols);
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

/** Problems with the board size; empty when fine. */
export function jumpPuzzleErrors(p: JumpPuzzle): string[] {
  const errors: string[] = [];
  for (const k of ['rows', 'cols'] as const) {
    const v = p[k];
    if (!Number.isInteger(v)) errors.push(`${k} must be a whole number, got ${v}`);
    else if (v < 2) errors.push(`${k} must be at least 2, got ${v}`);
    else if (v > MAX_JUMP_SIDE) errors.push(`${k} must be at most ${MAX_JUMP_SIDE}, got ${v}`);
  }
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

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** `{ rows, cols }` -> puzzle; throws FormatError (naming `where`) on anything else. */
export function jumpPuzzleFromJson(x: unknown, where?: string): JumpPuzzle {
  if (!isRecord(x)) throw new FormatError('expected a jump puzzle { rows, cols }', where);
  const p = { rows: x.rows, cols: x.cols };
  for (const k of ['rows', 'cols'] as const) {
    if (typeof p[k] !== 'number') throw new FormatError(`expected ${k} to be a number, got ${JSON.stringify(p[k])}`, where);
  }
  const puzzle = p as JumpPuzzle;
  const errors = jumpPuzzleErrors(puzzle);
  if (errors.length) throw new FormatError(errors[0], where);
  return { rows: puzzle.rows, cols: puzzle.cols };
}

/** `{ cells: number[][] }` (rows of jump lengths) -> maze; every cell must be legal. */
export function jumpMazeFromJson(p: JumpPuzzle, x: unknown, where?: string): JumpMaze {
  if (!isRecord(x) || !Array.isArray(x.cells)) throw new FormatError('expected a jump maze { cells: number[][] }', where);
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
      if (typeof v !== 'number') throw new FormatError(`cells[${r}][${c}]: expected a jump length, got ${JSON.stringify(v)}`, where);
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
