import * as v from 'valibot';
import type { Rng } from '../../../rng/rng';
import { greyMask, isRotatable, maskShape, maxScore, outMask, pieceCount, rotateMask, type EdgeBoard, type EdgePuzzle } from '../model/model';
import { scoreBoard } from '../model/score';

/** Cell and piece classes. Without a standard frame every free cell and piece is INNER. */
export const CORNER = 0;
export const SIDE = 1;
export const INNER = 2;

function classOfShape(mask: number): number {
  const s = maskShape(mask);
  return s === 'corner' ? CORNER : s === 'side' ? SIDE : s === 'inner' ? INNER : -1;
}

/** A board in a checkpoint (`checkBoard` then checks it against the puzzle). */
export const boardJson = v.object({ piece: v.array(v.number()), rotation: v.array(v.number()) });
export type BoardJson = v.InferOutput<typeof boardJson>;

/**
 * A complete or partly built board with the bookkeeping every neighbourhood needs to score a
 * move in a few comparisons: the colour each piece shows on each side in each rotation, and
 * for every cell the colour its neighbours show towards it (`need`). A move that puts piece p
 * turned r on cell a scores `fit(a, p, r)` joins without looking at the neighbours' pieces.
 */
export class VnsBoard {
  readonly rows: number;
  readonly cols: number;
  readonly cells: number;
  readonly maxScore: number;
  /** False when the piece set has no standard frame: every free piece may go anywhere, turned freely. */
  readonly standardFrame: boolean;
  /** Rotations a piece may take: 4, or 1 (rotation 0 only) when the puzzle's pieces may not be turned. */
  readonly turns: number;

  readonly piece: Int16Array;
  readonly rot: Uint8Array;
  /** Matched joins of the current board (kept by delta; -1 sides of empty cells count nothing). */
  score = 0;

  /** Neighbour of each cell on each side (4 per cell, clockwise from the top), -1 off the board. */
  readonly nbr: Int32Array;
  /** Colour piece p shows on side s turned r times: col[16p + 4r + s] (grey = 0). */
  readonly col: Int32Array;
  /** Colour the neighbour across side s shows towards the cell, -1 for none, empty or grey (never matches). */
  readonly need: Int32Array;
  readonly cellOut: Uint8Array;
  /** Rotation that makes piece p face out on a cell with out mask m, at 16p + m (-1 = none). */
  readonly faceOut: Int8Array;
  /** Free (not fixed) cells and pieces of each class. */
  readonly classCells: Int32Array[];
  readonly classPieces: Int16Array[];
  /** Class of each cell, -1 for fixed cells. */
  readonly cellClass: Int8Array;
  readonly fixedCells: Int32Array;
  readonly fixedPieces: Int16Array;
  readonly fixedRots: Uint8Array;

