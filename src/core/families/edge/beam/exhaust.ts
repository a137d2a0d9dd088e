import type { Rng } from '../../../rng/rng';
import type { EdgePuzzle } from '../model/model';
import type { ScanLayout } from './layout';

/**
 * The beam's `exhaust` ranking, after Blackwood's colour-exhaustion schedule: each pass draws
 * `count` colours, and partial boards with equal joins are ranked by how many faces of those
 * colours the pieces they placed in the pass show. The top rows then use those colours up, and the
 * last rows, where every join is lost, have fewer colours left to close. A new draw each pass
 * sends the passes to other tops.
 *
 * What is drawn was measured on Eternity II (full passes at 8192 boards, 3 seeds x 10,
 * bench/results/edge-e2-beam-profile.md): one frame colour and the rest inner ones did best, as
 * Blackwood's own choice is (one frame and two inner colours); inner colours alone were half a
 * join lower. A colour a fixed piece shows in the second half of the scan is never drawn: using
 * it up leaves nothing to match that piece, and each such colour alone lowered the passes.
 */
export class ColourExhaust {
  /** Faces of the drawn colours on each piece (a child's rank adds its piece's). */
  readonly weight: Int32Array;
  /** Per state of each layer: the drawn colours' faces on the pieces the pass has placed. */
  readonly tally: [Int32Array, Int32Array];
  /** Colours of pieces showing no grey that no late fixed piece shows (every colour on a board without a frame). */
  readonly inner: number[];
  /** The other colours of the frame pieces (none on a board without a frame). */
  readonly frame: number[];
  /** The colours of the pass under way. */
  drawn: number[] = [];
  /** The most faces of them one piece shows (the most a placement adds to a tally). */
  heaviest = 0;

  /** `arrays`: the tallies (`W` long) and weights, where they are given (the WebAssembly kernel's). */
  constructor(
    private readonly puzzle: EdgePuzzle,
    private readonly count: number,
    L: ScanLayout,
    W: number,
    arrays?: { tally: [Int32Array, Int32Array]; weight: Int32Array },
  ) {
    const n = puzzle.rows * puzzle.cols;
    const e = puzzle.edges;
    const inner = new Set<number>();
    const onFrame = new Set<number>();
    for (let q = 0; q < n; q++) {
      const grey = !e[4 * q] || !e[4 * q + 1] || !e[4 * q + 2] || !e[4 * q + 3];
      for (let s = 0; s < 4; s++) if (e[4 * q + s] !== 0) (grey ? onFrame : inner).add(e[4 * q + s]);
    }
    if (inner.size === 0) for (const c of onFrame) inner.add(c);
    const late = new Set<number>();
    for (let d = n >>> 1; d < n; d++) {
      const q = L.fixedPiece[L.cellOf[d]];
      if (q >= 0) for (let s = 0; s < 4; s++) late.add(e[4 * q + s]);
    }
    const free = [...inner].filter((c) => !late.has(c));
    this.inner = (free.length > 0 ? free : [...inner]).sort((a, b) => a - b);
    this.frame = [...onFrame].filter((c) => !inner.has(c) && !late.has(c)).sort((a, b) => a - b);
    this.weight = arrays?.weight ?? new Int32Array(n);
    this.tally = arrays?.tally ?? [new Int32Array(W), new Int32Array(W)];
  }

  /** The colours of a new pass, from the run's random stream (so a resumed pass draws them again). */
  draw(rng: Rng): void {
    const pick = (from: readonly number[], k: number): number[] => {
      const left = [...from];
      const out: number[] = [];
      while (out.length < k && left.length > 0) out.push(left.splice(rng.int(left.length), 1)[0]);
      return out;
    };
    const frame = this.count > 1 && this.frame.length > 0 ? pick(this.frame, 1) : [];
    this.drawn = [...frame, ...pick(this.inner, this.count - frame.length)];
    const e = this.puzzle.edges;
    for (let q = 0; q < this.weight.length; q++) {
      let w = 0;
      for (let s = 0; s < 4; s++) if (this.drawn.includes(e[4 * q + s])) w++;
      this.weight[q] = w;
    }
    this.heaviest = this.weight.reduce((a, b) => Math.max(a, b), 0);
  }

  /** The single state a pass starts from, in layer c: the cells kept before its start are every board's. */
  root(c: number): void {
    this.tally[c][0] = 0;
  }

  /** The highest rank a child of state i of layer c can have. */
  highest(c: number, i: number): number {
    return Math.min(1023, this.tally[c][i] + this.heaviest);
  }

  /** Rank of state i of layer c after placing piece q, on the 0..1023 scale a child's key leaves it. */
  after(c: number, i: number, q: number): number {
    return Math.min(1023, this.tally[c][i] + this.weight[q]);
  }

  /** State m of the other layer is state i of layer `from` with piece q placed (-1: a fixed piece, the same on every board). */
  copy(from: number, i: number, m: number, q: number): void {
    this.tally[1 - from][m] = this.tally[from][i] + (q >= 0 ? this.weight[q] : 0);
  }
}
