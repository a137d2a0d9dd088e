import type { Rng } from '../../../rng/rng';
import { fitnessOf, type BoardScorer, type FitnessKind } from './fitness';
import { INNER, legalRotation, type GaLayout } from './layout';

/**
 * A population as one block of typed arrays: board i occupies cells [i*cells, (i+1)*cells) of
 * `piece` and `rot`; per-board score, good 2x2 areas, fitness and tag sit in parallel arrays.
 * No per-board objects, so a generation allocates nothing.
 */
export class Population {
  readonly piece: Int16Array;
  readonly rot: Uint8Array;
  readonly score: Int32Array;
  readonly quads: Int32Array;
  readonly fit: Float64Array;
  /** Set when the selection heuristic has tagged the board as possibly deadlocked. */
  readonly tag: Uint8Array;

  constructor(
    readonly size: number,
    readonly cells: number,
  ) {
    this.piece = new Int16Array(size * cells);
    this.rot = new Uint8Array(size * cells);
    this.score = new Int32Array(size);
    this.quads = new Int32Array(size);
    this.fit = new Float64Array(size);
    this.tag = new Uint8Array(size);
  }

  /** Board i of `from` becomes board j of this population, scores and tag included. */
  copyFrom(from: Population, i: number, j: number): void {
    const n = this.cells;
    // A plain loop: subarray() would allocate a view per copy.
    const a = i * n;
    const b = j * n;
    const sp = from.piece;
    const sr = from.rot;
    const dp = this.piece;
    const dr = this.rot;
    for (let k = 0; k < n; k++) {
      dp[b + k] = sp[a + k];
      dr[b + k] = sr[a + k];
    }
    this.score[j] = from.score[i];
    this.quads[j] = from.quads[i];
    this.fit[j] = from.fit[i];
    this.tag[j] = from.tag[i];
  }

  /** Rescore board i from scratch. */
  evaluate(L: GaLayout, kind: FitnessKind, i: number, scorer: BoardScorer, tmp: Int32Array): void {
    scorer.evaluate(this.piece, this.rot, i * this.cells, tmp);
    this.score[i] = tmp[0];
    this.quads[i] = tmp[1];
    this.fit[i] = fitnessOf(kind, L, tmp[0], tmp[1]);
  }
}

/** A random legal board: fixed pieces in place, each class's pieces shuffled over its cells. */
export function randomBoard(L: GaLayout, P: Int16Array, R: Uint8Array, off: number, rng: Rng, scratch: Int16Array): void {
  for (let j = 0; j < L.fixedCells.length; j++) {
    P[off + L.fixedCells[j]] = L.fixedPieces[j];
    R[off + L.fixedCells[j]] = L.fixedRots[j];
  }
  for (let cls = 0; cls <= INNER; cls++) {
    const cells = L.classCells[cls];
    const m = cells.length;
    scratch.set(L.classPieces[cls]);
    for (let i = m - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = scratch[i];
      scratch[i] = scratch[j];
      scratch[j] = t;
    }
    for (let k = 0; k < m; k++) {
      const c = cells[k];
      const p = scratch[k];
      P[off + c] = p;
      R[off + c] = legalRotation(L, p, c, cls === INNER ? rng.int(4) : 0);
    }
  }
}

/** A board packed as one number per cell (4 * piece + rotation), for checkpoints. */
export function packBoard(P: Int16Array, R: Uint8Array, off: number, cells: number, out: number[]): void {
  for (let i = 0; i < cells; i++) out.push(4 * P[off + i] + R[off + i]);
}

/**
 * Unpack a checkpointed board into P/R at `off`, checking that it is a legal board of this
 * puzzle: every piece once, fixed pieces in place, border pieces on their class of cell facing out.
 * Returns an error message or null.
 */
export function unpackBoard(L: GaLayout, packed: readonly unknown[], from: number, P: Int16Array, R: Uint8Array, off: number, seen: Uint8Array): string | null {
  const n = L.cells;
  seen.fill(0);
  for (let i = 0; i < n; i++) {
    const v = packed[from + i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= 4 * n) return `cell ${i} holds ${JSON.stringify(v)}, not a piece and rotation`;
    const p = v >> 2;
    const r = v & 3;
    if (seen[p]) return `piece ${p + 1} is on the board twice`;
    seen[p] = 1;
    if (L.pieceClass[p] !== L.cellClass[i]) return `piece ${p + 1} is on a cell of the wrong kind (cell ${i})`;
    if (L.cellClass[i] !== INNER && legalRotation(L, p, i, r) !== r) return `piece ${p + 1} at cell ${i} has rotation ${r}, not its fixed or face-out rotation`;
    P[off + i] = p;
    R[off + i] = r;
  }
  return null;
}
