/**
 * Over 500 lines on purpose: LnsRun is one class because its six destroy operators, the adaptive
 * weights and the repair all work on the same current board, marks and scratch arrays (typed
 * arrays allocated once, no allocation per move); each operator is a short method that only reads
 * right against that state. The refill search and the checkpoint are modules of their own.
 */
import type { SolverRun } from '../../../engine/solver';
import { damaged } from '../../../engine/checkpoint';
import { acceptorFor, type Acceptor, type AcceptanceRule } from '../../../engines/acceptance/acceptor';
import { Rng } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import { isRotatable, type EdgePuzzle } from '../model/model';
import { boardToJson, VnsBoard } from '../local-search/board';
import { GreedyBuilder } from '../local-search/greedy';
import { BeamRun, DEFAULT_BAND, type BeamOptions } from '../beam/beam';
import type { LnsCheckpoint } from './checkpoint';
import { Refill } from './refill';

/** Destroy-and-repair operators; weights adapt to how often each finds better boards. */
export const LNS_OPS = ['assign-random', 'assign-worst', 'window-random', 'window-worst', 'region', 'shake'] as const;
const ASSIGN_RANDOM = 0;
const ASSIGN_WORST = 1;
const WINDOW_RANDOM = 2;
const WINDOW_WORST = 3;
const REGION = 4;
const SHAKE = 5;
/**
 * Per operator: budget units per evaluation and per use, in refill search nodes (about 19 ns).
 * Measured on Eternity II: an assignment evaluation (one entry of its k x k matrix, solved in
 * k^3) costs about 3 nodes, a shake's scrambled cell about 40, and choosing a window or growing a
 * region a fixed 250 to 1700.
 */
const OP_COST: readonly (readonly [number, number])[] = [
  [3, 0],
  [3, 0],
  [1, 250],
  [1, 400],
  [1, 1700],
  [40, 0],
];
const OPS = LNS_OPS.length;

/**
 * ALNS rewards: a new best, a better current board, an equal one. Equal boards earn a little:
 * exact refills that only drift across a plateau are what most iterations do.
 */
const REWARD_BEST = 10;
const REWARD_BETTER = 4;
const REWARD_EQUAL = 0.1;

export interface LnsOptions {
  setSize: number;
  windowMax: number;
  regionCells: number;
  nodeLimit: number;
  acceptance: AcceptanceRule;
  deviation: number;
  temperature: number;
  shakeCells: number;
  restartAfter: number;
  reaction: number;
  segment: number;
  initial: 'beam' | 'greedy' | 'random';
  /** With initial = beam: the width of the beam's last pass (passes double from 64 up to it). */
  beamWidth: number;
  /** With initial = beam: the beam's `exhaust` (colours each pass uses up first). */
  beamExhaust?: number;
  /** Starting weight of each operator (0 = off), in LNS_OPS order. */
  opWeights: number[];
}

/**
 * Adaptive large-neighbourhood search over complete boards. Each iteration picks an operator by
 * its weight: an exact refill of cells no two of which touch (an assignment problem, Schaus and
 * Deville's move), an exact refill of a window or of a region grown from broken joins (bounded
 * depth-first search), or a shake (a scrambled region, kept by the acceptance rule). Exact
 * refills never lose joins, so the search climbs; shakes and the acceptance rule (record-to-
 * record by default) move it between plateaus.
 */
