import type { Rng } from '../../../../rng/rng';
import type { ScanTables } from '../tables';
import { SPAN } from '../children';
import { EXPAND_WASM } from './expand-wasm';

/** expand.as's WMAX: the heaviest weight its bit sets tell apart (a piece shows 4 faces). */
const WMAX = 4;

/**
 * BeamRun.expand's loops on a free cell, and the child pool's push / prune / select, in
 * WebAssembly (expand.as): about twice as fast as the same loops in JavaScript, with the same
 * children and the same random draws. The beam's two layers of states and its child pool are
 * views on this kernel's memory, sized once from the widest layer, so nothing is copied per layer.
 */
export class ExpandKernel {
  readonly score: [Int32Array, Int32Array];
  readonly used: [Uint32Array, Uint32Array];
  readonly front: [Uint16Array, Uint16Array];
  readonly right: [Uint16Array, Uint16Array];
  readonly pool: { parent: Int32Array; cand: Int32Array; score: Int32Array; key: Float64Array; counts: Int32Array };
  /** With `exhaust`: ColourExhaust's tallies per layer and piece weights, in this memory. */
  readonly rank: { tally: [Int32Array, Int32Array]; weight: Int32Array } | null;
  private readonly x: Exports;
  /** Byte offsets of the states' arrays per layer, and of each group's tables (12 per group as setTables takes them, then setPieces' 11, of which the seventh is the pieces' count). */
  private readonly at: { score: number[]; used: number[]; front: number[]; right: number[]; tally: number[] };
  private readonly tables: number[][];
  private readonly words: number;
  private readonly memory: WasmMemory;
  /** Byte offset of `order`'s output (the scratch setScratch's second). */
  private readonly ordAt: number;

  /**
   * A kernel for layers of `W` states (`words` used-piece words, `cols` front and `R` right
   * edges each) and a pool of `cap` children, with `exhaust`'s tallies when `ranked`, or null
   * where it cannot run: no WebAssembly, one without SIMD, or more than its 4 GB of memory (the
   * JavaScript loops then do the same work).
   */
  static create(W: number, words: number, cols: number, R: number, cap: number, T: ScanTables, ranked = false): ExpandKernel | null {
    const wa = webAssembly();
    const module = wa && compiled(wa);
    if (!wa || !module) return null;
    let top = 0;
    const take = (bytes: number): number => {
      const at = top;
      top += Math.ceil(bytes / 8) * 8;
      return at;
    };
    const layers = (per: number): number[] => [take(W * per), take(W * per)];
    const at = { score: layers(4), used: layers(4 * words), front: layers(2 * cols), right: layers(2 * R), tally: ranked ? layers(4) : [] };
    // A weight per piece: pieceStart lists every piece (its candidates' range in a group), plus one.
    const weightAt = ranked ? take(4 * T.pieceStart[0].length) : -1;
    const byWeightAt = ranked ? take(4 * words * (WMAX + 1)) : -1;
    const scratch = [take(4 * W), take(4 * W)];
    const pool = [take(4 * cap), take(4 * cap), take(4 * cap), take(8 * cap), take(4 * (SPAN + 1024))];
    const tables = T.piece.map((piece, g) => {
      const n = piece.length;
      return [
        take(2 * n),
        n,
        take(2 * n),
        take(2 * n),
        take(2 * n),
        take(2 * n),
        ...[T.byLT[g], T.byL[g], T.byT[g]].flatMap((l) => [take(4 * l.start.length), take(4 * l.items.length)]),
        take(4 * T.pieceStart[g].length),
        take(4 * words),
        take(4 * words * T.colours),
        take(4 * words * T.colours),
        take(4 * T.colours * (T.pieceStart[g].length - 1)),
        take(4 * T.colours * (T.pieceStart[g].length - 1)),
        T.pieceStart[g].length - 1,
        take(4 * words * T.colours * 3),
        take(4 * words * T.colours * 3),
        take(4 * T.colours),
        take(4 * T.colours),
      ];
    });
    const pages = Math.ceil(top / 65536);
    if (pages > 65536) return null;
    const memory = new wa.Memory({ initial: Math.max(1, pages) });
    return new ExpandKernel(module, wa, memory, W, words, cols, R, cap, at, pool, tables, T, weightAt, byWeightAt, scratch);
  }

