import { catalogued } from '../../../engine/catalogued';
import type { SolverRun } from '../../../engine/solver';
import type { ParamSchema, ResolvedParams } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import type { EdgePuzzle } from '../model/model';
import { boardToJson, VnsBoard } from './board';
import { MsGvnsCheckpoint } from './ms-gvns-checkpoint';
import { DirtyCells } from './dirty';
import { GreedyBuilder } from './greedy';
import { CLASS_OF, Moves, R, SC, SRC, SS, SWC } from './neighbourhoods';

export const msGvnsParams = {
  iterMax: {
    type: 'int',
    default: 200,
    min: 1,
    help: 'IterMax: shakes at one level without improvement before the shake grows by one move (paper: 200).',
  },
  levelMax: {
    type: 'int',
    default: 0,
    min: 0,
    help: 'LevelMax: shake levels before a new start; 0 = the board side, max(rows, cols), as in the paper.',
  },
  initial: {
    type: 'enum',
    default: 'greedy',
    options: ['greedy', 'random'],
    help: 'Start of each multistart round: greedy randomised (random corners, best side and centre pieces, ties at random) or a random legal board.',
  },
  vndOrder: {
    type: 'enum',
    default: 'alternate',
    options: ['alternate', 'border-to-center', 'center-to-border', 'random'],
    help: 'VND neighbourhood order: Border-to-Center (SC, SS, R, SRC), Center-to-Border (SRC, R, SS, SC), alternating per VND call (the paper), or either at random.',
  },
  improvement: {
    type: 'enum',
    default: 'first',
    options: ['first', 'best'],
    help: 'VND move choice inside a neighbourhood: the first improving move found (scan from a random place) or the best one. The paper does not say.',
  },
  acceptEqual: {
    type: 'boolean',
    default: false,
    help: 'Also move to a shaken and descended board that scores the same (plateau moves); the paper only accepts better boards.',
  },
} as const satisfies ParamSchema;

type MsGvnsParams = ResolvedParams<typeof msGvnsParams>;

const BORDER_TO_CENTER = [SC, SS, R, SRC];
const CENTER_TO_BORDER = [SRC, R, SS, SC];
const SHAKE = [SC, SS, R, SWC];

// Read through getters under tsx when imported: local copies for the scan loop.
const ROTATE: number = R;

const BUILD = 0;
const VND = 1;

/** What a neighbourhood scan ended with. */
const BUDGET = 0;
const FOUND = 1;
const EXHAUSTED = 2;

/**
 * MS-GVNS (papers/ms-gvns-meta2010.txt, Algorithm 1): multistart around a general VNS. Each
 * start builds a board (greedy randomised by default) and descends it with VND; then it shakes
 * p+2 random moves from random neighbourhoods of {SC, SS, R, SWC}, descends again with VND and
 * keeps the result when better (p back to 0). IterMax shakes without improvement raise p; at
 * p = LevelMax the next start begins.
 *
 * The run is a resumable state machine: a VND neighbourhood scan can stop after any move
 * evaluation (its cursor is part of the checkpoint), so a resumed run continues exactly.
 * Evaluations count scored moves (and tried placements while building).
 */
export class MsGvns implements SolverRun<EdgeSolutionJson, MsGvnsCheckpoint> {
  evaluations = 0;
  /** VND descents so far. */
  iteration = 0;
  bestScore: number;
  starts = 0;

  private readonly p: MsGvnsParams;
  private readonly board: VnsBoard;
  private readonly mv: Moves;
  private readonly dirty: DirtyCells;
  private readonly builder: GreedyBuilder;
  private readonly levelMax: number;
  private readonly basePiece: Int16Array;
  private readonly baseRot: Uint8Array;
  private readonly bestPiece: Int16Array;
  private readonly bestRot: Uint8Array;
  private readonly scratch: Int16Array;
  /** Shake neighbourhoods this board has moves in. */
  private readonly shakeKinds: number[];

