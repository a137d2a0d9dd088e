import type { SolverRun } from '../../../engine/solver';
import { Rng, type RngState } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../json';
import { isRotatable, pieceCount, type EdgePuzzle } from '../model';
import { scoreBoard } from '../score';
import { VnsBoard, type BoardJson, boardToJson } from '../vns/board';
import { ScanTables } from './tables';

export interface BeamOptions {
  width: number;
  maxWidth: number;
  growth: number;
  /** Rank equal partial boards by how well the colours left can still close the open edges. */
  balance: boolean;
  /** Keep one of partial boards with the same pieces left and the same open edges. */
  dedupe?: boolean;
  /**
   * Bottom rows filled column by column (0 = every row left to right). The last rows are where
   * the colours run out; filled as a band, each column's frame piece is chosen with the cells
   * above it instead of after a whole row that may have left no bottom piece to fit. -1: a
   * third of the rows.
   */
  band?: number;
  /**
   * Width above the last `lateRows` rows, as a share of the pass's width (1 = the same). Every
   * join is lost in the bottom rows; above them the kept boards all match everywhere, so a
   * narrower top buys a wider bottom at the same cost.
   */
  early?: number;
  lateRows?: number;
  /**
   * Share of the passes at full width that search again only the end of the best board: its
   * first cells (in scan order) kept, a start drawn in the last `suffixRows` rows, and the rest
   * searched with a width raised so the pass costs about a full one (at most `wide` x maxWidth).
   * A board as good as the best replaces it, so the run drifts along its plateau.
   */
  suffix?: number;
  suffixRows?: number;
  wide?: number;
  /**
   * After this many passes without a new best, suffix passes start up to `suffixRows` rows
   * higher, and higher again after as many more (back to `suffixRows` on a new best): a run
   * that has stalled searches larger ends of its best board. 0 = never.
   */
  stallPasses?: number;
  /** Memory bound in MB for the run's buffers: widths are cut to fit (0 = none). */
  memory?: number;
}

/**
 * Bytes a beam run's buffers take per unit of width (its partial boards in two layers, their
 * history at every cell, the children of a layer, the duplicate tables).
 */
export function beamBytesPerWidth(puzzle: EdgePuzzle, o: Pick<BeamOptions, 'balance' | 'dedupe' | 'band'>): number {
  const n = puzzle.rows * puzzle.cols;
  let colours = 0;
  for (const e of puzzle.edges) if (e + 1 > colours) colours = e + 1;
  const band = o.band === undefined ? 0 : o.band < 0 ? Math.round(puzzle.rows / 3) : Math.min(o.band, puzzle.rows);
  const words = (n + 31) >>> 5;
  const layers = 2 * (4 + 4 * words + 2 * puzzle.cols + 2 * Math.max(1, band) + (o.balance ? colours : 0) + (o.dedupe ? 8 : 0));
  return layers + 8 * n + 4 * 20 + (o.dedupe ? 4 * 8 + 8 * 12 : 0);
}

/** The widest pass a run of these options holds: maxWidth (times `wide` with suffix passes), within its memory bound. */
export function beamWidths(puzzle: EdgePuzzle, o: BeamOptions): { maxWidth: number; buffer: number; bytes: number } {
  const per = beamBytesPerWidth(puzzle, o);
  const cap = o.memory && o.memory > 0 ? Math.max(1, Math.floor((o.memory * 1048576) / per)) : Infinity;
  const maxWidth = Math.max(1, Math.min(o.maxWidth, cap));
  const buffer = Math.max(1, Math.min(maxWidth * ((o.suffix ?? 0) > 0 ? Math.max(1, Math.floor(o.wide ?? 1)) : 1), cap));
  return { maxWidth, buffer, bytes: buffer * per };
}

/**
 * The band `-1` stands for: a third of the rows. On 16x16 sets bands of 4 to 6 rows gave 1 to 2
 * joins more a pass than plain row order; on 6x6 boards wide bands made exact solutions rarer.
 */
export const DEFAULT_BAND = -1;

interface BeamState {
  rng: RngState;
  evaluations: number;
  pass: number;
  width: number;
  /** The best board's candidate per layer is rebuilt from `best`. */
  bestScore: number;
  /** Passes since the best last rose (older checkpoints: 0). */
  stall?: number;
  lastScore: number;
  lastWidth: number;
  best: BoardJson | null;
}

