import type { LocalSearchProblem } from '../../engine/local-search';
import type { ParamSchema, Params } from '../../params/schema';
import { pickParams, resolveParams } from '../../params/schema';
import * as v from 'valibot';
import { count } from '../../engine/checkpoint';
import type { Rng } from '../../rng/rng';
import { MetropolisAcceptor } from '../acceptance/acceptor';
import { LocalSearchRun, localSearchEntries, readCheckpoint } from '../local-search-run';

export const annealingParams = {
  t0: { type: 'number', default: 80, min: 0, help: 'Starting temperature (in score units: a drop of T is accepted with probability 1/e).' },
  alpha: { type: 'number', default: 0.999, min: 0, max: 1, help: 'Geometric cooling: T is multiplied by alpha after each temperature level.' },
  movesPerTemperature: { type: 'int', default: 1, min: 1, help: 'Moves tried at each temperature level (the equilibrium length).' },
  tMin: { type: 'number', default: 0.001, min: 0, help: 'Final temperature: below it the search reheats (if enabled) or stays at tMin.' },
  reheat: { type: 'boolean', default: false, help: 'Go back to t0 when the temperature falls below tMin.' },
} as const satisfies ParamSchema;

const annealingOwn = { temperature: v.number(), levelMoves: count, reheats: count };
type AnnealingOwn = v.InferOutput<v.ObjectSchema<typeof annealingOwn, undefined>>;
export const AnnealingCheckpoint = v.object({ ...localSearchEntries, ...annealingOwn });

/** Simulated annealing: a worse move of size d is accepted with probability exp(-d / T). */
export class Annealing extends LocalSearchRun<LocalSearchProblem, AnnealingOwn> {
  reheats = 0;
  /** At T = 0 the walk is frozen: no worse move, and no draw for one. */
  private readonly acceptor: MetropolisAcceptor;
  private levelMoves = 0;
  private readonly p: ReturnType<typeof resolveParams<typeof annealingParams>>;

  constructor(problem: LocalSearchProblem, params: Params, rng: Rng, fresh: boolean) {
    const p = resolveParams(annealingParams, pickParams(annealingParams, params));
    super(problem, rng, fresh);
    this.p = p;
    this.acceptor = new MetropolisAcceptor(p.t0);
  }

  get temperature(): number {
    return this.acceptor.temperature;
  }

  set temperature(t: number) {
    this.acceptor.temperature = t;
  }

  step(budget: number): void {
    const { problem, rng, p, acceptor } = this;
    const startBest = this.bestScore;
    for (let i = 0; i < budget; i++) {
      const delta = problem.propose(rng);
      this.evaluations++;
      this.iteration++;
      if (acceptor.accept(delta, problem.score(), this.bestScore, rng)) {
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
        acceptor.temperature *= p.alpha;
        if (acceptor.temperature < p.tMin) {
          if (p.reheat) {
            acceptor.temperature = p.t0;
            this.reheats++;
          } else acceptor.temperature = p.tMin;
        }
      }
      if (this.bestScore > startBest) return;
    }
  }

  protected ownState(): AnnealingOwn {
    return { temperature: this.temperature, levelMoves: this.levelMoves, reheats: this.reheats };
  }

  static restore(problem: LocalSearchProblem, params: Params, cp: unknown): Annealing {
    const { s, rng } = readCheckpoint('annealing', AnnealingCheckpoint, problem, cp);
    const a = new Annealing(problem, params, rng, false).resume(s);
    a.temperature = s.temperature;
    a.levelMoves = s.levelMoves;
    a.reheats = s.reheats;
    return a;
  }
}