  private phase = BUILD;
  private initialVnd = true;
  private level = 0;
  private iter = 0;
  private baseScore = 0;
  private orderFlip = 0;
  private order = 0;
  private k = 0;
  private di = 0;
  private xi = 0;
  private offD = 0;
  private offX = 0;
  private bestDelta = 0;
  private bestA = -1;
  private bestB = -1;
  private newBest = false;
  private scanResult = BUDGET;

  constructor(
    puzzle: EdgePuzzle,
    params: MsGvnsParams,
    private readonly rng: Rng,
    fresh: boolean,
  ) {
    this.p = params;
    this.board = new VnsBoard(puzzle);
    const B = this.board;
    this.mv = new Moves(B);
    this.dirty = new DirtyCells(B.cells, B.nbr);
    this.builder = new GreedyBuilder(B);
    this.levelMax = this.p.levelMax > 0 ? this.p.levelMax : Math.max(B.rows, B.cols);
    this.basePiece = new Int16Array(B.cells);
    this.baseRot = new Uint8Array(B.cells);
    this.bestPiece = new Int16Array(B.cells);
    this.bestRot = new Uint8Array(B.cells);
    this.scratch = new Int16Array(B.cells);
    this.shakeKinds = SHAKE.filter((k) => this.mv.available(k));
    this.bestScore = 0;
    if (fresh) {
      // A complete board is the best from the first moment, before the first build is done.
      B.randomize(rng, this.scratch);
      this.evaluations = 1;
      this.saveBest();
      B.copyTo(this.basePiece, this.baseRot);
      this.beginStart();
    }
  }

  get currentScore(): number {
    return this.board.score;
  }

  get finished(): boolean {
    return this.shakeKinds.length === 0 && this.phase === VND && !this.initialVnd && this.k >= 4;
  }

  private saveBest(): void {
    this.bestScore = this.board.score;
    this.board.copyTo(this.bestPiece, this.bestRot);
    this.newBest = true;
  }

  private checkBest(): void {
    if (this.board.score > this.bestScore) this.saveBest();
  }

  private beginStart(): void {
    this.starts++;
    this.initialVnd = true;
    if (this.p.initial === 'random') {
      this.board.randomize(this.rng, this.scratch);
      this.evaluations++;
      this.startDescent();
    } else {
      this.builder.start();
      this.phase = BUILD;
    }
  }

  /** The first VND of a start looks at every move. */
  private startDescent(): void {
    this.dirty.clear();
    this.dirty.all();
    this.checkBest();
    this.beginVnd();
  }

  private beginVnd(): void {
    this.phase = VND;
    const o = this.p.vndOrder;
    if (o === 'alternate') {
      this.order = this.orderFlip;
      this.orderFlip ^= 1;
    } else if (o === 'random') this.order = this.rng.int(2);
    else this.order = o === 'border-to-center' ? 0 : 1;
    this.k = 0;
    this.beginNeighbourhood();
  }

  private kindAt(k: number): number {
    return (this.order === 0 ? BORDER_TO_CENTER : CENTER_TO_BORDER)[k];
  }

  private beginNeighbourhood(): void {
    while (this.k < 4 && !this.mv.available(this.kindAt(this.k))) this.k++;
    this.di = 0;
    this.xi = 0;
    this.bestDelta = 0;
    this.bestA = -1;
    this.bestB = -1;
    if (this.k >= 4) return;
    const n = this.board.classCells[CLASS_OF[this.kindAt(this.k)]].length;
    this.offD = this.dirty.count > 0 ? this.rng.int(this.dirty.count) : 0;
    this.offX = this.rng.int(n);
  }

  private applyMove(): void {
    this.mv.apply();
    this.dirty.touch(this.mv.a);
    if (this.mv.b >= 0) this.dirty.touch(this.mv.b);
    this.checkBest();
  }