  private constructor(
    module: object,
    wa: WasmApi,
    memory: WasmMemory,
    W: number,
    words: number,
    cols: number,
    R: number,
    cap: number,
    at: { score: number[]; used: number[]; front: number[]; right: number[]; tally: number[] },
    pool: number[],
    tables: number[][],
    T: ScanTables,
    weightAt: number,
    private readonly byWeightAt: number,
    scratch: number[],
  ) {
    this.words = words;
    this.memory = memory;
    this.ordAt = scratch[1];
    const b = memory.buffer;
    const two = <A>(f: (off: number) => A, offs: number[]): [A, A] => [f(offs[0]), f(offs[1])];
    this.score = two((o) => new Int32Array(b, o, W), at.score);
    this.used = two((o) => new Uint32Array(b, o, W * words), at.used);
    this.front = two((o) => new Uint16Array(b, o, W * cols), at.front);
    this.right = two((o) => new Uint16Array(b, o, W * R), at.right);
    this.pool = {
      parent: new Int32Array(b, pool[0], cap),
      cand: new Int32Array(b, pool[1], cap),
      score: new Int32Array(b, pool[2], cap),
      key: new Float64Array(b, pool[3], cap),
      counts: new Int32Array(b, pool[4], SPAN + 1024),
    };
    tables.forEach((t, g) => {
      new Int16Array(b, t[0], t[1]).set(T.piece[g]);
      new Uint16Array(b, t[2], t[1]).set(T.left[g]);
      new Uint16Array(b, t[3], t[1]).set(T.top[g]);
      new Uint16Array(b, t[4], t[1]).set(T.right[g]);
      new Uint16Array(b, t[5], t[1]).set(T.bottom[g]);
      [T.byLT[g], T.byL[g], T.byT[g]].forEach((l, i) => {
        new Int32Array(b, t[6 + 2 * i], l.start.length).set(l.start);
        new Int32Array(b, t[7 + 2 * i], l.items.length).set(l.items);
      });
      // The group's candidates by piece, and its pieces as bits of the used words.
      const start = T.pieceStart[g];
      new Int32Array(b, t[12], start.length).set(start);
      const mask = new Uint32Array(b, t[13], words);
      for (let q = 0; q + 1 < start.length; q++) if (start[q + 1] > start[q]) mask[q >>> 5] |= 1 << (q & 31);
      // Per colour, the pieces with a candidate showing it left, and top.
      const byLeft = new Uint32Array(b, t[14], words * T.colours);
      const byTop = new Uint32Array(b, t[15], words * T.colours);
      T.piece[g].forEach((q, k) => {
        byLeft[T.left[g][k] * words + (q >>> 5)] |= 1 << (q & 31);
        byTop[T.top[g][k] * words + (q >>> 5)] |= 1 << (q & 31);
      });
      // Per colour and piece, its stretch of the colour's list (a piece's candidates are consecutive there).
      const pieces = start.length - 1;
      [T.byL[g], T.byT[g]].forEach((list, i) => {
        const pos = new Int32Array(b, t[16 + i], T.colours * pieces);
        for (let c = 0; c < T.colours; c++)
          for (let j = list.start[c]; j < list.start[c + 1]; j++) {
            const at = c * pieces + T.piece[g][list.items[j]];
            pos[at] = pos[at] === 0 ? (j << 8) | 1 : pos[at] + 1;
          }
        // From those stretches' lengths: per colour, the pieces with at least 2, 3 and 4
        // candidates showing it, and how many of these three sets hold a piece at all.
        const more = new Uint32Array(b, t[19 + i], 3 * words * T.colours);
        const deep = new Int32Array(b, t[21 + i], T.colours);
        for (let c = 0; c < T.colours; c++)
          for (let q = 0; q < pieces; q++) {
            const n = Math.min(4, pos[c * pieces + q] & 255);
            for (let k = 2; k <= n; k++) more[(3 * c + k - 2) * words + (q >>> 5)] |= 1 << (q & 31);
            if (n >= 2) deep[c] = Math.max(deep[c], n - 1);
          }
      });
    });
    this.at = at;
    this.tables = tables;
    this.x = new wa.Instance(module, { env: { memory } }).exports as unknown as Exports;
    this.x.setPool(pool[0], pool[1], pool[2], pool[3], pool[4]);
    this.x.setScratch(scratch[0], scratch[1]);
    const pieces = T.pieceStart[0].length - 1;
    this.rank = weightAt >= 0 ? { tally: two((o) => new Int32Array(b, o, W), at.tally), weight: new Int32Array(b, weightAt, pieces) } : null;
    this.x.setRank(weightAt >= 0 ? 1 : 0, Math.max(0, weightAt));
  }

