/**
 * `npm run bench -- wasm-expand [--variant 0] [--width 8192] [--seed 1] [--every 8 | --layers 8,40,..] [--reps 5] [--ms 60]`
 *
 * Issue 23 item 5: is the beam's `expand` bound by the JavaScript engine? One full pass of the
 * real `BeamRun` (default options, first pass at `--width`) on e2-8pin variant `--variant` is run
 * layer by layer; before every `--every`-th layer (4, 12, 20, ..: a sample of the pass's work) or
 * each of `--layers`, the arrays expand reads are copied (the states' used
 * bits, front and right edges, scores, the random state). Then the same work is timed (CPU time,
 * median of `--reps` repetitions of about `--ms` ms each) as:
 *   js      a copy of expand's loops in JavaScript pushing into the real ChildPool,
 *   wasm    the same loops in AssemblyScript (bench/wasm-expand/expand.as) compiled to
 *           WebAssembly, on the same data in the module's memory,
 *   copy    copying a layer's states into the module's memory (what an integration that keeps
 *           the beam's layers in JavaScript arrays would pay each layer),
 * for expand's first loop (children closing every join) and for all three loops. Every variant
 * must give the same children (count and checksum; the all-loops JavaScript copy also the real
 * run's children) or the bench stops.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { piecesFormat } from '../src/core/families/edge/formats';
import { BeamRun, type BeamOptions } from '../src/core/families/edge/beam/beam';
import { ChildPool } from '../src/core/families/edge/beam/children';
import type { ScanLayout } from '../src/core/families/edge/beam/layout';
import { beamOptions } from '../src/core/families/edge/beam/solver';
import type { ScanTables } from '../src/core/families/edge/beam/tables';
import { Rng, type RngState } from '../src/core/rng/rng';
import { machine, mdTable, median, numOpt, options } from './util';

/** The private fields of BeamRun the snapshots read (a cast in this bench only). */
interface BeamInternals {
  layer: number;
  inPass: boolean;
  pass: number;
  cur: number;
  size: number;
  work: number;
  passWidth: number;
  words: number;
  cols: number;
  used: Uint32Array[];
  front: Uint16Array[];
  right: Uint16Array[];
  score: Int32Array[];
  T: ScanTables;
  L: ScanLayout;
  o: BeamOptions;
  pool: ChildPool;
  rng: Rng;
}

/** What expand reads at one layer, and what the real run made of it. */
interface Snapshot {
  d: number;
  size: number;
  lw: number;
  col: number;
  slot: number;
  hasL: boolean;
  hasT: boolean;
  g: number;
  fr: number;
  fb: number;
  used: Uint32Array;
  front: Uint16Array;
  right: Uint16Array;
  score: Int32Array;
  rng: RngState;
  /** The real run's children (after commit's select) and their number. */
  realCount: number;
  realSum: number;
  realEvals: number;
}

interface Shape {
  words: number;
  cols: number;
  R: number;
  C: number;
  cap: number;
}

function checksum(count: number, parent: Int32Array, cand: Int32Array, score: Int32Array, key: Float64Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < count; i++) {
    h = Math.imul(h ^ parent[i], 16777619);
    h = Math.imul(h ^ cand[i], 16777619);
    h = Math.imul(h ^ score[i], 16777619);
    h = Math.imul(h ^ (key[i] | 0), 16777619);
  }
  return h >>> 0;
}

