/**
 * Over 500 lines on purpose: BeamRun is one class because its pass loop is the solver's hot path,
 * and the per-pass state it reads at every cell (the expansion kernel, the child pool, dedupe,
 * scan tables, colour balance and exhaust, pass history) lives in its fields. The parts that
 * stand alone are already the modules imported below; splitting the loop itself would pass that
 * state around per cell.
 */
import { RUN_MEMORY_LIMIT } from '../../../engine/limits';
import type { SolverRun } from '../../../engine/solver';
import { Rng, type RngState } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import { isRotatable, pieceCount, type EdgePuzzle } from '../model/model';
import { scoreBoard } from '../model/score';
import { VnsBoard, boardToJson } from '../local-search/board';
import type { BeamCheckpoint } from './checkpoint';
import { beamWidths, historyLayers, layerWidth, passCells, suffixWidth, type BeamOptions } from './options';
import { ColourBalance } from './balance';
import { ColourExhaust } from './exhaust';
import { ChildPool, childPoolCap } from './children';
import { boardOrder } from './order';
import { Dedupe } from './dedupe';
import { PassHistory } from './history';
import { boardCandidates, ScanLayout } from './layout';
import { ScanTables } from './tables';
import { PassTally } from './tally';
import { ExpandKernel } from './wasm/kernel';

export { beamBytesPerWidth, beamWidths, DEFAULT_BAND, type BeamOptions } from './options';

/**
 * Beam search in scan order over partial boards: at each cell every kept board is extended by
 * the unused pieces that fit there, and the `width` best children are kept, ranked by matched
 * joins, then (with `exhaust`) by the faces of the pass's drawn colours they have placed or (with
 * `balance`) by how well the remaining pieces' colours balance the open edges, equal ones at
 * random. Boards are extended best first and children that close fewer joins are only generated
 * while they could still make the cut, so a pass costs little more than the children kept. Passes repeat with the width growing
 * to `maxWidth`, then at that width with fresh tie-breaks. The best full board is the result.
 */