/**
 * Beam search in scan order over partial boards: at each cell every kept board is extended by
 * the unused pieces that fit there, and the `width` best children are kept, ranked by matched
 * joins and then by how well the remaining pieces' colours balance the open edges (equal ones at
 * random). Children that close fewer joins are only generated while they could still make the
 * cut, so a pass costs little more than the children kept. Passes repeat with the width growing
 * to `maxWidth`, then at that width with fresh tie-breaks. The best full board is the result.
 */
export class BeamRun implements SolverRun {
  /**
   * Children generated in finished passes. A resume repeats the pass under way from its own
   * random state, so work inside a pass shows only when the pass ends: a resumed run counts
   * exactly what an uninterrupted one does.
   */
  evaluations = 0;
  /** Children generated, the pass under way included (the step budget). */
  private work = 0;
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
  /** The best board's cells are known as candidates (false after a checkpoint whose board the tables cannot place). */
  private suffixOk = true;
  /** Width of the pass under way (wider than `width` on a suffix pass). */
  private passWidth = 1;
  /** Widest pass the buffers hold. */
  private readonly W: number;
  /** Widest pass of the width schedule (maxWidth within the memory bound). */
  private readonly maxW: number;
  /** Passes since the best last rose. */
  private stall = 0;
  private width: number;
  /** Width at the layer under way. */
  private lw = 1;
  /** First layer of the late rows. */
  private readonly lateStart: number;
  private passRng: RngState;
  private readonly n: number;
  private readonly cols: number;
  private readonly words: number;
  private readonly T: ScanTables;
  /** Cell filled at each layer, and the slot of `right` that holds its left neighbour's right edge. */
  private readonly cellOf: Int32Array;
  private readonly slotOf: Int32Array;
  /** Right edges kept per state: one per band row (1 without a band). */
  private readonly slots: number;
  private readonly fixedPiece: Int16Array;
  private readonly fixedRot: Uint8Array;
  /**
   * Per layer: the colour a fixed right / bottom neighbour shows this cell (-1: none). Those cells
   * come later in the scan, but the join is counted when this cell is placed, so the beam sees a
   * pinned piece's constraint before it gets there instead of one row late.
   */
  private readonly fixR: Int32Array;
  private readonly fixB: Int32Array;
  /** Per layer of a fixed cell: 1 when its left / top neighbour is fixed too (else that join was counted already). */
  private readonly fixL: Uint8Array;
  private readonly fixT: Uint8Array;
  private readonly bestPiece: Int16Array;
  private readonly bestRot: Uint8Array;
  /** The best board's candidate index per layer (-1 on a fixed cell). */
  private readonly bestCand: Int32Array;
  private readonly board: VnsBoard;
  private hasBest = false;
  // Two layers of states (current and next), flipped after each cell.
  private size = 0;
  private score: Int32Array[];
  private used: Uint32Array[];
  private front: Uint16Array[];
  private right: Uint16Array[];
  /** Colours left on unused pieces, per state (only with `balance`). */
  private left: Uint8Array[];
  private cur = 0;
  // History: how each state of each layer was made (its parent and candidate), for the board.
  private readonly hParent: Int32Array;
  private readonly hCand: Int32Array;
  // Children considered for the next layer.
  private readonly cap: number;
  private readonly cParent: Int32Array;
  private readonly cCand: Int32Array;
  private readonly cScore: Int32Array;
  private readonly cKey: Float64Array;
  private count = 0;
  private cut = -Infinity;
  /** Non-grey half-edges of each colour on each piece (for the balance estimate). */
  private readonly colourCount: Uint8Array;
  // Duplicate detection: Zobrist hashes of each state's used pieces and open edges.
  private hashU: Int32Array[] = [];
  private hashF: Int32Array[] = [];
  private readonly zPiece: Int32Array;
  private readonly zFront: Int32Array;
  private readonly zRight: Int32Array;
  private readonly order: Float64Array;
  private readonly seenU: Int32Array;
  private readonly seenF: Int32Array;
  private readonly seenStamp: Int32Array;
  private seenMark = 0;