export class LnsRun implements SolverRun<EdgeSolutionJson, LnsCheckpoint> {
  evaluations = 0;
  /**
   * The step budget's units: evaluations weighted by their operator's cost (`OP_COST`), so
   * equal budgets take about equal time whatever the operators' weights have become (shards of a
   * run on several threads keep pace with each other).
   */
  spent = 0;
  iteration = 0;
  /** 0 with an empty board until the first full board exists (a beam start takes a pass). */
  bestScore = 0;
  private hasBoard = false;
  private sinceBest = 0;
  /** Stalls (restartAfter iterations without a new best) since the last new best. */
  private stalls = 0;
  readonly finished: boolean;
  private readonly B: VnsBoard;
  private readonly refill: Refill;
  private readonly bestPiece: Int16Array;
  private readonly bestRot: Uint8Array;
  private readonly weights = new Float64Array(OPS);
  private readonly floor = new Float64Array(OPS);
  private readonly segScore = new Float64Array(OPS);
  private readonly segUses = new Float64Array(OPS);
  /** Scratch: a cell set, a shuffled order, marks, a saved region. */
  private readonly set: Int32Array;
  private readonly order: Int32Array;
  private readonly mark: Int32Array;
  private markStamp = 0;
  private readonly savePiece: Int16Array;
  private readonly saveRot: Uint8Array;
  /** Real joins of each cell (sides with a neighbour). */
  private readonly joins: Uint8Array;
  /** Free cells of each class, and all free cells. */
  private readonly free: Int32Array;
  private readonly classShare: Float64Array;
  private beam: BeamRun | null = null;
  /** Which shaken boards are kept. */
  private readonly acceptor: Acceptor;

  constructor(
    puzzle: EdgePuzzle,
    private readonly o: LnsOptions,
    private readonly rng: Rng,
    fresh: boolean,
  ) {
    const B = (this.B = new VnsBoard(puzzle));
    this.acceptor = acceptorFor(o.acceptance, o);
    const maxSet = Math.max(1, Math.min(o.setSize, B.cells));
    const maxRegion = Math.max(o.windowMax * o.windowMax, o.regionCells, o.shakeCells, 1);
    this.refill = new Refill(B, maxSet, maxRegion, isRotatable(puzzle));
    this.bestPiece = new Int16Array(B.cells).fill(-1);
    this.bestRot = new Uint8Array(B.cells);
    this.set = new Int32Array(Math.max(B.cells, maxRegion));
    this.order = new Int32Array(B.cells);
    this.mark = new Int32Array(B.cells);
    this.savePiece = new Int16Array(maxRegion);
    this.saveRot = new Uint8Array(maxRegion);
    this.joins = new Uint8Array(B.cells);
    for (let c = 0; c < B.cells; c++) for (let s = 0; s < 4; s++) if (B.nbr[4 * c + s] >= 0) this.joins[c]++;
    const free: number[] = [];
    for (let c = 0; c < B.cells; c++) if (B.cellClass[c] >= 0) free.push(c);
    this.free = Int32Array.from(free);
    this.classShare = Float64Array.from(B.classCells.map((l) => (l.length >= 2 ? l.length : 0)));
    const totalShare = this.classShare.reduce((a, b) => a + b, 0);
    // Nothing to move: fewer than two free cells in every class.
    this.finished = totalShare === 0;
    for (let i = 0; i < OPS; i++) {
      this.weights[i] = Math.max(0, o.opWeights[i] ?? 0);
      this.floor[i] = this.weights[i] * 0.05;
    }
    if (fresh) {
      if (o.initial === 'beam') this.beam = new BeamRun(puzzle, this.beamOptions(), new Rng(rng.u32()));
      else {
        this.start();
        this.saveBest();
      }
    }
  }

  private beamOptions(): BeamOptions {
    const max = Math.max(1, this.o.beamWidth);
    return { width: Math.min(64, max), maxWidth: max, growth: 2, balance: false, band: DEFAULT_BAND, exhaust: this.o.beamExhaust ?? 0 };
  }

  /**
   * The beam phase: passes of growing width; its best board is the search's start once a pass
   * at the full width is done. Its improvements are the run's, so the chart shows both phases.
   */
  private beamStep(beam: BeamRun, budget: number): void {
    const spent = beam.spent;
    beam.step(budget);
    this.spent += beam.spent - spent;
    // The beam is the run's first phase: its evaluations are the run's.
    this.evaluations = beam.evaluations;
    const done = beam.pass > 0 && beam.beamWidth >= this.o.beamWidth && beam.lastWidth >= this.o.beamWidth;
    const board = beam.bestBoard();
    if (board && (beam.bestScore > this.bestScore || done)) {
      const B = this.B;
      B.piece.set(board.piece);
      B.rot.set(board.rotation);
      B.refresh();
      if (B.score > this.bestScore || !this.hasBoard) this.saveBest();
      this.hasBoard = true;
    }
    if (done) this.beam = null;
  }

