import type { SolverRun } from '../../../engine/solver';
import { Rng, type RngState } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../json';
import type { EdgePuzzle } from '../model';
import { blockMetrics, type BlockHeuristic } from './block-heuristics';
import { blockLayout, enumerateBlocks, type BlockLayout } from './blocks';
import { CandidateTables } from './candidates';
import { pieceTypes, typesToBoard, type PieceTypes } from './piece-types';

export { BLOCK_HEURISTICS } from './block-heuristics';

export interface BlockOptions {
  heuristic: BlockHeuristic;
  shuffle: boolean;
}

interface BlockState {
  v: 1;
  evaluations: number;
  rng: RngState;
  shuffled: RngState | null;
  stack: number[];
  cursor: number;
  finished: boolean;
  bestScore: number;
  bestDepth: number;
  best: EdgeSolutionJson;
}

/**
 * The blocks of a puzzle sorted into candidate lists by (class, left pattern, top pattern), in
 * search order within each list; entries hold what the inner loop reads, in typed arrays.
 */
export class BlockTables {
  readonly layout: BlockLayout;
  readonly patterns: number;
  /** Blocks the transform produced, before heuristics dropped any. */
  readonly enumerated: number;
  readonly start: Int32Array;
  /** End of each list (one past its last entry). */
  readonly stop: Int32Array;
  /** 4 per entry: piece types and rotations of TL TR BL BR. */
  readonly types: Int32Array;
  readonly rots: Int32Array;
  readonly right: Int32Array;
  readonly bottom: Int32Array;
  readonly emptyKey: number;
  /** Blocks enumerated per class. */
  readonly perClass: Int32Array;
  /**
   * When every piece is unique: per entry, its pieces as a bit set of `words` 32-bit words, so
   * the loop tests a block against the pieces in use with a word or two instead of four counts.
   */
  readonly words: number;
  readonly masks: Int32Array | null;

  constructor(p: EdgePuzzle, pt: PieceTypes, heuristic: BlockHeuristic, shuffleRng: Rng | null) {
    this.layout = blockLayout(p);
    const set = enumerateBlocks(p, pt, new CandidateTables(pt), this.layout);
    const P = (this.patterns = set.patterns);
    this.enumerated = set.count;
    this.perClass = new Int32Array(this.layout.classes);
    for (let b = 0; b < set.count; b++) this.perClass[set.cls[b]]++;
    const order = Int32Array.from({ length: set.count }, (_, i) => i);
    if (shuffleRng) shuffleRng.shuffle(order);
    const metric = heuristic === 'none' ? null : blockMetrics(this.layout, set, pt.count, heuristic);
    const keyOf = (b: number): number => (set.cls[b] * P + set.sides[4 * b + 3]) * P + set.sides[4 * b];
    const keys = this.layout.classes * P * P;
    this.emptyKey = keys;
    this.start = new Int32Array(keys + 2);
    let kept = 0;
    for (const b of order) {
      if (metric && metric[b] === 0) continue;
      this.start[keyOf(b) + 1]++;
      kept++;
    }
    for (let k = 0; k <= keys; k++) this.start[k + 1] += this.start[k];
    this.stop = this.start.subarray(1);
    const sorted = new Int32Array(kept);
    const fill = this.start.slice(0, keys + 1);
    for (const b of order) if (!(metric && metric[b] === 0)) sorted[fill[keyOf(b)]++] = b;
    if (metric) {
      // Within a border list, the block with the most possible neighbours first (ties keep their order).
      for (let k = 0; k < keys; k++) {
        const lo = this.start[k];
        const hi = this.start[k + 1];
        if (hi - lo < 2 || !this.layout.border[Math.floor(k / (P * P))]) continue;
        const seg = Array.from(sorted.subarray(lo, hi)).sort((x, y) => metric[y] - metric[x]);
        sorted.set(seg, lo);
      }
    }
    this.types = new Int32Array(4 * kept);
    this.rots = new Int32Array(4 * kept);
    this.right = new Int32Array(kept);
    this.bottom = new Int32Array(kept);
    const unique = pt.count.every((c) => c === 1);
    this.words = unique ? (pt.typeCount + 31) >>> 5 : 0;
    this.masks = unique ? new Int32Array(this.words * kept) : null;
    for (let i = 0; i < kept; i++) {
      const b = sorted[i];
      for (let q = 0; q < 4; q++) {
        this.types[4 * i + q] = set.types[4 * b + q];
        this.rots[4 * i + q] = set.rots[4 * b + q];
      }
      this.right[i] = set.sides[4 * b + 1];
      this.bottom[i] = set.sides[4 * b + 2];
      if (this.masks) for (let q = 0; q < 4; q++) this.masks[this.words * i + (set.types[4 * b + q] >>> 5)] |= 1 << (set.types[4 * b + q] & 31);
    }
  }

