import { greyMask, maskShape, maxScore, outMask, pieceCount, rotateMask, type EdgePuzzle, isRotatable } from '../model/model';

/** Cell and piece classes. Fixed cell j is its own class FIXED + j, so only its piece fits there. */
export const CORNER = 0;
export const SIDE = 1;
export const INNER = 2;
export const FIXED = 3;

function classOfMask(mask: number): number {
  const s = maskShape(mask);
  return s === 'corner' ? CORNER : s === 'side' ? SIDE : s === 'inner' ? INNER : -1;
}

/**
 * What every GA operator needs to know about one puzzle, precomputed once: neighbours, the class
 * of each cell and piece, and the rotation that turns a border piece to face out on each cell.
 *
 * With a standard frame (as many corner, side and inner pieces as the board has such cells) every
 * board keeps corner pieces on corners and side pieces on sides with their grey edges out; without
 * one, every free piece may go anywhere, turned freely (class INNER for all).
 */
export interface GaLayout {
  readonly rows: number;
  readonly cols: number;
  readonly cells: number;
  readonly edges: Uint16Array;
  readonly standardFrame: boolean;
  /** Rotations a piece may take: 4, or 1 (rotation 0 only) when the pieces may not be turned. */
  readonly turns: number;
  /** Matched joins of a solved board, and the number of 2x2 areas. */
  readonly maxScore: number;
  readonly quadTotal: number;
  /** Neighbour of each cell on each side (4 per cell, top right bottom left), -1 off the board. */
  readonly nbr: Int32Array;
  readonly cellOut: Uint8Array;
  readonly cellClass: Int32Array;
  readonly pieceClass: Int32Array;
  /** Rotation that makes piece p face out on a cell with out mask m, at 16p + m (-1 = none). */
  readonly faceOut: Int8Array;
  /** Free cells of each of CORNER, SIDE, INNER (all free cells are INNER without a frame). */
  readonly classCells: readonly Int32Array[];
  /** Free pieces of each of CORNER, SIDE, INNER, as many as classCells holds cells. */
  readonly classPieces: readonly Int16Array[];
  readonly freeCells: Int32Array;
  readonly fixedCells: Int32Array;
  readonly fixedPieces: Int16Array;
  readonly fixedRots: Uint8Array;
}

export function makeLayout(puzzle: EdgePuzzle): GaLayout {
  const { rows, cols } = puzzle;
  const cells = rows * cols;
  const n = pieceCount(puzzle);
  if (n !== cells) throw new Error(`the genetic algorithm needs one piece per cell: ${n} pieces for a ${rows}x${cols} board`);
  const nbr = new Int32Array(4 * cells);
  const cellOut = new Uint8Array(cells);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      nbr[4 * i] = r > 0 ? i - cols : -1;
      nbr[4 * i + 1] = c + 1 < cols ? i + 1 : -1;
      nbr[4 * i + 2] = r + 1 < rows ? i + cols : -1;
      nbr[4 * i + 3] = c > 0 ? i - 1 : -1;
      cellOut[i] = outMask(rows, cols, r, c);
    }
  }
  const faceOut = new Int8Array(16 * n).fill(-1);
  for (let p = 0; p < n; p++) {
    const g = greyMask(puzzle, p);
    for (let k = 3; k >= 0; k--) faceOut[16 * p + rotateMask(g, k)] = k;
  }

  const cellClass = new Int32Array(cells).fill(-1);
  const pieceClass = new Int32Array(n).fill(-1);
  const fixedCells = new Int32Array(puzzle.fixed.length);
  const fixedPieces = new Int16Array(puzzle.fixed.length);
  const fixedRots = new Uint8Array(puzzle.fixed.length);
  puzzle.fixed.forEach((f, j) => {
    const cell = f.row * cols + f.col;
    const ok = f.piece >= 0 && f.piece < n && f.row >= 0 && f.row < rows && f.col >= 0 && f.col < cols && f.rotation >= 0 && f.rotation <= 3;
    if (!ok || cellClass[cell] >= 0 || pieceClass[f.piece] >= 0)
      throw new Error(`fixed piece ${f.piece + 1} at row ${f.row + 1} col ${f.col + 1} does not fit (off the board or fixed twice)`);
    cellClass[cell] = FIXED + j;
    pieceClass[f.piece] = FIXED + j;
    fixedCells[j] = cell;
    fixedPieces[j] = f.piece;
    fixedRots[j] = f.rotation;
  });

  const counts = [0, 0, 0];
  const turns = isRotatable(puzzle) ? 4 : 1;
  // Upright pieces cannot be turned to face out: without turns every piece goes anywhere.
  let standardFrame = rows >= 2 && cols >= 2 && turns === 4;
  for (let i = 0; i < cells && standardFrame; i++) {
    if (cellClass[i] >= 0) continue;
    const k = classOfMask(cellOut[i]);
    if (k < 0) standardFrame = false;
    else counts[k]++;
  }
  for (let p = 0; p < n && standardFrame; p++) {
    if (pieceClass[p] >= 0) continue;
    const k = classOfMask(greyMask(puzzle, p));
    if (k < 0) standardFrame = false;
    else counts[k]--;
  }
  if (counts.some((x) => x !== 0)) standardFrame = false;

  const lists: number[][] = [[], [], []];
  const free: number[] = [];
  for (let i = 0; i < cells; i++) {
    if (cellClass[i] >= 0) continue;
    const k = standardFrame ? classOfMask(cellOut[i]) : INNER;
    cellClass[i] = k;
    lists[k].push(i);
    free.push(i);
  }
  const pieceLists: number[][] = [[], [], []];
  for (let p = 0; p < n; p++) {
    if (pieceClass[p] >= 0) continue;
    pieceClass[p] = standardFrame ? classOfMask(greyMask(puzzle, p)) : INNER;
    pieceLists[pieceClass[p]].push(p);
  }

  return {
    rows,
    cols,
    cells,
    edges: puzzle.edges,
    standardFrame,
    turns,
    maxScore: maxScore(rows, cols),
    quadTotal: Math.max(0, rows - 1) * Math.max(0, cols - 1),
    nbr,
    cellOut,
    cellClass,
    pieceClass,
    faceOut,
    classCells: lists.map((l) => Int32Array.from(l)),
    classPieces: pieceLists.map((l) => Int16Array.from(l)),
    freeCells: Int32Array.from(free),
    fixedCells,
    fixedPieces,
    fixedRots,
  };
}

/**
 * The rotation piece p must have on cell c: fixed cells their given rotation, border cells the
 * face-out rotation, inner cells `free` (whatever the operator chose).
 */
export function legalRotation(L: GaLayout, p: number, c: number, free: number): number {
  const k = L.cellClass[c];
  if (k === INNER) return L.turns === 4 ? free : 0;
  if (k >= FIXED) return L.fixedRots[k - FIXED];
  return L.faceOut[16 * p + L.cellOut[c]];
}
