/**
 * Where a pass job's solver starts, and what a spread run checkpoints, in the beam solver's own
 * words. A pass from a pool board is the beam run a long run's checkpoint on its plateau would
 * resume (as `plateauRun` in bench/beam-passes.ts builds it): at the top width, the board its best,
 * its random state new from the job's seed. The solver re-scores the board itself on restore.
 *
 * The spread run's checkpoint is such a beam state of the pool's best board with the pool, the
 * run's random state and its counters beside it under `spread`: the beam solver reads its part
 * and drops the rest, so a spread run resumed without Redis goes on on one machine from its best.
 */
import * as v from 'valibot';
import type { Checkpoint, RunSpec } from '../../core/engine/run-types';
import type { Params } from '../../core/params/schema';
import { Rng, type RngState } from '../../core/rng/rng';
import { PassTallyJson, tallyIn } from '../../core/families/edge/beam/tally';
import { edgeCells, PoolEntry } from './pool';

/** Which runs can be spread: passes of these solvers can start from a board. */
export function spreadRefusal(family: string, solver: string, params: Params): string | null {
  if (family !== 'edge' || solver !== 'beam')
    return `a spread run is made of beam passes: give an edge puzzle and --solver beam or a beam preset such as overnight (not ${family} ${solver})`;
  if (typeof params.threads === 'number' && params.threads > 1)
    return `a spread run's passes run on one thread each (workers take --concurrency N): drop threads=${params.threads}`;
  return null;
}

/** The top width of the run's passes: where a pass from a board starts. */
function topWidth(params: Params): number {
  const w = typeof params.width === 'number' ? params.width : 64;
  const max = typeof params.maxWidth === 'number' ? params.maxWidth : w;
  return Math.max(w, max);
}

/** A board's solution JSON as a beam state holds it: pieces from 0 (-1 empty), turns. */
function beamBoard(board: unknown): { piece: number[]; rotation: number[] } {
  const cells = edgeCells(board);
  if (!cells) throw new Error('a pool board is not an edge board');
  return { piece: cells.map((c) => Number(c[0]) - 1), rotation: cells.map((c) => Number(c[1])) };
}

/** A board's solution JSON from a beam state's. */
function solutionOf(board: unknown): unknown {
  const b = board as { piece?: unknown; rotation?: unknown } | null;
  if (!b || !Array.isArray(b.piece) || !Array.isArray(b.rotation)) return null;
  const rot = b.rotation as unknown[];
  return { cells: (b.piece as unknown[]).map((p, i) => [Number(p) < 0 ? 0 : Number(p) + 1, Number(p) < 0 ? 0 : rot[i]]) };
}

/**
 * A beam run's state with `board` (of `score`) its best, at the top width, its random state from
 * `rng`; its pass count empty, so a job counts every pass it makes.
 */
function beamState(params: Params, board: unknown, score: number, rng: RngState): Record<string, unknown> {
  const width = topWidth(params);
  const tally: PassTallyJson = { full: {}, suffix: {}, raised: {} };
  return { rng, evaluations: 0, pass: 1, width, bestScore: score, stall: 0, lastScore: score, lastWidth: width, best: beamBoard(board), tally };
}

/** The job's solver parameters: the run's, on one thread. */
function passParams(params: Params): Params {
  const p: Params = { ...params };
  delete p.threads;
  return p;
}

/**
 * What a worker runs for pass job n: from `from` (a checked pool board) or from empty, for `seconds`
 * CPU seconds. From empty, a job of a run whose pool holds a board (`grown`) starts at the top
 * width: the narrow passes a lone run grows through give it early boards, which such a run has,
 * and cost about one pass at the top width each time (a sixth of a 90-s job on Eternity II).
 */
