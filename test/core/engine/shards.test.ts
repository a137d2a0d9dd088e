import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import {
  createRun,
  localShards,
  shardParams,
  runMemoryBytes,
  shardSeed,
  ShardedRun,
  stepShard,
  threadsOf,
  type ShardExecutor,
  type ShardRound,
} from '../../../src/core/engine/shards';
import type { SolverDef, SolverRun } from '../../../src/core/engine/solver';
import type { Params } from '../../../src/core/params/schema';
import { edgeSolvers, piecesFormat, solutionFromJson } from '../../../src/core/families/edge';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { expectResumesIdentically, runTo, snapshot } from '../../helpers/solver';
import { naiveScore } from '../families/edge/helpers';

const solver = (id: string): SolverDef => edgeSolvers.find((s) => s.id === id)!;
const puzzle = generateEdgePuzzle({ rows: 7, cols: 7, frameColours: 3, innerColours: 5, seed: 4 }).puzzle;
const hash = (x: unknown): string => createHash('sha256').update(JSON.stringify(x)).digest('hex').slice(0, 16);

/** Per solver: params small enough for a quick test, and a budget. */
const CASES: [string, Record<string, number | boolean | string>, number][] = [
  ['beam', { maxWidth: 64 }, 400_000],
  ['lns', { beamWidth: 16, nodeLimit: 500 }, 60_000],
  ['backtrack', { restartAfter: 20_000, maxMismatches: 6 }, 400_000],
];

