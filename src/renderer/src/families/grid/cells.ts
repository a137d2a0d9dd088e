/**
 * The generic grid view's model: a family the renderer has no code of, shown and edited from what
 * core in the backend tells about it (its size, and `cellValues`: what a cell may hold) and the JSON
 * form its solutions then have, `{ cells }` row-major (core's `Family.cellValues`). The backend
 * checks every document saved with the family's own code, so a wrong value is refused there.
 */
import type { PuzzleRecord } from '../../../../main/api/types';
import type { CellValues } from '../../../../core/families/family';
import { DOCUMENT_FORMAT, DOCUMENT_VERSION } from '../../../../core/document/document';
import type { CellsCodec } from '../../lib/cells-editor.svelte';
import { isObject } from '../../../../core/validate/is-object';

/** A puzzle as the generic grid edits it: its stored JSON kept as it is, and what core told of it. */
export interface GridPuzzle extends CellValues {
  family: string;
  /** What the library calls it (core's kind label). */
  kind: string;
  rows: number;
  cols: number;
  /** The puzzle and the known solution in the family's JSON forms, written back unchanged. */
  json: unknown;
  reference: unknown;
}

export type GridCells = readonly number[];

/** The cells of a solution's JSON form, or null when it holds no `count` whole numbers from min to max. */
export function cellsOf(json: unknown, count: number, values: CellValues): GridCells | null {
  if (!isObject(json) || !Array.isArray(json.cells) || json.cells.length !== count) return null;
  const cells: unknown[] = json.cells;
  return cells.every((c): c is number => typeof c === 'number' && Number.isInteger(c) && c >= values.min && c <= values.max) ? cells : null;
}

export const blankCells = (p: GridPuzzle): GridCells => new Array<number>(p.rows * p.cols).fill(p.min);

export const sameCells = (a: GridCells, b: GridCells): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The cells with cell `i` at `value`. */
export function withCell(cells: GridCells, i: number, value: number): GridCells {
  const next = [...cells];
  next[i] = value;
  return next;
}

/** The next value of a cell (`step` +1 or -1), round from max to min and back. */
export function stepValue(value: number, step: 1 | -1, p: CellValues): number {
  const next = value + step;
  return next > p.max ? p.min : next < p.min ? p.max : next;
}

/** How the cells editor reads and writes a puzzle of a family the renderer has no code of. */
export const gridCodec: CellsCodec<GridPuzzle, GridCells> = {
  read(rec: PuzzleRecord) {
    const values = rec.cellValues;
    if (!values) throw new Error(`this ${rec.kind} puzzle has no editor here: its family's solutions are not cells`);
    const doc = isObject(rec.document) ? rec.document : {};
    const puzzle: GridPuzzle = {
      family: rec.family,
      kind: rec.kind,
      rows: rec.rows,
      cols: rec.cols,
      ...values,
      json: doc.puzzle,
      reference: doc.reference ?? null,
    };
    const count = rec.rows * rec.cols;
    const read = (json: unknown, what: string): GridCells => {
      const cells = cellsOf(json, count, values);
      if (!cells) throw new Error(`its ${what} is not ${count} cells from ${values.min} to ${values.max}`);
      return cells;
    };
    const history = Array.isArray(doc.history) ? doc.history.map((h: unknown, i) => (h === null ? null : read(h, `history[${i}]`))) : [];
    return { puzzle, cells: doc.solution === undefined || doc.solution === null ? undefined : read(doc.solution, 'solution'), history };
  },
  document(name, p, cells, history) {
    return {
      format: DOCUMENT_FORMAT,
      version: DOCUMENT_VERSION,
      family: p.family,
      name,
      puzzle: p.json,
      solution: { cells },
      ...(p.reference === null ? {} : { reference: p.reference }),
      ...(history.length > 0 ? { history: history.map((h) => ({ cells: h })) } : {}),
    };
  },
  given(p, json, what) {
    const cells = cellsOf(json, p.rows * p.cols, p);
    if (!cells) throw new Error(`${what} is not ${p.rows * p.cols} cells from ${p.min} to ${p.max}`);
    // Scores are core's, in the backend: the run's own figures say them.
    return { cells, score: null };
  },
};

/** Rows and columns of a board drawn without a library record (a run's board): board-image's, which run boards share. */
export { gridShape } from '../../lib/board-image';

/** A solution's cells (JSON form) whatever their range, for drawing; null when it holds none. */
export function anyCells(json: unknown): GridCells | null {
  return cellsOf(json, isObject(json) && Array.isArray(json.cells) ? json.cells.length : -1, { min: -Infinity, max: Infinity });
}