  private start(): void {
    const B = this.B;
    this.hasBoard = true;
    if (this.refill.turns === 1) {
      // Upright tiles: a random board with every piece unturned.
      B.randomize(this.rng, new Int16Array(B.cells));
      B.rot.fill(0);
      for (let j = 0; j < B.fixedCells.length; j++) B.rot[B.fixedCells[j]] = B.fixedRots[j];
      B.refresh();
      this.evaluations += B.cells;
    } else if (this.o.initial === 'greedy') {
      const g = new GreedyBuilder(B);
      g.start();
      this.evaluations += g.build(this.rng, Infinity);
    } else {
      B.randomize(this.rng, new Int16Array(B.cells));
      this.evaluations += B.cells;
    }
  }

  get currentScore(): number {
    return this.B.score;
  }

  private saveBest(): void {
    this.bestScore = this.B.score;
    this.B.copyTo(this.bestPiece, this.bestRot);
  }

  step(budget: number): void {
    if (this.finished) return;
    if (this.beam) {
      this.beamStep(this.beam, budget);
      return;
    }
    const end = this.spent + budget;
    const B = this.B;
    while (this.spent < end) {
      const op = this.pickOp();
      const before = B.score;
      const evaluations = this.evaluations;
      this.apply(op);
      this.spent += OP_COST[op][0] * (this.evaluations - evaluations) + OP_COST[op][1];
      this.iteration++;
      this.segUses[op]++;
      if (B.score > this.bestScore) {
        this.segScore[op] += REWARD_BEST;
        this.saveBest();
        this.sinceBest = 0;
        this.stalls = 0;
        this.endSegmentMaybe();
        return;
      }
      if (B.score > before) this.segScore[op] += REWARD_BETTER;
      else if (B.score === before) this.segScore[op] += REWARD_EQUAL;
      if (++this.sinceBest >= this.o.restartAfter && this.o.restartAfter > 0) {
        // A long stall: from the best board, scramble a region too large for the exact refills
        // to undo, and search from there; every fourth stall in a row starts afresh, unless the
        // start was a beam's board, far better than any fresh greedy or random one.
        this.sinceBest = 0;
        if (++this.stalls % 4 === 0 && this.o.initial !== 'beam') this.start();
        else {
          B.piece.set(this.bestPiece);
          B.rot.set(this.bestRot);
          B.refresh();
          this.scramble(this.grownRegion(Math.min(this.set.length, 3 * this.o.shakeCells)));
        }
      }
      this.endSegmentMaybe();
    }
  }

  private endSegmentMaybe(): void {
    if (this.iteration % this.o.segment !== 0) return;
    const rho = this.o.reaction;
    for (let i = 0; i < OPS; i++) {
      if (this.weights[i] <= 0) continue;
      if (this.segUses[i] > 0) this.weights[i] = Math.max(this.floor[i], (1 - rho) * this.weights[i] + (rho * this.segScore[i]) / this.segUses[i]);
      this.segScore[i] = 0;
      this.segUses[i] = 0;
    }
  }

  private pickOp(): number {
    let total = 0;
    for (let i = 0; i < OPS; i++) total += this.weights[i];
    let u = this.rng.next() * total;
    for (let i = 0; i < OPS; i++) {
      u -= this.weights[i];
      if (u < 0 && this.weights[i] > 0) return i;
    }
    for (let i = OPS - 1; i >= 0; i--) if (this.weights[i] > 0) return i;
    return 0;
  }

  private apply(op: number): void {
    switch (op) {
      case ASSIGN_RANDOM:
      case ASSIGN_WORST: {
        const k = this.independentSet(op === ASSIGN_WORST);
        if (k >= 2) this.refill.assign(this.set, k);
        this.evaluations += k * k + 1;
        return;
      }
      case WINDOW_RANDOM:
      case WINDOW_WORST: {
        const m = this.window(op === WINDOW_WORST);
        this.exactRegion(m);
        return;
      }
      case REGION:
        this.exactRegion(this.grownRegion(this.o.regionCells));
        return;
      case SHAKE:
        this.shake();
        return;
    }
  }