export class BeamRun implements SolverRun<EdgeSolutionJson, BeamCheckpoint> {
  /**
   * Children generated, the pass under way included (a pass at an overnight width takes minutes,
   * and the threads bench divides this by wall time). A resume repeats the pass under way from its
   * own random state: the figure then holds still until the repeat has caught up with it, and from
   * there counts exactly what an uninterrupted run does.
   */
  evaluations = 0;
  /** Children generated since the run (or the pass a resume repeats) began. */
  private children = 0;
  /** `children` when the pass under way began: a checkpoint's resume counts from here. */
  private passStart = 0;
  /**
   * The step budget's units, the pass under way included: children, twice the states kept and an
   * eighth of the candidates looked at (weights fitted to timed layers). Children alone are a poor
   * clock: late layers and wide suffix passes look at many candidates per child (4x the time per
   * child), and threads given equal children per round waited for each other at its end.
   */
  spent = 0;
  /**
   * Cost of a unit on this run's path against the WebAssembly kernel's (CPU per unit measured on
   * Eternity II and a 6x6 set at width 2048: JavaScript loops 1.8-2.1x, with balance 3.3-4.1x,
   * dedupe 2.7-3.0x, both 4.5-4.8x), so a round of threads' fixed budget takes about the same time
   * whichever path runs it.
   */
  private readonly unitCost: number;
  /** 0, for the empty board shown until the first pass ends. */
  bestScore = 0;
  pass = 0;
  readonly finished = false;
  private lastScore = 0;
  /** Width of the last finished pass. */
  lastWidth = 0;
  private layer = 0;
  /** A pass is under way. */
  private inPass = false;
  /** The base board's cells are known as candidates (false after a checkpoint whose board the tables cannot place). */
  private suffixOk = true;
  /** Width of the pass under way (wider than `width` on a suffix pass). */
  private passWidth = 1;
  /** First layer the pass under way searches (0, or where a suffix pass starts). */
  private passFrom = 0;
  /** Widest pass the layer buffers hold. */
  private readonly W: number;
  /** Widest pass as a multiple of the widest full pass (`wide` with suffix passes, else 1). */
  private readonly wideFactor: number;
  /** Widest full pass the history holds: maxWidth, or with `widen` what the memory bound holds. */
  private readonly maxW: number;
  /** Where the width schedule stops: maxWidth (within the memory bound), doubled by `widen`. */
  private top: number;
  private readonly firstTop: number;
  /** Passes since the best last rose. */
  private stall = 0;
  /** Suffix passes each full pass board at the top width gets (`refine`; 0 = suffix passes drawn at random). */
  private readonly refine: number;
  /** Suffix passes left on the base board before the next full pass. */
  private refineLeft = 0;
  private width: number;
  /** Width at the layer under way. */
  private lw = 1;
  private passRng: RngState;
  private readonly n: number;
  private readonly cols: number;
  private readonly words: number;
  private readonly T: ScanTables;
  /** The scan order and what fixed pieces tell each layer. */
  private readonly L: ScanLayout;
  private readonly bestPiece: Int16Array;
  private readonly bestRot: Uint8Array;
  /**
   * The board suffix passes search the end of: the best, or after a long stall one up to `drift`
   * joins below it (see `finishPass`).
   */
  private readonly basePiece: Int16Array;
  private readonly baseRot: Uint8Array;
  /** The base board's candidate index per layer (-1 on a fixed cell). */
  private readonly baseCand: Int32Array;
  private baseScore = 0;
  private readonly board: VnsBoard;
  private hasBest = false;
  // Two layers of states (current and next), flipped after each cell.
  private size = 0;
  private score: Int32Array[];
  private used: Uint32Array[];
  private front: Uint16Array[];
  private right: Uint16Array[];
  /** With `balance`: the colours left per state. */
  private readonly balance: ColourBalance | null;
  /** With `exhaust`: the pass's colours and each state's tally of them. */
  private readonly exhaust: ColourExhaust | null;
  private cur = 0;
  /** The passes at the top width by kind and score (tally.ts). */
  private tally = new PassTally();
  /** How each state of each layer of the pass was made, for its best board. */
  private readonly history: PassHistory;
  /** Layers' worth of history a pass holds before it is thinned (`historyLayers`). */
  private readonly historyLayers: number;
  private readonly K: number;
  /** Children considered for the next layer. */
  private readonly pool: ChildPool;
  /** The JavaScript loops' order of a layer's boards (`boardOrder`; the kernel keeps its own). */
  private readonly order: Int32Array;
  /** With `dedupe`: the hashes that find equal partial boards. */
  private readonly dedupe: Dedupe | null;
  /** Without balance and dedupe: expand's loops in WebAssembly, on the layers and pool it holds. */
  private readonly kernel: ExpandKernel | null;

