import type { ParamSpec, Params } from '../params/schema';
import { memoryRefusal } from './limits';
import type { SolverDef, SolverRun } from './solver';

/**
 * One run on several cores: N sub-searches (shards) of the same solver with seeds derived from
 * the run's seed, advanced in rounds of a fixed step budget each and combined in index order.
 * Nothing depends on which shard finishes a round first, so a run is deterministic for
 * (seed, threads) whether its shards run one after the other here or on threads (the Node side
 * executes them on worker threads through `ShardExecutor`). Shard 0 has the run's own seed, so
 * N threads repeat the one-thread run and add N - 1 others beside it.
 */

/** The `threads` parameter every sharded solver takes. */
export const THREADS_PARAM = {
  type: 'int',
  default: 1,
  min: 0,
  max: 64,
  help: 'Cores the run uses: that many searches with seeds derived from the run seed, on worker threads, combined into one best board; counts as that many run slots (0 = all cores but one, for a run without a limit).',
} as const satisfies ParamSpec;

/** How a shard starts: from a seed, or from its saved state. */
export type ShardStart = { seed: number } | { state: unknown };

/** What the combining run needs of each shard after a round. */
export interface ShardReport {
  evaluations: number;
  bestScore: number;
  currentScore: number;
  iteration: number;
  finished: boolean;
}

/** Runs the shards somewhere: one after the other in this thread, or on worker threads. */
export interface ShardExecutor {
  readonly count: number;
  /** Each shard's figures now, in index order (no work). */
  reports(): readonly ShardReport[];
  /** Every unfinished shard does one `step(budget)`; reports in index order. */
  advance(budget: number): readonly ShardReport[];
  bestSolution(shard: number): unknown;
  /** Each shard's checkpoint, in index order. */
  checkpoints(): unknown[];
  /** Release the threads (the run is over). */
  close(): void;
}

/** Builds the executor for a run: the shards' solver (always one thread), its params and starts. */
export type ShardExecutorFactory = (def: SolverDef, params: Params, starts: readonly ShardStart[]) => ShardExecutor;

/** The state a sharded run checkpoints. */
interface ShardedState {
  threads: number;
  rounds: number;
  best: { shard: number; score: number; solution: unknown } | null;
  shards: unknown[];
}

interface Plan {
  base: SolverDef;
  round: number;
}

const plans = new WeakMap<SolverDef, Plan>();

/** The threads a run asks for (1 when the parameter is absent). */
export function threadsOf(params: Readonly<Record<string, unknown>>): number {
  const t = params.threads;
  return typeof t === 'number' && Number.isInteger(t) && t > 1 ? t : 1;
}

