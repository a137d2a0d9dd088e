import { INNER as INNER_CLASS, legalRotation, type GaLayout } from './layout';

/** Module-local copy: under tsx an imported binding is read through a getter, here once per cell. */
const INNER = INNER_CLASS;

/**
 * Geometric operators (region rotation, region swap, inversions) move tiles by shape, blind to
 * the frame: a side piece can land inside, an inner piece on the border, a fixed piece off its
 * cell. The thesis keeps frame pieces on the frame but does not say how these operators do it;
 * here every such operator is followed by `settle` on the cells it changed: tiles already on a cell
 * of their class stay where the operator put them, the others are dealt back to the wrong-class
 * cells of their class in scan order (the operator's changed cells always hold the same number of
 * pieces of each class as they have cells of it), and every border and fixed piece is turned to
 * its only legal rotation. Inner tiles keep the rotation the operator gave them.
 */
export class FrameSettler {
  private readonly wrong: Int32Array;
  private readonly strayPiece: Int16Array;
  private readonly strayRot: Uint8Array;
  private readonly strayUsed: Uint8Array;

  constructor(private readonly L: GaLayout) {
    this.wrong = new Int32Array(L.cells);
    this.strayPiece = new Int16Array(L.cells);
    this.strayRot = new Uint8Array(L.cells);
    this.strayUsed = new Uint8Array(L.cells);
  }

  /** Make the `count` cells in `list` legal again (see the class comment). */
  settle(P: Int16Array, R: Uint8Array, off: number, list: Int32Array, count: number): void {
    const L = this.L;
    const { cellClass, pieceClass } = L;
    let nw = 0;
    for (let k = 0; k < count; k++) {
      const c = list[k];
      const p = P[off + c];
      if (pieceClass[p] !== cellClass[c]) {
        this.wrong[nw] = c;
        this.strayPiece[nw] = p;
        this.strayRot[nw] = R[off + c];
        this.strayUsed[nw] = 0;
        nw++;
      }
    }
    for (let w = 0; w < nw; w++) {
      const c = this.wrong[w];
      const want = cellClass[c];
      let s = 0;
      while (s < nw && (this.strayUsed[s] || pieceClass[this.strayPiece[s]] !== want)) s++;
      if (s === nw) throw new Error('frame settle: the changed cells do not hold the pieces their classes need (operator bug)');
      this.strayUsed[s] = 1;
      P[off + c] = this.strayPiece[s];
      R[off + c] = this.strayRot[s];
    }
    for (let k = 0; k < count; k++) {
      const c = list[k];
      if (cellClass[c] !== INNER) R[off + c] = legalRotation(L, P[off + c], c, 0);
    }
  }
}
