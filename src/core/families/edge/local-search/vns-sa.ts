import * as v from 'valibot';
import { catalogued } from '../../../engine/catalogued';
import { int, rngState } from '../../../engine/checkpoint';
import type { SolverRun } from '../../../engine/solver';
import type { ParamSchema, ResolvedParams } from '../../../params/schema';
import { Rng } from '../../../rng/rng';
import { solutionToJson, type EdgeSolutionJson } from '../model/json';
import type { EdgePuzzle } from '../model/model';
import { TabulatedMetropolisAcceptor } from '../../../engines/acceptance/acceptor';
import { boardJson, boardToJson, VnsBoard } from './board';
import { CLASS_OF, Moves, R, SC, SRC, SS } from './neighbourhoods';

export const vnsSaParams = {
  temperature: {
    type: 'number',
    default: 0.22,
    min: 0.01,
    help: 'Temperature in joins the walk cools to and holds: a move losing d joins is taken with probability exp(-d/T) (0.22: one join about 1 in 90, two about 1 in 9,000).',
  },
  t0: {
    type: 'number',
    default: 0.5,
    min: 0.01,
    help: 'Temperature at the start and after each reheat (hot enough to reshuffle the board; at or below `temperature` the walk never cools).',
  },
  coolMoves: {
    type: 'number',
    default: 20000,
    min: 0,
    help: 'Length of the cooling from t0 to `temperature`, in moves per cell of the board (geometric, in 64 steps).',
  },
  reheatAfter: {
    type: 'number',
    default: 3000,
    min: 0,
    help: 'Reheat to t0 after this many moves without a new best, per cell squared (3000: 30 million moves on 10x10, 1.9 million on 5x5); 0 = never.',
  },
  rotateShare: {
    type: 'number',
    default: 0.3,
    min: 0,
    max: 1,
    help: 'Share of the moves on inner cells that turn one piece; the others swap two inner pieces, each turned to its best rotation.',
  },
} as const satisfies ParamSchema;

type VnsSaParams = ResolvedParams<typeof vnsSaParams>;

// Local copies: under tsx an imported binding is read through a getter in the move loop.
const KINDS = [SC, SS, R, SRC];
/** A pair move changes at most 8 joins. */
const MAX_LOSS = 8;
/** Cooling steps from t0 down to the holding temperature. */
const LEVELS = 64;

const VnsSaCheckpoint = v.object({
  rng: rngState,
  evaluations: int,
  sinceBest: v.optional(int, 0),
  heatMoves: v.optional(int, 0),
  reheats: v.optional(int, 0),
  bestScore: int,
  current: boardJson,
  best: boardJson,
});
type VnsSaCheckpoint = v.InferOutput<typeof VnsSaCheckpoint>;

/**
 * Simulated annealing over the MS-GVNS neighbourhoods: corner and side swaps (pieces face out),
 * turns of one inner piece, and swaps of two inner pieces each turned to its best rotation. The
 * best-rotation swap is what makes it strong: a random swap with random turns almost never
 * keeps a join, this one is often neutral or better, so the walk crosses the wide plateaus of
 * edge-matching landscapes. The walk cools quickly from t0 and then holds one low temperature,
 * where it does nearly all its work; a long stall reheats it (small boards have deep traps a
 * cold walk never leaves). On META 10x10 it passes the MS-GVNS paper's 1200 s figures in well
 * under a minute (bench/edge-quality.ts).
 */
export class VnsSa implements SolverRun<EdgeSolutionJson, VnsSaCheckpoint> {
  evaluations = 0;
  bestScore = 0;
  reheats = 0;
  private sinceBest = 0;
  /** Moves since the start or the last reheat: the temperature is a function of it. */
  private heatMoves = 0;
  private level = -1;
  private readonly board: VnsBoard;
  private readonly mv: Moves;
  /** Cumulative chance of each of KINDS. */
  private readonly cum = new Float64Array(4);
  /** exp(-d / T) tabulated per cooling step (a move losing more than MAX_LOSS joins is never taken). */
  private readonly acceptor = new TabulatedMetropolisAcceptor(MAX_LOSS);
  private readonly bestPiece: Int16Array;
  private readonly bestRot: Uint8Array;
  private readonly t0: number;
  private readonly tHold: number;
  private readonly levelMoves: number;
  private readonly reheatAfter: number;
  readonly finished: boolean;

