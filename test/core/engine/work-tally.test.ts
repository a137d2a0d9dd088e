import { describe, expect, it } from 'vitest';
import { threadStates, workTallyOf } from '../../../src/core/engine/shards';
import type { SolverDef } from '../../../src/core/engine/solver';
import { edgeSolvers } from '../../../src/core/families/edge';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { passTable, PassTally } from '../../../src/core/families/edge/beam/tally';
import { runTo } from '../../helpers/solver';

const solver = (id: string): SolverDef => edgeSolvers.find((s) => s.id === id)!;
const puzzle = generateEdgePuzzle({ rows: 7, cols: 7, frameColours: 3, innerColours: 5, seed: 4 }).puzzle;

/** A beam run's checkpoint state after some passes at its top width. */
function beamState(threads: number): unknown {
  const run = solver('beam').create(puzzle, { maxWidth: 64, threads }, 5);
  runTo(run, 2_000_000, { slice: 7_919 });
  return JSON.parse(JSON.stringify(run.checkpoint())) as unknown;
}

describe("a run's work counted by score, read from its checkpoint", () => {
  it('sums a run on threads over its threads, each pass in one row', () => {
    const state = beamState(2);
    const parts = threadStates(state).map((s) => PassTally.from((s as { tally: never }).tally));
    expect(parts).toHaveLength(2);
    const t = workTallyOf(solver('beam'), state)!;
    expect(t).toEqual(passTable(parts));
    expect(t.totals[0]! + t.totals[1]!).toBe(parts.reduce((n, p) => n + p.total(true) + p.total(false), 0));
    expect(t.totals[0]).toBeGreaterThan(0);
    expect(t.partial).toBeNull();
  });

  it('reads a run on one thread, and nothing from a state that counts nothing or is not the solver’s', () => {
    const state = beamState(1) as Record<string, unknown>;
    expect(workTallyOf(solver('beam'), state)?.what).toBe('passes at the top width');
    // Written before passes were counted.
    const { tally: _, ...old } = state;
    expect(workTallyOf(solver('beam'), old)).toBeNull();
    expect(workTallyOf(solver('beam'), { spread: { jobsDone: 3 } })).toBeNull();
    expect(workTallyOf(solver('beam'), null)).toBeNull();
    // A solver that counts nothing.
    expect(workTallyOf(solver('lns'), state)).toBeNull();
  });
});