  /** The VND has no improving move left: Algorithm 1's acceptance and level logic, then the next shake. */
  private endVnd(): void {
    this.iteration++;
    const B = this.board;
    const list = this.dirty.list;
    const cnt = this.dirty.count;
    if (this.initialVnd) {
      this.initialVnd = false;
      B.copyTo(this.basePiece, this.baseRot);
      this.baseScore = B.score;
      this.level = 0;
      this.iter = 0;
    } else {
      if (B.score > this.baseScore || (this.p.acceptEqual && B.score === this.baseScore)) {
        // Only dirty cells can differ from the base.
        for (let i = 0; i < cnt; i++) {
          const c = list[i];
          this.basePiece[c] = B.piece[c];
          this.baseRot[c] = B.rot[c];
        }
        if (B.score > this.baseScore) {
          this.level = 0;
          this.iter = 0;
        }
        this.baseScore = B.score;
      } else {
        for (let i = 0; i < cnt; i++) {
          const c = list[i];
          if (B.piece[c] !== this.basePiece[c] || B.rot[c] !== this.baseRot[c]) B.place(c, this.basePiece[c], this.baseRot[c]);
        }
        B.score = this.baseScore;
      }
      this.iter++;
    }
    this.dirty.clear();
    if (this.iter >= this.p.iterMax) {
      this.level++;
      this.iter = 0;
    }
    if (this.level >= this.levelMax || this.shakeKinds.length === 0) {
      if (this.shakeKinds.length === 0) {
        this.k = 4;
        return;
      }
      this.beginStart();
      return;
    }
    this.shake();
  }

  private shake(): void {
    const kinds = this.shakeKinds;
    for (let i = 0; i < this.level + 2; i++) {
      const k = kinds[this.rng.int(kinds.length)];
      this.mv.random(k, this.rng);
      this.evaluations++;
      this.applyMove();
    }
    this.beginVnd();
  }

  /** Scan the current neighbourhood from its cursor for at most `limit` evaluations. */
  private scan(limit: number): number {
    const kind = this.kindAt(this.k);
    const best = this.p.improvement === 'best';
    const B = this.board;
    const mv = this.mv;
    const cls = CLASS_OF[kind];
    const cells = B.classCells[cls];
    const n = cells.length;
    const list = this.dirty.list;
    const rank = this.dirty.rank;
    const cnt = this.dirty.count;
    const cellClass = B.cellClass;
    let used = 0;
    while (this.di < cnt) {
      let d = this.di + this.offD;
      if (d >= cnt) d -= cnt;
      const a = list[d];
      if (cellClass[a] !== cls) {
        this.di++;
        this.xi = 0;
        continue;
      }
      if (kind === ROTATE) {
        while (this.xi < 3) {
          const r = (B.rot[a] + 1 + this.xi++) & 3;
          used++;
          const delta = mv.rotate(a, r);
          if (delta > 0) {
            if (!best) return this.found(used);
            if (delta > this.bestDelta) {
              this.bestDelta = delta;
              this.bestA = a;
              this.bestB = -1 - r;
            }
          }
          if (used >= limit) return this.budget(used);
        }
      } else {
        const ra = rank[a];
        while (this.xi < n) {
          let x = this.xi++ + this.offX;
          if (x >= n) x -= n;
          const b = cells[x];
          if (b === a) continue;
          // A pair of two dirty cells is scanned once, from the one that became dirty first.
          const rb = rank[b];
          if (rb >= 0 && rb < ra) continue;
          used++;
          const delta = mv.pair(kind, a, b);
          if (delta > 0) {
            if (!best) return this.found(used);
            if (delta > this.bestDelta) {
              this.bestDelta = delta;
              this.bestA = a;
              this.bestB = b;
            }
          }
          if (used >= limit) return this.budget(used);
        }
      }
      this.di++;
      this.xi = 0;
    }
    if (best && this.bestDelta > 0) {
      // Re-evaluate the best move (later evaluations overwrote the move fields) and take it.
      if (this.bestB < 0) mv.rotate(this.bestA, -1 - this.bestB);
      else mv.pair(kind, this.bestA, this.bestB);
      this.scanResult = FOUND;
      return used;
    }
    this.scanResult = EXHAUSTED;
    return used;
  }

  private found(used: number): number {
    this.scanResult = FOUND;
    return used;
  }

  private budget(used: number): number {
    this.scanResult = BUDGET;
    return used;
  }

