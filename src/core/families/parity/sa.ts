import * as v from 'valibot';
import { count, rngState } from '../../engine/checkpoint';
import { catalogued } from '../../engine/catalogued';
import type { SolverRun } from '../../engine/solver';
import type { ParamSchema, ResolvedParams } from '../../params/schema';
import { Rng } from '../../rng/rng';
import { MetropolisAcceptor } from '../../engines/acceptance/acceptor';
import { ParityLocalSearch } from './local-search';
import type { ParityPuzzle } from './model';

export const paritySaParams = {
  t0: { type: 'number', default: 0, min: 0, help: "Starting temperature; 0 = n, the paper's choice (a cost rise of T is accepted with probability 1/e)." },
  alpha: { type: 'number', default: 0.95, min: 0, max: 1, help: 'Geometric cooling: T is multiplied by alpha after each temperature level.' },
  y: {
    type: 'number',
    default: 0.25,
    min: 0,
    max: 1,
    help: 'Static equilibrium (Talbi 2009): each temperature level tries y x |N| moves, |N| = m (n^2 - m), the number of distinct swaps of a removed and a kept cell.',
  },
  tFinal: { type: 'number', default: 0.001, min: 0, help: 'Final temperature: the schedule ends once T falls below it.' },
  atFinal: {
    type: 'enum',
    options: ['stop', 'reheat'],
    default: 'stop',
    help: 'At the final temperature: stop (the run is finished, as in the paper) or reheat to t0 and go on, keeping the best.',
  },
} as const satisfies ParamSchema;

type SaParams = ResolvedParams<typeof paritySaParams>;

const SaCheckpoint = v.object({
  rng: rngState,
  evaluations: count,
  level: count,
  levelMoves: count,
  // Absent from checkpoints written before reheating (levelsDone was the level then).
  levelsDone: v.optional(count),
  reheats: v.optional(count),
  bestScore: v.number(),
  finished: v.optional(v.boolean()),
  problem: v.unknown(),
});
type SaCheckpoint = v.InferOutput<typeof SaCheckpoint>;

/**
 * The casse-tete SA of Almuhaideb et al. 2022, written for the family rather than bound to the
 * generic annealing engine, whose schedule cannot say "T0 = n", "level length = y |N(s)|" (both
 * depend on the instance) nor "the final temperature ends the run".
 *
 * Move: random swap of a removed and a kept cell (ParityLocalSearch, O(1) delta). A worse move of
 * cost rise d is accepted with probability exp(-d / T). Temperature level k runs at
 * T = T0 alpha^k for L = ceil(y m (n^2 - m)) moves: Talbi's static equilibrium explores a fixed
 * proportion y of the neighbourhood at each level, and a swap neighbourhood has m (n^2 - m)
 * members. When T drops below tFinal the schedule is over: with atFinal = stop (the paper, whose
 * SA "termination condition was the same as the GA's": solved, or out of budget) the run is
 * finished; with reheat it starts over at T0 from where it is. With the defaults at n = 50,
 * m = 1250 that is 211 levels of 390,625 moves (82 million evaluations); the paper's mean to a
 * solution there is 37 million.
 *
 * Evaluations: 1 for the random start, then 1 per move tried. iteration = temperature levels done.
 * alpha = 1 or tFinal = 0 never reaches the final temperature: the run goes on until stopped.
 */
export class ParityAnnealing implements SolverRun<{ cells: number[][] }, SaCheckpoint> {
  evaluations = 0;
  bestScore: number;
  finished = false;
  reheats = 0;
  private level = 0;
  private levelMoves = 0;
  private levelsDone = 0;
  readonly t0: number;
  readonly levelLength: number;
  /** Its temperature is set at each level; at T = 0 (alpha 0, tFinal 0) it still draws for a worse move. */
  private readonly acceptor = new MetropolisAcceptor(0, false);