  constructor(readonly puzzle: EdgePuzzle) {
    const { rows, cols } = puzzle;
    const cells = rows * cols;
    const n = pieceCount(puzzle);
    if (n !== cells) throw new Error(`edge search needs one piece per cell: ${n} pieces for a ${rows}x${cols} board`);
    this.rows = rows;
    this.cols = cols;
    this.cells = cells;
    this.maxScore = maxScore(rows, cols);
    this.turns = isRotatable(puzzle) ? 4 : 1;
    this.piece = new Int16Array(cells).fill(-1);
    this.rot = new Uint8Array(cells);
    this.need = new Int32Array(4 * cells).fill(-1);

    this.nbr = new Int32Array(4 * cells);
    this.cellOut = new Uint8Array(cells);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        this.nbr[4 * i] = r > 0 ? i - cols : -1;
        this.nbr[4 * i + 1] = c + 1 < cols ? i + 1 : -1;
        this.nbr[4 * i + 2] = r + 1 < rows ? i + cols : -1;
        this.nbr[4 * i + 3] = c > 0 ? i - 1 : -1;
        this.cellOut[i] = outMask(rows, cols, r, c);
      }
    }
    const e = puzzle.edges;
    this.col = new Int32Array(16 * n);
    this.faceOut = new Int8Array(16 * n).fill(-1);
    for (let p = 0; p < n; p++) {
      for (let r = 0; r < 4; r++) for (let s = 0; s < 4; s++) this.col[16 * p + 4 * r + s] = e[4 * p + ((s - r + 4) & 3)];
      const g = greyMask(puzzle, p);
      for (let k = 3; k >= 0; k--) this.faceOut[16 * p + rotateMask(g, k)] = k;
    }

    const isFixedCell = new Uint8Array(cells);
    const isFixedPiece = new Uint8Array(n);
    this.fixedCells = new Int32Array(puzzle.fixed.length);
    this.fixedPieces = new Int16Array(puzzle.fixed.length);
    this.fixedRots = new Uint8Array(puzzle.fixed.length);
    puzzle.fixed.forEach((f, j) => {
      const cell = f.row * cols + f.col;
      const ok = f.piece >= 0 && f.piece < n && f.row >= 0 && f.row < rows && f.col >= 0 && f.col < cols && f.rotation >= 0 && f.rotation <= 3;
      if (!ok || isFixedCell[cell] || isFixedPiece[f.piece])
        throw new Error(`fixed piece ${f.piece + 1} at row ${f.row + 1} col ${f.col + 1} does not fit (off the board or fixed twice)`);
      isFixedCell[cell] = 1;
      isFixedPiece[f.piece] = 1;
      this.fixedCells[j] = cell;
      this.fixedPieces[j] = f.piece;
      this.fixedRots[j] = f.rotation;
    });

    // The frame rule EdgeLocalSearch reads (B.standardFrame): classes only when the set has exactly the pieces the frame needs.
    const cellLists: number[][] = [[], [], []];
    const pieceLists: number[][] = [[], [], []];
    let odd = rows < 2 || cols < 2;
    for (let i = 0; i < cells; i++) {
      if (isFixedCell[i]) continue;
      const k = classOfShape(this.cellOut[i]);
      if (k < 0) odd = true;
      else cellLists[k].push(i);
    }
    for (let p = 0; p < n; p++) {
      if (isFixedPiece[p]) continue;
      const k = classOfShape(greyMask(puzzle, p));
      if (k < 0) odd = true;
      else pieceLists[k].push(p);
    }
    // Upright pieces cannot be turned to face out: they go anywhere, as they are.
    this.standardFrame = this.turns === 4 && !odd && [CORNER, SIDE, INNER].every((k) => cellLists[k].length === pieceLists[k].length);
    if (!this.standardFrame) {
      const freeCells: number[] = [];
      const freePieces: number[] = [];
      for (let i = 0; i < cells; i++) if (!isFixedCell[i]) freeCells.push(i);
      for (let p = 0; p < n; p++) if (!isFixedPiece[p]) freePieces.push(p);
      cellLists.splice(0, 3, [], [], freeCells);
      pieceLists.splice(0, 3, [], [], freePieces);
    }
    this.classCells = cellLists.map((l) => Int32Array.from(l));
    this.classPieces = pieceLists.map((l) => Int16Array.from(l));
    this.cellClass = new Int8Array(cells).fill(-1);
    for (let k = 0; k < 3; k++) for (const c of cellLists[k]) this.cellClass[c] = k;
  }

  /** True when cells on border classes take their face-out rotation (standard frame). */
  isBorderClass(k: number): boolean {
    return this.standardFrame && k !== INNER;
  }

  /** Joins piece p turned r would match on cell a against the current neighbours. */
  fit(a: number, p: number, r: number): number {
    const c = 16 * p + 4 * r;
    const n = 4 * a;
    const col = this.col;
    const need = this.need;
    return (col[c] === need[n] ? 1 : 0) + (col[c + 1] === need[n + 1] ? 1 : 0) + (col[c + 2] === need[n + 2] ? 1 : 0) + (col[c + 3] === need[n + 3] ? 1 : 0);
  }

  /** `fit` without the join on side s (the join with a cell that moves too). */
  fitExcept(a: number, p: number, r: number, s: number): number {
    const c = 16 * p + 4 * r;
    const n = 4 * a;
    let m = 0;
    for (let t = 0; t < 4; t++) if (t !== s && this.col[c + t] === this.need[n + t]) m++;
    return m;
  }

  /** Joins of cell a as it stands. */
  here(a: number): number {
    const p = this.piece[a];
    return p < 0 ? 0 : this.fit(a, p, this.rot[a]);
  }

  /** Side of a that faces b, or -1 when they are not neighbours. */
  sideTo(a: number, b: number): number {
    const n = 4 * a;
    const nbr = this.nbr;
    return nbr[n] === b ? 0 : nbr[n + 1] === b ? 1 : nbr[n + 2] === b ? 2 : nbr[n + 3] === b ? 3 : -1;
  }

  /** Put piece p turned r on cell a (p = -1 empties it); keeps the neighbours' `need` in step, not the score. */
  place(a: number, p: number, r: number): void {
    this.piece[a] = p;
    this.rot[a] = r;
    const n = 4 * a;
    for (let s = 0; s < 4; s++) {
      const q = this.nbr[n + s];
      if (q < 0) continue;
      const c = p < 0 ? 0 : this.col[16 * p + 4 * r + s];
      this.need[4 * q + (s ^ 2)] = c === 0 ? -1 : c;
    }
  }

  /**
   * Score change of putting (pa, ra) on a and (pb, rb) on b at once, a != b, both filled now.
   * Neighbours a and b share one join, scored from the two new pieces.
   */
  deltaPair(a: number, pa: number, ra: number, b: number, pb: number, rb: number): number {
    const s = this.sideTo(a, b);
    const before = this.here(a) + this.here(b);
    if (s < 0) return this.fit(a, pa, ra) + this.fit(b, pb, rb) - before;
    // The shared join is counted in both `here`s.
    const x = this.col[16 * this.piece[a] + 4 * this.rot[a] + s];
    const shared = x !== 0 && x === this.need[4 * a + s] ? 1 : 0;
    const y = this.col[16 * pa + 4 * ra + s];
    const join = y !== 0 && y === this.col[16 * pb + 4 * rb + (s ^ 2)] ? 1 : 0;
    return this.fitExcept(a, pa, ra, s) + this.fitExcept(b, pb, rb, s ^ 2) + join - (before - shared);
  }

  /** Apply a two-cell change whose delta is known. */
  applyPair(a: number, pa: number, ra: number, b: number, pb: number, rb: number, delta: number): void {
    this.place(a, pa, ra);
    this.place(b, pb, rb);
    this.score += delta;
  }

  placeFixed(): void {
    for (let j = 0; j < this.fixedCells.length; j++) this.place(this.fixedCells[j], this.fixedPieces[j], this.fixedRots[j]);
  }

  clear(): void {
    this.piece.fill(-1);
    this.rot.fill(0);
    this.need.fill(-1);
    this.score = 0;
  }

  /** Recompute `need` and the score from piece/rot (after bulk writes). */
  refresh(): void {
    this.need.fill(-1);
    for (let a = 0; a < this.cells; a++) if (this.piece[a] >= 0) this.place(a, this.piece[a], this.rot[a]);
    this.score = this.fullScore();
  }

  fullScore(): number {
    return scoreBoard(this.puzzle, { piece: this.piece, rotation: this.rot });
  }

  /** A random legal board: every class shuffled, border pieces facing out, inner pieces turned at random. */
  randomize(rng: Rng, scratch: Int16Array): void {
    this.clear();
    for (let j = 0; j < this.fixedCells.length; j++) {
      this.piece[this.fixedCells[j]] = this.fixedPieces[j];
      this.rot[this.fixedCells[j]] = this.fixedRots[j];
    }
    for (let k = 0; k < 3; k++) {
      const cells = this.classCells[k];
      const pieces = scratch.subarray(0, cells.length);
      pieces.set(this.classPieces[k]);
      rng.shuffle(pieces);
      const border = this.isBorderClass(k);
      for (let j = 0; j < cells.length; j++) {
        const c = cells[j];
        const p = pieces[j];
        this.piece[c] = p;
        this.rot[c] = border ? this.faceOut[16 * p + this.cellOut[c]] : this.turns === 4 ? rng.int(4) : 0;
      }
    }
    this.refresh();
  }

  copyTo(piece: Int16Array, rot: Uint8Array): void {
    piece.set(this.piece);
    rot.set(this.rot);
  }

  board(): EdgeBoard {
    return { piece: this.piece.slice(), rotation: this.rot.slice() };
  }

  /**
   * A checkpoint's full boards, checked: `current` becomes this board (score recomputed), `best`
   * is copied into the caller's best arrays.
   */
  restoreBoards(current: BoardJson | undefined, best: BoardJson | undefined, bestPiece: Int16Array, bestRot: Uint8Array): void {
    this.checkBoard(current, 'current', true);
    this.checkBoard(best, 'best', true);
    this.piece.set(current!.piece);
    this.rot.set(current!.rotation);
    this.refresh();
    bestPiece.set(best!.piece);
    bestRot.set(best!.rotation);
  }

  /**
   * A checkpoint board must be this puzzle's cells with each piece at most once, fixed pieces in
   * place (and every cell filled when `full`).
   */
  checkBoard(b: BoardJson | undefined, name: string, full: boolean): void {
    const cells = this.cells;
    const bad = (why: string): never => {
      throw new Error(`edge search checkpoint is damaged: ${name} board ${why}`);
    };
    if (!b || !Array.isArray(b.piece) || !Array.isArray(b.rotation) || b.piece.length !== cells || b.rotation.length !== cells)
      bad(`is not ${cells} cells of piece and rotation`);
    const seen = new Uint8Array(cells);
    for (let i = 0; i < cells; i++) {
      const p = b!.piece[i];
      const r = b!.rotation[i];
      if (!Number.isInteger(p) || p < (full ? 0 : -1) || p >= cells || (p >= 0 && seen[p])) bad(`has a missing, repeated or unknown piece at cell ${i}`);
      if (!Number.isInteger(r) || r < 0 || r > 3) bad(`has rotation ${r} at cell ${i}`);
      if (p >= 0) seen[p] = 1;
    }
    for (let j = 0; j < this.fixedCells.length; j++)
      if (b!.piece[this.fixedCells[j]] !== this.fixedPieces[j] || b!.rotation[this.fixedCells[j]] !== this.fixedRots[j]) bad('moved a fixed piece');
  }
}

export function boardToJson(piece: Int16Array, rot: Uint8Array): BoardJson {
  return { piece: Array.from(piece), rotation: Array.from(rot) };
}
