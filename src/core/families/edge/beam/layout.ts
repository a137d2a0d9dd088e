import type { EdgePuzzle } from '../model/model';
import type { ScanTables } from './tables';

/**
 * The options (of `BeamOptions`, see options.ts) that say where the late rows and the band start.
 * Named here, as the layout reads them, since options.ts builds its widths on this module.
 */
export interface BandOptions {
  band?: number;
  lateRows?: number;
}

/**
 * The order a beam fills the cells in (row by row, the bottom band column by column) and what the
 * fixed pieces tell each layer of it.
 */
export class ScanLayout {
  /** Cell filled at each layer, and the slot of `right` that holds its left neighbour's right edge. */
  readonly cellOf: Int32Array;
  readonly slotOf: Int32Array;
  /** Right edges kept per state: one per band row (1 without a band). */
  readonly slots: number;
  /** Pieces a search places (0 for fixed ones). */
  readonly free: Uint8Array;
  readonly fixedPiece: Int16Array;
  readonly fixedRot: Uint8Array;
  /**
   * Per layer: the colour a fixed right / bottom neighbour shows this cell (-1: none). Those cells
   * come later in the scan, but the join is counted when this cell is placed, so the beam sees a
   * pinned piece's constraint before it gets there instead of one row late.
   */
  readonly fixR: Int32Array;
  readonly fixB: Int32Array;
  /** Per layer of a fixed cell: 1 when its left / top neighbour is fixed too (else that join was counted already). */
  readonly fixL: Uint8Array;
  readonly fixT: Uint8Array;
  /** First layer of the late rows. */
  readonly lateStart: number;

  constructor(puzzle: EdgePuzzle, o: BandOptions) {
    const { rows, cols } = puzzle;
    const n = rows * cols;
    this.free = new Uint8Array(n).fill(1);
    this.fixedPiece = new Int16Array(n).fill(-1);
    this.fixedRot = new Uint8Array(n);
    for (const f of puzzle.fixed) {
      this.free[f.piece] = 0;
      this.fixedPiece[f.row * cols + f.col] = f.piece;
      this.fixedRot[f.row * cols + f.col] = f.rotation & 3;
    }
    const band = bandRows(rows, o.band);
    this.slots = Math.max(1, band);
    this.cellOf = new Int32Array(n);
    this.slotOf = new Int32Array(n);
    const b0 = rows - band;
    for (let d = 0; d < b0 * cols; d++) this.cellOf[d] = d;
    for (let c = 0, d = b0 * cols; c < cols; c++)
      for (let r = b0; r < rows; r++, d++) {
        this.cellOf[d] = r * cols + c;
        this.slotOf[d] = r - b0;
      }
    this.fixR = new Int32Array(n).fill(-1);
    this.fixB = new Int32Array(n).fill(-1);
    this.fixL = new Uint8Array(n);
    this.fixT = new Uint8Array(n);
    const fixedEdge = (cell: number, side: number): number => {
      const q = this.fixedPiece[cell];
      return puzzle.edges[4 * q + ((side - this.fixedRot[cell] + 4) & 3)];
    };
    for (let d = 0; d < n; d++) {
      const cell = this.cellOf[d];
      const col = cell % cols;
      if (this.fixedPiece[cell] >= 0) {
        this.fixL[d] = col > 0 && this.fixedPiece[cell - 1] >= 0 ? 1 : 0;
        this.fixT[d] = cell >= cols && this.fixedPiece[cell - cols] >= 0 ? 1 : 0;
        continue;
      }
      // Grey faces close no join.
      if (col + 1 < cols && this.fixedPiece[cell + 1] >= 0) this.fixR[d] = fixedEdge(cell + 1, 3) || -1;
      if (cell + cols < n && this.fixedPiece[cell + cols] >= 0) this.fixB[d] = fixedEdge(cell + cols, 0) || -1;
    }
    this.lateStart = lateStartOf(puzzle, o);
  }
}

/** Rows of the bottom band (filled column by column): `band`, or a third of the rows for -1. */
export function bandRows(rows: number, band: number | undefined): number {
  return Math.max(0, Math.min(rows, band === undefined ? 0 : band < 0 ? Math.round(rows / 3) : band));
}

/** First layer of the late rows, searched at the full width (those before it at `early` x the width). */
export function lateStartOf(puzzle: EdgePuzzle, o: BandOptions): number {
  const { rows, cols } = puzzle;
  const late = Math.max(0, Math.min(rows, o.lateRows ?? rows));
  // The band's cells are all late (it starts at or below the late rows' first row when late >= band).
  return Math.min(rows * cols, (rows - Math.max(late, bandRows(rows, o.band))) * cols);
}

/**
 * The candidate index of each layer's cell of a board given as pieces and turns (a checkpoint's
 * base board) into `out` (-1 on a fixed cell). False when a piece cannot sit where it is (a
 * damaged checkpoint passed the board check): no suffix passes from that board.
 */
export function boardCandidates(T: ScanTables, L: ScanLayout, puzzle: EdgePuzzle, piece: Int16Array, rot: Uint8Array, out: Int32Array): boolean {
  const e = puzzle.edges;
  for (let d = 0; d < L.cellOf.length; d++) {
    const cell = L.cellOf[d];
    if (L.fixedPiece[cell] >= 0) {
      out[d] = -1;
      continue;
    }
    const g = T.groupOf[cell];
    const q = piece[cell];
    const r = rot[cell];
    const t = e[4 * q + ((0 - r + 4) & 3)];
    const rc = e[4 * q + ((1 - r + 4) & 3)];
    const b = e[4 * q + ((2 - r + 4) & 3)];
    const l = e[4 * q + ((3 - r + 4) & 3)];
    // A symmetric piece keeps one of its equal turns: match the faces.
    let k = 0;
    const pieces = T.piece[g];
    while (k < pieces.length && !(pieces[k] === q && T.top[g][k] === t && T.right[g][k] === rc && T.bottom[g][k] === b && T.left[g][k] === l)) k++;
    if (k === pieces.length) return false;
    out[d] = k;
  }
  return true;
}