  /**
   * With `exhaust`, after ColourExhaust.draw has written a pass's weights in this memory: the
   * pieces by weight, so that `expand` leaves out those too light to reach the floor.
   */
  weightsDrawn(): void {
    if (this.rank) this.x.setWeights(this.byWeightAt, this.rank.weight.length, this.words);
  }

  /**
   * BeamRun.expand on a free cell of group `g` from layer `c`'s `size` states into the pool,
   * keeping `lw` and holding `room` before a cut (ChildPool.room); draws its tie-breaks from `rng` (left exactly where the JavaScript leaves it).
   * `heaviest`: with `exhaust`, the most a placement adds to a tally (ColourExhaust.heaviest).
   * Returns the children generated; the pool's count and cut are then `count` and `cut`.
   */
  expand(
    rng: Rng,
    g: number,
    c: number,
    size: number,
    lw: number,
    room: number,
    words: number,
    cols: number,
    R: number,
    col: number,
    slot: number,
    hasL: boolean,
    hasT: boolean,
    C: number,
    fr: number,
    fb: number,
    heaviest: number,
  ): number {
    const x = this.x;
    const t = this.tables[g];
    x.setTables(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11]);
    x.setPieces(t[12], t[13], t[14], t[15], t[16], t[17], t[18], t[19], t[20], t[21], t[22]);
    const s = rng.getState();
    x.setRng(s[0], s[1], s[2], s[3]);
    const a = this.at;
    this.tallies(c);
    x.setHeaviest(heaviest);
    const evals = x.expand(size, lw, room, a.used[c], a.front[c], a.right[c], a.score[c], words, cols, R, col, slot, hasL ? 1 : 0, hasT ? 1 : 0, C, fr, fb);
    rng.setState([x.rngWord(0), x.rngWord(1), x.rngWord(2), x.rngWord(3)]);
    return evals;
  }

  /**
   * BeamRun.commit without dedupe and balance, from layer `c` to `1 - c`: the `n` best of the
   * pool's `total` children become the next layer (the pool's first `n` then say how each was
   * made). On a fixed cell every child shows `fBottom` and `fRight`; on a free one the tables of
   * the group `expand` ran on.
   */
  commit(c: number, n: number, total: number, words: number, cols: number, R: number, col: number, slot: number, fBottom: number, fRight: number): void {
    const a = this.at;
    const t = 1 - c;
    this.tallies(c);
    this.x.commit(n, total, a.used[c], a.used[t], a.front[c], a.front[t], a.right[c], a.right[t], a.score[t], words, cols, R, col, slot, fBottom, fRight);
  }

  /**
   * The order `expand` visits layer `c`'s first `size` states in (boardOrder's twin), with
   * `exhaust` by the tallies in `rank.tally[c]`, and whether it is exact. A view on this memory,
   * good until the next `expand` or `order`.
   */
  order(c: number, size: number): { ord: Int32Array; exact: boolean } {
    this.tallies(c);
    const exact = this.x.orderOnly(size, this.at.score[c]) !== 0;
    return { ord: new Int32Array(this.memory.buffer, this.ordAt, size), exact };
  }

  /** With `exhaust`: layer `c` is ranked by its tallies and hands them on to layer `1 - c`. */
  private tallies(c: number): void {
    if (this.rank) this.x.setTally(this.at.tally[c], this.at.tally[1 - c]);
  }

  /** Children in the pool after `expand`. */
  get count(): number {
    return this.x.poolCount();
  }

  /** Candidates `expand` looked at, children or not (its cost lies mostly there). */
  get scanned(): number {
    return this.x.scannedCount();
  }

  /** The score later children had to reach after `expand` (-Infinity: the pool was never cut). */
  get cut(): number {
    const c = this.x.poolCut();
    return c === -2147483648 ? -Infinity : c;
  }
}