/** Runs one full pass of the real beam and copies what expand reads before each chosen layer. */
function capture(run: BeamRun, layers: Set<number>): { snaps: Snapshot[]; shape: Shape } {
  const b = run as unknown as BeamInternals;
  const shape: Shape = { words: b.words, cols: b.cols, R: b.L.slots, C: b.T.colours, cap: b.pool.cap };
  const snaps: Snapshot[] = [];
  while (b.pass === 0) {
    const d = b.layer;
    const cell = b.L.cellOf[d];
    const take = b.inPass && layers.has(d) && b.L.fixedPiece[cell] < 0;
    let snap: Snapshot | null = null;
    if (take) {
      const c = b.cur;
      const size = b.size;
      const o = b.o;
      snap = {
        d,
        size,
        lw: d < b.L.lateStart ? Math.max(1, Math.round(b.passWidth * (o.early ?? 1))) : b.passWidth,
        col: cell % b.cols,
        slot: b.L.slotOf[d],
        hasL: cell % b.cols > 0,
        hasT: cell >= b.cols,
        g: b.T.groupOf[cell],
        fr: b.L.fixR[d],
        fb: b.L.fixB[d],
        used: b.used[c].slice(0, size * b.words),
        front: b.front[c].slice(0, size * b.cols),
        right: b.right[c].slice(0, size * shape.R),
        score: b.score[c].slice(0, size),
        rng: b.rng.getState(),
        realCount: 0,
        realSum: 0,
        realEvals: 0,
      };
    }
    const w0 = b.work;
    // One layer: the step budget ends after the first expand.
    run.step(1);
    if (snap) {
      const p = b.pool;
      snap.realCount = p.count;
      snap.realSum = checksum(p.count, p.parent, p.cand, p.score, p.key);
      snap.realEvals = b.work - w0 - snap.size;
      snaps.push(snap);
    }
  }
  return { snaps, shape };
}

/** expand's loops on a free cell, as BeamRun writes them, on a snapshot's arrays. */
class JsExpand {
  private readonly balance: { after(): number } | null = null;

  constructor(
    private readonly T: ScanTables,
    private readonly s: Shape,
  ) {}

  private balanceOf(): number {
    if (!this.balance) return 0;
    return this.balance.after();
  }

  run(all: boolean, x: Snapshot, pool: ChildPool): number {
    const T = this.T;
    const { cols, words, R, C } = this.s;
    const { col, slot, hasL, hasT, g, fr, fb, score, used, front, right } = x;
    const size = x.size;
    pool.reset(x.lw);
    const gmax = (hasL ? 1 : 0) + (hasT ? 1 : 0);
    const piece = T.piece[g];
    const tl = T.left[g];
    const tt = T.top[g];
    const tr = T.right[g];
    const tb = T.bottom[g];
    const ex = (fr >= 0 ? 1 : 0) + (fb >= 0 ? 1 : 0);
    let evals = 0;
    for (let i = 0; i < size; i++) {
      const l = hasL ? right[i * R + slot] : 0;
      const t = hasT ? front[i * cols + col] : 0;
      const list = gmax === 2 ? T.byLT[g] : hasL ? T.byL[g] : hasT ? T.byT[g] : null;
      const key = gmax === 2 ? l * C + t : hasL ? l : t;
      const base = i * words;
      if (list) {
        const gain = (hasL && l !== 0 ? 1 : 0) + (hasT && t !== 0 ? 1 : 0);
        for (let j = list.start[key]; j < list.start[key + 1]; j++) {
          const k = list.items[j];
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          pool.push(i, k, score[i] + gain + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf());
        }
      } else {
        for (let k = 0; k < piece.length; k++) {
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          pool.push(i, k, score[i] + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf());
        }
      }
    }
    if (!all || gmax === 0) return evals;
    const lw = x.lw;
    if (pool.count > lw) pool.prune();
    if (gmax === 2) {
      for (let i = 0; i < size; i++) {
        if (score[i] + 1 + ex < pool.cut) continue;
        const l = right[i * R + slot];
        const t = front[i * cols + col];
        const base = i * words;
        const bl = T.byL[g];
        for (let j = bl.start[l]; j < bl.start[l + 1]; j++) {
          const k = bl.items[j];
          if (tt[k] === t) continue;
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          pool.push(i, k, score[i] + (l !== 0 ? 1 : 0) + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf());
        }
        const bt = T.byT[g];
        for (let j = bt.start[t]; j < bt.start[t + 1]; j++) {
          const k = bt.items[j];
          if (tl[k] === l) continue;
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          pool.push(i, k, score[i] + (t !== 0 ? 1 : 0) + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf());
        }
      }
      if (pool.count > lw) pool.prune();
    }
    for (let i = 0; i < size; i++) {
      if (score[i] + ex < pool.cut) continue;
      const l = hasL ? right[i * R + slot] : -1;
      const t = hasT ? front[i * cols + col] : -1;
      const base = i * words;
      for (let k = 0; k < piece.length; k++) {
        if (tl[k] === l || tt[k] === t) continue;
        const q = piece[k];
        if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
        evals++;
        pool.push(i, k, score[i] + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf());
      }
    }
    return evals;
  }
}

