import type { LocalSearchProblem } from '../../../engine/local-search';
import { ParamError, type ParamSchema, type Params } from '../../../params/schema';
import type { Rng } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import type { EdgeBoard, EdgePuzzle } from '../model/model';
import * as v from 'valibot';
import { readCheckpoint } from '../../../engine/checkpoint';
import { boardJson, VnsBoard } from './board';
import { Moves } from './neighbourhoods';

// Local copies of board.ts's class numbers: under tsx an imported binding is read through a
// getter, which in `propose` cost more than the rest of the move.
const CORNER = 0;
const SIDE = 1;
const INNER = 2;

const MOVE_NONE = 0;
const MOVE_SWAP = 1;
const MOVE_ROTATE = 2;
const MOVE_SWAP_ROTATE = 3;
const MOVE_SWAP_BEST = 4;

/** Move table: which kind of move on which class (weights are set per puzzle). */
const MOVE_KIND = [MOVE_SWAP, MOVE_SWAP, MOVE_SWAP, MOVE_ROTATE, MOVE_SWAP_ROTATE, MOVE_SWAP_BEST];
const MOVE_CLASS = [CORNER, SIDE, INNER, INNER, INNER, INNER];
const MOVES = MOVE_KIND.length;

/**
 * The mix of moves on inner cells (the family's own parameters, added to every engine bound to
 * edge). Border cells always swap within their class, each piece turned to face out.
 */
export const edgeMoveParams = {
  moveSwap: { type: 'number', default: 0.3, min: 0, help: 'Weight of plain swaps among moves on inner cells (both pieces keep their rotations).' },
  moveRotate: { type: 'number', default: 0.3, min: 0, help: 'Weight of turning one inner piece to another rotation.' },
  moveSwapTurn: { type: 'number', default: 0.4, min: 0, help: 'Weight of swaps that give both pieces random new rotations.' },
  moveSwapBest: {
    type: 'number',
    default: 0,
    min: 0,
    help: 'Weight of swaps that turn each piece to its best rotation at its new cell (the MS-GVNS swap-and-rotate move; dearer, far more often good).',
  },
} as const satisfies ParamSchema;

/** Weights of plain swap, rotate, swap with random turns, swap with best turns on inner cells. */
function innerMix(params: Params): number[] {
  const get = (k: keyof typeof edgeMoveParams): number => {
    const v = params[k];
    return typeof v === 'number' ? v : edgeMoveParams[k].default;
  };
  const mix = [get('moveSwap'), get('moveRotate'), get('moveSwapTurn'), get('moveSwapBest')];
  const sum = mix[0] + mix[1] + mix[2] + mix[3];
  if (!(sum > 0)) throw new ParamError('parameters moveSwap, moveRotate, moveSwapTurn, moveSwapBest: at least one must be above 0');
  return mix.map((w) => w / sum);
}

const EdgeSearchState = v.object({ current: boardJson, best: boardJson });
export type EdgeSearchState = v.InferOutput<typeof EdgeSearchState>;

/**
 * Local search over complete boards: every piece on the board once, fixed pieces in place.
 * With a standard frame (corner, side and inner pieces in the numbers the board needs) pieces
 * only move within their class and border pieces always face out, so the search never wastes
 * moves on boards that cannot be solved. A move is scored from the colours the neighbours of
 * its cells show (VnsBoard keeps them), so a proposal costs a few comparisons.
 */
export class EdgeLocalSearch implements LocalSearchProblem {
  readonly maxScore: number;
  /** False when the piece set has no standard frame: then every piece may go anywhere, turned freely. */
  readonly standardFrame: boolean;

  private readonly board: VnsBoard;
  private readonly moves: Moves;
  private readonly bestPiece: Int16Array;
  private readonly bestRotation: Uint8Array;
  private readonly scratch: Int16Array;
  private readonly moveCum: Float64Array;

  // The move last proposed (fields, so proposing allocates nothing).
  private mKind = MOVE_NONE;
  private mA = -1;
  private mB = -1;
  private mRotA = 0;
  private mRotB = 0;
  private mDelta = 0;
  // The move set aside by keepMove (tabu search samples several before taking one).
  private kKind = MOVE_NONE;
  private kA = -1;
  private kB = -1;
  private kRotA = 0;
  private kRotB = 0;
  private kDelta = 0;

