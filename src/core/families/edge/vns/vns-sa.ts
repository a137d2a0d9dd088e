import type { SolverDef, SolverRun } from '../../../engine/solver';
import type { ParamSchema } from '../../../params/schema';
import { resolveParams } from '../../../params/schema';
import { Rng, type RngState } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../json';
import type { EdgePuzzle } from '../model';
import { boardToJson, VnsBoard, type BoardJson } from './board';
import { CLASS_OF, Moves, R, SC, SRC, SS } from './neighbourhoods';

export const vnsSaParams = {
  temperature: {
    type: 'number',
    default: 0.22,
    min: 0.01,
    help: 'Constant temperature in joins: a move losing d joins is taken with probability exp(-d/T) (0.22: one join about 1 in 90, two about 1 in 9,000).',
  },
  rotateShare: {
    type: 'number',
    default: 0.3,
    min: 0,
    max: 1,
    help: 'Share of the moves on inner cells that turn one piece; the others swap two inner pieces, each turned to its best rotation.',
  },
  restartAfter: {
    type: 'int',
    default: 0,
    min: 0,
    help: 'Go back to the best board after this many moves without a new best (0 = never).',
  },
} as const satisfies ParamSchema;

type VnsSaParams = ReturnType<typeof resolveParams<typeof vnsSaParams>>;

// Local copies: under tsx an imported binding is read through a getter in the move loop.
const KINDS = [SC, SS, R, SRC];
/** A pair move changes at most 8 joins. */
const MAX_LOSS = 8;

interface VnsSaState {
  rng: RngState;
  evaluations: number;
  sinceBest: number;
  restarts: number;
  bestScore: number;
  current: BoardJson;
  best: BoardJson;
}

/**
 * Simulated annealing at a constant temperature over the MS-GVNS neighbourhoods: corner and
 * side swaps (pieces face out), turns of one inner piece, and swaps of two inner pieces each
 * turned to its best rotation. The best-rotation swap is what makes it strong: a random swap
 * with random turns almost never keeps a join, this one is often neutral or better, so the
 * walk can cross the wide plateaus of edge-matching landscapes. On META 10x10 it passes the
 * MS-GVNS paper's 1200 s figures in well under a minute (bench/edge-quality.ts).
 */
export class VnsSa implements SolverRun {
  evaluations = 0;
  bestScore = 0;
  restarts = 0;
  private sinceBest = 0;
  private readonly board: VnsBoard;
  private readonly mv: Moves;
  /** Cumulative chance of each of KINDS. */
  private readonly cum = new Float64Array(4);
  /** Acceptance probability of a move losing d joins, at d. */
  private readonly accept = new Float64Array(MAX_LOSS + 1);
  private readonly bestPiece: Int16Array;
  private readonly bestRot: Uint8Array;
  private readonly restartAfter: number;
  readonly finished: boolean;

  constructor(
    puzzle: EdgePuzzle,
    p: VnsSaParams,
    private readonly rng: Rng,
    fresh: boolean,
  ) {
    const B = (this.board = new VnsBoard(puzzle));
    this.mv = new Moves(B);
    this.restartAfter = p.restartAfter;
    for (let d = 1; d <= MAX_LOSS; d++) this.accept[d] = Math.exp(-d / p.temperature);
    // Every free cell equally likely to be touched; a class with no move gets no share.
    const w = KINDS.map((k) => (this.mv.available(k) ? B.classCells[CLASS_OF[k]].length : 0));
    if (this.mv.available(R) && this.mv.available(SRC)) {
      w[3] = w[2] * (1 - p.rotateShare);
      w[2] *= p.rotateShare;
    }
    const total = w[0] + w[1] + w[2] + w[3];
    this.finished = total === 0;
    let acc = 0;
    for (let i = 0; i < 4; i++) this.cum[i] = total > 0 ? (acc += w[i]) / total : 0;
    this.cum[3] = 1;
    this.bestPiece = new Int16Array(B.cells);
    this.bestRot = new Uint8Array(B.cells);
    if (fresh) {
      B.randomize(rng, new Int16Array(B.cells));
      this.evaluations = 1;
      this.saveBest();
    }
  }

  get currentScore(): number {
    return this.board.score;
  }

  /** Moves tried. */
  get iteration(): number {
    return this.evaluations;
  }

  private saveBest(): void {
    this.bestScore = this.board.score;
    this.board.copyTo(this.bestPiece, this.bestRot);
  }

  step(budget: number): void {
    if (this.finished) return;
    const { board: B, mv, rng, cum, accept } = this;
    const end = this.evaluations + budget;
    while (this.evaluations < end) {
      const u = rng.next();
      const k = u < cum[0] ? 0 : u < cum[1] ? 1 : u < cum[2] ? 2 : 3;
      const d = mv.random(KINDS[k], rng);
      this.evaluations++;
      if (d >= 0 || (d >= -MAX_LOSS && rng.next() < accept[-d])) {
        mv.apply();
        if (B.score > this.bestScore) {
          this.saveBest();
          this.sinceBest = 0;
          return;
        }
      }
      if (this.restartAfter > 0 && ++this.sinceBest >= this.restartAfter) {
        this.sinceBest = 0;
        this.restarts++;
        B.piece.set(this.bestPiece);
        B.rot.set(this.bestRot);
        B.refresh();
      }
    }
  }

  bestSolution(): EdgeSolutionJson {
    return solutionToJson({ piece: this.bestPiece, rotation: this.bestRot });
  }

  checkpoint(): VnsSaState {
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      sinceBest: this.sinceBest,
      restarts: this.restarts,
      bestScore: this.bestScore,
      current: boardToJson(this.board.piece, this.board.rot),
      best: boardToJson(this.bestPiece, this.bestRot),
    };
  }

  static restore(puzzle: EdgePuzzle, p: VnsSaParams, cp: unknown): VnsSa {
    const s = cp as VnsSaState;
    if (!s || typeof s !== 'object' || !Rng.isState(s.rng) || !Number.isInteger(s.evaluations) || !Number.isInteger(s.bestScore))
      throw new Error('vns-sa checkpoint is damaged');
    const run = new VnsSa(puzzle, p, new Rng(s.rng), false);
    const B = run.board;
    B.checkBoard(s.current, 'current', true);
    B.checkBoard(s.best, 'best', true);
    B.piece.set(s.current.piece);
    B.rot.set(s.current.rotation);
    B.refresh();
    run.bestPiece.set(s.best.piece);
    run.bestRot.set(s.best.rotation);
    run.evaluations = s.evaluations;
    run.sinceBest = s.sinceBest | 0;
    run.restarts = s.restarts | 0;
    run.bestScore = s.bestScore;
    return run;
  }
}

export const vnsSaSolver: SolverDef = {
  id: 'vns-sa',
  family: 'edge',
  label: 'SA over the VNS moves',
  description: 'Constant-temperature simulated annealing over the MS-GVNS neighbourhoods, mostly swaps that turn both pieces to their best rotations. Our answer to the MS-GVNS paper.',
  params: vnsSaParams,
  create: (puzzle, params, seed) => new VnsSa(puzzle as EdgePuzzle, resolveParams(vnsSaParams, params), new Rng(seed), true),
  restore: (puzzle, params, cp) => VnsSa.restore(puzzle as EdgePuzzle, resolveParams(vnsSaParams, params), cp),
};
