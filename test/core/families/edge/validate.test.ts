import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maxScore, piecesFormat, validateEdgePuzzle, type EdgePuzzle } from '../../../../src/core/families/edge';
import { generatePuzzle, instanceFiles, junkPuzzle, readInstance } from './helpers';

describe('shared benchmark instances', () => {
  const files = instanceFiles();

  it('are all there', () => {
    expect(files).toEqual(
      expect.arrayContaining(['eternity2_256.txt', 'meta2010_10x10.txt', 'meta2010_16x16.txt', 'e2_clue2_6x12.txt', 'eternity2_best470_board_blackwood.txt']),
    );
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it.each(files)('%s reads and validates with no errors', (name) => {
    const { puzzle } = piecesFormat.read(readInstance(name), name);
    const m = /(\d+)x(\d+)/.exec(name);
    const [rows, cols] = m ? [Number(m[1]), Number(m[2])] : [16, 16];
    expect([puzzle.rows, puzzle.cols]).toEqual([rows, cols]);
    const { errors, warnings } = validateEdgePuzzle(puzzle);
    expect(errors).toEqual([]);
    // SOURCES.md: no duplicates in META or E2, frame and inner colours apart everywhere.
    if (!name.startsWith('e2_clue')) expect(warnings).toEqual([]);
    else {
      // SOURCES.md counts 8, 26, 7 and 21 duplicates in clues 1 to 4.
      const dups = { e2_clue1_6x6: 8, e2_clue2_6x12: 26, e2_clue3_6x6: 7, e2_clue4_6x12: 21 }[name.replace('.txt', '')];
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(new RegExp(`^${dups} duplicate pieces`));
    }
  });

  it('maximum scores match SOURCES.md', () => {
    expect([maxScore(10, 10), maxScore(12, 12), maxScore(14, 14), maxScore(16, 16), maxScore(6, 6), maxScore(6, 12)]).toEqual([180, 264, 364, 480, 60, 126]);
  });

  it('the E2 starter piece fixed at I8 validates', () => {
    const { puzzle } = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt');
    puzzle.fixed = [{ piece: 138, row: 8, col: 7, rotation: 2 }];
    expect(validateEdgePuzzle(puzzle).errors).toEqual([]);
    puzzle.fixed = [{ piece: 0, row: 8, col: 7, rotation: 2 }];
    expect(validateEdgePuzzle(puzzle).errors).toEqual([
      expect.stringMatching(/fixed piece #1 \(piece 1 at row 9 col 8, rotation 2\): its grey edges do not face/),
    ]);
  });
});

describe('validateEdgePuzzle', () => {
  it('generated solvable puzzles have no errors (any size, 1xN and 2xN included)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.integer(), (rows, cols, seed) => {
        const { puzzle } = generatePuzzle(rows, cols, seed, 3, 50, 2);
        expect(validateEdgePuzzle(puzzle).errors).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('never crashes on junk and says something about it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer(), (rows, cols, seed) => {
        const r = validateEdgePuzzle(junkPuzzle(rows, cols, seed));
        expect(r.errors.length + r.warnings.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  it('names thin boards as unusual', () => {
    expect(validateEdgePuzzle(generatePuzzle(1, 7, 1).puzzle).warnings.join()).toMatch(/one cell wide/);
    expect(validateEdgePuzzle(generatePuzzle(2, 5, 1).puzzle).warnings.join()).toMatch(/two cells wide.*no inner pieces/);
    expect(validateEdgePuzzle(generatePuzzle(1, 1, 1).puzzle).warnings.join()).toMatch(/1x1/);
    // A 1xN set on an NxN-style board: pieces with opposite grey edges fit nowhere.
    const strip = generatePuzzle(1, 4, 2).puzzle;
    const errors = validateEdgePuzzle({ ...strip, rows: 2, cols: 2 }).errors;
    expect(errors).toContain('a 2x2 board needs 4 corner pieces (two grey edges side by side), the puzzle has 0');
    expect(errors.join('\n')).toMatch(/2 pieces with three grey edges fit nowhere on a 2x2 board: pieces/);
  });

  it('reports wrong counts of pieces, corners, sides and inner pieces', () => {
    const { puzzle } = generatePuzzle(4, 4, 3);
    const short: EdgePuzzle = { ...puzzle, edges: puzzle.edges.slice(0, 60) };
    expect(validateEdgePuzzle(short).errors[0]).toBe('a 4x4 board needs 16 pieces, the puzzle has 15');
    const e = puzzle.edges.slice();
    // Turn an inner piece into a side piece: one side piece too many, one inner too few, colour 0 count changes.
    const inner = [...Array(16).keys()].find((i) => [0, 1, 2, 3].every((s) => e[4 * i + s] !== 0))!;
    e[4 * inner] = 0;
    const errs = validateEdgePuzzle({ ...puzzle, edges: e }).errors;
    expect(errs).toContain('a 4x4 board needs 8 side pieces (one grey edge), the puzzle has 9');
    expect(errs).toContain('a 4x4 board needs 4 inner pieces (no grey edge), the puzzle has 3');
  });

  it('reports colours that cannot pair', () => {
    const { puzzle } = generatePuzzle(3, 3, 4, 2, 3);
    const e = puzzle.edges.slice();
    const i = e.findIndex((c) => c !== 0);
    e[i] = 99;
    expect(validateEdgePuzzle({ ...puzzle, edges: e }).errors.join('\n')).toMatch(/colours? .*99 \(1 times\).* odd number of times/);
  });

  it('warns about mixed frame and inner colours and about duplicates', () => {
    // 3x3 with the same colour everywhere: every piece of a class is a duplicate, colour 1 is frame and inner.
    const edges: number[] = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) edges.push(r === 0 ? 0 : 1, c === 2 ? 0 : 1, r === 2 ? 0 : 1, c === 0 ? 0 : 1);
    const { errors, warnings } = validateEdgePuzzle({ rows: 3, cols: 3, edges: Uint16Array.from(edges), fixed: [] });
    expect(errors).toEqual([]);
    expect(warnings).toContain('colour 1 appears both between border pieces and on inner joins (frame and inner colours are usually apart)');
    expect(warnings[1]).toMatch(/^6 duplicate pieces \(equal up to rotation\): 1 = 3 = 7 = 9; 2 = 4 = 6 = 8/);
  });

  it('checks fixed pieces: range, overlap, twice, facing out', () => {
    const { puzzle } = generatePuzzle(3, 3, 5, 2, 3, 1);
    const f = puzzle.fixed[0];
    const check = (fixed: EdgePuzzle['fixed']): string[] => validateEdgePuzzle({ ...puzzle, fixed }).errors;
    expect(check([{ ...f, piece: 9 }])).toEqual(['fixed piece #1: piece 10 is not in 1..9']);
    expect(check([{ ...f, row: 3 }])).toEqual([`fixed piece #1 (piece ${f.piece + 1}): row 4 col ${f.col + 1} is off the 3x3 board`]);
    expect(check([{ ...f, rotation: 4 }])).toEqual([`fixed piece #1 (piece ${f.piece + 1}): rotation 4 is not 0..3`]);
    expect(check([f, { ...f }]).join('\n')).toMatch(/fixed piece #2 .*already holds fixed piece.*\n.*fixed twice/);
    expect(check([f])).toEqual([]);
  });

  it('rejects shapeless input without crashing', () => {
    expect(validateEdgePuzzle({ rows: 0, cols: 3, edges: new Uint16Array(0), fixed: [] }).errors[0]).toMatch(/at least 1x1/);
    expect(validateEdgePuzzle({ rows: 1, cols: 1, edges: new Uint16Array(3), fixed: [] }).errors[0]).toMatch(/not a multiple of 4/);
  });
});