  /** `wasm`: false keeps expand in JavaScript (tests compare the two). */
  constructor(
    private readonly puzzle: EdgePuzzle,
    private readonly o: BeamOptions,
    private readonly rng: Rng,
    wasm = true,
  ) {
    const n = (this.n = puzzle.rows * puzzle.cols);
    if (pieceCount(puzzle) !== n)
      throw new Error(`beam search needs one piece per cell: ${pieceCount(puzzle)} pieces for a ${puzzle.rows}x${puzzle.cols} board`);
    this.cols = puzzle.cols;
    this.refine = Math.max(0, o.refine ?? 0);
    this.words = (n + 31) >>> 5;
    this.board = new VnsBoard(puzzle);
    const L = (this.L = new ScanLayout(puzzle, o));
    this.T = new ScanTables(puzzle, L.free, isRotatable(puzzle), this.board.standardFrame);
    const widths = beamWidths(puzzle, o);
    this.maxW = widths.ceiling;
    this.top = this.firstTop = widths.maxWidth;
    const W = (this.W = widths.buffer);
    this.wideFactor = widths.buffer / widths.ceiling;
    this.width = Math.max(1, Math.min(o.width, this.top));
    const mk = <A>(f: () => A): A[] => [f(), f()];
    const exhaust = o.exhaust ?? 0;
    const k = (this.kernel =
      wasm && !o.balance && !o.dedupe ? ExpandKernel.create(W, this.words, this.cols, this.L.slots, childPoolCap(W), this.T, exhaust > 0) : null);
    this.score = k?.score ?? mk(() => new Int32Array(W));
    this.used = k?.used ?? mk(() => new Uint32Array(W * this.words));
    this.front = k?.front ?? mk(() => new Uint16Array(W * this.cols));
    this.right = k?.right ?? mk(() => new Uint16Array(W * this.L.slots));
    const C = this.T.colours;
    this.balance = o.balance ? new ColourBalance(puzzle, L, C, W) : null;
    this.exhaust = exhaust > 0 ? new ColourExhaust(puzzle, exhaust, L, W, k?.rank ?? undefined) : null;
    this.K = 1 + this.T.piece.reduce((most, p) => Math.max(most, p.length), 0);
    // beamWidths keeps W x K within a word (K <= 4 x cells + 1): one word holds a board's parent and candidate.
    if (W * this.K > 2 ** 32) throw new Error(`beam search of ${W} boards wide cannot record ${this.K} candidates a cell`);
    // A suffix pass's width is rounded: its history is at most a full pass's at maxW + n (suffixWidth).
    // It may grow to the whole pass, within what one run may hold (a word, 4 bytes, an entry).
    const whole = Math.min(passCells(this.maxW, 0, n, L.lateStart, o) + n, RUN_MEMORY_LIMIT / 4);
    this.historyLayers = historyLayers(puzzle, o);
    this.history = new PassHistory(this.historyRoom(this.maxW), whole, n, W, this.K);
    this.pool = new ChildPool(W, rng, k?.pool, !o.dedupe);
    this.order = k ? new Int32Array(0) : o.dedupe ? Int32Array.from({ length: W }, (_, i) => i) : new Int32Array(W);
    this.pool.limit(this.widest);
    this.bestPiece = new Int16Array(n);
    this.bestRot = new Uint8Array(n);
    this.basePiece = new Int16Array(n);
    this.baseRot = new Uint8Array(n);
    this.baseCand = new Int32Array(n);
    this.passRng = rng.getState();
    this.dedupe = o.dedupe ? new Dedupe(n, this.cols, this.L.slots, C, W, childPoolCap(W, false)) : null;
    this.unitCost = k ? 1 : 2 + (o.balance ? 2 : 0) + (o.dedupe ? 1 : 0);
  }

  /**
   * Widest pass at the present top (suffix passes `wide` times it): until `widen` raises the top,
   * a run holding buffers for its ceiling searches and cuts exactly as one sized for maxWidth.
   */
  private get widest(): number {
    return Math.min(this.W, this.top * this.wideFactor);
  }

  /** History entries a pass `width` wide holds before it is thinned: `historyLayers` of its layers. */
  private historyRoom(width: number): number {
    return Math.ceil(this.historyLayers * width) + this.n;
  }

  get currentScore(): number {
    return this.lastScore;
  }

  get iteration(): number {
    return this.pass;
  }

  /** With `exhaust`: the colours the pass under way (or the last one) uses up first. */
  get exhaustColours(): readonly number[] {
    return this.exhaust ? [...this.exhaust.drawn] : [];
  }

  /** The passes at the top width so far, by kind and score. */
  get passTally(): PassTally {
    return this.tally;
  }

  /** First layer the pass under way (or the last one) searched: 0 for a full pass. */
  get passStartLayer(): number {
    return this.passFrom;
  }

  /** Width of the pass under way. */
  get beamWidth(): number {
    return this.width;
  }

  step(budget: number): void {
    const end = this.spent + budget;
    while (this.spent < end) {
      if (!this.inPass) this.startPass();
      this.expand(this.layer);
      this.layer++;
      if (this.layer === this.n && this.finishPass()) return;
    }
  }