describe('a run on several threads (shards run one after the other here)', () => {
  it.each(CASES)('%s takes a threads parameter and is deterministic for (seed, threads)', (id, params, budget) => {
    const def = solver(id);
    expect(def.params.threads).toMatchObject({ type: 'int', default: 1, min: 0 });
    const run = (seed: number, threads: number): ReturnType<typeof snapshot> => {
      const r = def.create(puzzle, { ...params, threads }, seed);
      runTo(r, budget, { slice: 7_919 });
      return snapshot(r);
    };
    const a = run(3, 2);
    expect(a.checkpoint).toMatchObject({ threads: 2 });
    // Another slicing of the same budget: rounds are fixed, so the same run.
    const r = def.create(puzzle, { ...params, threads: 2 }, 3);
    runTo(r, budget, { slice: 100_003 });
    expect(snapshot(r)).toEqual(a);
    expect(run(3, 3)).not.toEqual(a);
    const b = solutionFromJson(puzzle, a.bestSolution, 'best');
    expect(naiveScore(puzzle, b)).toBe(a.bestScore);
  });

  it.each(CASES)('%s on 2 threads resumes from its checkpoint as if never stopped, and only with the same threads', (id, params, budget) => {
    const def = solver(id);
    const p = { ...params, threads: 2 };
    expectResumesIdentically(def.create(puzzle, p, 5), (cp) => def.restore(puzzle, p, cp), [budget / 4, budget / 2, budget]);
    const cp = def.create(puzzle, p, 5).checkpoint() as Record<string, unknown[]>;
    expect(() => def.restore(puzzle, { ...params, threads: 3 }, cp)).toThrow(/made with 2 threads: resume it with threads=2/);
    // Read back from JSON before anything was scored (a -Infinity score is written as null).
    expect(def.restore(puzzle, p, JSON.parse(JSON.stringify(cp)))).toBeInstanceOf(ShardedRun);
    expect(() => def.restore(puzzle, p, { ...cp, last: cp.last.slice(1) })).toThrow(new RegExp(`^${id} checkpoint is damaged: its threads' rounds`));
    expect(() => def.restore(puzzle, p, { ...cp, pending: [[{ report: {} }], []] })).toThrow(
      new RegExp(`^${id} checkpoint is damaged: pending\\.0\\.0\\.report\\.evaluations: `),
    );
  });

  it('beam on 2 threads: shard 0 is the one-thread run of the same seed, so the best is never below it after the same rounds', () => {
    const def = solver('beam');
    const two = def.create(puzzle, { maxWidth: 64, threads: 2 }, 9) as ShardedRun;
    const one = def.create(puzzle, { maxWidth: 64 }, 9);
    for (let round = 0; round < 6; round++) {
      two.step(1);
      one.step(1 << 19);
      expect(two.bestScore).toBeGreaterThanOrEqual(one.bestScore);
    }
    expect(two.threads).toBe(2);
    expect(shardSeed(9, 0)).toBe(9);
    expect(shardSeed(9, 1)).not.toBe(shardSeed(9, 2));
  });

  it('bounds each thread of a beam by what one run may use, and states what all of them hold', () => {
    const e2 = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 }).puzzle;
    const beam = solver('beam');
    const p = { width: 400_000, maxWidth: 400_000, memory: 0 };
    // Each thread fits in one run's 2 GB, so three of them are a run (the machine is the launcher's to check).
    expect(beam.refuses!(e2, { ...p, threads: 3 })).toBeNull();
    const one = runMemoryBytes(beam, e2, { ...p, threads: 1 })!;
    expect(one).toBeGreaterThan(400_000 * 1000);
    expect(runMemoryBytes(beam, e2, { ...p, threads: 3 })).toBe(3 * one);
    // A thread over it is refused, saying so.
    expect(beam.refuses!(e2, { ...p, width: 3_000_000, maxWidth: 3_000_000, threads: 3 })).toMatch(
      /^each of 3 threads: a beam 3,000,000 boards wide on 16 x 16 needs about .* over the 2\.00 GB a run may use on one thread/,
    );
    // A memory bound is the run's: its threads share it, so they fit whatever their number.
    expect(beam.refuses!(e2, { ...p, memory: 900, threads: 3 })).toBeNull();
    expect(runMemoryBytes(beam, e2, { ...p, memory: 900, threads: 3 })).toBeLessThanOrEqual(900 * 2 ** 20);
    expect(shardParams(beam, { ...p, memory: 900, threads: 3 }).memory).toBe(300);
    expect(shardParams(beam, { threads: 2 }).memory).toBe(512);
    expect(shardParams(beam, { threads: 1 }).memory).toBeUndefined();
    // Solvers that state no memory have no figure.
    expect(runMemoryBytes(solver('lns'), e2, { threads: 2 })).toBeNull();
  });

  it('refuses threads whose round would do more uninterruptible work than a run may do between two looks at its stop', () => {
    const backtrack = solver('backtrack');
    const p = { maxMismatches: 0, completeWidth: 65_536 };
    // 6x6: one completion 65,536 wide is about a second; 64 of them in one round is not.
    const six = generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 4, seed: 7 }).puzzle;
    expect(backtrack.refuses!(six, { ...p, threads: 1 })).toBeNull();
    expect(backtrack.refuses!(six, { ...p, threads: 2 })).toBeNull();
    expect(backtrack.refuses!(six, { ...p, threads: 64 })).toMatch(/^one round of 64 threads of backtracking \(exact\) would be about 6\.0e\+8 operations/);
    expect(backtrack.refuses!(six, { ...p, complete: false, threads: 64 })).toBeNull();
    // 16x16: one such completion alone is refused.
    const e2 = generateEdgePuzzle({ rows: 16, cols: 16, frameColours: 5, innerColours: 17, seed: 1 }).puzzle;
    expect(backtrack.refuses!(e2, { ...p, threads: 1 })).toMatch(/^completing a deep board would be about 6\.7e\+7 operations \(completeWidth x cells\)/);
    expect(backtrack.refuses!(e2, { ...p, completeWidth: 64, threads: 8 })).toBeNull();
  });

  it('threads=1 is the solver itself, with its own checkpoint', () => {
    const def = solver('lns');
    expect(def.create(puzzle, { threads: 1 }, 1)).not.toBeInstanceOf(ShardedRun);
    expect(threadsOf({})).toBe(1);
    expect(createRun(def, puzzle, { threads: 2 }, { seed: 1 }, localShards(puzzle))).toBeInstanceOf(ShardedRun);
  });

  it('beam with threads=1 gives the figures it gave before threads existed (pinned seed)', () => {
    const p = piecesFormat.read(readFileSync(new URL('../../../resources/instances/meta2010_10x10.txt', import.meta.url), 'utf8'), 'meta').puzzle;
    const settings: Params[] = [{ maxWidth: 512 }, { maxWidth: 256, balance: true, dedupe: true, stallPasses: 2, threads: 1 }];
    const figures = settings.map((params) => {
      const run = solver('beam').create(p, params, 42);
      while (run.evaluations < 3_000_000) run.step(50_000);
      return [run.bestScore, run.evaluations, run.iteration, hash(run.bestSolution()), hash(run.checkpoint())];
    });
    expect(figures).toEqual([
      // Pinned again when the child pool's cut came to keep children in the order they came
      // (other boards in another order, so other tie-breaks: other passes, as good), and again
      // when the beam came to visit a layer's boards best first (more passes in the same
      // evaluations: boards that cannot reach the floor are no longer looked at), and when the
      // pool came to drop a child whose drawn key is below its floor (its cuts come later); and
      // when its checkpoint came to carry its passes' tally (the same run, one field more), and
      // when the tally came to tell apart the suffix passes above their board.
      [172, 3021080, 15, '74894feec7d19668', 'd4d35c68187feaa5'],
      [172, 3001178, 20, 'a205593532eee178', 'bd2b6b4e6e03c319'],
    ]);
  });
});