  /** `params` may carry the inner move mix (edgeMoveParams); the default mix is 0.3 / 0.3 / 0.4 / 0. */
  constructor(puzzle: EdgePuzzle, params: Params = {}) {
    const B = (this.board = new VnsBoard(puzzle));
    this.moves = new Moves(B);
    const mix = innerMix(params);
    this.maxScore = B.maxScore;
    this.standardFrame = B.standardFrame;
    this.bestPiece = new Int16Array(B.cells).fill(-1);
    this.bestRotation = new Uint8Array(B.cells);
    this.scratch = new Int16Array(B.cells);
    const cellLists = B.classCells;

    // Each free cell is equally likely to be touched; a class with one free cell cannot swap.
    const free = cellLists[0].length + cellLists[1].length + cellLists[2].length;
    const w = new Array<number>(MOVES).fill(0);
    if (free > 0) {
      const share = (k: number): number => cellLists[k].length / free;
      if (cellLists[CORNER].length >= 2) w[0] = share(CORNER);
      if (cellLists[SIDE].length >= 2) w[1] = share(SIDE);
      const inner = cellLists[INNER].length;
      if (inner >= 2) w[2] = share(INNER) * mix[0];
      // Upright pieces (Tetravex) have no rotate moves; their swaps keep rotation 0.
      if (inner >= 1 && B.turns > 1) w[3] = share(INNER) * mix[1];
      if (inner >= 2) w[4] = share(INNER) * mix[2];
      if (inner >= 2) w[5] = share(INNER) * mix[3];
    }
    this.moveCum = new Float64Array(MOVES);
    let acc = 0;
    for (let m = 0; m < MOVES; m++) this.moveCum[m] = acc += w[m];
    // Start from a full legal board (pieces in class order, unturned inside) so every state is a complete board.
    for (let j = 0; j < B.fixedCells.length; j++) {
      B.piece[B.fixedCells[j]] = B.fixedPieces[j];
      B.rot[B.fixedCells[j]] = B.fixedRots[j];
    }
    for (let k = 0; k < 3; k++) {
      const cells = B.classCells[k];
      const pieces = B.classPieces[k];
      const border = B.isBorderClass(k);
      for (let j = 0; j < cells.length; j++) {
        B.piece[cells[j]] = pieces[j];
        B.rot[cells[j]] = border ? B.faceOut[16 * pieces[j] + B.cellOut[cells[j]]] : 0;
      }
    }
    B.refresh();
    this.saveBest();
  }

  randomize(rng: Rng): void {
    this.board.randomize(rng, this.scratch);
    this.mKind = MOVE_NONE;
    this.kKind = MOVE_NONE;
  }

  score(): number {
    return this.board.score;
  }

  propose(rng: Rng): number {
    const cum = this.moveCum;
    const total = cum[MOVES - 1];
    if (total === 0) {
      this.mKind = MOVE_NONE;
      return (this.mDelta = 0);
    }
    const B = this.board;
    const u = rng.next() * total;
    let m = 0;
    while (m < MOVES - 1 && u >= cum[m]) m++;
    const kind = MOVE_KIND[m];
    const cls = MOVE_CLASS[m];
    const list = B.classCells[cls];
    const len = list.length;
    const i = rng.int(len);
    const a = list[i];
    this.mKind = kind;
    this.mA = a;
    if (kind === MOVE_ROTATE) {
      const r = (this.mRotA = (B.rot[a] + 1 + rng.int(3)) & 3);
      this.mB = -1;
      const p = B.piece[a];
      return (this.mDelta = B.fit(a, p, r) - B.fit(a, p, B.rot[a]));
    }
    let j = rng.int(len - 1);
    if (j >= i) j++;
    const b = (this.mB = list[j]);
    if (kind === MOVE_SWAP_BEST) {
      const mv = this.moves;
      const d = mv.swapBestRotate(a, b);
      this.mRotA = mv.ra;
      this.mRotB = mv.rb;
      return (this.mDelta = d);
    }
    const pa = B.piece[a];
    const pb = B.piece[b];
    if (kind === MOVE_SWAP_ROTATE && B.turns > 1) {
      this.mRotA = rng.int(4);
      this.mRotB = rng.int(4);
    } else if (B.turns === 1) {
      this.mRotA = 0;
      this.mRotB = 0;
    } else if (this.standardFrame && cls !== INNER) {
      // Border pieces are turned to face out at their new cells.
      this.mRotA = B.faceOut[16 * pb + B.cellOut[a]];
      this.mRotB = B.faceOut[16 * pa + B.cellOut[b]];
    } else {
      this.mRotA = B.rot[b];
      this.mRotB = B.rot[a];
    }
    return (this.mDelta = B.deltaPair(a, pb, this.mRotA, b, pa, this.mRotB));
  }

  apply(): void {
    if (this.mKind === MOVE_NONE) return;
    const B = this.board;
    const a = this.mA;
    const b = this.mB;
    if (b < 0) {
      B.place(a, B.piece[a], this.mRotA);
      B.score += this.mDelta;
    } else B.applyPair(a, B.piece[b], this.mRotA, b, B.piece[a], this.mRotB, this.mDelta);
    // A move applies once; applying again without a new proposal must not repeat it.
    this.mKind = MOVE_NONE;
  }

