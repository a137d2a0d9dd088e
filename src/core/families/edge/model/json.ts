import { valueText } from '../../../text/display';
import { FormatError } from '../../../document/errors';
import { MAX_COLOUR, MAX_PIECES, emptyBoard, type EdgeBoard, type EdgePuzzle, type FixedPiece } from './model';
import { isObject } from '../../../validate/is-object';

/**
 * Plain JSON forms for documents, IPC and the CLI. Piece numbers are 1-based here (as people and
 * the piece files count them, 0 = empty cell); rows, columns and rotations are 0-based.
 */
export interface EdgePuzzleJson {
  rows: number;
  cols: number;
  /** [top, right, bottom, left] per piece; 0 = grey border. */
  pieces: [number, number, number, number][];
  fixed?: { piece: number; row: number; col: number; rotation: number }[];
  /** False when pieces may not be turned (Tetravex); absent = true. */
  rotatable?: boolean;
}

export interface EdgeSolutionJson {
  /** Row-major [piece (1-based, 0 = empty), rotation (clockwise quarter turns)]. */
  cells: [number, number][];
}

function fail(where: string | undefined, msg: string): never {
  throw new FormatError(msg, where);
}

function intIn(x: unknown, lo: number, hi: number, path: string, what: string, where?: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < lo || x > hi) fail(where, `${path}: expected ${what} ${lo}..${hi}, got ${valueText(x)}`);
  return x;
}

export function puzzleFromJson(x: unknown, where?: string): EdgePuzzle {
  if (!isObject(x)) fail(where, `expected an edge puzzle object { rows, cols, pieces }, got ${valueText(x)}`);
  const rows = intIn(x.rows, 1, MAX_PIECES, 'rows', 'a whole number', where);
  const cols = intIn(x.cols, 1, MAX_PIECES, 'cols', 'a whole number', where);
  if (rows * cols > MAX_PIECES) fail(where, `a ${rows}x${cols} board has ${rows * cols} cells; at most ${MAX_PIECES} are supported`);
  if (!Array.isArray(x.pieces)) fail(where, 'pieces: expected a list of [top, right, bottom, left] colours');
  if (x.pieces.length > MAX_PIECES) fail(where, `pieces: ${x.pieces.length} pieces; at most ${MAX_PIECES} are supported`);
  const n = x.pieces.length;
  const edges = new Uint16Array(4 * n);
  x.pieces.forEach((pc: unknown, i: number) => {
    if (!Array.isArray(pc) || pc.length !== 4) fail(where, `pieces[${i}]: expected 4 edge colours [top, right, bottom, left], got ${valueText(pc)}`);
    for (let s = 0; s < 4; s++) edges[4 * i + s] = intIn(pc[s], 0, MAX_COLOUR, `pieces[${i}][${s}]`, 'a colour', where);
  });
  const fixed: FixedPiece[] = [];
  if (x.fixed !== undefined) {
    if (!Array.isArray(x.fixed)) fail(where, 'fixed: expected a list of { piece, row, col, rotation }');
    x.fixed.forEach((f: unknown, j: number) => {
      if (!isObject(f)) fail(where, `fixed[${j}]: expected { piece, row, col, rotation }, got ${valueText(f)}`);
      fixed.push({
        piece: intIn(f.piece, 1, n, `fixed[${j}].piece`, 'a piece number', where) - 1,
        row: intIn(f.row, 0, rows - 1, `fixed[${j}].row`, 'a row', where),
        col: intIn(f.col, 0, cols - 1, `fixed[${j}].col`, 'a column', where),
        rotation: intIn(f.rotation, 0, 3, `fixed[${j}].rotation`, 'a rotation', where),
      });
    });
  }
  if (x.rotatable !== undefined && typeof x.rotatable !== 'boolean') fail(where, `rotatable: expected true or false, got ${valueText(x.rotatable)}`);
  const out: EdgePuzzle = { rows, cols, edges, fixed };
  if (x.rotatable === false) {
    const turned = fixed.find((f) => f.rotation !== 0);
    if (turned) fail(where, `fixed piece ${turned.piece + 1} is turned (rotation ${turned.rotation}) but the puzzle's pieces may not be turned`);
    out.rotatable = false;
  }
  return out;
}

export function puzzleToJson(p: EdgePuzzle): EdgePuzzleJson {
  const pieces: [number, number, number, number][] = [];
  for (let i = 0; i < p.edges.length; i += 4) pieces.push([p.edges[i], p.edges[i + 1], p.edges[i + 2], p.edges[i + 3]]);
  const out: EdgePuzzleJson = { rows: p.rows, cols: p.cols, pieces };
  if (p.fixed.length > 0) out.fixed = p.fixed.map((f) => ({ piece: f.piece + 1, row: f.row, col: f.col, rotation: f.rotation }));
  if (p.rotatable === false) out.rotatable = false;
  return out;
}

/** A board against its puzzle: one entry per cell, pieces in range and each used at most once. */
export function solutionFromJson(p: EdgePuzzle, x: unknown, where?: string): EdgeBoard {
  if (!isObject(x) || !Array.isArray(x.cells)) fail(where, 'expected an edge solution object { cells: [[piece, rotation], ...] }');
  const cells = p.rows * p.cols;
  if (x.cells.length !== cells) fail(where, `cells: a ${p.rows}x${p.cols} board needs ${cells} cells, got ${x.cells.length}`);
  const n = p.edges.length >> 2;
  const board = emptyBoard(p.rows, p.cols);
  const usedAt = new Int32Array(n).fill(-1);
  x.cells.forEach((c: unknown, i: number) => {
    if (!Array.isArray(c) || c.length !== 2) fail(where, `cells[${i}]: expected [piece, rotation], got ${valueText(c)}`);
    const piece = intIn(c[0], 0, n, `cells[${i}][0]`, 'a piece number (0 = empty)', where);
    const rot = intIn(
      c[1],
      0,
      p.rotatable === false ? 0 : 3,
      `cells[${i}][1]`,
      p.rotatable === false ? 'a rotation (the pieces may not be turned)' : 'a rotation',
      where,
    );
    if (piece === 0) return;
    if (usedAt[piece - 1] >= 0) fail(where, `cells[${i}]: piece ${piece} is already placed at cells[${usedAt[piece - 1]}]`);
    usedAt[piece - 1] = i;
    board.piece[i] = piece - 1;
    board.rotation[i] = rot;
  });
  return board;
}

export function solutionToJson(b: EdgeBoard): EdgeSolutionJson {
  const cells: [number, number][] = [];
  for (let i = 0; i < b.piece.length; i++) cells.push(b.piece[i] < 0 ? [0, 0] : [b.piece[i] + 1, b.rotation[i]]);
  return { cells };
}
