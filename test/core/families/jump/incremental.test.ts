import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IncrementalBfs } from '../../../../src/core/families/jump/incremental';
import { goalIndex, jumpPuzzle, maxJumps, randomCells, type JumpPuzzle } from '../../../../src/core/families/jump/model';
import { Rng } from '../../../../src/core/rng/rng';
import { naiveDepths, naiveFitness } from './naive';

/** A random legal maze, then `moves` random one-cell changes: climbing (commit when not worse) or wandering. */
function exercise(p: JumpPuzzle, seed: number, moves: number, climb: boolean): void {
  const rng = new Rng(seed);
  const n = p.rows * p.cols;
  const maxJ = maxJumps(p);
  const goal = goalIndex(p);
  const cells = new Int32Array(n);
  randomCells(cells, maxJ, rng);
  const ev = new IncrementalBfs(p, cells);
  expect(ev.fitness).toBe(naiveFitness(p, cells));
  for (let k = 0; k < moves; k++) {
    let i = rng.int(n - 1);
    if (i >= goal) i++;
    const v = 1 + rng.int(maxJ[i]);
    const before = cells.slice();
    const f = ev.tryChange(i, v);
    expect(cells).toEqual(before); // trying leaves the maze alone
    const trial = cells.slice();
    trial[i] = v;
    expect(f).toBe(naiveFitness(p, trial));
    if (climb ? f >= ev.fitness : rng.chance(0.5)) {
      ev.commit();
      expect(cells).toEqual(trial);
      expect(ev.fitness).toBe(f);
      expect(Array.from(ev.depth)).toEqual(naiveDepths(p, cells));
      expect(ev.levelsConsistent()).toBe(true);
    } else {
      expect(ev.fitness).toBe(naiveFitness(p, cells));
    }
  }
}

/** Changes tried against a random floor: exact at or above it, below it (and really below) otherwise. */
function exerciseFloor(p: JumpPuzzle, seed: number, moves: number): number {
  const rng = new Rng(seed);
  const n = p.rows * p.cols;
  const maxJ = maxJumps(p);
  const goal = goalIndex(p);
  const cells = new Int32Array(n);
  randomCells(cells, maxJ, rng);
  const ev = new IncrementalBfs(p, cells);
  let cut = 0;
  for (let k = 0; k < moves; k++) {
    let i = rng.int(n - 1);
    if (i >= goal) i++;
    const v = 1 + rng.int(maxJ[i]);
    const floor = ev.fitness - (rng.chance(0.05) ? 1 + rng.int(3) : 0);
    const f = ev.tryChange(i, v, floor);
    const trial = cells.slice();
    trial[i] = v;
    const exact = naiveFitness(p, trial);
    if (exact >= floor) expect(f).toBe(exact);
    else {
      expect(f).toBeLessThan(floor);
      if (f !== exact) cut++;
    }
    if (f >= floor) {
      ev.commit();
      expect(Array.from(ev.depth)).toEqual(naiveDepths(p, cells));
    } else if (f !== exact) expect(() => ev.commit()).toThrow(/cut short/);
  }
  return cut;
}

describe('IncrementalBfs', () => {
  it('gives the fitness of a full BFS after every tried and committed change (random mazes, climbing and wandering)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 11 }),
        fc.integer({ min: 2, max: 11 }),
        fc.integer(),
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        fc.nat(),
        (rows, cols, seed, climb, ends, a, b) => {
          const n = rows * cols;
          const p = ends ? jumpPuzzle(rows, cols, a % n, ((a % n) + 1 + (b % (n - 1))) % n) : { rows, cols };
          exercise(p, seed, 250, climb);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('with a floor, is exact at or above it and stops early below it (a climb that now and then accepts a drop of up to 3)', () => {
    let cut = 0;
    for (const [n, seed] of [
      [6, 1],
      [9, 2],
      [11, 3],
    ])
      cut += exerciseFloor({ rows: n, cols: n }, seed, 3000);
    // Start and goal elsewhere: the middle to an edge.
    cut += exerciseFloor(jumpPuzzle(9, 9, 40, 4), 4, 3000);
    expect(cut).toBeGreaterThan(30); // the early stop is really used
  });

  it('stays exact on long mazes, where most changes hit the shortcuts (goal deeper than the changed cell, kept depths)', () => {
    for (const [n, seed] of [
      [7, 1],
      [9, 2],
      [11, 3],
    ]) {
      exercise({ rows: n, cols: n }, seed, 3000, true);
    }
    exercise(jumpPuzzle(9, 9, 40, 72), 5, 3000, true);
  });
});