  constructor(
    private readonly puzzle: EdgePuzzle,
    private readonly o: BeamOptions,
    private readonly rng: Rng,
  ) {
    const n = (this.n = puzzle.rows * puzzle.cols);
    if (pieceCount(puzzle) !== n)
      throw new Error(`beam search needs one piece per cell: ${pieceCount(puzzle)} pieces for a ${puzzle.rows}x${puzzle.cols} board`);
    this.cols = puzzle.cols;
    this.words = (n + 31) >>> 5;
    this.board = new VnsBoard(puzzle);
    const free = new Uint8Array(n).fill(1);
    this.fixedPiece = new Int16Array(n).fill(-1);
    this.fixedRot = new Uint8Array(n);
    for (const f of puzzle.fixed) {
      free[f.piece] = 0;
      this.fixedPiece[f.row * puzzle.cols + f.col] = f.piece;
      this.fixedRot[f.row * puzzle.cols + f.col] = f.rotation & 3;
    }
    this.T = new ScanTables(puzzle, free, isRotatable(puzzle), this.board.standardFrame);
    const band = Math.max(0, Math.min(puzzle.rows, o.band === undefined ? 0 : o.band < 0 ? Math.round(puzzle.rows / 3) : o.band));
    this.slots = Math.max(1, band);
    this.cellOf = new Int32Array(n);
    this.slotOf = new Int32Array(n);
    const b0 = puzzle.rows - band;
    for (let d = 0; d < b0 * this.cols; d++) this.cellOf[d] = d;
    for (let c = 0, d = b0 * this.cols; c < this.cols; c++)
      for (let r = b0; r < puzzle.rows; r++, d++) {
        this.cellOf[d] = r * this.cols + c;
        this.slotOf[d] = r - b0;
      }
    this.fixR = new Int32Array(n).fill(-1);
    this.fixB = new Int32Array(n).fill(-1);
    this.fixL = new Uint8Array(n);
    this.fixT = new Uint8Array(n);
    const fixedEdge = (cell: number, side: number): number => {
      const q = this.fixedPiece[cell];
      return puzzle.edges[4 * q + ((side - this.fixedRot[cell] + 4) & 3)];
    };
    for (let d = 0; d < n; d++) {
      const cell = this.cellOf[d];
      const col = cell % this.cols;
      if (this.fixedPiece[cell] >= 0) {
        this.fixL[d] = col > 0 && this.fixedPiece[cell - 1] >= 0 ? 1 : 0;
        this.fixT[d] = cell >= this.cols && this.fixedPiece[cell - this.cols] >= 0 ? 1 : 0;
        continue;
      }
      // Grey faces close no join.
      if (col + 1 < this.cols && this.fixedPiece[cell + 1] >= 0) this.fixR[d] = fixedEdge(cell + 1, 3) || -1;
      if (cell + this.cols < n && this.fixedPiece[cell + this.cols] >= 0) this.fixB[d] = fixedEdge(cell + this.cols, 0) || -1;
    }
    const late = Math.max(0, Math.min(puzzle.rows, o.lateRows ?? puzzle.rows));
    // The band's cells are all late (it starts at or below the late rows' first row when late >= band).
    this.lateStart = Math.min(n, (puzzle.rows - Math.max(late, band)) * this.cols);
    const widths = beamWidths(puzzle, o);
    this.maxW = widths.maxWidth;
    const W = (this.W = widths.buffer);
    this.width = Math.max(1, Math.min(o.width, this.maxW));
    const mk = <A>(f: () => A): A[] => [f(), f()];
    this.score = mk(() => new Int32Array(W));
    this.used = mk(() => new Uint32Array(W * this.words));
    this.front = mk(() => new Uint16Array(W * this.cols));
    this.right = mk(() => new Uint16Array(W * this.slots));
    const C = this.T.colours;
    this.left = o.balance ? mk(() => new Uint8Array(W * C)) : [new Uint8Array(0), new Uint8Array(0)];
    this.hParent = new Int32Array(n * W);
    this.hCand = new Int32Array(n * W);
    this.cap = 4 * W + 1024;
    this.cParent = new Int32Array(this.cap);
    this.cCand = new Int32Array(this.cap);
    this.cScore = new Int32Array(this.cap);
    this.cKey = new Float64Array(this.cap);
    this.colourCount = new Uint8Array(n * C);
    for (let q = 0; q < n; q++) for (let s = 0; s < 4; s++) if (puzzle.edges[4 * q + s] !== 0) this.colourCount[q * C + puzzle.edges[4 * q + s]]++;
    this.bestPiece = new Int16Array(n);
    this.bestRot = new Uint8Array(n);
    this.bestCand = new Int32Array(n);
    this.passRng = rng.getState();
    const dd = !!o.dedupe;
    // A fixed stream: the hashes are bookkeeping, not part of the run's randomness.
    const z = new Rng(0x5eed);
    const rand = (len: number): Int32Array => Int32Array.from({ length: dd ? len : 0 }, () => z.u32() | 0);
    this.zPiece = rand(n);
    this.zFront = rand(this.cols * C);
    this.zRight = rand(this.slots * C);
    if (dd) {
      this.hashU = mk(() => new Int32Array(W));
      this.hashF = mk(() => new Int32Array(W));
    }
    let t = 1;
    while (t < 4 * W) t <<= 1;
    this.order = new Float64Array(dd ? this.cap : 0);
    this.seenU = new Int32Array(dd ? t : 0);
    this.seenF = new Int32Array(dd ? t : 0);
    this.seenStamp = new Int32Array(dd ? t : 0);
  }