  private startPass(): void {
    this.passRng = this.rng.getState();
    if (this.exhaust) {
      this.exhaust.draw(this.rng);
      this.kernel?.weightsDrawn();
    }
    this.passStart = this.children;
    this.inPass = true;
    const n = this.n;
    const cols = this.cols;
    const c = this.cur;
    const R = this.L.slots;
    const used = this.used[c];
    const front = this.front[c];
    const right = this.right[c];
    this.size = 1;
    used.fill(0, 0, this.words);
    for (const f of this.puzzle.fixed) used[f.piece >>> 5] |= 1 << (f.piece & 31);
    front.fill(0, 0, cols);
    right.fill(0, 0, R);
    // After the first passes at full width, some passes search only the end of the best board.
    let d0 = 0;
    this.passWidth = this.width;
    const sp = this.o.stallPasses ?? 0;
    const refine = this.refine > 0;
    // A refined top is new: its end is searched where the joins are lost, however long the stall.
    const rows = Math.max(1, this.o.suffixRows ?? 6) * (1 + (sp > 0 && !refine ? Math.floor(this.stall / sp) : 0));
    const lo = Math.max(0, n - rows * cols);
    const suffix = this.o.suffix ?? 0;
    // Without refine the draw is made only where a suffix pass may start, as every seed pin was taken.
    const ready = this.hasBest && this.suffixOk && this.width >= this.top;
    if (ready && (refine ? this.refineLeft > 0 : suffix > 0 && this.rng.next() < suffix)) {
      d0 = lo + this.rng.int(n - lo);
      this.passWidth = suffixWidth(this.width, this.widest, d0, n, this.L.lateStart, this.o);
    }
    this.layer = d0;
    this.passFrom = d0;
    this.history.begin(d0, this.historyRoom(this.passWidth));
    // The kept cells of the base board, their joins counted as a pass counts them.
    const e = this.puzzle.edges;
    let score = 0;
    for (let d = 0; d < d0; d++) {
      const cell = this.L.cellOf[d];
      const col = cell % cols;
      const slot = this.L.slotOf[d];
      const q = this.basePiece[cell];
      const r = this.baseRot[cell];
      const t = e[4 * q + ((0 - r + 4) & 3)];
      const rc = e[4 * q + ((1 - r + 4) & 3)];
      const b = e[4 * q + ((2 - r + 4) & 3)];
      const l = e[4 * q + ((3 - r + 4) & 3)];
      const fixed = this.L.fixedPiece[cell] >= 0;
      const cl = col > 0 && (!fixed || this.L.fixL[d] === 1);
      const ct = cell >= cols && (!fixed || this.L.fixT[d] === 1);
      if (cl && l !== 0 && l === right[slot]) score++;
      if (ct && t !== 0 && t === front[col]) score++;
      if (!fixed) {
        if (rc === this.L.fixR[d]) score++;
        if (b === this.L.fixB[d]) score++;
        used[q >>> 5] |= 1 << (q & 31);
      }
      front[col] = b;
      right[slot] = rc;
    }
    this.score[c][0] = score;
    this.dedupe?.root(c, used, n, front, right, R);
    this.balance?.root(c, used);
    this.exhaust?.root(c);
  }

  /** True when the pass found a new best. */
  private finishPass(): boolean {
    const c = this.cur;
    let bi = 0;
    for (let i = 1; i < this.size; i++) if (this.score[c][i] > this.score[c][bi]) bi = i;
    const s = this.score[c][bi];
    this.lastScore = s;
    this.lastWidth = this.passWidth;
    this.layer = 0;
    this.inPass = false;
    this.pass++;
    this.stall++;
    const better = !this.hasBest || s > this.bestScore;
    const widen = this.o.widen ?? 0;
    if (!better && widen > 0 && this.width >= this.top && this.stall >= widen && this.top < this.maxW) {
      this.top = Math.min(this.maxW, 2 * this.top);
      this.stall = 0;
      this.pool.limit(this.widest);
    }
    // The base is still the one this pass started from: a suffix pass above it made a new board.
    if (this.width >= this.top) this.tally.add(this.passFrom === 0, s, s > this.baseScore);
    // Read before the width grows: the pass that reaches the top width is the first top refined.
    const refined = this.refine > 0 && this.width >= this.top;
    const fullTop = refined && this.passFrom === 0;
    if (refined) this.refineLeft = fullTop ? this.refine : Math.max(0, this.refineLeft - 1);
    this.width = Math.min(this.top, Math.max(this.width + 1, Math.round(this.width * this.o.growth)));
    if (!better && !fullTop && !this.becomesBase(s)) return false;
    if (better) this.stall = 0;
    this.suffixOk = true;
    // Walk the history back from the pass's best final state; the cells before its start are the base's.
    const d0 = this.passFrom;
    let idx = bi;
    for (let d = this.n - 1; d >= d0; d--) {
      const h = this.history.entry(d, idx);
      const cand = (h % this.K) - 1;
      this.baseCand[d] = cand;
      const cell = this.L.cellOf[d];
      if (cand < 0) {
        this.basePiece[cell] = this.L.fixedPiece[cell];
        this.baseRot[cell] = this.L.fixedRot[cell];
      } else {
        const g = this.T.groupOf[cell];
        this.basePiece[cell] = this.T.piece[g][cand];
        this.baseRot[cell] = this.T.rot[g][cand];
      }
      idx = Math.floor(h / this.K);
    }
    const check = scoreBoard(this.puzzle, { piece: this.basePiece, rotation: this.baseRot });
    if (check !== s) throw new Error(`beam search scored a board ${s} that scores ${check}`);
    this.baseScore = s;
    if (better || s === this.bestScore) {
      this.bestPiece.set(this.basePiece);
      this.bestRot.set(this.baseRot);
      this.bestScore = s;
      this.hasBest = true;
    }
    return better;
  }

