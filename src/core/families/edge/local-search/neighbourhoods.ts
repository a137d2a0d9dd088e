import type { Rng } from '../../../rng/rng';
import { CORNER, INNER, SIDE, type VnsBoard } from './board';

/**
 * The five MS-GVNS neighbourhoods (papers/ms-gvns-meta2010.txt). Every move keeps the frame
 * legal: border pieces only trade places within their class and always face out, inner pieces
 * stay inside, fixed cells are never touched.
 */
export const SC = 0; // swap two corners, each turned to face out
export const SS = 1; // swap two side pieces, each turned to face out
export const R = 2; // turn one inner piece
export const SWC = 3; // swap two inner pieces, rotations kept
export const SRC = 4; // swap two inner pieces, each turned to its best rotation
export const NEIGHBOURHOOD_NAMES = ['swap corner', 'swap side', 'rotate', 'swap centre', 'swap and rotate centre'] as const;

/** The class of cells each neighbourhood works on. */
export const CLASS_OF = [CORNER, SIDE, INNER, INNER, INNER];

/**
 * Move evaluation and application over a VnsBoard. The move last evaluated lives in fields so
 * scanning a neighbourhood allocates nothing; `apply` commits it.
 */
export class Moves {
  a = -1;
  b = -1;
  pa = 0;
  ra = 0;
  pb = 0;
  rb = 0;
  delta = 0;

  constructor(readonly board: VnsBoard) {}

  /** True when neighbourhood k has at least one move on this board. */
  available(k: number): boolean {
    const n = this.board.classCells[CLASS_OF[k]].length;
    if (k === SC || k === SS) return this.board.standardFrame && n >= 2;
    // Pieces that may not be turned have no rotate moves.
    return k === R ? this.board.turns > 1 && n >= 1 : n >= 2;
  }

  /** SC and SS: swap two border pieces of one class, each turned to face out at its new cell. */
  swapFaceOut(a: number, b: number): number {
    const B = this.board;
    const pa = B.piece[a];
    const pb = B.piece[b];
    const ra = B.faceOut[16 * pb + B.cellOut[a]];
    const rb = B.faceOut[16 * pa + B.cellOut[b]];
    return this.set(a, pb, ra, b, pa, rb, B.deltaPair(a, pb, ra, b, pa, rb));
  }

  /** R: turn the piece on a to rotation r (r differs from its rotation now). */
  rotate(a: number, r: number): number {
    const B = this.board;
    const p = B.piece[a];
    return this.set(a, p, r, -1, 0, 0, B.fit(a, p, r) - B.fit(a, p, B.rot[a]));
  }

  /** SWC: swap two pieces, each keeping its rotation. */
  swapKeep(a: number, b: number): number {
    const B = this.board;
    const pa = B.piece[a];
    const pb = B.piece[b];
    const ra = B.rot[b];
    const rb = B.rot[a];
    return this.set(a, pb, ra, b, pa, rb, B.deltaPair(a, pb, ra, b, pa, rb));
  }

  /**
   * SRC: swap two pieces and turn each to its best rotation. Apart, the two cells share no join
   * and each is turned on its own (4 + 4 tries); side by side all 16 rotation pairs are tried.
   * Ties keep the lowest rotation, so the result is a function of the board alone.
   */
  swapBestRotate(a: number, b: number): number {
    const B = this.board;
    const pa = B.piece[a];
    const pb = B.piece[b];
    const s = B.sideTo(a, b);
    if (s < 0) {
      let bestA = -1;
      let ra = 0;
      for (let r = 0; r < B.turns; r++) {
        const f = B.fit(a, pb, r);
        if (f > bestA) {
          bestA = f;
          ra = r;
        }
      }
      let bestB = -1;
      let rb = 0;
      for (let r = 0; r < B.turns; r++) {
        const f = B.fit(b, pa, r);
        if (f > bestB) {
          bestB = f;
          rb = r;
        }
      }
      return this.set(a, pb, ra, b, pa, rb, bestA + bestB - B.here(a) - B.here(b));
    }
    let best = -Infinity;
    let ra = 0;
    let rb = 0;
    for (let x = 0; x < B.turns; x++) {
      for (let y = 0; y < B.turns; y++) {
        const d = B.deltaPair(a, pb, x, b, pa, y);
        if (d > best) {
          best = d;
          ra = x;
          rb = y;
        }
      }
    }
    return this.set(a, pb, ra, b, pa, rb, best);
  }

  /** Evaluate a pair move of neighbourhood k (SC, SS, SWC, SRC). */
  pair(k: number, a: number, b: number): number {
    if (k === SRC) return this.swapBestRotate(a, b);
    if (k === SWC) return this.swapKeep(a, b);
    return this.swapFaceOut(a, b);
  }

  /** A random move of neighbourhood k (which must be available), evaluated, not applied. */
  random(k: number, rng: Rng): number {
    const cells = this.board.classCells[CLASS_OF[k]];
    const n = cells.length;
    const i = rng.int(n);
    const a = cells[i];
    if (k === R) return this.rotate(a, (this.board.rot[a] + 1 + rng.int(3)) & 3);
    let j = rng.int(n - 1);
    if (j >= i) j++;
    return this.pair(k, a, cells[j]);
  }

  apply(): void {
    const B = this.board;
    if (this.b < 0) {
      B.place(this.a, this.pa, this.ra);
      B.score += this.delta;
    } else B.applyPair(this.a, this.pa, this.ra, this.b, this.pb, this.rb, this.delta);
  }

  private set(a: number, pa: number, ra: number, b: number, pb: number, rb: number, delta: number): number {
    this.a = a;
    this.pa = pa;
    this.ra = ra;
    this.b = b;
    this.pb = pb;
    this.rb = rb;
    return (this.delta = delta);
  }
}