/**
 * Scripted shards whose figures are a function of (shard, round), and which can be made to have
 * ended rounds ahead of those taken, as threads do: its state is the rounds a shard has ended.
 */
function scripted(ended: readonly number[]): ShardExecutor & { runAhead(shard: number, rounds: number): void } {
  const score = (i: number, k: number): number => Math.floor((k * (i + 2)) / 3) + (i === 1 && k >= 4 ? 2 : 0);
  const round = (i: number, k: number): ShardRound => {
    const report = { evaluations: 100 * k + i, bestScore: score(i, k), currentScore: score(i, k) - 1, iteration: k, finished: k >= 12 };
    return k === 0 || score(i, k) > score(i, k - 1) ? { report, solution: `board ${i}/${k}` } : { report };
  };
  const done = [...ended];
  const given = [...ended];
  return {
    count: ended.length,
    starts: () => ended.map((k, i) => round(i, k)),
    next: (i) => {
      given[i]++;
      done[i] = Math.max(done[i], given[i]);
      return round(i, given[i]);
    },
    ahead: (i) => {
      const out = Array.from({ length: done[i] - given[i] }, (_, j) => round(i, given[i] + j + 1));
      given[i] = done[i];
      return out;
    },
    checkpoints: () => done.map((k, i) => ({ state: k, ahead: Array.from({ length: k - given[i] }, (_, j) => round(i, given[i] + j + 1)) })),
    close: () => undefined,
    runAhead: (i, rounds) => void (done[i] += rounds),
  };
}

const figures = (r: ShardedRun): unknown[] => [r.evaluations, r.bestScore, r.currentScore, r.iteration, r.finished, r.bestSolution()];