  get entries(): number {
    return this.right.length;
  }
}

/**
 * Backtracking over the half-size board of 2x2 blocks, block positions row by row, with the same
 * explicit-stack loop as the single-tile search; a block fits when its left and top patterns
 * match and each of its four pieces is still free. Evaluations count block placements (nodes).
 * It reports the deepest board reached (the placed blocks only; fixed pieces show once their
 * block is placed).
 */
export class BlockRun implements SolverRun {
  evaluations = 0;
  bestScore = 0;
  readonly iteration = 0;
  readonly tables: BlockTables;
  private readonly pt: PieceTypes;
  private readonly cnt: Int32Array;
  /** Pieces in use as a bit set (the loop for unique pieces). */
  private readonly used: Int32Array;
  private readonly depth: number;
  private readonly keyBase: Int32Array;
  private readonly lIdx: Int32Array;
  private readonly tIdx: Int32Array;
  /** Per block position: right and bottom pattern of the block there; then a grey slot. */
  private readonly pat: Int32Array;
  private readonly placed: Int32Array;
  private readonly scoreAt: Int32Array;
  private shuffled: RngState | null;
  private readonly cur: BlockCursor = { d: 0, ci: 0, bestDepth: 0, done: false };
  private readonly loop: (budget: number) => number;
  private best: EdgeSolutionJson;

  constructor(
    private readonly puzzle: EdgePuzzle,
    opts: BlockOptions,
    private readonly rng: Rng,
    shuffled: RngState | null | undefined = undefined,
  ) {
    this.pt = pieceTypes(puzzle);
    // A fresh run shuffles from its seed; a restored one from the state it recorded.
    this.shuffled = shuffled === undefined ? (opts.shuffle ? rng.getState() : null) : shuffled;
    const shuffleRng = this.shuffled ? (shuffled === undefined ? rng : new Rng(this.shuffled)) : null;
    this.tables = new BlockTables(puzzle, this.pt, opts.heuristic, shuffleRng);
    const { layout, patterns: P } = this.tables;
    const n = (this.depth = layout.rows * layout.cols);
    this.cnt = this.pt.count.slice();
    this.used = new Int32Array(this.tables.words);
    this.keyBase = new Int32Array(n + 1);
    this.lIdx = new Int32Array(n + 1);
    this.tIdx = new Int32Array(n + 1);
    this.scoreAt = new Int32Array(n + 1);
    const grey = 2 * n;
    this.pat = new Int32Array(2 * n + 1);
    for (let d = 0; d < n; d++) {
      const c = d % layout.cols;
      this.keyBase[d] = layout.classOf[d] * P * P;
      this.lIdx[d] = c > 0 ? 2 * (d - 1) : grey;
      this.tIdx[d] = d >= layout.cols ? 2 * (d - layout.cols) + 1 : grey;
      this.scoreAt[d + 1] = this.scoreAt[d] + 4 + (c > 0 ? 2 : 0) + (d >= layout.cols ? 2 : 0);
    }
    this.keyBase[n] = this.tables.emptyKey;
    this.lIdx[n] = grey;
    this.tIdx[n] = grey;
    this.placed = new Int32Array(n + 1);
    this.loop = this.tables.masks
      ? maskLoop(this.tables, this.tables.masks, this.used, this.pat, this.placed, this.keyBase, this.lIdx, this.tIdx, this.cur)
      : blockLoop(this.tables, this.cnt, this.pat, this.placed, this.keyBase, this.lIdx, this.tIdx, this.cur);
    this.best = this.boardJson(0);
    this.cur.ci = this.tables.start[this.key(0)];
  }