  /**
   * Whether a pass's board that is not a new best becomes the base of the suffix passes: one as
   * good as the base does (the run drifts along its plateau), and once the best has not risen for
   * `driftAfter` (or else `stallPasses`) passes, one up to `drift` joins below the best (other
   * prefixes for the suffix passes to finish, where the best's has been searched through). Without
   * suffix passes the first best board stays.
   */
  private becomesBase(s: number): boolean {
    if (!((this.o.suffix ?? 0) > 0)) return false;
    if (s >= this.baseScore) return true;
    const after = this.o.driftAfter || this.o.stallPasses || 0;
    return after > 0 && this.stall >= after && s >= this.bestScore - (this.o.drift ?? 0);
  }

  /** Extend every state of the current layer by the cell of layer d and keep the best children. */
  private expand(d: number): void {
    this.lw = layerWidth(this.passWidth, d, this.L.lateStart, this.o);
    const T = this.T;
    const cols = this.cols;
    const cell = this.L.cellOf[d];
    const col = cell % cols;
    const hasL = col > 0;
    const hasT = cell >= cols;
    const c = this.cur;
    const score = this.score[c];
    const used = this.used[c];
    const front = this.front[c];
    // right[i * R + slot]: the right edge of the state's cell left of this one.
    const right = this.right[c];
    const R = this.L.slots;
    const slot = this.L.slotOf[d];
    const words = this.words;
    const pool = this.pool;
    pool.reset(this.lw);
    const fp = this.L.fixedPiece[cell];
    if (fp >= 0) {
      const e = this.puzzle.edges;
      const r = this.L.fixedRot[cell];
      const l = e[4 * fp + ((3 - r + 4) & 3)];
      const t = e[4 * fp + ((0 - r + 4) & 3)];
      const cl = hasL && this.L.fixL[d] === 1;
      const ct = hasT && this.L.fixT[d] === 1;
      for (let i = 0; i < this.size; i++) {
        const g = (cl && l !== 0 && l === right[i * R + slot] ? 1 : 0) + (ct && t !== 0 && t === front[i * cols + col] ? 1 : 0);
        pool.push(i, -1, score[i] + g, this.rankAfter(i, fp, r, d));
      }
      const parents = this.size;
      this.commit(d);
      this.charge(0, parents, 0);
      return;
    }
    const g = T.groupOf[cell];
    if (this.kernel) {
      const evals = this.kernel.expand(
        this.rng,
        g,
        c,
        this.size,
        this.lw,
        pool.room,
        words,
        cols,
        R,
        col,
        slot,
        hasL,
        hasT,
        T.colours,
        this.L.fixR[d],
        this.L.fixB[d],
        this.exhaust?.heaviest ?? 0,
      );
      pool.count = this.kernel.count;
      pool.cut = this.kernel.cut;
      const parents = this.size;
      this.commit(d);
      this.charge(evals, parents, this.kernel.scanned);
      return;
    }
    const gmax = (hasL ? 1 : 0) + (hasT ? 1 : 0);
    const piece = T.piece[g];
    const tl = T.left[g];
    const tt = T.top[g];
    const C = T.colours;
    const fr = this.L.fixR[d];
    const fb = this.L.fixB[d];
    const tr = T.right[g];
    const tb = T.bottom[g];
    // Joins with fixed neighbours further on that a child may close besides its left and top.
    const ex = (fr >= 0 ? 1 : 0) + (fb >= 0 ? 1 : 0);
    let evals = 0;
    let scanned = 0;
    const ord = this.order;
    // With dedupe the layer's own order: its cut keeps `lw` of the children come so far, and best
    // boards first would leave it none of the others to replace the duplicates among them.
    const exact = !this.dedupe && boardOrder(this.size, score, this.exhaust?.tally[c] ?? null, ord, pool.counts);
    // Pass 1: children closing every join. Pass 2: one of two. Pass 3: none.
    for (let n = 0; n < this.size; n++) {
      const i = ord[n];
      if (exact && !pool.reaches(score[i] + gmax + ex, this.highestRank(i))) break;
      const l = hasL ? right[i * R + slot] : 0;
      const t = hasT ? front[i * cols + col] : 0;
      const list = gmax === 2 ? T.byLT[g] : hasL ? T.byL[g] : hasT ? T.byT[g] : null;
      const key = gmax === 2 ? l * C + t : hasL ? l : t;
      const base = i * words;
      if (list) {
        // Grey against grey is no join (odd sets have grey inside the board).
        const gain = (hasL && l !== 0 ? 1 : 0) + (hasT && t !== 0 ? 1 : 0);
        if (!pool.reaches(score[i] + gain + ex, this.highestRank(i))) continue;
        scanned += list.start[key + 1] - list.start[key];
        for (let j = list.start[key]; j < list.start[key + 1]; j++) {
          const k = list.items[j];
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          pool.push(i, k, score[i] + gain + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.rankOf(i, g, k, d));
        }
      } else {
        if (!pool.reaches(score[i] + ex, this.highestRank(i))) continue;
        scanned += piece.length;
        for (let k = 0; k < piece.length; k++) {
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          pool.push(i, k, score[i] + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.rankOf(i, g, k, d));
        }
      }
    }
    if (gmax > 0) {
      if (pool.count > this.lw) pool.prune();
      if (gmax === 2) {
        for (let n = 0; n < this.size; n++) {
          const i = ord[n];
          if (score[i] + 1 + ex < pool.cut || !pool.reaches(score[i] + 1 + ex, this.highestRank(i))) {
            if (exact) break;
            continue;
          }
          const l = right[i * R + slot];
          const t = front[i * cols + col];
          const base = i * words;
          const bl = T.byL[g];
          const bt = T.byT[g];
          scanned += bl.start[l + 1] - bl.start[l] + bt.start[t + 1] - bt.start[t];
          for (let j = bl.start[l]; j < bl.start[l + 1]; j++) {
            const k = bl.items[j];
            if (tt[k] === t) continue;
            const q = piece[k];
            if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
            evals++;
            pool.push(i, k, score[i] + (l !== 0 ? 1 : 0) + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.rankOf(i, g, k, d));
          }
          for (let j = bt.start[t]; j < bt.start[t + 1]; j++) {
            const k = bt.items[j];
            if (tl[k] === l) continue;
            const q = piece[k];
            if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
            evals++;
            pool.push(i, k, score[i] + (t !== 0 ? 1 : 0) + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.rankOf(i, g, k, d));
          }
        }
        if (pool.count > this.lw) pool.prune();
      }
      for (let n = 0; n < this.size; n++) {
        const i = ord[n];
        if (score[i] + ex < pool.cut || !pool.reaches(score[i] + ex, this.highestRank(i))) {
          if (exact) break;
          continue;
        }
        const l = hasL ? right[i * R + slot] : -1;
        const t = hasT ? front[i * cols + col] : -1;
        const base = i * words;
        for (let k = 0; k < piece.length; k++) {
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          // The WebAssembly kernel looks only at unused pieces' candidates: count those.
          scanned++;
          if (tl[k] === l || tt[k] === t) continue;
          evals++;
          pool.push(i, k, score[i] + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.rankOf(i, g, k, d));
        }
      }
    }
    const parents = this.size;
    this.commit(d);
    this.charge(evals, parents, scanned);
  }