/**
 * The same loops with ChildPool.push written out: the pool's count, cut and arrays and the random
 * state in locals (what a JavaScript rewrite of expand could do without WebAssembly).
 */
class JsInline {
  constructor(
    private readonly T: ScanTables,
    private readonly s: Shape,
  ) {}

  run(all: boolean, x: Snapshot, pool: ChildPool, rng: Rng): number {
    const T = this.T;
    const { cols, words, R, C } = this.s;
    const { col, slot, hasL, hasT, g, fr, fb, score, used, front, right } = x;
    const size = x.size;
    const lw = x.lw;
    pool.reset(lw);
    const { parent: pp, cand: pc, score: ps, key: pk, cap } = pool;
    let count = 0;
    let cut = -Infinity;
    const st = rng.getState();
    let a = st[0] | 0;
    let b = st[1] | 0;
    let c = st[2] | 0;
    let d = st[3] | 0;
    const gmax = (hasL ? 1 : 0) + (hasT ? 1 : 0);
    const piece = T.piece[g];
    const tl = T.left[g];
    const tt = T.top[g];
    const tr = T.right[g];
    const tb = T.bottom[g];
    const ex = (fr >= 0 ? 1 : 0) + (fb >= 0 ? 1 : 0);
    let evals = 0;
    const list = gmax === 2 ? T.byLT[g] : hasL ? T.byL[g] : hasT ? T.byT[g] : null;
    for (let i = 0; i < size; i++) {
      const l = hasL ? right[i * R + slot] : 0;
      const t = hasT ? front[i * cols + col] : 0;
      const base = i * words;
      if (list) {
        const key = gmax === 2 ? l * C + t : hasL ? l : t;
        const gain = (hasL && l !== 0 ? 1 : 0) + (hasT && t !== 0 ? 1 : 0);
        const end = list.start[key + 1];
        for (let j = list.start[key]; j < end; j++) {
          const k = list.items[j];
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          {
            const s = score[i] + gain + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0));
            if (s >= cut) {
              if (count === cap) {
                pool.count = count;
                pool.prune();
                count = pool.count;
                cut = pool.cut;
              }
              if (s >= cut) {
                const r = (((a + b) | 0) + d) | 0;
                d = (d + 1) | 0;
                a = b ^ (b >>> 9);
                b = (c + (c << 3)) | 0;
                c = (c << 21) | (c >>> 11);
                c = (c + r) | 0;
                pp[count] = i;
                pc[count] = k;
                ps[count] = s;
                pk[count] = s * 1048576 + (r & 1023);
                count++;
              }
            }
          }
        }
      } else {
        for (let k = 0; k < piece.length; k++) {
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          {
            const s = score[i] + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0));
            if (s >= cut) {
              if (count === cap) {
                pool.count = count;
                pool.prune();
                count = pool.count;
                cut = pool.cut;
              }
              if (s >= cut) {
                const r = (((a + b) | 0) + d) | 0;
                d = (d + 1) | 0;
                a = b ^ (b >>> 9);
                b = (c + (c << 3)) | 0;
                c = (c << 21) | (c >>> 11);
                c = (c + r) | 0;
                pp[count] = i;
                pc[count] = k;
                ps[count] = s;
                pk[count] = s * 1048576 + (r & 1023);
                count++;
              }
            }
          }
        }
      }
    }
    if (all && gmax > 0) {
      if (count > lw) {
        pool.count = count;
        pool.prune();
        count = pool.count;
        cut = pool.cut;
      }
      if (gmax === 2) {
        const bl = T.byL[g];
        const bt = T.byT[g];
        for (let i = 0; i < size; i++) {
          if (score[i] + 1 + ex < cut) continue;
          const l = right[i * R + slot];
          const t = front[i * cols + col];
          const base = i * words;
          for (let j = bl.start[l]; j < bl.start[l + 1]; j++) {
            const k = bl.items[j];
            if (tt[k] === t) continue;
            const q = piece[k];
            if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
            evals++;
            {
              const s = score[i] + (l !== 0 ? 1 : 0) + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0));
              if (s >= cut) {
                if (count === cap) {
                  pool.count = count;
                  pool.prune();
                  count = pool.count;
                  cut = pool.cut;
                }
                if (s >= cut) {
                  const r = (((a + b) | 0) + d) | 0;
                  d = (d + 1) | 0;
                  a = b ^ (b >>> 9);
                  b = (c + (c << 3)) | 0;
                  c = (c << 21) | (c >>> 11);
                  c = (c + r) | 0;
                  pp[count] = i;
                  pc[count] = k;
                  ps[count] = s;
                  pk[count] = s * 1048576 + (r & 1023);
                  count++;
                }
              }
            }
          }
          for (let j = bt.start[t]; j < bt.start[t + 1]; j++) {
            const k = bt.items[j];
            if (tl[k] === l) continue;
            const q = piece[k];
            if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
            evals++;
            {
              const s = score[i] + (t !== 0 ? 1 : 0) + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0));
              if (s >= cut) {
                if (count === cap) {
                  pool.count = count;
                  pool.prune();
                  count = pool.count;
                  cut = pool.cut;
                }
                if (s >= cut) {
                  const r = (((a + b) | 0) + d) | 0;
                  d = (d + 1) | 0;
                  a = b ^ (b >>> 9);
                  b = (c + (c << 3)) | 0;
                  c = (c << 21) | (c >>> 11);
                  c = (c + r) | 0;
                  pp[count] = i;
                  pc[count] = k;
                  ps[count] = s;
                  pk[count] = s * 1048576 + (r & 1023);
                  count++;
                }
              }
            }
          }
        }
        if (count > lw) {
          pool.count = count;
          pool.prune();
          count = pool.count;
          cut = pool.cut;
        }
      }
      for (let i = 0; i < size; i++) {
        if (score[i] + ex < cut) continue;
        const l = hasL ? right[i * R + slot] : -1;
        const t = hasT ? front[i * cols + col] : -1;
        const base = i * words;
        for (let k = 0; k < piece.length; k++) {
          if (tl[k] === l || tt[k] === t) continue;
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          {
            const s = score[i] + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0));
            if (s >= cut) {
              if (count === cap) {
                pool.count = count;
                pool.prune();
                count = pool.count;
                cut = pool.cut;
              }
              if (s >= cut) {
                const r = (((a + b) | 0) + d) | 0;
                d = (d + 1) | 0;
                a = b ^ (b >>> 9);
                b = (c + (c << 3)) | 0;
                c = (c << 21) | (c >>> 11);
                c = (c + r) | 0;
                pp[count] = i;
                pc[count] = k;
                ps[count] = s;
                pk[count] = s * 1048576 + (r & 1023);
                count++;
              }
            }
          }
        }
      }
    }
    pool.count = count;
    pool.cut = cut;
    rng.setState([a >>> 0, b >>> 0, c >>> 0, d >>> 0]);
    return evals;
  }
}

