import type { LocalSearchProblem } from '../../engine/local-search';
import type { ParamSchema, Params } from '../../params/schema';
import { pickParams, resolveParams } from '../../params/schema';
import * as v from 'valibot';
import { count } from '../../engine/checkpoint';
import type { Rng } from '../../rng/rng';
import { RandomWalkAcceptor } from '../acceptance/acceptor';
import { LocalSearchRun, localSearchEntries, readCheckpoint } from '../local-search-run';

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

const hillClimbOwn = { sinceImprove: count, climbBest: v.number(), restarts: count };
type HillClimbOwn = v.InferOutput<v.ObjectSchema<typeof hillClimbOwn, undefined>>;
export const HillClimbCheckpoint = v.object({ ...localSearchEntries, ...hillClimbOwn });

/** Hill climbing: accept a random move when it is not worse; optional restarts and random walk. */
export class HillClimb extends LocalSearchRun<LocalSearchProblem, HillClimbOwn> {
  restarts = 0;
  /** Moves since the current climb last beat its own best: restarts must not wait for a global record. */
  private sinceImprove = 0;
  private climbBest: number;
  private readonly restartAfter: number;
  private readonly acceptor: RandomWalkAcceptor;

  constructor(problem: LocalSearchProblem, params: Params, rng: Rng, fresh: boolean) {
    const p = resolveParams(hillClimbParams, pickParams(hillClimbParams, params));
    super(problem, rng, fresh);
    this.restartAfter = p.restartAfter;
    this.acceptor = new RandomWalkAcceptor(p.randomWalk);
    this.climbBest = problem.score();
  }

  step(budget: number): void {
    const { problem, rng, acceptor } = this;
    const startBest = this.bestScore;
    for (let i = 0; i < budget; i++) {
      const delta = problem.propose(rng);
      this.evaluations++;
      this.iteration++;
      if (acceptor.accept(delta, problem.score(), this.bestScore, rng)) {
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

  protected ownState(): HillClimbOwn {
    return { sinceImprove: this.sinceImprove, climbBest: this.climbBest, restarts: this.restarts };
  }

  static restore(problem: LocalSearchProblem, params: Params, cp: unknown): HillClimb {
    const { s, rng } = readCheckpoint('hill-climb', HillClimbCheckpoint, problem, cp);
    const hc = new HillClimb(problem, params, rng, false).resume(s);
    hc.sinceImprove = s.sinceImprove;
    hc.climbBest = s.climbBest;
    hc.restarts = s.restarts;
    return hc;
  }
}
