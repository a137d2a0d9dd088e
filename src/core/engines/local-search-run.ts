import type { LocalSearchProblem } from '../engine/local-search';
import type { SolverRun } from '../engine/solver';
import { Rng, type RngState } from '../rng/rng';

/** The checkpoint fields every local-search engine writes; each engine adds its own. */
export interface LocalSearchState {
  rng: RngState;
  evaluations: number;
  iteration: number;
  bestScore: number;
  problem: unknown;
}

/**
 * What hill climbing, annealing and tabu search share around their own `step` loops: the random
 * start, the counters and the best score, and the checkpoint fields above. `step` stays in each
 * engine (a hot loop: nothing here is called per move).
 */
export abstract class LocalSearchRun<P extends LocalSearchProblem, Own extends object> implements SolverRun {
  evaluations = 0;
  iteration = 0;
  bestScore: number;

  /** `fresh`: start from a random solution; otherwise the problem holds a restored one. */
  protected constructor(
    protected readonly problem: P,
    protected readonly rng: Rng,
    fresh: boolean,
  ) {
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

  abstract step(budget: number): void;

  bestSolution(): unknown {
    return this.problem.bestSolution();
  }

  /** The engine's own checkpoint fields. */
  protected abstract ownState(): Own;

  checkpoint(): LocalSearchState & Own {
    return {
      rng: this.rng.getState(),
      evaluations: this.evaluations,
      iteration: this.iteration,
      bestScore: this.bestScore,
      ...this.ownState(),
      problem: this.problem.save(),
    };
  }

  /** Takes the shared counters back from a checkpoint read by `readCheckpoint`. */
  protected resume(s: LocalSearchState): this {
    this.evaluations = s.evaluations;
    this.iteration = s.iteration;
    this.bestScore = s.bestScore;
    return this;
  }
}

/**
 * Checks a checkpoint's shared fields (and the engine's, by `valid`), loads its problem state and
 * returns it typed, with the random stream to continue on. Throws `<engine> checkpoint is damaged`.
 */
export function readCheckpoint<S extends LocalSearchState>(
  engine: string,
  problem: LocalSearchProblem,
  cp: unknown,
  valid: (s: S) => boolean = () => true,
): { s: S; rng: Rng } {
  const s = cp as S;
  if (!s || !Rng.isState(s.rng) || !valid(s)) throw new Error(`${engine} checkpoint is damaged`);
  problem.load(s.problem);
  return { s, rng: new Rng(s.rng) };
}
