import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EdgePuzzle } from '../../../../../../src/core/families/edge';
import { BeamRun } from '../../../../../../src/core/families/edge/beam/beam';
import { beamOptions } from '../../../../../../src/core/families/edge/beam/solver';
import { Rng } from '../../../../../../src/core/rng/rng';
import { generatePuzzle, junkPuzzle, uprightPuzzle } from '../../helpers';

/**
 * The kernel's run and the JavaScript's, from one seed, a layer a step (at most `steps` steps or
 * `passes` passes): the same random state, checkpoint and best board at the end, and after every
 * layer too when `everyLayer`, with the same work charged (twice on the JavaScript path).
 */
function stepBoth(p: EdgePuzzle, o: ReturnType<typeof beamOptions>, seed: number, steps: number, passes: number, everyLayer: boolean): void {
  const rw = new Rng(seed);
  const rj = new Rng(seed);
  const w = new BeamRun(p, o, rw);
  const j = new BeamRun(p, o, rj, false);
  const same = (): void => {
    expect(rw.getState()).toEqual(rj.getState());
    expect(w.checkpoint()).toEqual(j.checkpoint());
    expect(w.bestBoard()).toEqual(j.bestBoard());
  };
  for (let layer = 0; layer < steps && w.pass < passes; layer++) {
    w.step(1);
    j.step(1);
    if (!everyLayer) continue;
    same();
    expect(j.spent).toBe(2 * w.spent);
  }
  expect(w.pass).toBe(j.pass);
  same();
}

describe('the beam with expand in WebAssembly', () => {
  it('makes exactly the children, random draws, boards and checkpoints of the JavaScript loops, layer by layer (with exhaust too)', () => {
    const puzzle = fc.oneof(
      fc
        .record({
          rows: fc.integer({ min: 2, max: 7 }),
          cols: fc.integer({ min: 2, max: 7 }),
          seed: fc.nat(),
          frame: fc.integer({ min: 1, max: 4 }),
          inner: fc.integer({ min: 1, max: 7 }),
          fixed: fc.nat({ max: 4 }),
        })
        .map((p) => generatePuzzle(p.rows, p.cols, p.seed, p.frame, p.inner, Math.min(p.fixed, p.rows * p.cols - 1)).puzzle),
      fc
        .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 6 }), seed: fc.nat(), colours: fc.integer({ min: 1, max: 6 }) })
        .map((p) => junkPuzzle(p.rows, p.cols, p.seed, p.colours)),
      fc
        .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 6 }), seed: fc.nat(), colours: fc.integer({ min: 1, max: 6 }) })
        .map((p) => uprightPuzzle(p.rows, p.cols, p.colours, p.seed)),
    );
    const params = fc.record({
      width: fc.integer({ min: 1, max: 16 }),
      maxWidth: fc.integer({ min: 1, max: 256 }),
      band: fc.integer({ min: -1, max: 4 }),
      early: fc.constantFrom(1, 0.5),
      lateRows: fc.nat({ max: 3 }),
      suffix: fc.constantFrom(0, 0.5, 1),
      wide: fc.integer({ min: 1, max: 3 }),
      stallPasses: fc.nat({ max: 2 }),
      exhaust: fc.constantFrom(0, 0, 1, 3),
    });
    fc.assert(
      fc.property(puzzle, params, fc.nat(), (p: EdgePuzzle, q, seed) => {
        stepBoth(p, beamOptions(q), seed, 12 * p.rows * p.cols, 8, true);
      }),
      { numRuns: 150 },
    );
  });

  it('copies the used bits and edges of each child right where they are 16 bytes or more (rows of 9 to 17 cells, 81 to 204 pieces)', () => {
    const puzzle = fc
      .record({ rows: fc.integer({ min: 9, max: 12 }), cols: fc.integer({ min: 9, max: 17 }), seed: fc.nat(), inner: fc.integer({ min: 2, max: 9 }) })
      .map((p) => generatePuzzle(p.rows, p.cols, p.seed, 3, p.inner, 1).puzzle);
    const params = fc.record({ width: fc.integer({ min: 2, max: 24 }), band: fc.integer({ min: -1, max: 4 }), exhaust: fc.constantFrom(0, 3) });
    fc.assert(
      fc.property(puzzle, params, fc.nat(), (p: EdgePuzzle, q, seed) => {
        // Whole passes, compared at the end: the copies of every layer are in their boards.
        stepBoth(p, beamOptions({ ...q, maxWidth: q.width }), seed, 3 * p.rows * p.cols, 2, false);
      }),
      { numRuns: 12 },
    );
  });
});