  /** A layer's children (evaluations) and its cost (the step budget's units, see `spent`). */
  private charge(evals: number, parents: number, scanned: number): void {
    this.children += evals + parents;
    if (this.children > this.evaluations) this.evaluations = this.children;
    this.spent += this.unitCost * (evals + parents + 2 * this.size + (scanned >>> 3));
  }

  /** The highest rank a child of state i of the layer under way can have. */
  private highestRank(i: number): number {
    if (this.exhaust) return this.exhaust.highest(this.cur, i);
    return this.balance ? 1023 : 0;
  }

  /** A child's place among children with equal joins, before the random tie-break (`balance` or `exhaust`; 0 without). */
  private rankOf(i: number, g: number, k: number, d: number): number {
    if (!this.balance && !this.exhaust) return 0;
    return this.rankAfter(i, this.T.piece[g][k], this.T.rot[g][k], d);
  }

  private rankAfter(i: number, q: number, r: number, d: number): number {
    if (this.exhaust) return this.exhaust.after(this.cur, i, q);
    if (!this.balance) return 0;
    return this.balance.after(this.cur, i, q, r, d, this.front[this.cur], this.right[this.cur]);
  }

  /**
   * Make the best children the next layer (and record how each was made). With `dedupe`, the
   * best of a pool half again as wide are taken best first, one of each set of equal partial
   * boards (same pieces used, same open edges), until `width` are kept.
   */
  private commit(d: number): void {
    const dedupe = this.dedupe;
    const pool = Math.min(this.pool.count, dedupe ? Math.ceil(this.lw * 1.5) : this.lw);
    if (this.kernel) {
      this.kernelCommit(this.kernel, d, pool);
      return;
    }
    if (this.pool.count > pool) this.pool.select(pool);
    dedupe?.begin(this.pool.key, pool);
    const T = this.T;
    const from = this.cur;
    const to = 1 - from;
    const cols = this.cols;
    const words = this.words;
    const cell = this.L.cellOf[d];
    const col = cell % cols;
    const R = this.L.slots;
    const slot = this.L.slotOf[d];
    const h = this.history.open(d, this.lw);
    const history = this.history.words;
    const g = T.groupOf[cell];
    const e = this.puzzle.edges;
    const usedFrom = this.used[from];
    const usedTo = this.used[to];
    const frontFrom = this.front[from];
    const frontTo = this.front[to];
    const rightFrom = this.right[from];
    const rightTo = this.right[to];
    let m = 0;
    for (let o = 0; o < pool && m < this.lw; o++) {
      const j = dedupe ? dedupe.nth(o, pool) : o;
      const i = this.pool.parent[j];
      const k = this.pool.cand[j];
      const q = k < 0 ? this.L.fixedPiece[cell] : T.piece[g][k];
      const r = k < 0 ? this.L.fixedRot[cell] : T.rot[g][k];
      const bottom = k < 0 ? e[4 * q + ((2 - r + 4) & 3)] : T.bottom[g][k];
      const right = k < 0 ? e[4 * q + ((1 - r + 4) & 3)] : T.right[g][k];
      if (dedupe && !dedupe.admit(from, i, m, k < 0 ? -1 : q, col, slot, frontFrom[i * cols + col], bottom, rightFrom[i * R + slot], right)) continue;
      this.score[to][m] = this.pool.score[j];
      // Plain loops: a subarray per copy would allocate for every state kept.
      for (let w = 0; w < words; w++) usedTo[m * words + w] = usedFrom[i * words + w];
      for (let x = 0; x < cols; x++) frontTo[m * cols + x] = frontFrom[i * cols + x];
      if (k >= 0) usedTo[m * words + (q >>> 5)] |= 1 << (q & 31);
      frontTo[m * cols + col] = bottom;
      for (let s = 0; s < R; s++) rightTo[m * R + s] = rightFrom[i * R + s];
      rightTo[m * R + slot] = right;
      this.balance?.copy(from, i, m, k >= 0 ? q : -1);
      this.exhaust?.copy(from, i, m, k >= 0 ? q : -1);
      history[h + m] = i * this.K + k + 1;
      m++;
    }
    this.history.close(d, m);
    this.size = m;
    this.cur = to;
  }

