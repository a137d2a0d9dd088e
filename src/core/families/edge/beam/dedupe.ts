import { Rng } from '../../../rng/rng';

/**
 * Duplicate detection for a beam's `dedupe`: Zobrist hashes of each state's used pieces and open
 * edges, and a table of the hashes kept at the layer under way. Two partial boards with the same
 * pieces used and the same open edges can only end the same way, so one of them is enough.
 */
export class Dedupe {
  private readonly hashU: Int32Array[];
  private readonly hashF: Int32Array[];
  private readonly zPiece: Int32Array;
  private readonly zFront: Int32Array;
  private readonly zRight: Int32Array;
  private readonly order: Float64Array;
  private readonly seenU: Int32Array;
  private readonly seenF: Int32Array;
  private readonly seenStamp: Int32Array;
  private seenMark = 0;

  /** n pieces, `cols` front and `slots` right edges per state of C colours, W states a layer, `cap` children. */
  constructor(
    n: number,
    private readonly cols: number,
    slots: number,
    private readonly C: number,
    W: number,
    cap: number,
  ) {
    // A fixed stream: the hashes are bookkeeping, not part of the run's randomness.
    const z = new Rng(0x5eed);
    const rand = (len: number): Int32Array => Int32Array.from({ length: len }, () => z.u32() | 0);
    this.zPiece = rand(n);
    this.zFront = rand(cols * C);
    this.zRight = rand(slots * C);
    this.hashU = [new Int32Array(W), new Int32Array(W)];
    this.hashF = [new Int32Array(W), new Int32Array(W)];
    let t = 1;
    while (t < 4 * W) t <<= 1;
    this.order = new Float64Array(cap);
    this.seenU = new Int32Array(t);
    this.seenF = new Int32Array(t);
    this.seenStamp = new Int32Array(t);
  }

  /** Hashes of the single state a pass starts from, in layer c. */
  root(c: number, used: Uint32Array, n: number, front: Uint16Array, right: Uint16Array, slots: number): void {
    let hu = 0;
    for (let q = 0; q < n; q++) if ((used[q >>> 5] >>> (q & 31)) & 1) hu ^= this.zPiece[q];
    let hf = 0;
    for (let s = 0; s < slots; s++) hf ^= this.zRight[s * this.C + right[s]];
    for (let x = 0; x < this.cols; x++) hf ^= this.zFront[x * this.C + front[x]];
    this.hashU[c][0] = hu;
    this.hashF[c][0] = hf;
  }

  /** Rank the first `pool` children by key (see `nth`) and start a layer with no hash kept. */
  begin(key: Float64Array, pool: number): void {
    const order = this.order;
    // Key and index in one float: keys < 2^30, indices < 2^23.
    for (let j = 0; j < pool; j++) order[j] = key[j] * 8388608 + j;
    order.subarray(0, pool).sort();
    this.seenMark++;
  }

  /** Index of the o-th best child of the pool ranked by `begin`. */
  nth(o: number, pool: number): number {
    return this.order[pool - 1 - o] % 8388608;
  }

  /**
   * Keep a child of state i of layer `from` as state m of the other layer, unless an equal one
   * is kept already. q: the piece it places (-1 for a fixed piece, which changes no used set);
   * the front's column col and right slot change from oldBottom / oldRight to bottom / right.
   */
  admit(from: number, i: number, m: number, q: number, col: number, slot: number, oldBottom: number, bottom: number, oldRight: number, right: number): boolean {
    const C = this.C;
    const hu = this.hashU[from][i] ^ (q < 0 ? 0 : this.zPiece[q]);
    const hf =
      this.hashF[from][i] ^ this.zFront[col * C + oldBottom] ^ this.zFront[col * C + bottom] ^ this.zRight[slot * C + oldRight] ^ this.zRight[slot * C + right];
    const mask = this.seenStamp.length - 1;
    const mark = this.seenMark;
    let h = (Math.imul(hu, 0x9e3779b1) ^ hf) & mask;
    while (this.seenStamp[h] === mark) {
      if (this.seenU[h] === hu && this.seenF[h] === hf) return false;
      h = (h + 1) & mask;
    }
    this.seenStamp[h] = mark;
    this.seenU[h] = hu;
    this.seenF[h] = hf;
    this.hashU[1 - from][m] = hu;
    this.hashF[1 - from][m] = hf;
    return true;
  }
}
