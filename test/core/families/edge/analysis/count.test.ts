import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { EdgeAnalysisJob } from '../../../../../src/core/families/edge/analysis';
import { solutionFromJson, isSolved, type EdgePuzzle } from '../../../../../src/core/families/edge';
import { bruteSolutions } from './brute';

function analyse(p: EdgePuzzle, maxSolutions = 1e9): ReturnType<EdgeAnalysisJob['result']> {
  const job = new EdgeAnalysisJob(p, { maxSolutions, probes: 50, seed: 3 });
  while (!job.done) job.step(1000);
  return job.result({ estimate: 0, count: 0 }, null);
}

/** Pieces from rows of `t r b l` quadruples. */
function puzzle(rows: number, cols: number, pieces: number[][], extra: Partial<EdgePuzzle> = {}): EdgePuzzle {
  return { rows, cols, edges: Uint16Array.from(pieces.flat()), fixed: [], ...extra };
}

describe('edge solution count', () => {
  it('agrees with an independent enumeration on generated boards (squares up to turns, rectangles up to the half turn)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        (rows, cols, f, i, seed) => {
          const { puzzle: p } = generateEdgePuzzle({ rows, cols, frameColours: f, innerColours: i, seed });
          const brute = bruteSolutions(p);
          const a = analyse(p);
          expect(a.count.end).toBe('exhausted');
          expect(a.count.boards).toBe(brute.layouts);
          expect(a.count.solutions).toBe(brute.classes);
          expect(a.symmetry).toBe(rows === cols ? 'quarter-turn' : 'half-turn');
          for (const s of a.solutions) expect(isSolved(p, solutionFromJson(p, s))).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('agrees on 4x4 boards with few colours (many solutions), also with a piece fixed (no symmetry)', () => {
    for (const seed of [1, 2, 3]) {
      const { puzzle: p, solution } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed });
      const a = analyse(p);
      const brute = bruteSolutions(p);
      expect([a.count.boards, a.count.solutions]).toEqual([brute.layouts, brute.classes]);
      expect(a.count.solutions).toBeGreaterThan(1);
      const fixedCell = 5;
      const fixed: EdgePuzzle = { ...p, fixed: [{ piece: solution.piece[fixedCell], row: 1, col: 1, rotation: solution.rotation[fixedCell] }] };
      const b = analyse(fixed);
      const bb = bruteSolutions(fixed);
      expect(b.symmetry).toBe('none');
      expect([b.count.boards, b.count.solutions]).toEqual([bb.layouts, bb.layouts]);
    }
  });

  it('hand-made boards: none, exactly one (unique) and several', () => {
    // 2x2 of corner pieces: colours 1 and 2 on the joins. Unique up to turns: a turned copy is the same solution.
    const one = puzzle(2, 2, [
      [0, 1, 2, 0],
      [0, 0, 3, 1],
      [2, 4, 0, 0],
      [3, 0, 0, 4],
    ]);
    const a1 = analyse(one);
    expect(bruteSolutions(one)).toEqual({ layouts: 4, classes: 1 });
    expect(a1.count).toMatchObject({ solutions: 1, boards: 4, end: 'exhausted' });
    expect(a1.pinned).toBe(true);
    expect(a1.solutions).toHaveLength(1);
    // One colour changed: no way to close the ring.
    const none = puzzle(2, 2, [
      [0, 1, 2, 0],
      [0, 0, 3, 1],
      [2, 4, 0, 0],
      [3, 0, 0, 5],
    ]);
    expect(analyse(none).count).toMatchObject({ solutions: 0, boards: 0, end: 'exhausted' });
    expect(analyse(none).solutions).toEqual([]);
    // Every join one colour: four identical corners, one layout, which every turn leaves alone.
    const same = puzzle(2, 2, [
      [0, 1, 1, 0],
      [0, 1, 1, 0],
      [0, 1, 1, 0],
      [0, 1, 1, 0],
    ]);
    expect(analyse(same).count).toMatchObject({ solutions: 1, boards: 1 });
    // Upright 1x3 Tetravex strip: a-b-c chain; a b b c order gives two layouts.
    const strip = puzzle(
      1,
      3,
      [
        [9, 1, 9, 5],
        [9, 1, 9, 1],
        [9, 6, 9, 1],
      ],
      { rotatable: false },
    );
    expect(analyse(strip).count).toMatchObject({ solutions: 1, end: 'exhausted' });
    const several = puzzle(
      1,
      3,
      [
        [9, 1, 9, 1],
        [9, 1, 9, 1],
        [8, 1, 8, 1],
      ],
      { rotatable: false },
    );
    const s = analyse(several);
    expect(s.count.solutions).toBe(bruteSolutions(several).layouts);
    expect(s.count.solutions).toBe(3);
    expect(s.solutions).toHaveLength(2);
  });

  it('stops at the solution limit and says at least', () => {
    const { puzzle: p } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 1, innerColours: 2, seed: 1 });
    const all = analyse(p);
    expect(all.count.solutions).toBeGreaterThan(3);
    const some = analyse(p, 3);
    expect(some.count.end).toBe('solutions');
    expect(some.count.solutions).toBeGreaterThanOrEqual(3);
    expect(some.count.solutions).toBeLessThanOrEqual(all.count.solutions);
  });
});
