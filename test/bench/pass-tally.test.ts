import { describe, expect, it } from 'vitest';
import { passTailTable, passTallyOf } from '../../bench/pass-tally';
import { PassTally } from '../../src/core/families/edge/beam/tally';
import { edgeSolvers } from '../../src/core/families/edge';
import { generateEdgePuzzle } from '../../src/core/families/edge/design/generator';
import { runTo } from '../helpers/solver';

const tally = (full: Record<string, number>, suffix: Record<string, number> = {}) => ({ rng: [1, 2, 3, 4], pass: 9, tally: { full, suffix } });

describe('the passes a long run made', () => {
  it('are read from its checkpoint, a run on threads summed over them', () => {
    const one = passTallyOf(tally({ 464: 3, 466: 1 }, { 465: 2 }))!;
    expect(one.json()).toEqual({ full: { 464: 3, 466: 1 }, suffix: { 465: 2 } });
    const two = passTallyOf({ threads: 2, rounds: 5, best: null, shards: [tally({ 464: 3, 466: 1 }), tally({ 466: 2, 467: 1 }, { 465: 4 })] })!;
    expect(two.json()).toEqual({ full: { 464: 3, 466: 3, 467: 1 }, suffix: { 465: 4 } });
  });

  it('are read from a real run on two threads, the passes of both in the sum', () => {
    const beam = edgeSolvers.find((x) => x.id === 'beam')!;
    const puzzle = generateEdgePuzzle({ rows: 7, cols: 7, frameColours: 3, innerColours: 5, seed: 4 }).puzzle;
    const params = { width: 8, maxWidth: 16, suffix: 0.5, suffixRows: 2, threads: 2 };
    const run = beam.create(puzzle, params, 3);
    runTo(run, 400_000);
    const t = passTallyOf(run.checkpoint())!;
    expect(t.since).toBe(0);
    // Every pass but the first (at 8 boards) of each thread is at the top width.
    expect(t.total(true) + t.total(false)).toBe(run.iteration - 2);
    expect(t.total(false)).toBeGreaterThan(0);
  });

  it('are none where a thread did not count them, or the state is not a beam run', () => {
    expect(passTallyOf({ threads: 2, rounds: 5, best: null, shards: [tally({ 464: 1 }), { rng: [1], pass: 3 }] })).toBeNull();
    expect(passTallyOf(null)).toBeNull();
    // One thread counting since a resume makes the sum partial.
    const late = { ...tally({ 466: 1 }), tally: { full: { 466: 1 }, suffix: {}, since: 40 } };
    expect(passTallyOf({ threads: 2, rounds: 5, best: null, shards: [tally({ 464: 1 }), late] })!.since).toBe(40);
    expect(passTallyOf({ tally: { full: { x: 1 }, suffix: {} } })).toBeNull();
  });

  it('make a table of the tail, pooled over the runs that count them', () => {
    const a = PassTally.from({ full: { 463: 900, 465: 8, 466: 2 }, suffix: { 465: 40 } });
    const b = PassTally.from({ full: { 464: 90 }, suffix: {} });
    const md = passTailTable(
      [
        { passes: a, cpu: 6000 },
        { passes: b, cpu: 600 },
      ],
      [465, 466, 467],
      3,
    );
    expect(md).toContain('2 of 3 counted runs count all their passes;');
    expect(md).toContain('| 465 or more | 10 of 1,000 (one per 100) | 40 of 40 (one per 1) |');
    expect(md).toContain('| 466 or more | 2 of 1,000 (one per 500) | 0 of 40 |');
    expect(md).toContain('| 467 or more | 0 of 1,000 | 0 of 40 |');
    expect(md).toMatch(/a suffix pass keeps the first rows of the board it starts from .* again\.$/);
    // These counts were made before the suffix passes above their board were told apart: no column of new boards.
    expect(md).not.toContain('new boards');
    expect(passTailTable([], [465], 5)).toMatch(/^No run counts all its passes/);
    // A run that began counting on a resume is named and left out of the pool.
    const late = PassTally.from({ full: { 466: 50 }, suffix: {}, since: 120 });
    const with3 = passTailTable(
      [a, b, late].map((passes) => ({ passes, cpu: 100 })),
      [466],
      3,
    );
    expect(with3).toContain('2 of 3 counted runs count all their passes; 1 run resumed from a checkpoint written before the count began, left out');
    expect(with3).toContain('| 466 or more | 2 of 1,000 (one per 500) |');
  });

  it('give the new boards at each score per CPU second where every pooled count tells the suffix passes above their board apart', () => {
    // Run a: 2 full passes at 466, a suffix pass raising a 465 to 466 and 30 finding a 466 again; run b: one raising a 464 to 465.
    const a = PassTally.from({ full: { 463: 900, 465: 8, 466: 2 }, suffix: { 465: 10, 466: 31 }, raised: { 466: 1 } });
    const b = PassTally.from({ full: { 464: 90 }, suffix: { 465: 5 }, raised: { 465: 1 } });
    const md = passTailTable(
      [
        { passes: a, cpu: 5000 },
        { passes: b, cpu: 1000 },
      ],
      [465, 466, 467],
      2,
    );
    expect(md).toContain('| score | full passes | suffix passes | new boards (full passes, suffix passes above their board) |');
    expect(md).toContain('| 465 or more | 10 of 1,000 (one per 100) | 46 of 46 (one per 1) | 12 (one per 500 CPU s) |');
    expect(md).toContain('| 466 or more | 2 of 1,000 (one per 500) | 31 of 46 (one per 1) | 3 (one per 2,000 CPU s) |');
    expect(md).toContain('| 467 or more | 0 of 1,000 | 0 of 46 | 0 in 6,000 CPU s |');
    expect(md).toMatch(/A suffix pass above the board it started from made a new board\.$/);
    // One count that did not tell them apart leaves the pool unable to: the column goes.
    const old = PassTally.from({ full: { 466: 1 }, suffix: {} });
    expect(
      passTailTable(
        [
          { passes: a, cpu: 5000 },
          { passes: old, cpu: 10 },
        ],
        [466],
        2,
      ),
    ).not.toContain('new boards');
  });
});