  constructor(
    puzzle: EdgePuzzle,
    p: VnsSaParams,
    private readonly rng: Rng,
    fresh: boolean,
  ) {
    const B = (this.board = new VnsBoard(puzzle));
    this.mv = new Moves(B);
    this.tHold = p.temperature;
    this.t0 = Math.max(p.t0, p.temperature);
    this.levelMoves = Math.max(1, Math.round((p.coolMoves * B.cells) / LEVELS));
    this.reheatAfter = Math.round(p.reheatAfter * B.cells * B.cells);
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

  /** Temperature at cooling step `level`: t0 at 0, the holding temperature from LEVELS on. */
  private setLevel(level: number): void {
    this.level = level;
    this.acceptor.temperature = this.t0 * Math.pow(this.tHold / this.t0, level / LEVELS);
  }

  get temperature(): number {
    return this.t0 * Math.pow(this.tHold / this.t0, Math.min(LEVELS, Math.floor(this.heatMoves / this.levelMoves)) / LEVELS);
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
    const { board: B, mv, rng, cum, acceptor } = this;
    const end = this.evaluations + budget;
    while (this.evaluations < end) {
      const level = Math.min(LEVELS, Math.floor(this.heatMoves / this.levelMoves));
      if (level !== this.level) this.setLevel(level);
      // Moves until the temperature or the budget changes something.
      const n = Math.min(end - this.evaluations, level < LEVELS ? (level + 1) * this.levelMoves - this.heatMoves : Infinity);
      for (let i = 0; i < n; i++) {
        const u = rng.next();
        const k = u < cum[0] ? 0 : u < cum[1] ? 1 : u < cum[2] ? 2 : 3;
        const d = mv.random(KINDS[k], rng);
        this.evaluations++;
        this.heatMoves++;
        if (acceptor.accept(d, B.score, this.bestScore, rng)) {
          mv.apply();
          if (B.score > this.bestScore) {
            this.saveBest();
            this.sinceBest = 0;
            return;
          }
        }
        if (++this.sinceBest === this.reheatAfter) {
          this.sinceBest = 0;
          this.heatMoves = 0;
          this.reheats++;
          break;
        }
      }
    }
  }

  bestSolution(): EdgeSolutionJson {
    return solutionToJson({ piece: this.bestPiece, rotation: this.bestRot });
  }

  checkpoint(): VnsSaCheckpoint {
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      sinceBest: this.sinceBest,
      heatMoves: this.heatMoves,
      reheats: this.reheats,
      bestScore: this.bestScore,
      current: boardToJson(this.board.piece, this.board.rot),
      best: boardToJson(this.bestPiece, this.bestRot),
    };
  }

  static restore(puzzle: EdgePuzzle, p: VnsSaParams, s: VnsSaCheckpoint): VnsSa {
    const run = new VnsSa(puzzle, p, new Rng(s.rng), false);
    run.board.restoreBoards(s.current, s.best, run.bestPiece, run.bestRot);
    run.evaluations = s.evaluations;
    run.sinceBest = s.sinceBest;
    run.heatMoves = s.heatMoves;
    run.reheats = s.reheats;
    run.bestScore = s.bestScore;
    return run;
  }
}

export const vnsSaSolver = catalogued<EdgePuzzle, EdgeSolutionJson, VnsSaCheckpoint, typeof vnsSaParams>(
  {
    id: 'vns-sa',
    family: 'edge',
    label: 'SA over the VNS moves',
    description:
      'Simulated annealing over the MS-GVNS neighbourhoods, mostly swaps that turn both pieces to their best rotations: a quick cooling, then one low temperature held, reheated after long stalls. Our answer to the MS-GVNS paper.',
    params: vnsSaParams,
    create: (puzzle, params, seed) => new VnsSa(puzzle, params, new Rng(seed), true),
    restore: (puzzle, params, cp) => VnsSa.restore(puzzle, params, cp),
  },
  VnsSaCheckpoint,
);