  get currentScore(): number {
    return this.lastScore;
  }

  get iteration(): number {
    return this.pass;
  }

  /** Width of the pass under way. */
  get beamWidth(): number {
    return this.width;
  }

  step(budget: number): void {
    const end = this.work + budget;
    while (this.work < end) {
      if (!this.inPass) this.startPass();
      this.expand(this.layer);
      this.layer++;
      if (this.layer === this.n && this.finishPass()) return;
    }
  }

  private startPass(): void {
    this.passRng = this.rng.getState();
    this.inPass = true;
    const n = this.n;
    const cols = this.cols;
    const c = this.cur;
    const C = this.T.colours;
    const R = this.slots;
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
    const rows = Math.max(1, this.o.suffixRows ?? 6) * (1 + (sp > 0 ? Math.floor(this.stall / sp) : 0));
    const lo = Math.max(0, n - rows * cols);
    if (this.hasBest && this.suffixOk && this.width >= this.maxW && (this.o.suffix ?? 0) > 0 && this.rng.next() < (this.o.suffix ?? 0)) {
      d0 = lo + this.rng.int(n - lo);
      this.passWidth = Math.min(this.W, Math.round((this.width * n) / (n - d0)));
    }
    this.layer = d0;
    // The kept cells of the best board, their joins counted as a pass counts them.
    const e = this.puzzle.edges;
    const W = this.W;
    let score = 0;
    for (let d = 0; d < d0; d++) {
      const cell = this.cellOf[d];
      const col = cell % cols;
      const slot = this.slotOf[d];
      const q = this.bestPiece[cell];
      const r = this.bestRot[cell];
      const t = e[4 * q + ((0 - r + 4) & 3)];
      const rc = e[4 * q + ((1 - r + 4) & 3)];
      const b = e[4 * q + ((2 - r + 4) & 3)];
      const l = e[4 * q + ((3 - r + 4) & 3)];
      const fixed = this.fixedPiece[cell] >= 0;
      const cl = col > 0 && (!fixed || this.fixL[d] === 1);
      const ct = cell >= cols && (!fixed || this.fixT[d] === 1);
      if (cl && l !== 0 && l === right[slot]) score++;
      if (ct && t !== 0 && t === front[col]) score++;
      if (!fixed) {
        if (rc === this.fixR[d]) score++;
        if (b === this.fixB[d]) score++;
        used[q >>> 5] |= 1 << (q & 31);
      }
      front[col] = b;
      right[slot] = rc;
      this.hParent[d * W] = 0;
      this.hCand[d * W] = this.bestCand[d];
    }
    this.score[c][0] = score;
    if (this.o.dedupe) {
      let hu = 0;
      for (let q = 0; q < n; q++) if ((used[q >>> 5] >>> (q & 31)) & 1) hu ^= this.zPiece[q];
      let hf = 0;
      for (let s = 0; s < R; s++) hf ^= this.zRight[s * C + right[s]];
      for (let x = 0; x < cols; x++) hf ^= this.zFront[x * C + front[x]];
      this.hashU[c][0] = hu;
      this.hashF[c][0] = hf;
    }
    if (this.o.balance) {
      const L = this.left[c];
      L.fill(0, 0, C);
      for (let q = 0; q < n; q++) if (!((used[q >>> 5] >>> (q & 31)) & 1)) for (let k = 1; k < C; k++) L[k] += this.colourCount[q * C + k];
    }
  }

