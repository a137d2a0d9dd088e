import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { greyMask, isSolved, maxScore, outMask, piecesFormat, readBoardText, rotateMask, validateEdgePuzzle } from '../../../../src/core/families/edge';
import { generateEdgePuzzle, generatedFiles } from '../../../../src/core/families/edge/design/generator';
import { naiveScore, shown } from './helpers';

describe('E2-style generator', () => {
  it('cuts a board that scores the maximum and validates without errors', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 2, max: 9 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer(),
        (rows, cols, frameColours, innerColours, seed) => {
          const { puzzle, solution } = generateEdgePuzzle({ rows, cols, frameColours, innerColours, seed });
          expect(puzzle.edges.length).toBe(4 * rows * cols);
          expect(naiveScore(puzzle, solution)).toBe(maxScore(rows, cols));
          expect(isSolved(puzzle, solution)).toBe(true);
          // Every join gives its colour to two edges and every border piece faces out: nothing to report.
          expect(validateEdgePuzzle(puzzle).errors).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('puts frame colours exactly on the joins between border pieces along the frame', () => {
    const rows = 7;
    const cols = 9;
    const frameColours = 3;
    const { puzzle, solution } = generateEdgePuzzle({ rows, cols, frameColours, innerColours: 6, seed: 4 });
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        const e = shown(puzzle, solution.piece[i], solution.rotation[i]);
        const out = outMask(rows, cols, r, c);
        expect(rotateMask(greyMask(puzzle, solution.piece[i]), solution.rotation[i])).toBe(out);
        for (let s = 0; s < 4; s++) {
          if (out & (1 << s)) continue;
          const alongFrame = (out & ((1 << ((s + 1) & 3)) | (1 << ((s + 3) & 3)))) !== 0;
          if (alongFrame) expect(e[s]).toBeLessThanOrEqual(frameColours);
          else expect(e[s]).toBeGreaterThan(frameColours);
        }
      }
    }
  });

  it('is deterministic per seed, and seeds differ', () => {
    const a = generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 5, seed: 11 });
    const b = generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 5, seed: 11 });
    const c = generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 5, seed: 12 });
    expect(b).toEqual(a);
    expect(c.puzzle.edges).not.toEqual(a.puzzle.edges);
  });

  it('turns pieces at random rather than facing them out', () => {
    const { solution } = generateEdgePuzzle({ rows: 8, cols: 8, frameColours: 3, innerColours: 6, seed: 1 });
    const turns = new Set(solution.rotation);
    expect(turns.size).toBe(4);
  });

  it('writes its piece file and solution in the family formats, and they read back', () => {
    const g = generateEdgePuzzle({ rows: 5, cols: 6, frameColours: 2, innerColours: 4, seed: 3 });
    const files = generatedFiles(g);
    const read = piecesFormat.read(files.pieces, 'gen.txt').puzzle;
    expect(read).toEqual(g.puzzle);
    expect(readBoardText(files.solution, 'gen-solution.txt', read)).toEqual(g.solution);
  });

  it('refuses impossible sizes and colour counts in one line', () => {
    expect(() => generateEdgePuzzle({ rows: 1, cols: 5, frameColours: 3, innerColours: 4, seed: 1 })).toThrow(/at least 2x2/);
    expect(() => generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 0, innerColours: 4, seed: 1 })).toThrow(/frameColours/);
    expect(() => generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 1.5, seed: 1 })).toThrow(/innerColours/);
  });
});