  private exactRegion(m: number): void {
    if (m < 2) {
      this.evaluations++;
      return;
    }
    this.refill.region(this.set, m, this.rng, this.o.nodeLimit);
    this.evaluations += this.refill.nodes + 1;
  }

  private broken(c: number): number {
    return this.joins[c] - this.B.here(c);
  }

  /** Class for a set move: in proportion to its free cells. */
  private pickClass(): number {
    const share = this.classShare;
    let u = this.rng.next() * (share[0] + share[1] + share[2]);
    for (let k = 0; k < 3; k++) {
      u -= share[k];
      if (u < 0 && share[k] > 0) return k;
    }
    return share[2] > 0 ? 2 : share[1] > 0 ? 1 : 0;
  }

  /**
   * A random maximal set of cells of one class, no two touching, of at most setSize cells; with
   * `worst`, cells with broken joins are taken first. Fills `set`, returns its size.
   */
  private independentSet(worst: boolean): number {
    const B = this.B;
    const cells = B.classCells[this.pickClass()];
    const n = cells.length;
    const order = this.order.subarray(0, n);
    order.set(cells);
    this.rng.shuffle(order);
    if (worst) {
      // Stable partition: broken cells to the front, each part still in random order.
      let w = 0;
      for (let i = 0; i < n; i++) {
        const c = order[i];
        if (this.broken(c) > 0) {
          order[i] = order[w];
          order[w++] = c;
        }
      }
    }
    const stamp = ++this.markStamp;
    const cap = this.refill.maxSet;
    let k = 0;
    for (let i = 0; i < n && k < cap; i++) {
      const c = order[i];
      if (this.mark[c] === stamp) continue;
      this.set[k++] = c;
      for (let s = 0; s < 4; s++) {
        const q = B.nbr[4 * c + s];
        if (q >= 0) this.mark[q] = stamp;
      }
    }
    return k;
  }