  /** True when the pass found a new best. */
  private finishPass(): boolean {
    const c = this.cur;
    let bi = 0;
    for (let i = 1; i < this.size; i++) if (this.score[c][i] > this.score[c][bi]) bi = i;
    const s = this.score[c][bi];
    this.evaluations = this.work;
    this.lastScore = s;
    this.lastWidth = this.passWidth;
    this.layer = 0;
    this.inPass = false;
    this.pass++;
    this.width = Math.min(this.maxW, Math.max(this.width + 1, Math.round(this.width * this.o.growth)));
    this.stall++;
    // An equal board replaces the best only where suffix passes search from it (they drift along the plateau).
    if (this.hasBest && (s < this.bestScore || (s === this.bestScore && !((this.o.suffix ?? 0) > 0)))) return false;
    const better = !this.hasBest || s > this.bestScore;
    if (better) this.stall = 0;
    this.suffixOk = true;
    // Walk the history back from the best final state.
    const W = this.W;
    let idx = bi;
    for (let d = this.n - 1; d >= 0; d--) {
      const cand = this.hCand[d * W + idx];
      this.bestCand[d] = cand;
      const cell = this.cellOf[d];
      if (cand < 0) {
        this.bestPiece[cell] = this.fixedPiece[cell];
        this.bestRot[cell] = this.fixedRot[cell];
      } else {
        const g = this.T.groupOf[cell];
        this.bestPiece[cell] = this.T.piece[g][cand];
        this.bestRot[cell] = this.T.rot[g][cand];
      }
      idx = this.hParent[d * W + idx];
    }
    const check = scoreBoard(this.puzzle, { piece: this.bestPiece, rotation: this.bestRot });
    if (check !== s) throw new Error(`beam search scored a board ${s} that scores ${check}`);
    this.bestScore = s;
    this.hasBest = true;
    return better;
  }

  private push(parent: number, cand: number, score: number, balance: number): void {
    if (score < this.cut) return;
    if (this.count === this.cap) this.prune();
    if (score < this.cut) return;
    const k = this.count++;
    this.cParent[k] = parent;
    this.cCand[k] = cand;
    this.cScore[k] = score;
    // Matched joins first, then the balance estimate, then a random tie-break.
    this.cKey[k] = score * 1048576 + balance * 1024 + (this.rng.u32() & 1023);
  }

  /** Keep the `width` best children (by key); later children must reach the weakest kept score. */
  private prune(): void {
    const w = this.lw;
    if (this.count <= w) return;
    this.select(w);
    this.count = w;
    let lo = Infinity;
    for (let i = 0; i < w; i++) if (this.cScore[i] < lo) lo = this.cScore[i];
    this.cut = lo;
  }

