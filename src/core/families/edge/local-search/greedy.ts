import type { Rng } from '../../../rng/rng';
import { CORNER, INNER, SIDE, type VnsBoard } from './board';

/**
 * The greedy randomised start of MS-GVNS: random corners, then the side pieces around the frame
 * (each cell gets a side piece matching the most placed neighbours, ties broken at random),
 * then the centre row by row, every unused centre piece tried in its 4 rotations at each cell.
 * Cell by cell, so a long build on a big board can stop at a slice boundary and resume.
 */
export class GreedyBuilder {
  /** Free cells in build order: corners, the frame clockwise from the top-left, the centre row-major. */
  readonly order: Int32Array;
  pos = 0;
  private readonly used: Uint8Array;

  constructor(private readonly board: VnsBoard) {
    const B = board;
    const seq: number[] = [];
    if (B.standardFrame) {
      const { rows, cols } = B;
      const frame: number[] = [];
      for (let c = 0; c < cols; c++) frame.push(c);
      for (let r = 1; r < rows; r++) frame.push(r * cols + cols - 1);
      for (let c = cols - 2; c >= 0; c--) frame.push((rows - 1) * cols + c);
      for (let r = rows - 2; r >= 1; r--) frame.push(r * cols);
      for (const c of frame) if (B.cellClass[c] === CORNER) seq.push(c);
      for (const c of frame) if (B.cellClass[c] === SIDE) seq.push(c);
    }
    for (let c = 0; c < B.cells; c++) if (B.cellClass[c] === INNER) seq.push(c);
    this.order = Int32Array.from(seq);
    this.used = new Uint8Array(B.cells);
  }

  get done(): boolean {
    return this.pos >= this.order.length;
  }

  /** Empty the board but for the fixed pieces. */
  start(): void {
    const B = this.board;
    B.clear();
    B.placeFixed();
    B.score = B.fullScore();
    this.used.fill(0);
    for (let j = 0; j < B.fixedPieces.length; j++) this.used[B.fixedPieces[j]] = 1;
    this.pos = 0;
  }

  /** Continue a build from a partial board (after a checkpoint). */
  resume(pos: number): void {
    const B = this.board;
    this.used.fill(0);
    for (let c = 0; c < B.cells; c++) if (B.piece[c] >= 0) this.used[B.piece[c]] = 1;
    this.pos = pos;
  }

  /** Place cells until about `budget` placements have been tried or the board is full; returns the tries. */
  build(rng: Rng, budget: number): number {
    const B = this.board;
    let tries = 0;
    while (this.pos < this.order.length && tries < budget) {
      const cell = this.order[this.pos++];
      const k = B.cellClass[cell];
      const pieces = B.classPieces[k];
      const border = B.isBorderClass(k);
      let best = -1;
      let ties = 0;
      let bp = -1;
      let br = 0;
      for (let j = 0; j < pieces.length; j++) {
        const p = pieces[j];
        if (this.used[p]) continue;
        if (k === CORNER && border) {
          // Random corners: every unused corner piece ties.
          tries++;
          if (rng.int(++ties) === 0) {
            bp = p;
            br = B.faceOut[16 * p + B.cellOut[cell]];
          }
          continue;
        }
        const r0 = border ? B.faceOut[16 * p + B.cellOut[cell]] : 0;
        const r1 = border ? r0 : B.turns - 1;
        for (let r = r0; r <= r1; r++) {
          tries++;
          const f = B.fit(cell, p, r);
          if (f > best) {
            best = f;
            ties = 1;
            bp = p;
            br = r;
          } else if (f === best && rng.int(++ties) === 0) {
            bp = p;
            br = r;
          }
        }
      }
      // Each placement scores exactly the joins it closes with pieces already on the board.
      B.score += B.fit(cell, bp, br);
      B.place(cell, bp, br);
      this.used[bp] = 1;
    }
    return tries;
  }
}