  get currentScore(): number {
    return this.scoreAt[this.cur.d];
  }

  get finished(): boolean {
    return this.cur.done;
  }

  bestSolution(): unknown {
    return this.best;
  }

  private key(d: number): number {
    return this.keyBase[d] + this.pat[this.lIdx[d]] * this.tables.patterns + this.pat[this.tIdx[d]];
  }

  private boardJson(depth: number): EdgeSolutionJson {
    const { rows, cols } = this.puzzle;
    const bc = this.tables.layout.cols;
    const cellType = new Int32Array(rows * cols).fill(-1);
    const cellRot = new Uint8Array(rows * cols);
    for (let d = 0; d < depth; d++) {
      const e = this.placed[d];
      const r0 = 2 * Math.floor(d / bc);
      const c0 = 2 * (d % bc);
      const cells = [r0 * cols + c0, r0 * cols + c0 + 1, (r0 + 1) * cols + c0, (r0 + 1) * cols + c0 + 1];
      for (let q = 0; q < 4; q++) {
        cellType[cells[q]] = this.tables.types[4 * e + q];
        cellRot[cells[q]] = this.tables.rots[4 * e + q];
      }
    }
    return solutionToJson(typesToBoard(this.pt, cellType, cellRot));
  }

  step(budget: number): void {
    const cur = this.cur;
    let left = budget;
    while (left > 0 && !cur.done) {
      const did = this.loop(left);
      this.evaluations += did;
      left -= did;
      if (cur.d > cur.bestDepth) {
        // Deeper than ever; each block adds matched joins, so the score is higher too.
        cur.bestDepth = cur.d;
        this.bestScore = this.scoreAt[cur.d];
        this.best = this.boardJson(cur.d);
        return;
      }
    }
  }

  checkpoint(): BlockState {
    return {
      v: 1,
      evaluations: this.evaluations,
      rng: this.rng.getState(),
      shuffled: this.shuffled,
      stack: Array.from(this.placed.subarray(0, this.cur.d)),
      cursor: this.cur.ci,
      finished: this.cur.done,
      bestScore: this.bestScore,
      bestDepth: this.cur.bestDepth,
      best: this.best,
    };
  }

  static restore(puzzle: EdgePuzzle, opts: BlockOptions, cp: unknown): BlockRun {
    const s = cp as BlockState;
    const damaged = (why: string): Error => new Error(`backtrack-2x2 checkpoint is damaged (${why})`);
    if (!s || s.v !== 1 || !Rng.isState(s.rng) || !Array.isArray(s.stack)) throw damaged('missing fields');
    if (s.shuffled !== null && !Rng.isState(s.shuffled)) throw damaged('shuffle state');
    const run = new BlockRun(puzzle, opts, new Rng(s.rng), s.shuffled);
    const { tables } = run;
    if (s.stack.length > run.depth) throw damaged('deeper than the board');
    for (let d = 0; d < s.stack.length; d++) {
      const ci = s.stack[d];
      const k = run.key(d);
      if (!(Number.isInteger(ci) && ci >= tables.start[k] && ci < tables.stop[k])) throw damaged(`block at depth ${d} is not a candidate there`);
      run.placed[d] = ci;
      for (let q = 0; q < 4; q++) run.cnt[tables.types[4 * ci + q]]--;
      for (let w = 0; w < tables.words; w++) run.used[w] |= tables.masks![tables.words * ci + w];
      run.pat[2 * d] = tables.right[ci];
      run.pat[2 * d + 1] = tables.bottom[ci];
    }
    const d = s.stack.length;
    const k = run.key(d);
    if (!(Number.isInteger(s.cursor) && s.cursor >= tables.start[k] && s.cursor <= tables.stop[k])) throw damaged('cursor');
    Object.assign(run.cur, { d, ci: s.cursor, bestDepth: s.bestDepth, done: s.finished });
    run.evaluations = s.evaluations;
    run.bestScore = s.bestScore;
    run.best = s.best;
    return run;
  }
}