  /** Partition the children so the `k` largest keys come first (quickselect). */
  private select(k: number): void {
    let lo = 0;
    let hi = this.count - 1;
    const key = this.cKey;
    while (lo < hi) {
      const pivot = key[(lo + hi) >>> 1];
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (key[i] > pivot) i++;
        while (key[j] < pivot) j--;
        if (i <= j) {
          this.swap(i, j);
          i++;
          j--;
        }
      }
      if (k - 1 <= j) hi = j;
      else if (k - 1 >= i) lo = i;
      else break;
    }
  }

  private swap(i: number, j: number): void {
    let t = this.cParent[i];
    this.cParent[i] = this.cParent[j];
    this.cParent[j] = t;
    t = this.cCand[i];
    this.cCand[i] = this.cCand[j];
    this.cCand[j] = t;
    t = this.cScore[i];
    this.cScore[i] = this.cScore[j];
    this.cScore[j] = t;
    const x = this.cKey[i];
    this.cKey[i] = this.cKey[j];
    this.cKey[j] = x;
  }

  /** Extend every state of the current layer by the cell of layer d and keep the best children. */
  private expand(d: number): void {
    this.lw = d < this.lateStart ? Math.max(1, Math.round(this.passWidth * (this.o.early ?? 1))) : this.passWidth;
    const T = this.T;
    const cols = this.cols;
    const cell = this.cellOf[d];
    const col = cell % cols;
    const hasL = col > 0;
    const hasT = cell >= cols;
    const c = this.cur;
    const score = this.score[c];
    const used = this.used[c];
    const front = this.front[c];
    // right[i * R + slot]: the right edge of the state's cell left of this one.
    const right = this.right[c];
    const R = this.slots;
    const slot = this.slotOf[d];
    const words = this.words;
    this.count = 0;
    this.cut = -Infinity;
    const fp = this.fixedPiece[cell];
    if (fp >= 0) {
      const e = this.puzzle.edges;
      const r = this.fixedRot[cell];
      const l = e[4 * fp + ((3 - r + 4) & 3)];
      const t = e[4 * fp + ((0 - r + 4) & 3)];
      const cl = hasL && this.fixL[d] === 1;
      const ct = hasT && this.fixT[d] === 1;
      for (let i = 0; i < this.size; i++) {
        const g = (cl && l !== 0 && l === right[i * R + slot] ? 1 : 0) + (ct && t !== 0 && t === front[i * cols + col] ? 1 : 0);
        this.push(i, -1, score[i] + g, this.balanceAfter(i, fp, r, d));
      }
      this.work += this.size;
      this.commit(d);
      return;
    }
    const g = T.groupOf[cell];
    const gmax = (hasL ? 1 : 0) + (hasT ? 1 : 0);
    const piece = T.piece[g];
    const tl = T.left[g];
    const tt = T.top[g];
    const C = T.colours;
    const fr = this.fixR[d];
    const fb = this.fixB[d];
    const tr = T.right[g];
    const tb = T.bottom[g];
    // Joins with fixed neighbours further on that a child may close besides its left and top.
    const ex = (fr >= 0 ? 1 : 0) + (fb >= 0 ? 1 : 0);
    let evals = 0;
    // Pass 1: children closing every join. Pass 2: one of two. Pass 3: none.
    for (let i = 0; i < this.size; i++) {
      const l = hasL ? right[i * R + slot] : 0;
      const t = hasT ? front[i * cols + col] : 0;
      const list = gmax === 2 ? T.byLT[g] : hasL ? T.byL[g] : hasT ? T.byT[g] : null;
      const key = gmax === 2 ? l * C + t : hasL ? l : t;
      const base = i * words;
      if (list) {
        // Grey against grey is no join (odd sets have grey inside the board).
        const gain = (hasL && l !== 0 ? 1 : 0) + (hasT && t !== 0 ? 1 : 0);
        for (let j = list.start[key]; j < list.start[key + 1]; j++) {
          const k = list.items[j];
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          this.push(i, k, score[i] + gain + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf(i, g, k, d));
        }
      } else {
        for (let k = 0; k < piece.length; k++) {
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          this.push(i, k, score[i] + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf(i, g, k, d));
        }
      }
    }
    if (gmax > 0) {
      if (this.count > this.lw) this.prune();
      if (gmax === 2) {
        for (let i = 0; i < this.size; i++) {
          if (score[i] + 1 + ex < this.cut) continue;
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
            this.push(i, k, score[i] + (l !== 0 ? 1 : 0) + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf(i, g, k, d));
          }
          const bt = T.byT[g];
          for (let j = bt.start[t]; j < bt.start[t + 1]; j++) {
            const k = bt.items[j];
            if (tl[k] === l) continue;
            const q = piece[k];
            if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
            evals++;
            this.push(i, k, score[i] + (t !== 0 ? 1 : 0) + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf(i, g, k, d));
          }
        }
        if (this.count > this.lw) this.prune();
      }
      for (let i = 0; i < this.size; i++) {
        if (score[i] + ex < this.cut) continue;
        const l = hasL ? right[i * R + slot] : -1;
        const t = hasT ? front[i * cols + col] : -1;
        const base = i * words;
        for (let k = 0; k < piece.length; k++) {
          if (tl[k] === l || tt[k] === t) continue;
          const q = piece[k];
          if ((used[base + (q >>> 5)] >>> (q & 31)) & 1) continue;
          evals++;
          this.push(i, k, score[i] + (ex && (tr[k] === fr ? 1 : 0) + (tb[k] === fb ? 1 : 0)), this.balanceOf(i, g, k, d));
        }
      }
    }
    this.work += evals + this.size;
    this.commit(d);
  }

  private balanceOf(i: number, g: number, k: number, d: number): number {
    if (!this.o.balance) return 0;
    return this.balanceAfter(i, this.T.piece[g][k], this.T.rot[g][k], d);
  }

  /**
   * How well the pieces left after putting q (turned r) on cell d can close the open edges:
   * minus the open edges whose colour has run out, on a 0..1023 scale.
   */
  private balanceAfter(i: number, q: number, r: number, d: number): number {
    if (!this.o.balance) return 0;
    const C = this.T.colours;
    const L = this.left[this.cur];
    const cols = this.cols;
    const front = this.front[this.cur];
    const e = this.puzzle.edges;
    const cell = this.cellOf[d];
    const col = cell % cols;
    const base = i * C;
    // Open edges after the placement: the front with column col replaced by q's bottom, q's right,
    // and the right edges kept for the other band rows.
    const bottom = cell + cols < this.n ? e[4 * q + ((2 - r + 4) & 3)] : 0;
    const rightC = col + 1 < cols ? e[4 * q + ((1 - r + 4) & 3)] : 0;
    const R = this.slots;
    const slot = this.slotOf[d];
    const rights = this.right[this.cur];
    let short = 0;
    for (let c = 0; c < cols + R; c++) {
      const x = c < cols ? (c === col ? bottom : front[i * cols + c]) : c - cols === slot ? rightC : rights[i * R + c - cols];
      if (x !== 0 && L[base + x] - this.colourCount[q * C + x] <= 0) short++;
    }
    return Math.max(0, 1023 - short * 64);
  }

  /**
   * Make the best children the next layer (and record how each was made). With `dedupe`, the
   * best of a pool half again as wide are taken best first, one of each set of equal partial
   * boards (same pieces used, same open edges), until `width` are kept.
   */
  private commit(d: number): void {
    const dedupe = !!this.o.dedupe;
    const pool = Math.min(this.count, dedupe ? Math.ceil(this.lw * 1.5) : this.lw);
    if (this.count > pool) this.select(pool);
    const order = this.order;
    if (dedupe) {
      // Key and index in one float: keys < 2^30, indices < 2^23.
      for (let j = 0; j < pool; j++) order[j] = this.cKey[j] * 8388608 + j;
      order.subarray(0, pool).sort();
    }
    const T = this.T;
    const from = this.cur;
    const to = 1 - from;
    const cols = this.cols;
    const words = this.words;
    const cell = this.cellOf[d];
    const col = cell % cols;
    const R = this.slots;
    const slot = this.slotOf[d];
    const W = this.W;
    const g = T.groupOf[cell];
    const e = this.puzzle.edges;
    const C = T.colours;
    const mask = this.seenStamp.length - 1;
    const mark = ++this.seenMark;
    const usedFrom = this.used[from];
    const usedTo = this.used[to];
    const frontFrom = this.front[from];
    const frontTo = this.front[to];
    const rightFrom = this.right[from];
    const rightTo = this.right[to];
    let m = 0;
    for (let o = 0; o < pool && m < this.lw; o++) {
      const j = dedupe ? order[pool - 1 - o] % 8388608 : o;
      const i = this.cParent[j];
      const k = this.cCand[j];
      const q = k < 0 ? this.fixedPiece[cell] : T.piece[g][k];
      const r = k < 0 ? this.fixedRot[cell] : T.rot[g][k];
      const bottom = k < 0 ? e[4 * q + ((2 - r + 4) & 3)] : T.bottom[g][k];
      const right = k < 0 ? e[4 * q + ((1 - r + 4) & 3)] : T.right[g][k];
      if (dedupe) {
        const hu = this.hashU[from][i] ^ (k < 0 ? 0 : this.zPiece[q]);
        const hf =
          this.hashF[from][i] ^
          this.zFront[col * C + frontFrom[i * cols + col]] ^
          this.zFront[col * C + bottom] ^
          this.zRight[slot * C + this.right[from][i * R + slot]] ^
          this.zRight[slot * C + right];
        let h = (Math.imul(hu, 0x9e3779b1) ^ hf) & mask;
        let dup = false;
        while (this.seenStamp[h] === mark) {
          if (this.seenU[h] === hu && this.seenF[h] === hf) {
            dup = true;
            break;
          }
          h = (h + 1) & mask;
        }
        if (dup) continue;
        this.seenStamp[h] = mark;
        this.seenU[h] = hu;
        this.seenF[h] = hf;
        this.hashU[to][m] = hu;
        this.hashF[to][m] = hf;
      }
      this.score[to][m] = this.cScore[j];
      // Plain loops: a subarray per copy would allocate for every state kept.
      for (let w = 0; w < words; w++) usedTo[m * words + w] = usedFrom[i * words + w];
      for (let x = 0; x < cols; x++) frontTo[m * cols + x] = frontFrom[i * cols + x];
      if (k >= 0) usedTo[m * words + (q >>> 5)] |= 1 << (q & 31);
      frontTo[m * cols + col] = bottom;
      for (let s = 0; s < R; s++) rightTo[m * R + s] = rightFrom[i * R + s];
      rightTo[m * R + slot] = right;
      if (this.o.balance) {
        const src = this.left[from];
        const dst = this.left[to];
        for (let x = 0; x < C; x++) dst[m * C + x] = src[i * C + x] - (k >= 0 ? this.colourCount[q * C + x] : 0);
      }
      this.hParent[d * W + m] = i;
      this.hCand[d * W + m] = k;
      m++;
    }
    this.size = m;
    this.cur = to;
  }

  /** The candidate index of each cell of the best board (from a checkpoint, which holds pieces and turns). */
  private findBestCands(): void {
    const T = this.T;
    const e = this.puzzle.edges;
    for (let d = 0; d < this.n; d++) {
      const cell = this.cellOf[d];
      if (this.fixedPiece[cell] >= 0) {
        this.bestCand[d] = -1;
        continue;
      }
      const g = T.groupOf[cell];
      const q = this.bestPiece[cell];
      const r = this.bestRot[cell];
      const t = e[4 * q + ((0 - r + 4) & 3)];
      const rc = e[4 * q + ((1 - r + 4) & 3)];
      const b = e[4 * q + ((2 - r + 4) & 3)];
      const l = e[4 * q + ((3 - r + 4) & 3)];
      // A symmetric piece keeps one of its equal turns: match the faces.
      let k = 0;
      const piece = T.piece[g];
      while (k < piece.length && !(piece[k] === q && T.top[g][k] === t && T.right[g][k] === rc && T.bottom[g][k] === b && T.left[g][k] === l)) k++;
      // A piece that cannot sit there (a damaged checkpoint passed the board check): no suffix passes from it.
      if (k === piece.length) {
        this.suffixOk = false;
        return;
      }
      this.bestCand[d] = k;
    }
  }

  bestSolution(): EdgeSolutionJson {
    if (!this.hasBest) return solutionToJson({ piece: new Int16Array(this.n).fill(-1), rotation: new Uint8Array(this.n) });
    return solutionToJson({ piece: this.bestPiece, rotation: this.bestRot });
  }

  /** The best full board so far (null before the first pass ends). */
  bestBoard(): { piece: Int16Array; rotation: Uint8Array } | null {
    return this.hasBest ? { piece: this.bestPiece, rotation: this.bestRot } : null;
  }

  checkpoint(): BeamState {
    // A pass is short; a resume starts the pass under way again from its own random state.
    return {
      rng: this.inPass ? this.passRng : this.rng.getState(),
      evaluations: this.evaluations,
      pass: this.pass,
      width: this.width,
      bestScore: this.bestScore,
      stall: this.stall,
      lastScore: this.lastScore,
      lastWidth: this.lastWidth,
      best: this.hasBest ? boardToJson(this.bestPiece, this.bestRot) : null,
    };
  }

  static restore(puzzle: EdgePuzzle, o: BeamOptions, cp: unknown): BeamRun {
    const s = cp as BeamState;
    if (!s || typeof s !== 'object' || !Rng.isState(s.rng) || !Number.isInteger(s.evaluations) || !Number.isInteger(s.pass) || !Number.isInteger(s.width))
      throw new Error('beam checkpoint is damaged');
    const run = new BeamRun(puzzle, o, new Rng(s.rng));
    run.evaluations = s.evaluations;
    run.work = s.evaluations;
    run.pass = s.pass;
    run.width = Math.max(1, Math.min(s.width, run.maxW));
    run.stall = Number.isInteger(s.stall) ? (s.stall as number) : 0;
    run.lastScore = s.lastScore | 0;
    run.lastWidth = s.lastWidth | 0;
    if (s.best) {
      run.board.checkBoard(s.best, 'best', true);
      run.bestPiece.set(s.best.piece);
      run.bestRot.set(s.best.rotation);
      run.bestScore = scoreBoard(puzzle, { piece: run.bestPiece, rotation: run.bestRot });
      run.hasBest = true;
      run.findBestCands();
    }
    return run;
  }
}