  /**
   * The unordered pair of cells the move touches (a rotation: its cell twice), so a swap and the
   * swap undoing it share an attribute, and so do two turns of one piece.
   */
  moveAttribute(): number {
    const a = this.mA;
    const b = this.mB < 0 ? a : this.mB;
    const cells = this.board.cells;
    return a < b ? a * cells + b : b * cells + a;
  }

  keepMove(): void {
    this.kKind = this.mKind;
    this.kA = this.mA;
    this.kB = this.mB;
    this.kRotA = this.mRotA;
    this.kRotB = this.mRotB;
    this.kDelta = this.mDelta;
  }

  applyKept(): void {
    this.mKind = this.kKind;
    this.mA = this.kA;
    this.mB = this.kB;
    this.mRotA = this.kRotA;
    this.mRotB = this.kRotB;
    this.mDelta = this.kDelta;
    this.kKind = MOVE_NONE;
    this.apply();
  }

  saveBest(): void {
    this.bestPiece.set(this.board.piece);
    this.bestRotation.set(this.board.rot);
  }

  bestSolution(): EdgeSolutionJson {
    return solutionToJson({ piece: this.bestPiece, rotation: this.bestRotation });
  }

  /** Copies of the current and best boards (for tests and the UI). */
  currentBoard(): EdgeBoard {
    return this.board.board();
  }

  bestBoard(): EdgeBoard {
    return { piece: this.bestPiece.slice(), rotation: this.bestRotation.slice() };
  }

  save(): EdgeSearchState {
    return {
      current: { piece: Array.from(this.board.piece), rotation: Array.from(this.board.rot) },
      best: { piece: Array.from(this.bestPiece), rotation: Array.from(this.bestRotation) },
    };
  }

  /**
   * Start from the board at `off` in `P`/`R` (current and best alike), unchecked: for callers whose
   * boards are legal by construction (the GA's offspring), once per walk, where `load`'s checks and
   * copies would cost more than a short walk.
   */
  startFrom(P: Int16Array, R: Uint8Array, off: number): void {
    const B = this.board;
    for (let i = 0; i < B.cells; i++) {
      B.piece[i] = P[off + i]!;
      B.rot[i] = R[off + i]!;
    }
    B.refresh();
    this.saveBest();
    this.mKind = MOVE_NONE;
    this.kKind = MOVE_NONE;
  }

  /** Write the best board (or, with `current`, the current one) into `P`/`R` at `off`, without a copy. */
  writeInto(P: Int16Array, R: Uint8Array, off: number, current = false): void {
    const piece = current ? this.board.piece : this.bestPiece;
    const rot = current ? this.board.rot : this.bestRotation;
    for (let i = 0; i < piece.length; i++) {
      P[off + i] = piece[i]!;
      R[off + i] = rot[i]!;
    }
  }

  load(state: unknown): void {
    const s = readCheckpoint('edge search', EdgeSearchState, state);
    this.board.restoreBoards(s.current, s.best, this.bestPiece, this.bestRotation);
    this.mKind = MOVE_NONE;
    this.kKind = MOVE_NONE;
  }
}

/**
 * Edge defaults for the generic engines, tuned on META 10x10 (bench/edge-quality.ts). Swaps
 * that turn both pieces to their best rotations are the main move of all three: a random swap
 * with random turns almost never keeps a join. Scores move in whole joins, so temperatures are
 * in joins: at T = 0.22 a move losing one join is taken about once in 90, one losing two about
 * once in 9,000; SA cools to that in a few seconds and holds it. Hill climbing restarts after 2
 * million moves without a new best. Tabu search needs many candidates per iteration (with few,
 * the best of them is usually a loss and the walk drifts far below its best) and a short tenure:
 * the best of 1000 sampled moves is nearly a steepest step, and forbidding more than the last
 * couple of undo moves only blocks good ones.
 */
const BEST_TURN_MIX = { moveSwap: 0, moveRotate: 0.3, moveSwapTurn: 0, moveSwapBest: 0.7 } as const;
export const edgeAnnealingDefaults = { t0: 0.5, alpha: 0.9999999, movesPerTemperature: 1, tMin: 0.22, reheat: false, ...BEST_TURN_MIX } as const;
export const edgeTabuDefaults = { candidates: 1000, tenure: 2, ...BEST_TURN_MIX } as const;
export const edgeHillClimbDefaults = { restartAfter: 2_000_000, ...BEST_TURN_MIX } as const;
