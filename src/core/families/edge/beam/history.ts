import { bytesText } from '../../../text/run-text';

/**
 * How each board of each layer of a pass was made, so the pass's best board can be read back at
 * its end: one word a board, its parent (its index in the layer before) x K + its candidate + 1
 * (K candidates and a fixed cell's -1).
 *
 * Most boards of a wide pass leave no descendant at its end: at 131,072 boards, 6 of the 32,768
 * boards at the start of the late rows do. So when a pass holds a few dozen layers' worth, the
 * entries that no board of the newest layer descends from are dropped and the rest moved down and
 * renumbered, and that holds the history of a pass of hundreds of layers. Where it is not enough
 * (the boards alive descend from too many others), the pass may hold more, the buffer growing up
 * to what the whole pass needs and one run may hold: the search is never changed by it, and past
 * that the run stops with why.
 */
export class PassHistory {
  /** The entries; layer d's are `at[d]` .. `at[d] + count[d]` (a new array when the buffer grows). */
  words: Uint32Array;
  /** Times the buffer was thinned, and grew (figures for the tests and the benches). */
  compactions = 0;
  growths = 0;
  private readonly at: Float64Array;
  private readonly count: Int32Array;
  private remapOld: Int32Array;
  private remapNew: Int32Array;
  private first = 0;
  /** Entries the pass under way holds before it is thinned (within `words`). */
  private room = 0;
  /** The newest layer closed (first - 1 before any). */
  private last = -1;
  private end = 0;
  /** Marks of the entries kept when thinning. */
  private live: Uint32Array;

  /**
   * `capacity` entries, growing up to `most`; `n` layers; `widest`: the most boards a layer
   * holds; `K` as above.
   */
  constructor(
    capacity: number,
    private readonly most: number,
    n: number,
    widest: number,
    private readonly K: number,
  ) {
    this.words = new Uint32Array(Math.min(capacity, most));
    this.at = new Float64Array(n);
    this.count = new Int32Array(n);
    this.live = new Uint32Array((this.words.length + 31) >>> 5);
    this.remapOld = new Int32Array(widest);
    this.remapNew = new Int32Array(widest);
  }

  /**
   * A pass starting at layer d0, thinned whenever it holds over `room` entries: a pass narrower
   * than the buffer is sized for touches no more memory than its own width needs.
   */
  begin(d0: number, room: number): void {
    this.room = room;
    this.first = d0;
    this.last = d0 - 1;
    this.end = 0;
  }

  /** Where layer d's entries (at most w) go in `words`. */
  open(d: number, w: number): number {
    if (this.end + w > Math.min(this.room, this.words.length) && this.last > this.first) {
      this.compact();
      // Thinned to over half its room, a pass would thin again at every layer: it gets twice the room.
      if (2 * this.end > this.room) this.room *= 2;
    }
    if (this.words.length - this.end < w) this.grow(this.end + w);
    this.at[d] = this.end;
    return this.end;
  }

  /** Layer d's m entries are written. */
  close(d: number, m: number): void {
    this.count[d] = m;
    this.end += m;
    this.last = d;
  }

  /** The entry of board i of layer d. */
  entry(d: number, i: number): number {
    return this.words[this.at[d] + i];
  }

  /**
   * Drop the entries no board of the newest layer descends from, move the rest down and renumber
   * their children's parents. The newest layer's boards keep their indices: the layer buffers and
   * the next layer's entries point at them.
   */
  private compact(): void {
    const { words, at, count, live, K } = this;
    const last = this.last;
    live.fill(0, 0, (this.end + 31) >>> 5);
    for (let i = 0; i < count[last]; i++) mark(live, at[last] + i);
    for (let e = last; e > this.first; e--) {
      const base = at[e];
      const below = at[e - 1];
      for (let i = 0; i < count[e]; i++) {
        const a = base + i;
        if ((live[a >>> 5] >>> (a & 31)) & 1) mark(live, below + Math.floor(words[a] / K));
      }
    }
    let to = 0;
    for (let e = this.first; e <= last; e++) {
      const base = at[e];
      const old = this.remapOld;
      const map = this.remapNew;
      let j = 0;
      for (let i = 0; i < count[e]; i++) {
        const a = base + i;
        if (!((live[a >>> 5] >>> (a & 31)) & 1)) continue;
        const w = words[a];
        // The first layer's parent is the pass's root; the others' move with their layer.
        words[to + j] = e === this.first ? w : old[Math.floor(w / K)] * K + (w % K);
        map[i] = j;
        j++;
      }
      at[e] = to;
      count[e] = j;
      to += j;
      this.remapOld = map;
      this.remapNew = old;
    }
    this.end = to;
    this.compactions++;
  }

  /** Twice the buffer (at least `need`), up to `most`: what the whole of the widest pass needs. */
  private grow(need: number): void {
    const size = Math.min(this.most, Math.max(need, 2 * this.words.length));
    if (size < need)
      throw new Error(
        `a beam pass this wide cannot keep its history on this puzzle (its boards do not die out, so it would need over ${bytesText(4 * this.most)}): choose a smaller width`,
      );
    const words = new Uint32Array(size);
    words.set(this.words.subarray(0, this.end));
    this.words = words;
    this.live = new Uint32Array((size + 31) >>> 5);
    this.growths++;
  }
}

function mark(bits: Uint32Array, a: number): void {
  bits[a >>> 5] |= 1 << (a & 31);
}