interface WasmExports {
  memory: WebAssembly.Memory;
  setPool(parent: number, cand: number, score: number, key: number, cap: number): void;
  setRng(a: number, b: number, c: number, d: number): void;
  rngWord(i: number): number;
  poolCount(): number;
  select(k: number): void;
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
  expand(
    all: number,
    size: number,
    lw: number,
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

type TypedArray = Int32Array | Uint32Array | Uint16Array | Int16Array | Float64Array;

/** The wasm module with the tables, the pool and every snapshot's states laid out in its memory. */
class WasmExpand {
  private readonly x: WasmExports;
  private top: number;
  private readonly tables: number[][] = [];
  /** Per snapshot: byte offsets of used, front, right, score. */
  readonly at: number[][] = [];
  readonly pool: number[];

  constructor(
    binary: Uint8Array<ArrayBuffer>,
    T: ScanTables,
    private readonly s: Shape,
    snaps: Snapshot[],
  ) {
    const inst = new WebAssembly.Instance(new WebAssembly.Module(binary), {
      env: {
        abort: () => {
          throw new Error('wasm abort');
        },
      },
    });
    this.x = inst.exports as unknown as WasmExports;
    this.top = this.x.memory.buffer.byteLength;
    // Lay everything out first (growing the memory detaches earlier views), then fill it.
    const place: [number, TypedArray][] = [];
    const put = (a: TypedArray): number => {
      const p = this.alloc(a.byteLength);
      place.push([p, a]);
      return p;
    };
    for (let g = 0; g < T.piece.length; g++)
      this.tables.push([
        put(T.piece[g]),
        T.piece[g].length,
        put(T.left[g]),
        put(T.top[g]),
        put(T.right[g]),
        put(T.bottom[g]),
        put(T.byLT[g].start),
        put(T.byLT[g].items),
        put(T.byL[g].start),
        put(T.byL[g].items),
        put(T.byT[g].start),
        put(T.byT[g].items),
      ]);
    for (const sn of snaps) this.at.push([put(sn.used), put(sn.front), put(sn.right), put(sn.score)]);
    const cap = s.cap;
    this.pool = [this.alloc(4 * cap), this.alloc(4 * cap), this.alloc(4 * cap), this.alloc(8 * cap)];
    const need = this.top - this.x.memory.buffer.byteLength;
    if (need > 0) this.x.memory.grow(Math.ceil(need / 65536));
    const buf = this.x.memory.buffer;
    for (const [p, a] of place) new Uint8Array(buf, p, a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    this.x.setPool(this.pool[0], this.pool[1], this.pool[2], this.pool[3], cap);
  }

  private alloc(bytes: number): number {
    const p = this.top;
    this.top += (bytes + 7) & ~7;
    return p;
  }

  run(all: boolean, k: number, sn: Snapshot): number {
    const [used, front, right, score] = this.at[k];
    const t = this.tables[sn.g];
    this.x.setTables(t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11]);
    this.x.setRng(...sn.rng);
    const s = this.s;
    return this.x.expand(
      all ? 1 : 0,
      sn.size,
      sn.lw,
      used,
      front,
      right,
      score,
      s.words,
      s.cols,
      s.R,
      sn.col,
      sn.slot,
      sn.hasL ? 1 : 0,
      sn.hasT ? 1 : 0,
      s.C,
      sn.fr,
      sn.fb,
    );
  }

  /** Copies a snapshot's states into its place in the memory (the per-layer cost of keeping them outside). */
  copyIn(k: number, sn: Snapshot): void {
    const buf = this.x.memory.buffer;
    const [used, front, right, score] = this.at[k];
    new Uint32Array(buf, used, sn.used.length).set(sn.used);
    new Uint16Array(buf, front, sn.front.length).set(sn.front);
    new Uint16Array(buf, right, sn.right.length).set(sn.right);
    new Int32Array(buf, score, sn.score.length).set(sn.score);
  }

  /** The pool's children (after commit's select with `select`) and the random state. */
  result(select: number): { count: number; sum: number; rng: RngState } {
    const count = this.x.poolCount();
    if (select > 0 && count > select) this.x.select(select);
    const buf = this.x.memory.buffer;
    const [pp, pc, ps, pk] = this.pool;
    const sum = checksum(
      count,
      new Int32Array(buf, pp, count),
      new Int32Array(buf, pc, count),
      new Int32Array(buf, ps, count),
      new Float64Array(buf, pk, count),
    );
    const rng = [0, 1, 2, 3].map((i) => this.x.rngWord(i) >>> 0) as RngState;
    return { count, sum, rng };
  }
}

/**
 * The compiled expand.as, cached under node_modules/.cache by the source's hash; built by
 * wasm-expand/build.mjs in a plain node process (its children's CPU time is not the bench's).
 */
function wasmBuild(): Uint8Array<ArrayBuffer> {
  const src = fileURLToPath(new URL('./wasm-expand/expand.as', import.meta.url));
  const hash = createHash('sha256').update(readFileSync(src)).digest('hex').slice(0, 12);
  const out = fileURLToPath(new URL(`../node_modules/.cache/wasm-expand/expand-${hash}.wasm`, import.meta.url));
  if (!existsSync(out)) execFileSync(process.execPath, [fileURLToPath(new URL('./wasm-expand/build.mjs', import.meta.url)), out], { stdio: 'inherit' });
  return readFileSync(out);
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * CPU ns per unit of work of each case (one round over the snapshots), each repetition about `ms`
 * long; the cases take turns within a repetition so a change of load hits them alike.
 */
function timeAll(cases: { body: () => void; work: number }[], reps: number, ms: number): number[][] {
  const inner = cases.map((c) => {
    // Warm up (and let the engines compile), then size the repetition.
    c.body();
    const t = cpuMs();
    c.body();
    return Math.max(1, Math.round(ms / Math.max(0.05, cpuMs() - t)));
  });
  const out: number[][] = cases.map(() => []);
  for (let r = 0; r < reps; r++)
    cases.forEach((c, k) => {
      const t = cpuMs();
      for (let i = 0; i < inner[k]; i++) c.body();
      out[k].push(((cpuMs() - t) * 1e6) / (inner[k] * c.work));
    });
  return out;
}

export async function run(argv: string[]): Promise<void> {
  const o = options(argv);
  const variant = numOpt(o, 'variant', 0);
  const width = numOpt(o, 'width', 8192);
  const seed = numOpt(o, 'seed', 1);
  const reps = numOpt(o, 'reps', 5);
  const ms = numOpt(o, 'ms', 60);
  const every = numOpt(o, 'every', 8);
  const layers = new Set(
    typeof o.layers === 'string' ? o.layers.split(',').map(Number) : Array.from({ length: 256 }, (_, d) => d).filter((d) => d % every === every >> 1),
  );
  const file = fileURLToPath(new URL(`../resources/instances/e2-8pin/eternity2_8pin_v${String(variant).padStart(2, '0')}.txt`, import.meta.url));
  const puzzle = piecesFormat.read(readFileSync(file, 'utf8'), file).puzzle;
  const log = (s: string): void => void process.stdout.write(`${s}\n`);

  let t = cpuMs();
  const binary = wasmBuild();
  log(`expand.as: ${binary.length} bytes of wasm (${((cpuMs() - t) / 1000).toFixed(1)} CPU s to load or build)`);

  t = cpuMs();
  const beam = new BeamRun(puzzle, beamOptions({ width, maxWidth: width }), new Rng(seed));
  const { snaps, shape } = capture(beam, layers);
  const T = (beam as unknown as BeamInternals).T;
  log(
    `one pass at width ${width} on e2-8pin v${String(variant).padStart(2, '0')} (seed ${seed}), ${snaps.length} layers taken: ${((cpuMs() - t) / 1000).toFixed(1)} CPU s`,
  );

  const js = new JsExpand(T, shape);
  const inline = new JsInline(T, shape);
  const pool = new ChildPool((shape.cap - 1024) / 4, new Rng(1));
  const prng = (pool as unknown as { rng: Rng }).rng;
  const wasm = new WasmExpand(binary, T, shape, snaps);

  // Same children everywhere, and the all-loops copy makes the real run's children.
  const rows: (string | number)[][] = [];
  const evals = { first: 0, all: 0 };
  snaps.forEach((sn, k) => {
    const out = { first: 0, all: 0 };
    for (const all of [false, true]) {
      prng.setState(sn.rng);
      const e = js.run(all, sn, pool);
      if (all && pool.count > sn.lw) pool.select(sn.lw);
      const jsRes = { count: pool.count, sum: checksum(pool.count, pool.parent, pool.cand, pool.score, pool.key), rng: prng.getState() };
      prng.setState(sn.rng);
      const ei = inline.run(all, sn, pool, prng);
      if (all && pool.count > sn.lw) pool.select(sn.lw);
      const inRes = { count: pool.count, sum: checksum(pool.count, pool.parent, pool.cand, pool.score, pool.key), rng: prng.getState() };
      if (ei !== e || inRes.count !== jsRes.count || inRes.sum !== jsRes.sum || inRes.rng.join() !== jsRes.rng.join())
        throw new Error(`layer ${sn.d} (${all ? 'all loops' : 'first loop'}): js ${e} children, ${jsRes.sum}; js inlined ${ei}, ${inRes.sum}`);
      const ew = wasm.run(all, k, sn);
      const wRes = wasm.result(all ? sn.lw : 0);
      const same = e === ew && jsRes.count === wRes.count && jsRes.sum === wRes.sum && jsRes.rng.join() === wRes.rng.join();
      if (!same)
        throw new Error(
          `layer ${sn.d} (${all ? 'all loops' : 'first loop'}): js ${e} children, ${jsRes.count} kept, ${jsRes.sum}; wasm ${ew}, ${wRes.count}, ${wRes.sum}`,
        );
      if (all && (e !== sn.realEvals || jsRes.count !== sn.realCount || jsRes.sum !== sn.realSum))
        throw new Error(`layer ${sn.d}: the copy of expand makes ${e} children (${jsRes.sum}), the run ${sn.realEvals} (${sn.realSum}): beam.ts changed?`);
      if (all) out.all = e;
      else out.first = e;
    }
    evals.first += out.first;
    evals.all += out.all;
    const kind = sn.hasL && sn.hasT ? 'left+top' : sn.hasL ? 'left' : sn.hasT ? 'top' : 'none';
    rows.push([sn.d, kind, sn.size, sn.lw, out.first, out.all, `${((100 * out.first) / out.all).toFixed(0)} %`]);
  });
  log(`\nidentical children (count, checksum, random state) from the three variants at every layer; the all-loops copy matches the real run\n`);
  log(mdTable(['layer', 'joins', 'states', 'width', 'children, first loop', 'children, all loops', 'first loop share'], rows));

  const cases: { name: string; body: () => void; work: number }[] = [];
  for (const all of [false, true]) {
    const work = all ? evals.all : evals.first;
    const label = all ? 'all loops' : 'first loop';
    cases.push({
      name: `js, ${label}`,
      work,
      body: () => {
        for (const sn of snaps) {
          prng.setState(sn.rng);
          js.run(all, sn, pool);
        }
      },
    });
    cases.push({
      name: `js inlined, ${label}`,
      work,
      body: () => {
        for (const sn of snaps) {
          prng.setState(sn.rng);
          inline.run(all, sn, pool, prng);
        }
      },
    });
    cases.push({ name: `wasm, ${label}`, work, body: () => snaps.forEach((sn, k) => wasm.run(all, k, sn)) });
    cases.push({ name: `copy states in (per ${label} child)`, work, body: () => snaps.forEach((sn, k) => wasm.copyIn(k, sn)) });
  }
  const t0 = cpuMs();
  const times = timeAll(cases, reps, ms);
  const res = new Map<string, number>();
  const trows: (string | number)[][] = [];
  cases.forEach((c, k) => {
    res.set(c.name, median(times[k]));
    trows.push([c.name, median(times[k]).toFixed(2), times[k].map((x) => x.toFixed(2)).join(', ')]);
  });
  log(`\ntimed in ${((cpuMs() - t0) / 1000).toFixed(1)} CPU s`);
  log(`\nCPU ns per child (median of ${reps}; ${evals.first} children in the first loop, ${evals.all} in all loops over the ${snaps.length} layers)\n`);
  log(mdTable(['variant', 'ns / child', 'repetitions'], trows));
  const ratio = (label: string): string => {
    const j = res.get(`js, ${label}`) ?? NaN;
    const w = res.get(`wasm, ${label}`) ?? NaN;
    const c = res.get(`copy states in (per ${label} child)`) ?? NaN;
    const ji = res.get(`js inlined, ${label}`) ?? NaN;
    return `${label}: js / wasm ${(j / w).toFixed(2)}x, js / (wasm + copy) ${(j / (w + c)).toFixed(2)}x; js / js inlined ${(j / ji).toFixed(2)}x, js inlined / wasm ${(ji / w).toFixed(2)}x, js inlined / (wasm + copy) ${(ji / (w + c)).toFixed(2)}x`;
  };
  const u = process.cpuUsage();
  log(
    `\n${ratio('first loop')}\n${ratio('all loops')}\n${machine()}; the bench process: ${(u.user / 1e6).toFixed(1)} s user, ${(u.system / 1e6).toFixed(1)} s system CPU`,
  );
}
