/**
 * Issue 49, items 4 and 5, in core: a step's work stays small enough for the driver to see its
 * stop in time (a backtracking step that completed deep board after deep board; a run's shards
 * played one after the other), and what no run can do is refused by the solver (`refuses`) with
 * the reason: a GA's populations beyond a run's memory or checkpoint, an infeasible casse-tete.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { describe, expect, it } from 'vitest';
import { findSolver } from '../../../src/core/catalogue/catalogue';
import { drive } from '../../../src/core/engine/driver';
import { CHECKPOINT_TEXT_LIMIT } from '../../../src/core/engine/limits';
import { localShards, ShardedRun } from '../../../src/core/engine/shards';
import type { SolverRun } from '../../../src/core/engine/solver';
import { piecesFormat } from '../../../src/core/families/edge';
import { jumpGaBytes } from '../../../src/core/families/jump/ga/genetic';
import { jumpPuzzle } from '../../../src/core/families/jump/model';
import { parityFeasible } from '../../../src/core/families/parity/feasibility';
import { paritySolvers } from '../../../src/core/families/parity/solvers';

const e2 = piecesFormat.read(readFileSync(new URL('../../../resources/instances/eternity2_256.txt', import.meta.url), 'utf8'), 'e2').puzzle;

/** The grace a stop has (0.5 s or 10 %, the larger), stretched by how loaded this machine is. */
function allowedMs(limitMs: number): number {
  return limitMs + Math.max(500, limitMs / 10) * Math.max(1, loadavg()[0] / availableParallelism());
}

/** Drives `run` for `seconds` on the wall clock: why it ended and the time it says it took. */
function driveFor(run: SolverRun, seconds: number): Promise<{ reason: string; elapsedMs: number }> {
  return drive(
    run,
    { seconds, evaluations: null, target: null },
    {
      now: () => performance.now(),
      pause: () => new Promise<void>((r) => setImmediate(r)),
      stopRequested: () => false,
      onProgress: () => {},
      onImprovement: () => {},
      onCheckpoint: () => {},
    },
    { elapsedMs: 0, maxScore: 480, progressIntervalMs: 1000, checkpointIntervalMs: 1e9 },
  );
}

describe('a run stops within its limit and grace', () => {
  it('backtracking that completes deep boards ends a step once its completions add up to a tenth of what a step may do', async () => {
    // Each new depth is completed by a beam pass 1,024 wide over the empty cells (about 40 ms of a
    // core on Eternity II): past 400 placements or so, a step of 16 did dozens of them (seconds)
    // before the driver's next look.
    const run = findSolver('edge', 'backtrack').create(e2, { completeWidth: 1024 }, 1);
    const { reason, elapsedMs } = await driveFor(run, 3);
    expect(reason).toBe('seconds');
    expect(run.evaluations).toBeGreaterThan(400);
    expect(elapsedMs).toBeLessThanOrEqual(allowedMs(3000));
  });

  it("a run's shards played one after the other end their round where the stop finds it", async () => {
    // Rounds of 2^27 units (beam: about 2.5 s of one core): the shards' pieces look at the stop.
    const beam = findSolver('edge', 'beam');
    const run = new ShardedRun(localShards(e2)(beam, {}, [{ seed: 1 }, { seed: 2 }], 2 ** 27), { rounds: 0, best: null });
    const { reason, elapsedMs } = await driveFor(run, 1);
    expect(reason).toBe('seconds');
    expect(elapsedMs).toBeLessThanOrEqual(allowedMs(1000));
    expect(run.evaluations).toBeGreaterThan(0);
  });
});

describe('what no run can do is refused by its solver', () => {
  const ga = findSolver('jump', 'ga');

  it("refuses a maze GA whose populations are over a run's memory, with the estimate", () => {
    // The paper's population (2 x cells) of 200 x 200 mazes: 80,000 of 40,000 cells; at 1000 x 1000
    // it made "Invalid typed array length: 2000000000000" and a failed run.
    expect(ga.refuses!(jumpPuzzle(200, 200), {})).toMatch(
      /^a population of 80,000 mazes of 200 x 200 needs about 59\.\d\d GB of memory, over the 2\.00 GB a run may use on one thread: choose smaller parameters$/,
    );
    expect(ga.refuses!(jumpPuzzle(1000, 1000), {})).toMatch(/^a population of 2,000,000 mazes of 1000 x 1000 needs about [\d,.]+ GB of memory/);
    expect(ga.memoryBytes!(jumpPuzzle(200, 200), {})).toBe(jumpGaBytes(jumpPuzzle(200, 200), 0));
    // A population that fits, and the report's own sizes, run.
    expect(ga.refuses!(jumpPuzzle(200, 200), { population: 100 })).toBeNull();
    expect(ga.refuses!(jumpPuzzle(1000, 1000), { population: 2 })).toBeNull();
    for (const side of [5, 9, 20, 40]) expect(ga.refuses!(jumpPuzzle(side, side), {})).toBeNull();
  });

  it('refuses a maze GA whose last checkpoint could not be written in the grace a stop has', () => {
    // 20 mazes of 1000 x 1000, two characters a cell, twice (the population and the next): 80 MB.
    expect(ga.refuses!(jumpPuzzle(1000, 1000), { population: 20 })).toMatch(
      /^the checkpoint of a population of 20 mazes of 1000 x 1000 would be about 76 MB of text, over the 16 MB a run can write in time as it stops/,
    );
    expect(ga.refuses!(jumpPuzzle(60, 60), {})).toMatch(/^the checkpoint of a population of 7,200 mazes of 60 x 60/);
    expect(4 * 45 ** 4).toBeLessThanOrEqual(CHECKPOINT_TEXT_LIMIT);
    expect(ga.refuses!(jumpPuzzle(45, 45), {})).toBeNull();
  });

  it('refuses an infeasible casse-tete with every solver, exactly when it has no solution', () => {
    for (let n = 1; n <= 8; n++)
      for (let m = 0; m <= n * n; m++) {
        const f = parityFeasible(n, m);
        for (const def of paritySolvers) expect(def.refuses?.({ n, m }, {}) ?? null, `${def.id} n=${n} m=${m}`).toBe(f.feasible ? null : f.reason);
      }
    expect(findSolver('parity', 'sa').refuses!({ n: 3, m: 2 }, {})).toMatch(/^n = 3, m = 2 has no solution: 7 tokens would remain/);
  });
});
