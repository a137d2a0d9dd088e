import * as v from 'valibot';
import type { ParamSpec, Params } from '../params/schema';
import { count, int, num, readCheckpoint, scoreOrNull } from './checkpoint';
import { workRefusal } from './limits';
import type { SolverDef, SolverRun } from './solver';
import type { WorkTally } from './work-tally';

/**
 * One run on several cores: N sub-searches (shards) of the same solver with seeds derived from
 * the run's seed, advanced in rounds of a fixed step budget each and combined in index order.
 * Nothing depends on which shard finishes a round first, or how far one ran ahead of the rounds
 * taken, so a run is deterministic for (seed, threads) whether its shards run one after the other
 * here or on threads (the Node side executes them on worker threads through `ShardExecutor`, each
 * thread running ahead of the rounds taken, within bounds, so none waits for the slowest at every
 * round). Shard 0 has the run's own seed, so
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

/** A shard at the end of one of its rounds (or as it starts), with its best board where the round raised its best. */
export interface ShardRound {
  report: ShardReport;
  solution?: unknown;
}

/**
 * Runs the shards somewhere: one after the other in this thread, or on worker threads where each
 * shard may run ahead of the rounds taken, within bounds (so no thread waits for the slowest at
 * every round).
 */
export interface ShardExecutor {
  readonly count: number;
  /** Each shard as it starts or resumes, with its best board (no work). */
  starts(): readonly ShardRound[];
  /** Shard i's next round: done now, or the oldest one a thread has ended ahead (waiting for it if none has). */
  next(shard: number): ShardRound;
  /** The rounds shard i has ended that `next` has not given, without waiting; given here instead. */
  ahead(shard: number): ShardRound[];
  /** Each shard's checkpoint, and the rounds it ended before it that `next` has not given yet (it still will). */
  checkpoints(): { state: unknown; ahead: ShardRound[] }[];
  /** Release the threads (the run is over). */
  close(): void;
  /**
   * Whether the run's stop is due, for an executor that waits on threads: while it waits (for a
   * round, or a checkpoint) and this turns true, it has every thread end its round where it is.
   */
  watch?(stopDue: () => boolean): void;
  /**
   * The run ends on the clock or by the user's word: every thread ends its round where it is
   * (posting what it did, which `ahead` then gives) and plays no more. Waits until each has.
   */
  halt?(): void;
  /**
   * For an executor that waits on threads: true once each of `shards` has a round to give (with
   * `checkpoint`, once every thread has its checkpoint ready: asked for here, taken by
   * `checkpoints`), false after about `ms` without; never holds the thread (see SolverRun.ready).
   */
  ready?(shards: readonly number[], ms: number, checkpoint: boolean): Promise<boolean>;
}

/** Builds the executor for a run: the shards' solver (always one thread), its params, starts and round budget. */
export type ShardExecutorFactory = (def: SolverDef, params: Params, starts: readonly ShardStart[], round: number) => ShardExecutor;

/** A score as JSON writes it (-Infinity, before anything is scored, as null), read back. */
const score = v.pipe(
  scoreOrNull,
  v.transform((x) => x ?? -Infinity),
);
const report = v.object({ evaluations: num, bestScore: score, currentScore: score, iteration: num, finished: v.boolean() });

/** The state a sharded run checkpoints (each shard's own state is read by its solver's schema). */
const ShardedState = v.object({
  threads: int,
  rounds: count,
  best: v.nullable(v.object({ shard: count, score, solution: v.unknown() })),
  shards: v.array(v.unknown()),
  /** Rounds taken of each shard; absent in checkpoints from before shards could run ahead (all at `rounds`). */
  taken: v.optional(v.array(count)),
  /** Each shard's figures at its last round taken. */
  last: v.optional(v.array(report)),
  /** Rounds each shard had ended past those taken when its state was saved (taken first on resume). */
  pending: v.optional(v.array(v.array(v.object({ report, solution: v.optional(v.unknown()) })))),
});
type ShardedState = v.InferOutput<typeof ShardedState>;