  /** A window of free cells, up to windowMax on a side; with `worst`, the most broken of 8 tries. */
  private window(worst: boolean): number {
    const B = this.B;
    const { rows, cols } = B;
    const rng = this.rng;
    const max = this.o.windowMax;
    const h = Math.min(rows, 2 + rng.int(Math.max(1, max - 1)));
    const w = Math.min(cols, 2 + rng.int(Math.max(1, max - 1)));
    let bestR = 0;
    let bestC = 0;
    let bestBad = -1;
    for (let t = worst ? 8 : 1; t > 0; t--) {
      const r0 = rng.int(rows - h + 1);
      const c0 = rng.int(cols - w + 1);
      if (!worst) {
        bestR = r0;
        bestC = c0;
        break;
      }
      let bad = 0;
      for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) bad += this.broken(r * cols + c);
      if (bad > bestBad) {
        bestBad = bad;
        bestR = r0;
        bestC = c0;
      }
    }
    let m = 0;
    for (let r = bestR; r < bestR + h; r++)
      for (let c = bestC; c < bestC + w; c++) {
        const cell = r * cols + c;
        if (B.cellClass[cell] >= 0) this.set[m++] = cell;
      }
    return m;
  }

  /** A connected region of up to `size` free cells grown from a broken join (or a random cell). */
  private grownRegion(size: number): number {
    const B = this.B;
    const rng = this.rng;
    const free = this.free;
    let seed = free[rng.int(free.length)];
    for (let t = 0; t < 32 && this.broken(seed) === 0; t++) seed = free[rng.int(free.length)];
    // From a frame cell the region runs along the frame: a frame out of order is repaired by
    // moving runs of side pieces, which windows reaching in from the edge hardly ever do.
    const alongFrame = B.isBorderClass(B.cellClass[seed]);
    const stamp = ++this.markStamp;
    this.set[0] = seed;
    this.mark[seed] = stamp;
    let m = 1;
    // Grow from a random cell of the region towards a random free neighbour, broken ones first.
    for (let t = 0; m < size && t < size * 8; t++) {
      const from = this.set[rng.int(m)];
      let pick = -1;
      let pickBad = -1;
      const s0 = rng.int(4);
      for (let j = 0; j < 4; j++) {
        const q = B.nbr[4 * from + ((s0 + j) & 3)];
        if (q < 0 || this.mark[q] === stamp || B.cellClass[q] < 0 || (alongFrame && !B.isBorderClass(B.cellClass[q]))) continue;
        const bad = this.broken(q);
        if (bad > pickBad) {
          pickBad = bad;
          pick = q;
        }
      }
      if (pick < 0) continue;
      this.mark[pick] = stamp;
      this.set[m++] = pick;
    }
    return m;
  }

  /** Scramble a small region and keep the result when the acceptance rule allows it. */
  private shake(): void {
    const B = this.B;
    const m = this.grownRegion(this.o.shakeCells);
    const before = B.score;
    for (let d = 0; d < m; d++) {
      this.savePiece[d] = B.piece[this.set[d]];
      this.saveRot[d] = B.rot[this.set[d]];
    }
    this.scramble(m);
    this.evaluations += m;
    if (B.score === before || this.acceptor.accept(B.score - before, before, this.bestScore, this.rng)) return;
    for (let d = 0; d < m; d++) B.place(this.set[d], this.savePiece[d], this.saveRot[d]);
    B.score = before;
  }

  /** Swap the pieces of `set[0..m)` between cells of the same class, each turned at random (border pieces face out). */
  private scramble(m: number): void {
    const B = this.B;
    const rng = this.rng;
    for (let d = m - 1; d > 0; d--) {
      const e = rng.int(d + 1);
      const a = this.set[d];
      const b = this.set[e];
      if (a === b || B.cellClass[a] !== B.cellClass[b]) continue;
      const pa = B.piece[b];
      const pb = B.piece[a];
      const ra = this.turnFor(a, pa);
      const rb = this.turnFor(b, pb);
      const dd = B.deltaPair(a, pa, ra, b, pb, rb);
      B.applyPair(a, pa, ra, b, pb, rb, dd);
    }
  }

  private turnFor(c: number, p: number): number {
    const B = this.B;
    if (B.isBorderClass(B.cellClass[c])) return B.faceOut[16 * p + B.cellOut[c]];
    return this.refill.turns === 1 ? 0 : this.rng.int(4);
  }

  bestSolution(): EdgeSolutionJson {
    return solutionToJson({ piece: this.bestPiece, rotation: this.bestRot });
  }

  /** Operator weights now (for tests and the bench). */
  operatorWeights(): Record<string, number> {
    return Object.fromEntries(LNS_OPS.map((id, i) => [id, this.weights[i]]));
  }

  checkpoint(): LnsCheckpoint {
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      iteration: this.iteration,
      sinceBest: this.sinceBest,
      stalls: this.stalls,
      bestScore: this.bestScore,
      weights: Array.from(this.weights),
      segScore: Array.from(this.segScore),
      segUses: Array.from(this.segUses),
      current: this.hasBoard ? boardToJson(this.B.piece, this.B.rot) : null,
      best: this.hasBoard ? boardToJson(this.bestPiece, this.bestRot) : null,
      beam: this.beam ? this.beam.checkpoint() : null,
    };
  }

  static restore(puzzle: EdgePuzzle, o: LnsOptions, s: LnsCheckpoint): LnsRun {
    const run = new LnsRun(puzzle, o, new Rng(s.rng), false);
    const B = run.B;
    if (s.beam) run.beam = BeamRun.restore(puzzle, run.beamOptions(), s.beam);
    run.evaluations = s.evaluations;
    run.iteration = s.iteration;
    if (!s.current || !s.best) {
      if (!run.beam) throw damaged('lns', 'current', 'no board and no beam start');
      return run;
    }
    run.hasBoard = true;
    B.restoreBoards(s.current, s.best, run.bestPiece, run.bestRot);
    run.sinceBest = s.sinceBest;
    run.stalls = s.stalls;
    run.bestScore = s.bestScore;
    for (let i = 0; i < OPS; i++) {
      const w = s.weights[i];
      if (w !== null && w !== undefined && Number.isFinite(w)) run.weights[i] = w;
      run.segScore[i] = s.segScore[i] || 0;
      run.segUses[i] = s.segUses[i] || 0;
    }
    return run;
  }
}
