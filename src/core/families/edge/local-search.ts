import type { LocalSearchProblem } from '../../engine/local-search';
import type { Rng } from '../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from './json';
import { GREY, greyMask, maskShape, maxScore, outMask, pieceCount, rotateMask, type EdgeBoard, type EdgePuzzle } from './model';
import { scoreBoard } from './score';

/** Classes of cells and pieces; with no standard frame every free cell and piece is in INNER. */
const CORNER = 0;
const SIDE = 1;
const INNER = 2;

const MOVE_NONE = 0;
const MOVE_SWAP = 1;
const MOVE_ROTATE = 2;
const MOVE_SWAP_ROTATE = 3;

/** Move table: which kind of move on which class (weights are set per puzzle). */
const MOVE_KIND = [MOVE_SWAP, MOVE_SWAP, MOVE_SWAP, MOVE_ROTATE, MOVE_SWAP_ROTATE];
const MOVE_CLASS = [CORNER, SIDE, INNER, INNER, INNER];
/** Of the moves that touch an inner cell: plain swap, rotate, swap with new rotations. */
const INNER_MIX = [0.3, 0.3, 0.4];

interface BoardState {
  piece: number[];
  rotation: number[];
}

export interface EdgeSearchState {
  current: BoardState;
  best: BoardState;
}

function classOfShape(mask: number): number {
  const s = maskShape(mask);
  return s === 'corner' ? CORNER : s === 'side' ? SIDE : s === 'inner' ? INNER : -1;
}

/**
 * Local search over complete boards: every piece on the board once, fixed pieces in place.
 * With a standard frame (corner, side and inner pieces in the numbers the board needs) pieces
 * only move within their class and border pieces always face out, so the search never wastes
 * moves on boards that cannot be solved. Scores are kept by delta from the joins around the
 * touched cells only.
 */
export class EdgeLocalSearch implements LocalSearchProblem {
  readonly maxScore: number;
  /** False when the piece set has no standard frame: then every piece may go anywhere, turned freely. */
  readonly standardFrame: boolean;

  private readonly rows: number;
  private readonly cols: number;
  private readonly edges: Uint16Array;
  private readonly piece: Int16Array;
  private readonly rotation: Uint8Array;
  private readonly bestPiece: Int16Array;
  private readonly bestRotation: Uint8Array;
  private cur = 0;
  /** Neighbour of each cell on each side (4 per cell), -1 off the board. */
  private readonly nbr: Int32Array;
  private readonly cellOut: Uint8Array;
  /** Rotation that makes piece p face out on a cell with out mask m, at 16p + m (-1 = none). */
  private readonly faceOut: Int8Array;
  /** Free (not fixed) cells and pieces of each class. */
  private readonly classCells: Int32Array[];
  private readonly classPieces: Int16Array[];
  private readonly scratch: Int16Array[];
  private readonly moveCum: Float64Array;
  private readonly fixedCells: Int32Array;
  private readonly fixedPieces: Int16Array;
  private readonly fixedRots: Uint8Array;

  // The move last proposed (fields, so proposing allocates nothing).
  private mKind = MOVE_NONE;
  private mA = -1;
  private mB = -1;
  private mRotA = 0;
  private mRotB = 0;
  private mDelta = 0;

  constructor(private readonly puzzle: EdgePuzzle) {
    const { rows, cols } = puzzle;
    const cells = rows * cols;
    const n = pieceCount(puzzle);
    if (n !== cells) throw new Error(`edge local search needs one piece per cell: ${n} pieces for a ${rows}x${cols} board`);
    this.rows = rows;
    this.cols = cols;
    this.edges = puzzle.edges;
    this.maxScore = maxScore(rows, cols);
    this.piece = new Int16Array(cells).fill(-1);
    this.rotation = new Uint8Array(cells);
    this.bestPiece = new Int16Array(cells).fill(-1);
    this.bestRotation = new Uint8Array(cells);

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
    this.faceOut = new Int8Array(16 * n).fill(-1);
    for (let p = 0; p < n; p++) {
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
      if (!ok || isFixedCell[cell] || isFixedPiece[f.piece]) throw new Error(`fixed piece ${f.piece + 1} at row ${f.row + 1} col ${f.col + 1} does not fit (off the board or fixed twice)`);
      isFixedCell[cell] = 1;
      isFixedPiece[f.piece] = 1;
      this.fixedCells[j] = cell;
      this.fixedPieces[j] = f.piece;
      this.fixedRots[j] = f.rotation;
    });

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
    this.standardFrame = !odd && [CORNER, SIDE, INNER].every((k) => cellLists[k].length === pieceLists[k].length);
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
    this.scratch = pieceLists.map((l) => new Int16Array(l.length));