/** Each thread's own state in a run's checkpoint: a sharded run's shards, or a one-thread run's state itself. */
export function threadStates(state: unknown): unknown[] {
  const sharded = v.safeParse(ShardedState, state);
  return sharded.success ? sharded.output.shards : [state];
}

/**
 * The tally in a run's checkpoint state, its threads' counts together; null when the solver counts
 * nothing, or this checkpoint does not (written before it counted).
 */
export function workTallyOf(def: SolverDef, state: unknown): WorkTally | null {
  if (!def.tally) return null;
  try {
    return def.tally(threadStates(state));
  } catch {
    return null; // a state that does not read as this solver's says nothing about the work
  }
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

/** The params of one shard: the run's, on one thread, with its share of the run's memory bound. */
export function shardParams(def: SolverDef, params: Params): Params {
  const rest: Params = { ...params };
  delete rest.threads;
  const key = def.memoryParam;
  const threads = threadsOf(params);
  if (key && threads > 1) {
    const bound = params[key] ?? def.params[key]?.default;
    if (typeof bound === 'number' && bound > 0) rest[key] = Math.max(1, Math.floor(bound / threads));
  }
  return rest;
}

/**
 * `def` with a `threads` parameter: 1 runs it as it is, N > 1 runs N shards of it, each round a
 * `step(round)` for every shard (in this thread unless the host supplies an executor, see
 * `createRun`). `round` is a fixed budget so round boundaries do not depend on timing. Each shard
 * must fit in what one run may hold; the N of them are held against the machine by the launcher.
 */
export function withThreads(def: SolverDef, round: number): SolverDef {
  const work = def.stepWork;
  const base = def;
  const refuses = (puzzle: unknown, params: Params): string | null => {
    const one = shardParams(def, params);
    const own = def.refuses?.(puzzle, one) ?? null;
    const threads = threadsOf(params);
    if (threads === 1) return own;
    if (own) return `each of ${threads} threads: ${own}`;
    // Each thread has passed its own memory refusal above: a run on N threads may hold N times
    // what one thread may (the machine's memory is checked where the run is launched, see
    // `runMemoryBytes`). A round waits for every thread's step: with more threads than cores (or
    // none, shards run one after the other) their units add up before the run can see its stop.
    const what = `${threads} threads of ${def.label.toLowerCase()}`;
    return work ? workRefusal(threads * work(puzzle, one), `one round of ${what}`, `${threads} x its largest step`) : null;
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

/**
 * Bytes a run of these (resolved) params holds at most, all its threads together, where the solver
 * states them (null where it does not): for the launcher to hold against the machine's memory,
 * which core cannot see.
 */
export function runMemoryBytes(def: SolverDef, puzzle: unknown, params: Params): number | null {
  const bytes = def.memoryBytes;
  return bytes ? threadsOf(params) * bytes(puzzle, shardParams(def, params)) : null;
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
  const one = shardParams(plan.base, params);
  if (threads === 1) {
    // A one-thread checkpoint is the solver's own: threads=1 runs exactly as the solver did before threads existed.
    return 'seed' in from ? plan.base.create(puzzle, one, from.seed) : plan.base.restore(puzzle, one, from.checkpoint);
  }
  const round = roundOf(plan, threads);
  if ('seed' in from) {
    const starts = Array.from({ length: threads }, (_, i) => ({ seed: shardSeed(from.seed, i) }));
    return new ShardedRun(executor(plan.base, one, starts, round), { rounds: 0, best: null });
  }
  const s = readCheckpoint(def.id, ShardedState, from.checkpoint);
  if (s.threads !== threads || s.shards.length !== threads)
    throw new Error(`${def.id} checkpoint was made with ${s.threads} threads: resume it with threads=${s.threads}, not ${threads}`);
  const perShard = (x: unknown[] | undefined): boolean => x === undefined || x.length === threads;
  if (!perShard(s.taken) || !perShard(s.last) || !perShard(s.pending) || (s.taken === undefined) !== (s.last === undefined))
    throw new Error(`${def.id} checkpoint is damaged: its threads' rounds do not match its ${threads} threads`);
  return new ShardedRun(
    executor(
      plan.base,
      one,
      s.shards.map((state) => ({ state })),
      round,
    ),
    s,
  );
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
 * A shard's share of a round, in up to ROUND_PIECES steps: between two, a shard run on a thread
 * sees the run's stop (`halted`), so a stop waits a piece of a round rather than a whole one. The
 * pieces are the same however the shards run, so a run stays deterministic for (seed, threads);
 * only a stop on the clock or by the user (which never is) cuts a round short. A solver's `step`
 * returns early at every new best (so a lone run's improvements are recorded with their boards); a
 * shard's bests are only read between rounds, so it goes on with what is left of its budget.
 */
export function stepShard(run: SolverRun, budget: number, halted: () => boolean = never): void {
  const done = (): number => run.spent ?? run.evaluations;
  const piece = Math.max(1, Math.ceil(budget / ROUND_PIECES));
  let used = 0;
  for (let calls = 0; calls < MAX_STEPS_PER_ROUND && used < budget && !run.finished && !halted(); calls++) {
    const best = run.bestScore;
    const before = done();
    const b = Math.min(piece, budget - used);
    run.step(b);
    // A step that ended without a new best used its budget, whatever it counted.
    used += run.bestScore === best ? Math.max(b, done() - before) : done() - before;
  }
}

const never = (): boolean => false;

/** Steps a round is cut into (a beam round on 2 threads: pieces of about 40 ms of a core). */
export const ROUND_PIECES = 16;

/** Bounds a round whatever a solver reports (a step that finds a best without counting work). */
const MAX_STEPS_PER_ROUND = 1024;

/**
 * One round of a shard: its share of the round's budget, then its figures, with its best board
 * where the round raised its best (the combining run takes a board only from a shard whose best
 * rose above every other, which happens only in such a round).
 */
export function playRound(run: SolverRun, budget: number, halted?: () => boolean): ShardRound {
  const before = run.bestScore;
  stepShard(run, budget, halted);
  const report = reportOf(run);
  return run.bestScore > before ? { report, solution: run.bestSolution() } : { report };
}

/** A shard as it starts or resumes: its figures and best board. */
export function startOf(run: SolverRun): ShardRound {
  return { report: reportOf(run), solution: run.bestSolution() };
}

/** Shards executed one after the other in this thread (core's reference for the threaded executor). */
export function localShards(puzzle: unknown): ShardExecutorFactory {
  return (def, params, starts, round) => {
    const runs = starts.map((s) => ('seed' in s ? def.create(puzzle, params, s.seed) : def.restore(puzzle, params, s.state)));
    // A round of every shard here is a whole round's work: it ends where the run's stop finds it, as threads do.
    let stopDue = never;
    return {
      count: runs.length,
      starts: () => runs.map(startOf),
      next: (i) => playRound(runs[i], round, stopDue),
      watch: (f) => void (stopDue = f),
      ahead: () => [],
      checkpoints: () => runs.map((r) => ({ state: r.checkpoint(), ahead: [] })),
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
 * step takes one round of every shard. Rounds are taken in order whatever the threads did ahead,
 * so a run stopped by evaluations or a target is the same for (seed, threads) however the threads
 * were timed; `settle` (a stop on the clock or by the user) also takes what they did ahead.
 */
export class ShardedRun implements SolverRun {
  rounds: number;
  evaluations = 0;
  bestScore = -Infinity;
  currentScore = -Infinity;
  iteration = 0;
  finished = false;
  private best: ShardedState['best'];
  /** Rounds taken of each shard (equal but after a `settle`). */
  private readonly taken: number[];
  private readonly last: ShardReport[];
  /** Rounds a shard had ended ahead when a checkpoint was saved, or a settle found: taken before any new. */
  private readonly pending: ShardRound[][];

  constructor(
    private readonly exec: ShardExecutor,
    from: Pick<ShardedState, 'rounds' | 'best' | 'taken' | 'last' | 'pending'>,
  ) {
    this.rounds = from.rounds;
    this.best = from.best;
    const n = exec.count;
    this.taken = from.taken ? [...from.taken] : Array.from({ length: n }, () => from.rounds);
    this.pending = from.pending ? from.pending.map((p) => [...p]) : Array.from({ length: n }, () => []);
    this.last = Array.from({ length: n }, () => ({ evaluations: 0, bestScore: -Infinity, currentScore: -Infinity, iteration: 0, finished: false }));
    // The shards' figures as they start (or resume): no work is done here.
    const starts = exec.starts();
    for (let i = 0; i < n; i++) this.take(i, from.last ? { report: from.last[i] } : starts[i]);
    this.sum();
  }

  get threads(): number {
    return this.exec.count;
  }

  /**
   * One round of every shard behind the others, whatever the budget: a shard's evaluations may
   * rise only at the end of a long unit, so rounds are counted, not evaluations, and the driver
   * checks its stop criteria after each (a round is a fixed step budget per shard: about 0.1-0.6 s
   * of wall time).
   */
  step(_budget: number): void {
    if (this.finished) return;
    let behind = Infinity;
    for (let i = 0; i < this.exec.count; i++) if (!this.last[i].finished) behind = Math.min(behind, this.taken[i]);
    for (let i = 0; i < this.exec.count; i++) {
      if (this.last[i].finished || this.taken[i] !== behind) continue;
      this.take(i, this.pending[i].shift() ?? this.exec.next(i));
      this.taken[i]++;
    }
    this.rounds++;
    this.sum();
  }

  watch(stopDue: () => boolean): void {
    this.exec.watch?.(stopDue);
  }

  /** See SolverRun.ready: the shards the next step takes a new round of (the others have theirs in hand). */
  async ready(ms: number, checkpoint = false): Promise<boolean> {
    if (!this.exec.ready || (this.finished && !checkpoint)) return true;
    let behind = Infinity;
    for (let i = 0; i < this.exec.count; i++) if (!this.last[i].finished) behind = Math.min(behind, this.taken[i]);
    const need: number[] = [];
    if (!checkpoint)
      for (let i = 0; i < this.exec.count; i++) if (!this.last[i].finished && this.taken[i] === behind && this.pending[i].length === 0) need.push(i);
    return this.exec.ready(need, ms, checkpoint);
  }

  /** The run ends on the clock or by the user's word: its threads end their rounds, and the rounds they ended ahead are taken, in round order. */
  settle(): void {
    this.exec.halt?.();
    for (let i = 0; i < this.exec.count; i++) this.pending[i].push(...this.exec.ahead(i));
    for (;;) {
      let i = -1;
      for (let j = 0; j < this.exec.count; j++) if (this.pending[j].length > 0 && (i < 0 || this.taken[j] < this.taken[i])) i = j;
      if (i < 0) break;
      this.take(i, this.pending[i].shift()!);
      this.taken[i]++;
    }
    this.sum();
  }

  private take(i: number, r: ShardRound): void {
    this.last[i] = r.report;
    if (this.best !== null && r.report.bestScore <= this.best.score) return;
    if (r.solution === undefined) throw new Error(`thread ${i + 1} of ${this.exec.count} reported a best of ${r.report.bestScore} without its board`);
    this.best = { shard: i, score: r.report.bestScore, solution: r.solution };
  }

  private sum(): void {
    let evaluations = 0;
    let current = -Infinity;
    let iteration = 0;
    let finished = true;
    for (const r of this.last) {
      evaluations += r.evaluations;
      if (r.currentScore > current) current = r.currentScore;
      iteration += r.iteration;
      finished &&= r.finished;
    }
    this.evaluations = evaluations;
    this.currentScore = current;
    this.iteration = iteration;
    this.finished = finished;
    this.bestScore = this.best?.score ?? -Infinity;
  }

  bestSolution(): unknown {
    return this.best?.solution ?? null;
  }

  checkpoint(): ShardedState {
    const saved = this.exec.checkpoints();
    return {
      threads: this.exec.count,
      rounds: this.rounds,
      best: this.best,
      shards: saved.map((s) => s.state),
      taken: [...this.taken],
      last: [...this.last],
      pending: saved.map((s, i) => [...this.pending[i], ...s.ahead]),
    };
  }

  /** The run is over: end its threads. */
  close(): void {
    this.exec.close();
  }
}