describe('rounds a thread ended ahead of those taken', () => {
  it('change nothing: rounds are taken in order, so the run is the same however far a shard ran ahead', () => {
    const calm = new ShardedRun(scripted([0, 0, 0]), { rounds: 0, best: null });
    const exec = scripted([0, 0, 0]);
    const hurried = new ShardedRun(exec, { rounds: 0, best: null });
    exec.runAhead(1, 5);
    exec.runAhead(2, 2);
    for (let k = 0; k < 14; k++) {
      calm.step(1);
      hurried.step(1);
      expect(figures(hurried)).toEqual(figures(calm));
    }
    expect(calm.finished).toBe(true);
    // Shard 1 reaches a score first at round 4 and keeps it: the board of that round.
    expect(calm.bestSolution()).toBe('board 2/12');
  });

  it('are taken by settle, in round order, and a resume from the checkpoint after it goes on from there', () => {
    const exec = scripted([0, 0]);
    const run = new ShardedRun(exec, { rounds: 0, best: null });
    run.step(1);
    exec.runAhead(1, 4);
    run.settle();
    // Shard 0 at round 1, shard 1 at round 5, whose board is the best.
    expect([run.evaluations, run.bestScore, run.bestSolution()]).toEqual([100 + 501, 7, 'board 1/5']);
    run.step(1);
    // Only shard 0, the one behind, moves.
    expect(run.evaluations).toBe(200 + 501);
    const cp = JSON.parse(JSON.stringify(run.checkpoint())) as Parameters<typeof scripted>[0] & { shards: number[] };
    const again = new ShardedRun(scripted(cp.shards), cp as never);
    expect(figures(again)).toEqual(figures(run));
    for (let k = 0; k < 12; k++) {
      run.step(1);
      again.step(1);
      expect(figures(again)).toEqual(figures(run));
    }
  });

  it('ended before a checkpoint are in it, and a resume takes them before any new one', () => {
    const exec = scripted([0, 0]);
    const run = new ShardedRun(exec, { rounds: 0, best: null });
    run.step(1);
    exec.runAhead(0, 3);
    const cp = JSON.parse(JSON.stringify(run.checkpoint())) as { shards: number[]; pending: unknown[][] };
    expect(cp.shards).toEqual([4, 1]);
    expect(cp.pending.map((p) => p.length)).toEqual([3, 0]);
    const again = new ShardedRun(scripted(cp.shards), cp as never);
    for (let k = 0; k < 12; k++) {
      run.step(1);
      again.step(1);
      expect(figures(again)).toEqual(figures(run));
    }
  });

  it('a checkpoint from before shards could run ahead (no rounds per shard) resumes as if never stopped', () => {
    const def = solver('lns');
    const p = { beamWidth: 16, nodeLimit: 500, threads: 2 };
    const old = (cp: unknown): unknown => {
      const { taken: _t, last: _l, pending: _p, ...rest } = cp as Record<string, unknown>;
      return rest;
    };
    expectResumesIdentically(def.create(puzzle, p, 5), (cp) => def.restore(puzzle, p, old(cp)), [15_000, 30_000, 60_000]);
  });
});

describe("a shard's share of a round", () => {
  /** A run that finds a new best every `every` evaluations and returns there, as solvers do. */
  const eager = (every: number): SolverRun => {
    const run = {
      evaluations: 0,
      bestScore: 0,
      currentScore: 0,
      iteration: 0,
      finished: false,
      step(budget: number) {
        const next = Math.min(run.evaluations + budget, (Math.floor(run.evaluations / every) + 1) * every);
        if (next % every === 0) run.bestScore++;
        run.evaluations = next;
      },
      bestSolution: () => null,
      checkpoint: () => null,
    };
    return run;
  };

  it('goes on after a step that ended early at a new best, until its budget is spent', () => {
    const run = eager(100);
    stepShard(run, 1000);
    expect(run.evaluations).toBe(1000);
    expect(run.bestScore).toBe(10);
  });

  it('stops after a step that found nothing new, and after a bounded number of steps', () => {
    const quiet = eager(1e9);
    stepShard(quiet, 1000);
    expect(quiet.evaluations).toBe(1000);
    const free = {
      ...eager(1),
      step() {
        free.bestScore++;
      },
    };
    stepShard(free, 10);
    expect(free.bestScore).toBeLessThanOrEqual(1024);
  });
});