interface Exports {
  setPieces(
    start: number,
    mask: number,
    left: number,
    top: number,
    leftPos: number,
    topPos: number,
    pieces: number,
    leftMore: number,
    topMore: number,
    leftDeep: number,
    topDeep: number,
  ): void;
  setScratch(both: number, ord: number): void;
  setWeights(at: number, pieces: number, words: number): void;
  setPool(parent: number, cand: number, score: number, key: number, counts: number): void;
  setRng(a: number, b: number, c: number, d: number): void;
  setRank(on: number, weight: number): void;
  setHeaviest(w: number): void;
  setTally(from: number, to: number): void;
  rngWord(i: number): number;
  poolCount(): number;
  poolCut(): number;
  scannedCount(): number;
  setTables(
    piece: number,
    n: number,
    left: number,
    top: number,
    right: number,
    bottom: number,
    lts: number,
    lti: number,
    ls: number,
    li: number,
    ts: number,
    ti: number,
  ): void;
  select(k: number, n: number): number;
  orderOnly(size: number, score: number): number;
  commit(
    n: number,
    total: number,
    usedF: number,
    usedT: number,
    frontF: number,
    frontT: number,
    rightF: number,
    rightT: number,
    scoreT: number,
    words: number,
    cols: number,
    R: number,
    col: number,
    slot: number,
    fBottom: number,
    fRight: number,
  ): void;
  expand(
    size: number,
    lw: number,
    room: number,
    used: number,
    front: number,
    right: number,
    score: number,
    words: number,
    cols: number,
    R: number,
    col: number,
    slot: number,
    hasL: number,
    hasT: number,
    C: number,
    fr: number,
    fb: number,
  ): number;
}

// The few WebAssembly calls used here: core compiles without the DOM's or Node's types, and the
// global is standard in Node, browsers and workers.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
  Memory: new (d: { initial: number }) => WasmMemory;
}

function webAssembly(): WasmApi | null {
  return (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly ?? null;
}

/**
 * The module, compiled once per thread (about 6 KB: synchronous compilation is allowed
 * everywhere), or null where this WebAssembly cannot compile it (it uses SIMD, in every Node and
 * Chromium this project runs on since 2021).
 */
let mod: { wa: WasmApi; module: object | null } | null = null;
function compiled(wa: WasmApi): object | null {
  if (mod?.wa !== wa) {
    let module: object | null = null;
    try {
      module = new wa.Module(base64(EXPAND_WASM));
    } catch {
      // A CompileError: the JavaScript loops do the work.
    }
    mod = { wa, module };
  }
  return mod.module;
}

function base64(s: string): Uint8Array {
  const A = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const v = new Int8Array(128).fill(-1);
  for (let i = 0; i < 64; i++) v[A.charCodeAt(i)] = i;
  const t = s.replace(/=+$/, '');
  const out = new Uint8Array((t.length * 3) >>> 2);
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < t.length; i++) {
    acc = (acc << 6) | v[t.charCodeAt(i)];
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 255;
    }
  }
  return out;
}
