import type { LocalSearchProblem } from '../../engine/local-search';
import type { SolverRun } from '../../engine/solver';
import type { ParamSchema, Params } from '../../params/schema';
import { pickParams, resolveParams } from '../../params/schema';
import { Rng, type RngState } from '../../rng/rng';

export const annealingParams = {
  t0: { type: 'number', default: 80, min: 0, help: 'Starting temperature (in score units: a drop of T is accepted with probability 1/e).' },
  alpha: { type: 'number', default: 0.999, min: 0, max: 1, help: 'Geometric cooling: T is multiplied by alpha after each temperature level.' },
  movesPerTemperature: { type: 'int', default: 1, min: 1, help: 'Moves tried at each temperature level (the equilibrium length).' },
  tMin: { type: 'number', default: 0.001, min: 0, help: 'Final temperature: below it the search reheats (if enabled) or stays at tMin.' },
  reheat: { type: 'boolean', default: false, help: 'Go back to t0 when the temperature falls below tMin.' },
} as const satisfies ParamSchema;

interface AnnealingState {
  rng: RngState;
  evaluations: number;
  iteration: number;
  temperature: number;
  levelMoves: number;
  reheats: number;
  bestScore: number;
  problem: unknown;
}

/** Simulated annealing: a worse move of size d is accepted with probability exp(-d / T). */
export class Annealing implements SolverRun {
  evaluations = 0;
  iteration = 0;
  bestScore: number;
  temperature: number;
  reheats = 0;
  private levelMoves = 0;
  private readonly p: ReturnType<typeof resolveParams<typeof annealingParams>>;

  constructor(
    private readonly problem: LocalSearchProblem,
    params: Params,
    private readonly rng: Rng,
    fresh: boolean,
  ) {
    this.p = resolveParams(annealingParams, pickParams(annealingParams, params));
    this.temperature = this.p.t0;
    if (fresh) {
      problem.randomize(rng);
      problem.saveBest();
      this.evaluations = 1;
    }
    this.bestScore = problem.score();
  }

  get currentScore(): number {
    return this.problem.score();
  }

  get finished(): boolean {
    return false;
  }

  step(budget: number): void {
    const { problem, rng, p } = this;
    const startBest = this.bestScore;
    for (let i = 0; i < budget; i++) {
      const delta = problem.propose(rng);
      this.evaluations++;
      this.iteration++;
      if (delta >= 0 || (this.temperature > 0 && rng.next() < Math.exp(delta / this.temperature))) {
        problem.apply();
        if (delta > 0) {
          const s = problem.score();
          if (s > this.bestScore) {
            this.bestScore = s;
            problem.saveBest();
          }
        }
      }
      if (++this.levelMoves >= p.movesPerTemperature) {
        this.levelMoves = 0;
        this.temperature *= p.alpha;
        if (this.temperature < p.tMin) {
          if (p.reheat) {
            this.temperature = p.t0;
            this.reheats++;
          } else this.temperature = p.tMin;
        }
      }
      if (this.bestScore > startBest) return;
    }
  }

  bestSolution(): unknown {
    return this.problem.bestSolution();
  }

  checkpoint(): AnnealingState {
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      iteration: this.iteration,
      temperature: this.temperature,
      levelMoves: this.levelMoves,
      reheats: this.reheats,
      bestScore: this.bestScore,
      problem: this.problem.save(),
    };
  }

  static restore(problem: LocalSearchProblem, params: Params, cp: unknown): Annealing {
    const s = cp as AnnealingState;
    if (!s || !Rng.isState(s.rng) || typeof s.temperature !== 'number') throw new Error('annealing checkpoint is damaged');
    problem.load(s.problem);
    const a = new Annealing(problem, params, new Rng(s.rng), false);
    a.evaluations = s.evaluations;
    a.iteration = s.iteration;
    a.temperature = s.temperature;
    a.levelMoves = s.levelMoves;
    a.reheats = s.reheats;
    a.bestScore = s.bestScore;
    return a;
  }
}