export function passSpec(run: RunSpec, seed: number, from: PoolEntry | null, seconds: number, grown = false): RunSpec {
  const params = passParams(run.params);
  const rng = new Rng(seed).getState();
  const checkpoint: Checkpoint | null = from
    ? { elapsedMs: 0, evaluations: 0, bestScore: from.score, state: beamState(params, from.board, from.score, rng) }
    : grown
      ? { elapsedMs: 0, evaluations: 0, bestScore: 0, state: { rng, evaluations: 0, pass: 0, width: topWidth(params), best: null } }
      : null;
  return {
    runId: run.runId,
    family: run.family,
    solver: run.solver,
    puzzle: run.puzzle,
    params,
    seed,
    // A pass ends on its CPU budget, or at the run's target: the coordinator then ends the run.
    stop: { seconds, evaluations: null, target: run.stop.target, clock: 'cpu' },
    checkpoint,
    // From a board, only boards above it come back.
    recordedBest: from ? from.score : null,
    progressIntervalMs: 1_000,
    // A pass is short: one that dies is run again from its start, so it saves no checkpoints.
    checkpointIntervalMs: 1e12,
  };
}

const rngState = v.tuple([v.number(), v.number(), v.number(), v.number()]);
const count = v.pipe(v.number(), v.minValue(0));

/** What a spread run keeps in its checkpoint besides the beam state. */
export const SpreadState = v.object({
  v: v.literal(1),
  epochs: count,
  rng: rngState,
  /** Jobs asked for so far (the next one is number `issued`). */
  issued: count,
  jobsDone: count,
  cpuMs: count,
  evaluations: count,
  wallMs: count,
  pool: v.array(PoolEntry),
  /** The last pass's score the run reported (its Live figure and curve), absent in checkpoints before it was kept. */
  current: v.optional(count),
  /** The ended jobs' passes at the top width, summed; absent in checkpoints before they were counted. */
  tally: v.optional(PassTallyJson),
});
export type SpreadState = v.InferOutput<typeof SpreadState>;

/** The run's checkpoint: its best board as a beam state, the spread state beside it. */
export function spreadCheckpoint(params: Params, s: SpreadState, elapsedMs: number): Checkpoint {
  const best = s.pool[0];
  const p = passParams(params);
  const beam = best
    ? beamState(p, best.board, best.score, s.rng)
    : { rng: s.rng, evaluations: 0, pass: 0, width: typeof p.width === 'number' ? p.width : 64, best: null };
  // The run's passes where a beam run keeps its own: `show` and Live read them as any beam run's.
  const tally = s.tally ? { tally: s.tally } : {};
  return { elapsedMs, evaluations: s.evaluations, bestScore: best?.score ?? 0, state: { ...beam, ...tally, evaluations: s.evaluations, spread: s } };
}

const BeamBest = v.looseObject({ best: v.nullish(v.unknown()), bestScore: v.optional(v.number()), spread: v.optional(v.unknown()) });

/**
 * Where a spread run goes on from its checkpoint: its spread state, or (the checkpoint of a run
 * that went on without Redis, or of an ordinary beam run) a new state whose pool holds its best.
 */
export function readSpreadState(cp: Checkpoint | null, seed: number): { state: SpreadState; note: string | null } {
  const fresh: SpreadState = { v: 1, epochs: 0, rng: new Rng(seed).getState(), issued: 0, jobsDone: 0, cpuMs: 0, evaluations: 0, wallMs: 0, pool: [] };
  if (!cp) return { state: fresh, note: null };
  const head = v.safeParse(BeamBest, cp.state);
  if (head.success && head.output.spread !== undefined) {
    const s = v.safeParse(SpreadState, head.output.spread);
    if (s.success) return { state: s.output, note: null };
  }
  const board = head.success ? solutionOf(head.output.best) : null;
  // The run's passes so far go on being counted; where its checkpoint did not count them, the count
  // is partial from here on (`since`: at least the one pass the checkpoint was written after).
  const tally = tallyIn(cp.state) ?? (cp.evaluations > 0 ? { full: {}, suffix: {}, raised: {}, since: 1 } : undefined);
  const base: SpreadState = { ...fresh, cpuMs: cp.elapsedMs, wallMs: cp.elapsedMs, evaluations: cp.evaluations, ...(tally ? { tally } : {}) };
  if (board && typeof cp.bestScore === 'number')
    return {
      state: { ...base, pool: [{ score: cp.bestScore, board, by: 'checkpoint', n: -1 }] },
      note: 'spread from the best board of an ordinary checkpoint',
    };
  return { state: base, note: null };
}
