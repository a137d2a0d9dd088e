import * as v from 'valibot';
import { count, readCheckpoint as readWith, rngState, type CheckpointSchema } from '../engine/checkpoint';
import type { LocalSearchProblem } from '../engine/local-search';
import type { SolverRun } from '../engine/solver';
import { Rng } from '../rng/rng';

/**
 * The checkpoint fields every local-search engine writes; each engine adds its own. `problem` is
 * the family's state, read by the problem's own `load`.
 */
export const localSearchEntries = {
  rng: rngState,
  evaluations: count,
  iteration: count,
  bestScore: v.number(),
  problem: v.unknown(),
};
export type LocalSearchState = v.InferOutput<v.ObjectSchema<typeof localSearchEntries, undefined>>;

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
 * Reads a checkpoint with the engine's schema, loads its problem state and returns it typed, with
 * the random stream to continue on. Throws `<engine> checkpoint is damaged: <field>: <fault>`.
 */
export function readCheckpoint<S extends LocalSearchState>(
  engine: string,
  schema: CheckpointSchema<S>,
  problem: LocalSearchProblem,
  cp: unknown,
): { s: S; rng: Rng } {
  const s = readWith(engine, schema, cp);
  problem.load(s.problem);
  return { s, rng: new Rng(s.rng) };
}
