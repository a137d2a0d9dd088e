import type { EdgePuzzle } from '../model/model';
import type { ScanLayout } from './layout';

/**
 * The beam's `balance` ranking: per state the colours left on its unused pieces, and how well
 * they can still close the state's open edges after a placement.
 */
export class ColourBalance {
  /** Colours left on unused pieces, per state, in the two layers. */
  private readonly left: Uint8Array[];
  /** Non-grey half-edges of each colour on each piece. */
  private readonly colourCount: Uint8Array;
  private readonly n: number;

  constructor(
    private readonly puzzle: EdgePuzzle,
    private readonly L: ScanLayout,
    private readonly C: number,
    W: number,
  ) {
    const n = (this.n = puzzle.rows * puzzle.cols);
    this.left = [new Uint8Array(W * C), new Uint8Array(W * C)];
    this.colourCount = new Uint8Array(n * C);
    for (let q = 0; q < n; q++) for (let s = 0; s < 4; s++) if (puzzle.edges[4 * q + s] !== 0) this.colourCount[q * C + puzzle.edges[4 * q + s]]++;
  }

  /** The colours left for the single state a pass starts from, in layer c. */
  root(c: number, used: Uint32Array): void {
    const L = this.left[c];
    const C = this.C;
    L.fill(0, 0, C);
    for (let q = 0; q < this.n; q++) if (!((used[q >>> 5] >>> (q & 31)) & 1)) for (let k = 1; k < C; k++) L[k] += this.colourCount[q * C + k];
  }

  /**
   * How well the pieces left after putting q (turned r) on cell d can close the open edges of
   * state i of layer c (its front and right edges given): minus the open edges whose colour has
   * run out, on a 0..1023 scale.
   */
  after(c: number, i: number, q: number, r: number, d: number, front: Uint16Array, rights: Uint16Array): number {
    const C = this.C;
    const L = this.left[c];
    const cols = this.puzzle.cols;
    const e = this.puzzle.edges;
    const cell = this.L.cellOf[d];
    const col = cell % cols;
    const base = i * C;
    // Open edges after the placement: the front with column col replaced by q's bottom, q's right,
    // and the right edges kept for the other band rows.
    const bottom = cell + cols < this.n ? e[4 * q + ((2 - r + 4) & 3)] : 0;
    const rightC = col + 1 < cols ? e[4 * q + ((1 - r + 4) & 3)] : 0;
    const R = this.L.slots;
    const slot = this.L.slotOf[d];
    let short = 0;
    for (let x0 = 0; x0 < cols + R; x0++) {
      const x = x0 < cols ? (x0 === col ? bottom : front[i * cols + x0]) : x0 - cols === slot ? rightC : rights[i * R + x0 - cols];
      if (x !== 0 && L[base + x] - this.colourCount[q * C + x] <= 0) short++;
    }
    return Math.max(0, 1023 - short * 64);
  }

  /** State m of the other layer is state i of layer `from` with piece q placed (-1: a fixed piece, already counted). */
  copy(from: number, i: number, m: number, q: number): void {
    const C = this.C;
    const src = this.left[from];
    const dst = this.left[1 - from];
    for (let x = 0; x < C; x++) dst[m * C + x] = src[i * C + x] - (q >= 0 ? this.colourCount[q * C + x] : 0);
  }
}