  /** commit in WebAssembly (no dedupe, no balance): the `n` best children become the next layer. */
  private kernelCommit(kernel: ExpandKernel, d: number, n: number): void {
    const cell = this.L.cellOf[d];
    const q = this.L.fixedPiece[cell];
    const r = this.L.fixedRot[cell];
    const e = this.puzzle.edges;
    const bottom = q >= 0 ? e[4 * q + ((2 - r + 4) & 3)] : 0;
    const right = q >= 0 ? e[4 * q + ((1 - r + 4) & 3)] : 0;
    kernel.commit(this.cur, n, this.pool.count, this.words, this.cols, this.L.slots, cell % this.cols, this.L.slotOf[d], bottom, right);
    // The pool's first n are the kept children in order.
    const h = this.history.open(d, n);
    const parent = this.pool.parent;
    const cand = this.pool.cand;
    const K = this.K;
    const history = this.history.words;
    for (let m = 0; m < n; m++) history[h + m] = parent[m] * K + cand[m] + 1;
    this.history.close(d, n);
    this.size = n;
    this.cur = 1 - this.cur;
  }

  bestSolution(): EdgeSolutionJson {
    if (!this.hasBest) return solutionToJson({ piece: new Int16Array(this.n).fill(-1), rotation: new Uint8Array(this.n) });
    return solutionToJson({ piece: this.bestPiece, rotation: this.bestRot });
  }