    // Each free cell is equally likely to be touched; a class with one free cell cannot swap.
    const free = cellLists[0].length + cellLists[1].length + cellLists[2].length;
    const w = [0, 0, 0, 0, 0];
    if (free > 0) {
      const share = (k: number): number => cellLists[k].length / free;
      if (cellLists[CORNER].length >= 2) w[0] = share(CORNER);
      if (cellLists[SIDE].length >= 2) w[1] = share(SIDE);
      const inner = cellLists[INNER].length;
      if (inner >= 2) w[2] = share(INNER) * INNER_MIX[0];
      if (inner >= 1) w[3] = share(INNER) * INNER_MIX[1];
      if (inner >= 2) w[4] = share(INNER) * INNER_MIX[2];
    }
    this.moveCum = new Float64Array(5);
    let acc = 0;
    for (let m = 0; m < 5; m++) this.moveCum[m] = acc += w[m];
    // Start from a full legal board (pieces in class order) so every state is a complete board.
    this.placeFixed();
    for (let k = 0; k < 3; k++) this.fill(k, this.classPieces[k], null);
    this.cur = this.fullScore();
    this.saveBest();
  }

  /** Put `pieces` on the free cells of class k in order; border pieces face out, others turn at random (or not at all without rng). */
  private fill(k: number, pieces: Int16Array, rng: Rng | null): void {
    const cells = this.classCells[k];
    const border = this.standardFrame && k !== INNER;
    for (let j = 0; j < cells.length; j++) {
      const c = cells[j];
      const p = pieces[j];
      this.piece[c] = p;
      this.rotation[c] = border ? this.faceOut[16 * p + this.cellOut[c]] : rng ? rng.int(4) : 0;
    }
  }

  private placeFixed(): void {
    for (let j = 0; j < this.fixedCells.length; j++) {
      this.piece[this.fixedCells[j]] = this.fixedPieces[j];
      this.rotation[this.fixedCells[j]] = this.fixedRots[j];
    }
  }

  private fullScore(): number {
    return scoreBoard(this.puzzle, { piece: this.piece, rotation: this.rotation });
  }

  randomize(rng: Rng): void {
    this.placeFixed();
    for (let k = 0; k < 3; k++) {
      const pieces = this.scratch[k];
      pieces.set(this.classPieces[k]);
      rng.shuffle(pieces);
      this.fill(k, pieces, rng);
    }
    this.cur = this.fullScore();
    this.mKind = MOVE_NONE;
  }

  score(): number {
    return this.cur;
  }

  /** 1 when the join on `side` of cell c matches (both filled, same colour, not grey). */
  private match(c: number, side: number): number {
    const q = this.nbr[4 * c + side];
    if (q < 0) return 0;
    const pc = this.piece[c];
    const pq = this.piece[q];
    if (pc < 0 || pq < 0) return 0;
    const x = this.edges[4 * pc + ((side - this.rotation[c] + 4) & 3)];
    return x !== GREY && x === this.edges[4 * pq + ((side + 6 - this.rotation[q]) & 3)] ? 1 : 0;
  }

  private around(c: number): number {
    return this.match(c, 0) + this.match(c, 1) + this.match(c, 2) + this.match(c, 3);
  }

  /** Matched joins touching a or b, each join counted once (a and b may be neighbours). */
  private local(a: number, b: number): number {
    let s = this.around(a);
    if (b < 0) return s;
    s += this.around(b);
    for (let side = 0; side < 4; side++) if (this.nbr[4 * a + side] === b) s -= this.match(a, side);
    return s;
  }

  propose(rng: Rng): number {
    const cum = this.moveCum;
    const total = cum[4];
    if (total === 0) {
      this.mKind = MOVE_NONE;
      return (this.mDelta = 0);
    }
    const u = rng.next() * total;
    let m = 0;
    while (m < 4 && u >= cum[m]) m++;
    const kind = MOVE_KIND[m];
    const cls = MOVE_CLASS[m];
    const list = this.classCells[cls];
    const len = list.length;
    const i = rng.int(len);
    const a = list[i];
    let b = -1;
    if (kind === MOVE_ROTATE) {
      this.mRotA = (this.rotation[a] + 1 + rng.int(3)) & 3;
    } else {
      let j = rng.int(len - 1);
      if (j >= i) j++;
      b = list[j];
      if (kind === MOVE_SWAP_ROTATE) {
        this.mRotA = rng.int(4);
        this.mRotB = rng.int(4);
      } else if (this.standardFrame && cls !== INNER) {
        // Border pieces are turned to face out at their new cells.
        this.mRotA = this.faceOut[16 * this.piece[b] + this.cellOut[a]];
        this.mRotB = this.faceOut[16 * this.piece[a] + this.cellOut[b]];
      } else {
        this.mRotA = this.rotation[b];
        this.mRotB = this.rotation[a];
      }
    }
    this.mKind = kind;
    this.mA = a;
    this.mB = b;
    // Score the joins around the move before and after, trying it in place and undoing it.
    const before = this.local(a, b);
    const pa = this.piece[a];
    const ra = this.rotation[a];
    if (b < 0) {
      this.rotation[a] = this.mRotA;
      const after = this.local(a, b);
      this.rotation[a] = ra;
      return (this.mDelta = after - before);
    }
    const pb = this.piece[b];
    const rb = this.rotation[b];
    this.piece[a] = pb;
    this.rotation[a] = this.mRotA;
    this.piece[b] = pa;
    this.rotation[b] = this.mRotB;
    const after = this.local(a, b);
    this.piece[a] = pa;
    this.rotation[a] = ra;
    this.piece[b] = pb;
    this.rotation[b] = rb;
    return (this.mDelta = after - before);
  }

  apply(): void {
    if (this.mKind === MOVE_NONE) return;
    const a = this.mA;
    const b = this.mB;
    if (b < 0) {
      this.rotation[a] = this.mRotA;
    } else {
      const pa = this.piece[a];
      this.piece[a] = this.piece[b];
      this.piece[b] = pa;
      this.rotation[a] = this.mRotA;
      this.rotation[b] = this.mRotB;
    }
    this.cur += this.mDelta;
    // A move applies once; applying again without a new proposal must not repeat it.
    this.mKind = MOVE_NONE;
  }

  saveBest(): void {
    this.bestPiece.set(this.piece);
    this.bestRotation.set(this.rotation);
  }

  bestSolution(): EdgeSolutionJson {
    return solutionToJson({ piece: this.bestPiece, rotation: this.bestRotation });
  }

  /** Copies of the current and best boards (for tests and the UI). */
  currentBoard(): EdgeBoard {
    return { piece: this.piece.slice(), rotation: this.rotation.slice() };
  }

  bestBoard(): EdgeBoard {
    return { piece: this.bestPiece.slice(), rotation: this.bestRotation.slice() };
  }

  save(): EdgeSearchState {
    return {
      current: { piece: Array.from(this.piece), rotation: Array.from(this.rotation) },
      best: { piece: Array.from(this.bestPiece), rotation: Array.from(this.bestRotation) },
    };
  }

  load(state: unknown): void {
    const s = state as EdgeSearchState | null;
    if (!s || typeof s !== 'object') throw new Error('edge search checkpoint is damaged: expected { current, best }');
    this.checkBoard(s.current, 'current');
    this.checkBoard(s.best, 'best');
    this.piece.set(s.current.piece);
    this.rotation.set(s.current.rotation);
    this.bestPiece.set(s.best.piece);
    this.bestRotation.set(s.best.rotation);
    this.cur = this.fullScore();
    this.mKind = MOVE_NONE;
  }

  /** A checkpoint board must be a full board of this puzzle with the fixed pieces in place. */
  private checkBoard(b: BoardState | undefined, name: string): void {
    const cells = this.rows * this.cols;
    const bad = (why: string): never => {
      throw new Error(`edge search checkpoint is damaged: ${name} board ${why}`);
    };
    if (!b || !Array.isArray(b.piece) || !Array.isArray(b.rotation) || b.piece.length !== cells || b.rotation.length !== cells)
      bad(`is not ${cells} cells of piece and rotation`);
    const seen = new Uint8Array(cells);
    for (let i = 0; i < cells; i++) {
      const p = b!.piece[i];
      const r = b!.rotation[i];
      if (!Number.isInteger(p) || p < 0 || p >= cells || seen[p]) bad(`has a missing, repeated or unknown piece at cell ${i}`);
      if (!Number.isInteger(r) || r < 0 || r > 3) bad(`has rotation ${r} at cell ${i}`);
      seen[p] = 1;
    }
    for (let j = 0; j < this.fixedCells.length; j++)
      if (b!.piece[this.fixedCells[j]] !== this.fixedPieces[j] || b!.rotation[this.fixedCells[j]] !== this.fixedRots[j]) bad('moved a fixed piece');
  }
}
