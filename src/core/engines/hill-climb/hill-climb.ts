import type { LocalSearchProblem } from '../../engine/local-search';
import type { SolverRun } from '../../engine/solver';
import type { ParamSchema, Params } from '../../params/schema';
import { pickParams, resolveParams } from '../../params/schema';
import { Rng, type RngState } from '../../rng/rng';

export const hillClimbParams = {
  restartAfter: {
    type: 'int',
    default: 0,
    min: 0,
    help: 'Restart from a random solution after this many moves in which the current climb found nothing better (0 = never restart).',
  },
  randomWalk: {
    type: 'number',
    default: 0,
    min: 0,
    max: 1,
    help: 'Probability of accepting a random move even when it is worse (random walk).',
  },
} as const satisfies ParamSchema;

interface HillClimbState {
  rng: RngState;
  evaluations: number;
  iteration: number;
  sinceImprove: number;
  climbBest: number;
  bestScore: number;
  restarts: number;
  problem: unknown;
}

/** Hill climbing: accept a random move when it is not worse; optional restarts and random walk. */
export class HillClimb implements SolverRun {
  evaluations = 0;
  iteration = 0;
  bestScore: number;
  restarts = 0;
  /** Moves since the current climb last beat its own best: restarts must not wait for a global record. */
  private sinceImprove = 0;
  private climbBest: number;
  private readonly restartAfter: number;
  private readonly randomWalk: number;

  constructor(
    private readonly problem: LocalSearchProblem,
    params: Params,
    private readonly rng: Rng,
    fresh: boolean,
  ) {
    const p = resolveParams(hillClimbParams, pickParams(hillClimbParams, params));
    this.restartAfter = p.restartAfter;
    this.randomWalk = p.randomWalk;
    if (fresh) {
      problem.randomize(rng);
      problem.saveBest();
      this.evaluations = 1;
    }
    this.bestScore = problem.score();
    this.climbBest = problem.score();
  }

  get currentScore(): number {
    return this.problem.score();
  }

  get finished(): boolean {
    return false;
  }

  step(budget: number): void {
    const { problem, rng } = this;
    const startBest = this.bestScore;
    for (let i = 0; i < budget; i++) {
      const delta = problem.propose(rng);
      this.evaluations++;
      this.iteration++;
      if (delta >= 0 || (this.randomWalk > 0 && rng.next() < this.randomWalk)) {
        problem.apply();
        const s = problem.score();
        if (s > this.climbBest) {
          this.climbBest = s;
          this.sinceImprove = 0;
        }
        if (s > this.bestScore) {
          this.bestScore = s;
          problem.saveBest();
          if (this.bestScore > startBest) return;
          continue;
        }
      }
      if (this.restartAfter > 0 && ++this.sinceImprove >= this.restartAfter) {
        this.sinceImprove = 0;
        this.restarts++;
        problem.randomize(rng);
        this.climbBest = problem.score();
        this.evaluations++;
      }
    }
  }

  bestSolution(): unknown {
    return this.problem.bestSolution();
  }

  checkpoint(): HillClimbState {
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      iteration: this.iteration,
      sinceImprove: this.sinceImprove,
      climbBest: this.climbBest,
      bestScore: this.bestScore,
      restarts: this.restarts,
      problem: this.problem.save(),
    };
  }

  static restore(problem: LocalSearchProblem, params: Params, cp: unknown): HillClimb {
    const s = cp as HillClimbState;
    if (!s || !Rng.isState(s.rng)) throw new Error('hill-climb checkpoint is damaged');
    problem.load(s.problem);
    const hc = new HillClimb(problem, params, new Rng(s.rng), false);
    hc.evaluations = s.evaluations;
    hc.iteration = s.iteration;
    hc.sinceImprove = s.sinceImprove;
    hc.climbBest = s.climbBest;
    hc.bestScore = s.bestScore;
    hc.restarts = s.restarts;
    return hc;
  }
}