  /** The best full board so far (null before the first pass ends). */
  bestBoard(): { piece: Int16Array; rotation: Uint8Array } | null {
    return this.hasBest ? { piece: this.bestPiece, rotation: this.bestRot } : null;
  }

  checkpoint(): BeamCheckpoint {
    // A pass is short; a resume starts the pass under way again from its own random state.
    return {
      rng: this.inPass ? this.passRng : this.rng.getState(),
      evaluations: this.evaluations,
      passStart: this.inPass ? this.passStart : this.children,
      pass: this.pass,
      width: this.width,
      ...(this.top !== this.firstTop ? { top: this.top } : {}),
      bestScore: this.bestScore,
      stall: this.stall,
      ...(this.refineLeft > 0 ? { refineLeft: this.refineLeft } : {}),
      lastScore: this.lastScore,
      lastWidth: this.lastWidth,
      best: this.hasBest ? boardToJson(this.bestPiece, this.bestRot) : null,
      // Written only when it is not the best, so runs without drift keep their checkpoints.
      ...(this.hasBest && this.baseScore < this.bestScore ? { base: boardToJson(this.basePiece, this.baseRot) } : {}),
      tally: this.tally.json(),
    };
  }

  static restore(puzzle: EdgePuzzle, o: BeamOptions, s: BeamCheckpoint): BeamRun {
    const run = new BeamRun(puzzle, o, new Rng(s.rng));
    run.evaluations = s.evaluations;
    run.children = s.passStart ?? s.evaluations;
    run.pass = s.pass;
    run.top = Math.max(run.firstTop, Math.min(s.top ?? run.firstTop, run.maxW));
    run.width = Math.max(1, Math.min(s.width, run.top));
    run.pool.limit(run.widest);
    run.stall = s.stall;
    run.refineLeft = s.refineLeft ?? 0;
    run.lastScore = s.lastScore;
    run.lastWidth = s.lastWidth;
    run.tally = PassTally.from(s.tally, s.pass);
    if (s.best) {
      run.board.checkBoard(s.best, 'best', true);
      run.bestPiece.set(s.best.piece);
      run.bestRot.set(s.best.rotation);
      run.bestScore = scoreBoard(puzzle, { piece: run.bestPiece, rotation: run.bestRot });
      run.hasBest = true;
      if (s.base) run.board.checkBoard(s.base, 'base', true);
      run.basePiece.set(s.base?.piece ?? run.bestPiece);
      run.baseRot.set(s.base?.rotation ?? run.bestRot);
      run.baseScore = s.base ? scoreBoard(puzzle, { piece: run.basePiece, rotation: run.baseRot }) : run.bestScore;
      run.suffixOk = boardCandidates(run.T, run.L, puzzle, run.basePiece, run.baseRot, run.baseCand);
    }
    return run;
  }
}