  step(budget: number): void {
    const end = this.evaluations + budget;
    this.newBest = false;
    while (this.evaluations < end && !this.newBest && !this.finished) {
      if (this.phase === BUILD) {
        this.evaluations += this.builder.build(this.rng, end - this.evaluations);
        if (this.builder.done) this.startDescent();
        continue;
      }
      if (this.k >= 4) {
        this.endVnd();
        continue;
      }
      this.evaluations += this.scan(end - this.evaluations);
      if (this.scanResult === FOUND) {
        this.applyMove();
        this.k = 0;
        this.beginNeighbourhood();
      } else if (this.scanResult === EXHAUSTED) {
        this.k++;
        this.beginNeighbourhood();
      }
    }
  }

  bestSolution(): EdgeSolutionJson {
    return solutionToJson({ piece: this.bestPiece, rotation: this.bestRot });
  }

  /** Copies of the current and best boards (tests and benches). */
  currentBoard(): { piece: Int16Array; rotation: Uint8Array } {
    return this.board.board();
  }

  checkpoint(): MsGvnsCheckpoint {
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      iteration: this.iteration,
      starts: this.starts,
      phase: this.phase,
      initialVnd: this.initialVnd,
      p: this.level,
      iter: this.iter,
      orderFlip: this.orderFlip,
      order: this.order,
      k: this.k,
      di: this.di,
      xi: this.xi,
      offD: this.offD,
      offX: this.offX,
      bestDelta: this.bestDelta,
      bestA: this.bestA,
      bestB: this.bestB,
      buildPos: this.builder.pos,
      cur: boardToJson(this.board.piece, this.board.rot),
      base: boardToJson(this.basePiece, this.baseRot),
      baseScore: this.baseScore,
      best: boardToJson(this.bestPiece, this.bestRot),
      bestScore: this.bestScore,
      dirty: this.dirty.toJson(),
    };
  }

  static restore(puzzle: EdgePuzzle, params: MsGvnsParams, s: MsGvnsCheckpoint): MsGvns {
    const run = new MsGvns(puzzle, params, new Rng(s.rng), false);
    const B = run.board;
    B.checkBoard(s.cur, 'current', s.phase !== BUILD);
    B.checkBoard(s.base, 'base', false);
    B.checkBoard(s.best, 'best', true);
    B.piece.set(s.cur.piece);
    B.rot.set(s.cur.rotation);
    B.refresh();
    run.basePiece.set(s.base.piece);
    run.baseRot.set(s.base.rotation);
    run.bestPiece.set(s.best.piece);
    run.bestRot.set(s.best.rotation);
    run.evaluations = s.evaluations;
    run.iteration = s.iteration;
    run.starts = s.starts;
    run.phase = s.phase;
    run.initialVnd = s.initialVnd;
    run.level = s.p;
    run.iter = s.iter;
    run.orderFlip = s.orderFlip;
    run.order = s.order;
    run.k = s.k;
    run.di = s.di;
    run.xi = s.xi;
    run.offD = s.offD;
    run.offX = s.offX;
    run.bestDelta = s.bestDelta;
    run.bestA = s.bestA;
    run.bestB = s.bestB;
    run.baseScore = s.baseScore;
    run.bestScore = s.bestScore;
    run.dirty.fromJson(s.dirty);
    if (run.phase === BUILD) run.builder.resume(s.buildPos);
    else run.builder.pos = s.buildPos;
    return run;
  }
}

export const msGvnsSolver = catalogued<EdgePuzzle, EdgeSolutionJson, MsGvnsCheckpoint, typeof msGvnsParams>(
  {
    id: 'ms-gvns',
    family: 'edge',
    label: 'MS-GVNS',
    description:
      'Multistart general VNS of the META 2010 entry: greedy randomised starts, VND over swap-corner, swap-side, rotate and swap-and-best-rotate moves, growing shakes.',
    params: msGvnsParams,
    create: (puzzle, params, seed) => new MsGvns(puzzle, params, new Rng(seed), true),
    restore: (puzzle, params, cp) => MsGvns.restore(puzzle, params, cp),
  },
  MsGvnsCheckpoint,
);