/** Where a block search stands between calls of its loop. */
interface BlockCursor {
  d: number;
  ci: number;
  bestDepth: number;
  done: boolean;
}

/**
 * The block search loop, a closure over the run's arrays made once per run (see loops.ts for why
 * that is faster). Stops after `budget` block placements or when it first goes deeper than
 * `cur.bestDepth`; returns the placements made.
 */
function blockLoop(
  tables: BlockTables,
  cnt: Int32Array,
  pat: Int32Array,
  placed: Int32Array,
  keyBase: Int32Array,
  lIdx: Int32Array,
  tIdx: Int32Array,
  cur: BlockCursor,
): (budget: number) => number {
  const { start, stop, types, right, bottom, patterns: P } = tables;
  return (budget) => {
    let d = cur.d;
    let ci = cur.ci;
    let end = stop[keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]]];
    const best = cur.bestDepth;
    let evals = 0;
    for (;;) {
      if (ci < end) {
        const b = ci << 2;
        const t0 = types[b];
        const t1 = types[b + 1];
        const t2 = types[b + 2];
        const t3 = types[b + 3];
        if (cnt[t0] === 0 || cnt[t1] === 0 || cnt[t2] === 0 || cnt[t3] === 0) {
          ci++;
          continue;
        }
        cnt[t0]--;
        cnt[t1]--;
        cnt[t2]--;
        cnt[t3]--;
        // Only a block holding one type twice can go below zero here.
        if ((cnt[t0] | cnt[t1] | cnt[t2] | cnt[t3]) < 0) {
          cnt[t0]++;
          cnt[t1]++;
          cnt[t2]++;
          cnt[t3]++;
          ci++;
          continue;
        }
        placed[d] = ci;
        pat[d << 1] = right[ci];
        pat[(d << 1) + 1] = bottom[ci];
        evals++;
        d++;
        const k = keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]];
        ci = start[k];
        end = stop[k];
        if (d > best || evals >= budget) break;
      } else {
        if (d === 0) {
          cur.done = true;
          break;
        }
        d--;
        ci = placed[d];
        const b = ci << 2;
        cnt[types[b]]++;
        cnt[types[b + 1]]++;
        cnt[types[b + 2]]++;
        cnt[types[b + 3]]++;
        end = stop[keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]]];
        ci++;
      }
    }
    cur.d = d;
    cur.ci = ci;
    return evals;
  };
}

/** The block search loop for puzzles whose pieces are all unique: pieces in use as a bit set. */
function maskLoop(
  tables: BlockTables,
  masks: Int32Array,
  used: Int32Array,
  pat: Int32Array,
  placed: Int32Array,
  keyBase: Int32Array,
  lIdx: Int32Array,
  tIdx: Int32Array,
  cur: BlockCursor,
): (budget: number) => number {
  const { start, stop, right, bottom, patterns: P, words: W } = tables;
  return (budget) => {
    let d = cur.d;
    let ci = cur.ci;
    let end = stop[keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]]];
    const best = cur.bestDepth;
    let evals = 0;
    for (;;) {
      if (ci < end) {
        const m = ci * W;
        let clash = 0;
        for (let w = 0; w < W; w++) clash |= masks[m + w] & used[w];
        if (clash !== 0) {
          ci++;
          continue;
        }
        for (let w = 0; w < W; w++) used[w] |= masks[m + w];
        placed[d] = ci;
        pat[d << 1] = right[ci];
        pat[(d << 1) + 1] = bottom[ci];
        evals++;
        d++;
        const k = keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]];
        ci = start[k];
        end = stop[k];
        if (d > best || evals >= budget) break;
      } else {
        if (d === 0) {
          cur.done = true;
          break;
        }
        d--;
        ci = placed[d];
        const m = ci * W;
        for (let w = 0; w < W; w++) used[w] &= ~masks[m + w];
        end = stop[keyBase[d] + pat[lIdx[d]] * P + pat[tIdx[d]]];
        ci++;
      }
    }
    cur.d = d;
    cur.ci = ci;
    return evals;
  };
}