/** Seed of shard i: the run's own for shard 0, a well-mixed derivative for the others. */
export function shardSeed(seed: number, i: number): number {
  if (i === 0) return seed;
  let z = (Math.trunc(seed) ^ Math.imul(i, 0x9e3779b9)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The params of one shard: the run's, on one thread. */
export function shardParams(params: Params): Params {
  const rest: Params = { ...params };
  delete rest.threads;
  return rest;
}

/**
 * `def` with a `threads` parameter: 1 runs it as it is, N > 1 runs N shards of it, each round a
 * `step(round)` for every shard (in this thread unless the host supplies an executor, see
 * `createRun`). `round` is a fixed budget so round boundaries do not depend on timing. Where the
 * solver states its `memoryBytes`, N shards of it must fit in one run's memory.
 */
export function withThreads(def: SolverDef, round: number): SolverDef {
  const bytes = def.memoryBytes;
  const base = def;
  const refuses = (puzzle: unknown, params: Params): string | null => {
    const one = shardParams(params);
    const own = def.refuses?.(puzzle, one) ?? null;
    const threads = threadsOf(params);
    if (own || !bytes || threads === 1) return own;
    return memoryRefusal(threads * bytes(puzzle, one), `${threads} threads of ${def.label.toLowerCase()}`);
  };
  const sharded: SolverDef = {
    ...def,
    params: { ...def.params, threads: THREADS_PARAM },
    refuses,
    create: (puzzle, params, seed) => createRun(sharded, puzzle, params, { seed }, localShards(puzzle)),
    restore: (puzzle, params, cp) => createRun(sharded, puzzle, params, { checkpoint: cp }, localShards(puzzle)),
  };
  plans.set(sharded, { base, round });
  return sharded;
}

/** True when the solver takes `threads` and these params ask for more than one. */
export function isSharded(def: SolverDef, params: Readonly<Record<string, unknown>>): boolean {
  return plans.has(def) && threadsOf(params) > 1;
}

/**
 * The run of a solver made by `withThreads` (or of any other solver, unchanged): with more than
 * one thread, shards executed by `executor`.
 */
export function createRun(
  def: SolverDef,
  puzzle: unknown,
  params: Params,
  from: { seed: number } | { checkpoint: unknown },
  executor: ShardExecutorFactory,
): SolverRun {
  const plan = plans.get(def);
  const threads = threadsOf(params);
  if (!plan) return 'seed' in from ? def.create(puzzle, params, from.seed) : def.restore(puzzle, params, from.checkpoint);
  const one = shardParams(params);
  if (threads === 1) {
    // A one-thread checkpoint is the solver's own: threads=1 runs exactly as the solver did before threads existed.
    return 'seed' in from ? plan.base.create(puzzle, one, from.seed) : plan.base.restore(puzzle, one, from.checkpoint);
  }
  if ('seed' in from) {
    const starts = Array.from({ length: threads }, (_, i) => ({ seed: shardSeed(from.seed, i) }));
    return new ShardedRun(executor(plan.base, one, starts), roundOf(plan, threads), null);
  }
  const s = from.checkpoint as ShardedState;
  if (!s || typeof s !== 'object' || !Array.isArray(s.shards) || !Number.isInteger(s.rounds)) throw new Error(`${def.id} checkpoint is damaged`);
  if (s.threads !== threads || s.shards.length !== threads)
    throw new Error(`${def.id} checkpoint was made with ${s.threads} threads: resume it with threads=${s.threads}, not ${threads}`);
  const run = new ShardedRun(
    executor(
      plan.base,
      one,
      s.shards.map((state) => ({ state })),
    ),
    roundOf(plan, threads),
    s.best,
  );
  run.rounds = s.rounds;
  return run;
}

/**
 * Each shard's step budget in a round: the solver's round shared out, so a round's work (and the
 * time to the driver's next stop check) stays the same whatever the threads, also when they are
 * more than the cores or run one after the other.
 */
function roundOf(plan: Plan, threads: number): number {
  return Math.max(1, Math.ceil(plan.round / threads));
}

/**
 * A shard's share of a round. A solver's `step` returns early at every new best (so a lone run's
 * improvements are recorded with their boards); a shard's bests are only read between rounds, so it
 * goes on with what is left of its budget. Otherwise, early in a run when bests come often, one
 * shard would sit idle at the round's barrier while the other works.
 */
export function stepShard(run: SolverRun, budget: number): void {
  const done = (): number => run.spent ?? run.evaluations;
  const start = done();
  for (let calls = 0; calls < MAX_STEPS_PER_ROUND && !run.finished; calls++) {
    const best = run.bestScore;
    run.step(Math.max(1, budget - (done() - start)));
    // A step that ended without a new best used its budget: the round is done.
    if (run.bestScore === best || done() - start >= budget) return;
  }
}

/** Bounds a round whatever a solver reports (a step that finds a best without counting work). */
const MAX_STEPS_PER_ROUND = 1024;

/** Shards executed one after the other in this thread (core's reference for the threaded executor). */
export function localShards(puzzle: unknown): ShardExecutorFactory {
  return (def, params, starts) => {
    const runs = starts.map((s) => ('seed' in s ? def.create(puzzle, params, s.seed) : def.restore(puzzle, params, s.state)));
    return {
      count: runs.length,
      reports: () => runs.map(reportOf),
      advance: (budget) =>
        runs.map((r) => {
          stepShard(r, budget);
          return reportOf(r);
        }),
      bestSolution: (i) => runs[i].bestSolution(),
      checkpoints: () => runs.map((r) => r.checkpoint()),
      close: () => undefined,
    };
  };
}

/** A shard's figures after a round. */
export function reportOf(r: SolverRun): ShardReport {
  return { evaluations: r.evaluations, bestScore: r.bestScore, currentScore: r.currentScore, iteration: r.iteration, finished: r.finished };
}

/**
 * N shards seen as one run: evaluations add up, the best is the best shard's (the first to
 * reach a score keeps it; among shards reaching it in the same round the lowest index), and a
 * step is one round.
 */
export class ShardedRun implements SolverRun {
  rounds = 0;
  evaluations = 0;
  bestScore = -Infinity;
  currentScore = -Infinity;
  iteration = 0;
  finished = false;
  private best: ShardedState['best'];

  constructor(
    private readonly exec: ShardExecutor,
    private readonly round: number,
    best: ShardedState['best'],
  ) {
    this.best = best;
    // The shards' figures as they start (or resume): no work is done here.
    this.absorb(exec.reports());
  }

  get threads(): number {
    return this.exec.count;
  }

  /**
   * One round, whatever the budget: a shard's evaluations may rise only at the end of a long unit
   * (a beam pass), so rounds are counted, not evaluations, and the driver checks its stop criteria
   * after each (a round is a fixed step budget per shard: about 0.1-0.6 s of wall time).
   */
  step(_budget: number): void {
    if (this.finished) return;
    this.absorb(this.exec.advance(this.round));
    this.rounds++;
  }

  private absorb(reports: readonly ShardReport[]): void {
    let evaluations = 0;
    let current = -Infinity;
    let iteration = 0;
    let finished = true;
    let top = -1;
    for (let i = 0; i < reports.length; i++) {
      const r = reports[i];
      evaluations += r.evaluations;
      if (r.currentScore > current) current = r.currentScore;
      iteration += r.iteration;
      finished &&= r.finished;
      if (top < 0 || r.bestScore > reports[top].bestScore) top = i;
    }
    this.evaluations = evaluations;
    this.currentScore = current;
    this.iteration = iteration;
    this.finished = finished;
    const score = reports[top].bestScore;
    if (this.best === null || score > this.best.score) {
      // Asked of the shard right away: a shard's best board may change later at an equal score.
      this.best = { shard: top, score, solution: this.exec.bestSolution(top) };
    }
    this.bestScore = this.best.score;
  }

  bestSolution(): unknown {
    return this.best?.solution ?? null;
  }

  checkpoint(): ShardedState {
    return { threads: this.exec.count, rounds: this.rounds, best: this.best, shards: this.exec.checkpoints() };
  }

  /** The run is over: end its threads. */
  close(): void {
    this.exec.close();
  }
}