  constructor(
    puzzle: ParityPuzzle,
    private readonly p: SaParams,
    private readonly ls: ParityLocalSearch,
    private readonly rng: Rng,
    fresh: boolean,
  ) {
    const { n, m } = puzzle;
    this.t0 = p.t0 > 0 ? p.t0 : n;
    this.levelLength = Math.ceil(p.y * m * (n * n - m));
    if (fresh) {
      ls.randomize(rng);
      ls.saveBest();
      this.evaluations = 1;
    }
    this.bestScore = ls.score();
    // No swap changes anything when m is 0 or n^2 (or y = 0): the start is all there is.
    if (fresh && (this.bestScore === 0 || this.levelLength === 0)) this.finished = true;
  }

  get temperature(): number {
    return this.t0 * Math.pow(this.p.alpha, this.level);
  }

  get currentScore(): number {
    return this.ls.score();
  }

  /** Temperature levels completed, across reheats. */
  get iteration(): number {
    return this.levelsDone;
  }

  step(budget: number): void {
    if (this.finished) return;
    const { ls, rng, levelLength, acceptor } = this;
    const startBest = this.bestScore;
    let t = this.temperature;
    acceptor.temperature = t;
    if (t < this.p.tFinal) {
      // A schedule that starts below tFinal (t0 < tFinal) has nothing to do.
      this.finished = true;
      return;
    }
    for (let i = 0; i < budget; i++) {
      const delta = ls.propose(rng);
      this.evaluations++;
      if (acceptor.accept(delta, ls.score(), this.bestScore, rng)) {
        ls.apply();
        if (delta > 0) {
          const s = ls.score();
          if (s > this.bestScore) {
            this.bestScore = s;
            ls.saveBest();
          }
        }
      }
      if (++this.levelMoves >= levelLength) {
        this.levelMoves = 0;
        this.level++;
        this.levelsDone++;
        t = acceptor.temperature = this.temperature;
        if (t < this.p.tFinal) {
          if (this.p.atFinal === 'stop') {
            this.finished = true;
            return;
          }
          this.level = 0;
          this.reheats++;
          acceptor.temperature = this.temperature;
        }
      }
      if (this.bestScore > startBest) {
        if (this.bestScore === 0) this.finished = true;
        return;
      }
    }
  }

  bestSolution(): { cells: number[][] } {
    return this.ls.bestSolution();
  }

  checkpoint(): SaCheckpoint {
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      level: this.level,
      levelMoves: this.levelMoves,
      levelsDone: this.levelsDone,
      reheats: this.reheats,
      bestScore: this.bestScore,
      finished: this.finished,
      problem: this.ls.save(),
    };
  }

  static restore(puzzle: ParityPuzzle, p: SaParams, s: SaCheckpoint): ParityAnnealing {
    const ls = new ParityLocalSearch(puzzle);
    ls.load(s.problem);
    const run = new ParityAnnealing(puzzle, p, ls, new Rng(s.rng), false);
    run.evaluations = s.evaluations;
    run.level = s.level;
    run.levelMoves = s.levelMoves;
    run.levelsDone = s.levelsDone ?? s.level;
    run.reheats = s.reheats ?? 0;
    run.bestScore = ls.bestScore();
    run.finished = s.finished === true;
    return run;
  }
}

export const paritySaSolver = catalogued<ParityPuzzle, { cells: number[][] }, SaCheckpoint, typeof paritySaParams>(
  {
    id: 'sa',
    family: 'parity',
    label: 'Simulated annealing (Almuhaideb et al. 2022)',
    description:
      'Random swap of a removed and a kept cell; T0 = n, geometric cooling alpha = 0.95, y m (n^2 - m) moves per temperature (static equilibrium, y = 0.25); finished at the final temperature 0.001 (or reheats).',
    params: paritySaParams,
    create: (puzzle, params, seed) => new ParityAnnealing(puzzle, params, new ParityLocalSearch(puzzle), new Rng(seed), true),
    restore: (puzzle, params, checkpoint) => ParityAnnealing.restore(puzzle, params, checkpoint),
  },
  SaCheckpoint,
);
