import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FormatError } from '../../../../src/core/document/errors';
import { parityFamily, parityGridFormat } from '../../../../src/core/families/parity';
import { expectJsonRoundTrip, expectReadErrors, expectTextRoundTrip } from '../../../helpers/format';

const gridArb = fc
  .integer({ min: 1, max: 12 })
  .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n * n }), fc.uint8Array({ minLength: n * n, maxLength: n * n, max: 1 })))
  .map(([n, m, cells]) => ({ p: { n, m }, cells }));

describe('casse-tete grid text format', () => {
  it('round-trips random grids (any number of zeros)', () => {
    expectTextRoundTrip(parityGridFormat, 'g.txt', gridArb, { numRuns: 200, seed: 5 });
  });

  it('reads rows with or without separators, comments, and a puzzle-only file', () => {
    const r = parityGridFormat.read('# Kordemsky\n4 6 # n m\n1010\n0 1 1 0\n1 111\n\n0011 # last\n', 'g.txt');
    expect(r.puzzle).toEqual({ n: 4, m: 6 });
    expect(parityFamily.cells(r.puzzle, r.solution!)).toEqual([
      [1, 0, 1, 0],
      [0, 1, 1, 0],
      [1, 1, 1, 1],
      [0, 0, 1, 1],
    ]);
    expect(parityFamily.evaluate(r.puzzle, r.solution!)).toEqual({ score: 0, maxScore: 0, solved: true });
    expect(parityGridFormat.read('10 26\n', 'g.txt')).toEqual({ puzzle: { n: 10, m: 26 } });
    expect(parityGridFormat.read(parityGridFormat.write({ n: 3, m: 7 }, undefined)!, 'g.txt')).toEqual({ puzzle: { n: 3, m: 7 } });
    // A grid whose zero count is not m is read fine (valid but unsolved).
    const other = parityGridFormat.read('2 0\n11\n11\n', 'g.txt');
    expect(parityFamily.evaluate(other.puzzle, other.solution!)).toEqual({ score: 0, maxScore: 0, solved: true });
    const wrongCount = parityGridFormat.read('2 4\n11\n11\n', 'g.txt');
    expect(parityFamily.evaluate(wrongCount.puzzle, wrongCount.solution!)).toEqual({ score: 0, maxScore: 0, solved: false });
  });

  it('names the file, the line and what was expected', () => {
    const cases: [string, RegExp][] = [
      ['', /^g\.txt:1: expected the size line `n m`, got an empty file$/],
      ['4\n', /^g\.txt:1: expected the size line `n m` \(two whole numbers\), got "4"$/],
      ['4 x\n', /^g\.txt:1: expected the size line/],
      ['0 0\n', /^g\.txt:1: bad size line: n must be at least 1, got 0$/],
      ['3 10\n', /^g\.txt:1: bad size line: m must be at most n\^2 = 9, got 10$/],
      ['3 3\n101\n10\n', /^g\.txt:3: expected 3 cells \(0 or 1\), got 2$/],
      ['3 3\n101\n1 0 1 1\n', /^g\.txt:3: expected 3 cells \(0 or 1\), got 4$/],
      ['3 3\n101\n# c\n1 2 1\n', /^g\.txt:4: expected 0 or 1 in column 2, got "2"$/],
      ['3 3\n101\n101\n', /^g\.txt:4: expected 3 rows of 0\/1, got 2 \(file ends early\)$/],
      ['2 2\n10\n01\n11\n', /^g\.txt:4: expected end of file after 2 rows, got "11"$/],
    ];
    expectReadErrors(parityGridFormat, 'g.txt', cases);
  });
});

describe('casse-tete family JSON, evaluation and validation', () => {
  it('round-trips puzzle and solution JSON', () => {
    expectJsonRoundTrip(parityFamily, gridArb, { numRuns: 100, seed: 13 });
  });

  it('rejects bad JSON with FormatErrors', () => {
    expect(() => parityFamily.puzzleFromJson({ n: 0, m: 0 }, 'doc.json')).toThrow(/^doc\.json: n must be at least 1, got 0$/);
    expect(() => parityFamily.puzzleFromJson({ n: 3, m: 10 }, 'doc.json')).toThrow(/m must be at most n\^2 = 9/);
    expect(() => parityFamily.puzzleFromJson({ n: 3 }, 'doc.json')).toThrow(FormatError);
    expect(() => parityFamily.puzzleFromJson(null)).toThrow(FormatError);
    expect(parityFamily.puzzleFromJson({ n: 4, m: 2 })).toEqual({ n: 4, m: 2 }); // infeasible is allowed
    const p = { n: 2, m: 0 };
    expect(() => parityFamily.solutionFromJson(p, { cells: [[1, 1]] }, 'doc.json')).toThrow(/expected 2 rows of 0\/1, got 1/);
    expect(() => parityFamily.solutionFromJson(p, { cells: [[1, 1], [1]] }, 'doc.json')).toThrow(/cells\[1\]: expected 2 values/);
    expect(() =>
      parityFamily.solutionFromJson(
        p,
        {
          cells: [
            [1, 1],
            [1, 2],
          ],
        },
        'doc.json',
      ),
    ).toThrow(/^doc\.json: cells\[1\]\[1\]: expected 0 \(removed\) or 1 \(kept\), got 2$/);
    expect(() =>
      parityFamily.solutionFromJson(p, {
        cells: [
          [1, true],
          [1, 1],
        ],
      }),
    ).toThrow(FormatError);
  });

  it('scores -(odd rows + odd columns), maxScore 0, solved only with exactly m zeros', () => {
    const p = { n: 4, m: 6 };
    // Figure 1(c) of the paper: rows 2, 3 and columns 2, 4 are odd.
    const c = parityFamily.solutionFromJson(p, {
      cells: [
        [1, 0, 1, 0],
        [0, 0, 1, 1],
        [1, 0, 1, 1],
        [1, 1, 1, 0],
      ],
    });
    expect(parityFamily.evaluate(p, c)).toEqual({ score: -4, maxScore: 0, solved: false });
    expect(parityFamily.maxScore(p)).toBe(0);
    expect(parityFamily.size(p)).toEqual({ rows: 4, cols: 4 });
  });

  it('validates: n >= 1, 0 <= m <= n^2 are errors; infeasible (n, m) is a warning with the reason', () => {
    expect(parityFamily.validate({ n: 10, m: 50 })).toEqual({ errors: [], warnings: [] });
    expect(parityFamily.validate({ n: 0, m: 0 }).errors).toEqual(['n must be at least 1, got 0']);
    expect(parityFamily.validate({ n: 3, m: -1 }).errors).toEqual(['m must be at least 0, got -1']);
    expect(parityFamily.validate({ n: 3, m: 10 }).errors).toEqual(['m must be at most n^2 = 9, got 10']);
    const v = parityFamily.validate({ n: 4, m: 2 });
    expect(v.errors).toEqual([]);
    expect(v.warnings).toHaveLength(1);
    expect(v.warnings[0]).toMatch(/n = 4, m = 2 has no solution/);
  });
});
