import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FormatError } from '../../../../src/core/document/errors';
import {
  evaluateMaze,
  goalIndex,
  jumpFamily,
  jumpMazeFormat,
  jumpPuzzle,
  maxJumps,
  mazeErrors,
  startIndex,
  type JumpPuzzle,
} from '../../../../src/core/families/jump';
import { expectJsonRoundTrip, expectReadErrors, expectTextRoundTrip } from '../../../helpers/format';
import { detectFormat, readPuzzleFiles } from '../../../../src/core/document/read-file';

/** Random sizes; half of them with a start and goal anywhere (two different cells). */
const mazeArb = fc
  .record({ rows: fc.integer({ min: 2, max: 12 }), cols: fc.integer({ min: 2, max: 12 }), ends: fc.boolean(), a: fc.nat(), b: fc.nat() })
  .map(({ rows, cols, ends, a, b }): JumpPuzzle => {
    const n = rows * cols;
    const start = a % n;
    const goal = (start + 1 + (b % (n - 1))) % n;
    return ends ? jumpPuzzle(rows, cols, start, goal) : { rows, cols };
  })
  .chain((p: JumpPuzzle) => {
    const max = Array.from(maxJumps(p));
    return fc.tuple(fc.constant(p), fc.tuple(...max.map((m) => (m === 0 ? fc.constant(0) : fc.integer({ min: 1, max: m })))));
  })
  .map(([p, cells]) => ({ p, cells: Int32Array.from(cells) }));

describe('jump maze text format', () => {
  it('round-trips random mazes (square and not)', () => {
    expectTextRoundTrip(jumpMazeFormat, 'm.txt', mazeArb, { numRuns: 200, seed: 3 });
  });

  it('writes a square maze with the header n, others with rows cols; a header alone is a puzzle', () => {
    expect(jumpMazeFormat.write({ rows: 3, cols: 3 }, undefined)).toMatch(/^3$/m);
    expect(jumpMazeFormat.write({ rows: 3, cols: 4 }, undefined)).toMatch(/^3 4$/m);
    expect(jumpMazeFormat.read('# nothing yet\n4 6\n', 'm.txt')).toEqual({ puzzle: { rows: 4, cols: 6 } });
    expect(jumpMazeFormat.read(jumpMazeFormat.write({ rows: 5, cols: 5 }, undefined)!, 'm.txt')).toEqual({ puzzle: { rows: 5, cols: 5 } });
  });

  it('reads `n`, comments, blank lines, tabs and G for the goal', () => {
    const r = jumpMazeFormat.read("# the paper's 5x5\n5   # square\n\n3\t2 2 3 3\n4 1 2 2 1\n 1 3 1 2 4 \n4 3 3 3 3 # row 4\n1 1 2 3 G\n", 'm.txt');
    expect(r.puzzle).toEqual({ rows: 5, cols: 5 });
    expect(jumpFamily.evaluate(r.puzzle, r.solution!).score).toBe(21);
  });

  it('names the file, the line and what was expected', () => {
    const cases: [string, RegExp][] = [
      ['5\n3 3 2 4 3\n2 2 2 1\n', /^m\.txt:3: expected 5 jump lengths, got 4$/],
      ['', /^m\.txt:1: expected the size line/],
      ['# only a comment\n', /^m\.txt:2: expected the size line/],
      ['5 5 5\n', /^m\.txt:1: expected the size line `n` or `rows cols`/],
      ['x\n', /^m\.txt:1: expected the size line/],
      ['1 5\n', /^m\.txt:1: bad size: rows must be at least 2, got 1/],
      ['2 2\n1 1\n1 x\n', /^m\.txt:3: expected a jump length \(whole number\) in column 2, got "x"$/],
      ['2 2\n0 1\n1 1\n', /^m\.txt:3: the goal \(row 2, column 2\) must hold 0, got 1$/],
      ['2 2\n1 2000\n1 0\n', /^m\.txt:2: cell \(row 1, column 2\) holds 2000, expected a jump length 1\.\.1$/],
      ['2 2\n1 1\n', /^m\.txt:3: expected 2 rows of jump lengths, got 1 \(file ends early\)$/],
      ['2 2\n1 1\n1 0\n1 1\n', /^m\.txt:4: expected end of file after 2 rows, got "1 1"$/],
    ];
    expectReadErrors(jumpMazeFormat, 'm.txt', cases);
  });
});

describe('jump family JSON and evaluation', () => {
  it('round-trips puzzle and solution JSON', () => {
    expectJsonRoundTrip(jumpFamily, mazeArb, { numRuns: 100, seed: 11 });
  });

  it('rejects bad JSON with FormatErrors naming where and the cell', () => {
    const p = { rows: 2, cols: 3 };
    expect(() => jumpFamily.puzzleFromJson({ rows: 1, cols: 3 }, 'doc.json')).toThrow(/^doc\.json: rows must be at least 2/);
    expect(() => jumpFamily.puzzleFromJson({ rows: '2', cols: 3 }, 'doc.json')).toThrow(FormatError);
    expect(() => jumpFamily.puzzleFromJson([2, 3])).toThrow(FormatError);
    expect(() => jumpFamily.puzzleFromJson({ rows: 2.5, cols: 3 })).toThrow(/whole number/);
    expect(() => jumpFamily.solutionFromJson(p, { cells: [[1, 1, 1]] }, 'doc.json')).toThrow(/expected 2 rows/);
    expect(() =>
      jumpFamily.solutionFromJson(
        p,
        {
          cells: [
            [1, 1],
            [1, 1, 0],
          ],
        },
        'doc.json',
      ),
    ).toThrow(/cells\[0\]: expected 3 jump lengths, got 2/);
    expect(() =>
      jumpFamily.solutionFromJson(
        p,
        {
          cells: [
            [1, 5, 1],
            [1, 1, 0],
          ],
        },
        'doc.json',
      ),
    ).toThrow(/^doc\.json: cells\[0\]\[1\]: cell \(row 1, column 2\) holds 5, expected a jump length 1\.\.1$/);
    expect(() =>
      jumpFamily.solutionFromJson(p, {
        cells: [
          [1, 1, 1],
          [1, 1, 2],
        ],
      }),
    ).toThrow(/goal/);
    expect(() =>
      jumpFamily.solutionFromJson(p, {
        cells: [
          [1, '1', 1],
          [1, 1, 0],
        ],
      }),
    ).toThrow(FormatError);
  });

  it('stores start and goal as [row, col] from 0, only where they are not the corners; bad ones give one line each', () => {
    expect(jumpFamily.puzzleToJson({ rows: 3, cols: 4 })).toEqual({ rows: 3, cols: 4 });
    expect(jumpFamily.puzzleToJson(jumpPuzzle(3, 4, 6, 8))).toEqual({ rows: 3, cols: 4, start: [1, 2], goal: [2, 0] });
    expect(jumpFamily.puzzleFromJson({ rows: 3, cols: 4, start: [1, 2], goal: [2, 0] })).toEqual({ rows: 3, cols: 4, start: 6, goal: 8 });
    // Puzzles stored before start and goal existed, and the corners written out, read as the same puzzle.
    expect(jumpFamily.puzzleFromJson({ rows: 3, cols: 4 })).toEqual({ rows: 3, cols: 4 });
    expect(jumpFamily.puzzleFromJson({ rows: 3, cols: 4, start: [0, 0], goal: [2, 3] })).toEqual({ rows: 3, cols: 4 });
    expect(() => jumpFamily.puzzleFromJson({ rows: 3, cols: 4, start: [3, 0] }, 'doc.json')).toThrow(
      /^doc\.json: start \[3, 0\] is off the 3 x 4 board \(rows and columns count from 0\)$/,
    );
    expect(() => jumpFamily.puzzleFromJson({ rows: 3, cols: 4, goal: [0, -1] }, 'doc.json')).toThrow(/^doc\.json: goal \[0, -1\] is off the 3 x 4 board/);
    expect(() => jumpFamily.puzzleFromJson({ rows: 3, cols: 4, goal: 5 }, 'doc.json')).toThrow(
      /^doc\.json: expected goal to be \[row, col\] \(whole numbers from 0\), got 5$/,
    );
    expect(() => jumpFamily.puzzleFromJson({ rows: 3, cols: 4, start: [2, 3] }, 'doc.json')).toThrow(
      /^doc\.json: the start and the goal are the same cell \(row 3, column 4\)$/,
    );
    expect(jumpFamily.validate({ rows: 3, cols: 3, start: 9 }).errors).toEqual(['the start must be a cell of the 3 x 3 board, got index 9']);
    // The maze follows the puzzle's goal: 0 there, a jump length everywhere else.
    const p = jumpPuzzle(2, 3, 4, 0);
    expect(
      jumpFamily.solutionFromJson(p, {
        cells: [
          [0, 1, 2],
          [1, 1, 1],
        ],
      }).cells,
    ).toEqual(Int32Array.from([0, 1, 2, 1, 1, 1]));
    expect(() =>
      jumpFamily.solutionFromJson(
        p,
        {
          cells: [
            [1, 1, 2],
            [1, 1, 0],
          ],
        },
        'doc.json',
      ),
    ).toThrow(/^doc\.json: cells\[0\]\[0\]: the goal \(row 1, column 1\) must hold 0, got 1$/);
    // A 0 outside the goal is a dead end (no jump), legal as other tools write them.
    expect(mazeErrors(p, [0, 1, 2, 1, 1, 0])).toEqual([]);
  });

  it('evaluates: score = BFS fitness, maxScore unknown, solved = goal reachable', () => {
    const p = { rows: 5, cols: 5 };
    const bad = { cells: Int32Array.from([3, 3, 2, 4, 3, 2, 2, 2, 1, 1, 4, 3, 1, 3, 4, 2, 3, 1, 1, 3, 1, 1, 3, 2, 0]) };
    expect(jumpFamily.evaluate(p, bad)).toEqual({ score: -3, maxScore: null, solved: false });
    const good = { cells: Int32Array.from([3, 2, 2, 3, 3, 4, 1, 2, 2, 1, 1, 3, 1, 2, 4, 4, 3, 3, 3, 3, 1, 1, 2, 3, 0]) };
    expect(jumpFamily.evaluate(p, good)).toEqual({ score: 21, maxScore: null, solved: true });
    expect(jumpFamily.maxScore(p)).toBeNull();
    expect(jumpFamily.size({ rows: 3, cols: 7 })).toEqual({ rows: 3, cols: 7 });
  });

  it('validates sizes and names illegal cells', () => {
    expect(jumpFamily.validate({ rows: 5, cols: 5 })).toEqual({ errors: [], warnings: [] });
    expect(jumpFamily.validate({ rows: 1, cols: 5 }).errors).toEqual(['rows must be at least 2, got 1']);
    expect(jumpFamily.validate({ rows: 2, cols: 0 }).errors).toEqual(['cols must be at least 2, got 0']);
    const p = { rows: 3, cols: 3 };
    expect(mazeErrors(p, [1, 1, 1, 1, 1, 1, 1, 1, 0])).toEqual([]);
    expect(mazeErrors(p, [3, 1, 1, 1, 2, 1, 1, 1, 4])).toEqual([
      'cell (row 1, column 1) holds 3, expected a jump length 1..2',
      'cell (row 2, column 2) holds 2, expected a jump length 1..1',
      'the goal (row 3, column 3) must hold 0, got 4',
    ]);
    expect(mazeErrors(p, [1, 1])).toEqual(['expected 9 cells (3 x 3), got 2']);
  });
});

describe('jump maze dialects', () => {
  const maze3 = ['1 2 1', '1 1 1', '2 1 0'];
  it('several mazes in one file: one puzzle each, named by position; read() says how many', () => {
    const text = ['# two mazes', '3', ...maze3, '', '2 3', '1 1 2', '2 1 0'].join('\n');
    const all = jumpMazeFormat.readAll!(text, 'many.txt');
    expect(all.map((m) => [m.name, m.puzzle.rows, m.puzzle.cols])).toEqual([
      ['#1', 3, 3],
      ['#2', 2, 3],
    ]);
    expect(() => jumpMazeFormat.read(text, 'many.txt')).toThrow(/^many\.txt: the file holds 2 mazes/);
    expect(readPuzzleFiles('many.txt', text).map((r) => r.name)).toEqual(['many #1', 'many #2']);
  });

  it('a header with start and goal anywhere: taken from it, counted from 1 (or from 0 when a 0 appears)', () => {
    const plain = jumpMazeFormat.read(['3 3 1 1 3 3', ...maze3].join('\n'), 'm.txt');
    expect(plain.puzzle).toEqual({ rows: 3, cols: 3 });
    expect(Array.from(plain.solution!.cells)).toEqual([1, 2, 1, 1, 1, 1, 2, 1, 0]);
    // Start bottom-right, goal top-left (from 0): read as written, nothing turned round.
    const turned = jumpMazeFormat.read(['3 3 2 2 0 0', '0 1 2', '1 1 1', '1 2 1'].join('\n'), 'm.txt');
    expect(turned.puzzle).toEqual({ rows: 3, cols: 3, start: 8, goal: 0 });
    expect(Array.from(turned.solution!.cells)).toEqual([0, 1, 2, 1, 1, 1, 1, 2, 1]);
    expect(turned.notes).toEqual(['start row 3, column 3, goal row 1, column 1 (from the header)']);
    expect(plain.notes).toBeUndefined();
    // Start in the middle of a 3x4 board, goal on the left edge (from 1).
    const mid = jumpMazeFormat.read(['3 4 2 3 3 1', '1 1 1 2', '1 2 1 1', '0 2 1 3'].join('\n'), 'm.txt');
    expect(mid.puzzle).toEqual({ rows: 3, cols: 4, start: 6, goal: 8 });
    expect([startIndex(mid.puzzle), goalIndex(mid.puzzle)]).toEqual([6, 8]);
    // (2,3) jumps 1 left to (2,2), which jumps 2 left... (2,0) is 2 columns away: (2,2) -> (2,0) -> (3,0).
    expect(evaluateMaze(mid.puzzle, mid.solution!.cells).fitness).toBe(3);
    expect(detectFormat('m.txt', ['3 4 2 3 3 1', '1 1 1 2', '1 2 1 1', '0 2 1 3'].join('\n'))).toBe('maze');
    expect(detectFormat('m.txt', ['3 3 1 1 3 3', ...maze3].join('\n'))).toBe('maze');
  });

  it('a header with start and goal: a goal not 0, ends off the board or on one cell give one line each', () => {
    expectReadErrors(jumpMazeFormat, 'm.txt', [
      [['3 4 2 3 3 1', '1 1 1 2', '1 2 1 1', '2 2 1 0'].join('\n'), /^m\.txt:4: the goal \(row 3, column 1\) must hold 0, got 2$/],
      [['3 3 4 1 1 3', ...maze3].join('\n'), /^m\.txt:1: the start \(row 4, column 1, counted from 1\) is off the 3 x 3 board$/],
      [['3 3 0 0 3 2', ...maze3].join('\n'), /^m\.txt:1: the goal \(row 3, column 2, counted from 0\) is off the 3 x 3 board$/],
      [['3 3 2 2 2 2', ...maze3].join('\n'), /^m\.txt:1: the start and the goal are the same cell \(row 2, column 2, counted from 1\)$/],
    ]);
  });

  it('writes start and goal back (counted from 1), so files round-trip; the corners keep the short header', () => {
    const p = jumpPuzzle(3, 4, 6, 8);
    const cells = Int32Array.from([1, 1, 1, 2, 1, 2, 1, 1, 0, 2, 1, 3]);
    const text = jumpMazeFormat.write(p, { cells })!;
    expect(text.split('\n').slice(0, 2)).toEqual(['# jump maze: start row 2, column 3, goal row 3, column 1 (0)', '3 4 2 3 3 1']);
    const back = jumpMazeFormat.read(text, 'm.txt');
    expect(back.puzzle).toEqual(p);
    expect(Array.from(back.solution!.cells)).toEqual(Array.from(cells));
    expect(readPuzzleFiles('m.txt', text)[0]!.puzzle).toEqual(p);
    expect(jumpMazeFormat.write(jumpPuzzle(4, 4, 5, 10), undefined)).toMatch(/^4 4 2 2 3 3$/m);
    expect(jumpMazeFormat.read(jumpMazeFormat.write(jumpPuzzle(4, 4, 5, 10), undefined)!, 'm.txt').puzzle).toEqual(jumpPuzzle(4, 4, 5, 10));
    expect(jumpMazeFormat.write(jumpPuzzle(3, 3, 0, 8), undefined)).toMatch(/^3$/m);
  });

  it('several mazes in one file, each with its own start and goal', () => {
    const text = ['3 3 2 2 1 1', '0 1 1', '1 1 1', '1 1 1', '2 3', '1 1 2', '2 1 0', '2 2 2 1 1 2', '1 0', '1 1'].join('\n');
    const all = jumpMazeFormat.readAll!(text, 'many.txt');
    expect(all.map((m) => m.puzzle)).toEqual([jumpPuzzle(3, 3, 4, 0), { rows: 2, cols: 3 }, jumpPuzzle(2, 2, 2, 1)]);
    expect(all.map((m) => evaluateMaze(m.puzzle, m.solution!.cells).fitness)).toEqual([2, 2, 2]);
    // Told apart from other formats by shape alone (no comment saying what it is).
    expect(detectFormat('many.txt', text)).toBe('maze');
    expect(readPuzzleFiles('many.txt', text).map((r) => [r.name, r.puzzle])).toEqual([
      ['many #1', jumpPuzzle(3, 3, 4, 0)],
      ['many #2', { rows: 2, cols: 3 }],
      ['many #3', jumpPuzzle(2, 2, 2, 1)],
    ]);
  });
});

describe('jumps past the board and a goal holding a number (issue 48)', () => {
  it('reads a jump longer than the board allows from its cell as a dead end, with a note', () => {
    const [m] = readPuzzleFiles('far.txt', '4\n1 3 2 3\n2 9 1 2\n3 1 2 1\n2 2 1 0\n', { format: 'maze' });
    expect(Array.from((m!.solution as { cells: Int32Array }).cells)).toEqual([1, 3, 2, 3, 2, 0, 1, 2, 3, 1, 2, 1, 2, 2, 1, 0]);
    expect(m!.notes.join(' | ')).toMatch(
      /1 cell holds a jump longer than the board allows from there \(cell \(row 2, column 2\) holds 9\): no jump from it, read as a dead end/,
    );
  });

  it('reads a number at the goal as 0 (its jump is never used), unless a 0 elsewhere could mark the goal', () => {
    const [m] = readPuzzleFiles('goal.txt', '4\n1 3 2 3\n2 1 1 2\n3 1 2 1\n2 2 1 4\n', { format: 'maze' });
    expect((m!.solution as { cells: Int32Array }).cells[15]).toBe(0);
    expect(m!.notes.join(' | ')).toMatch(/the goal \(row 4, column 4\) holds 4: a goal's jump is never used, read as 0/);
    expect(() => readPuzzleFiles('goal0.txt', '4\n1 3 2 3\n2 0 1 2\n3 1 2 1\n2 2 1 4\n', { format: 'maze' })).toThrow(
      /the goal \(row 4, column 4\) must hold 0, got 4/,
    );
  });
});

describe("a header's start and goal counted from 0 or 1 (issue 48)", () => {
  const rows = ['1 3 2 3', '2 1 1 2', '3 1 2 1', '2 2 1 0'];
  it('counts from 0 when only that puts the goal on the cell holding 0, and says so', () => {
    const [m] = readPuzzleFiles('m.txt', ['4 4 1 1 3 3', ...rows].join('\n'), { format: 'maze' });
    const p = m!.puzzle as JumpPuzzle;
    expect([startIndex(p), goalIndex(p)]).toEqual([5, 15]);
    expect(m!.notes.join(' | ')).toMatch(/counted from 0: the goal's cell holds 0 so/);
  });

  it('counts from 1 when the goal counted from 1 holds 0', () => {
    const other = ['1 3 2 3', '2 1 1 2', '3 1 0 1', '2 2 1 2'];
    const [m] = readPuzzleFiles('m.txt', ['4 4 1 1 3 3', ...other].join('\n'), { format: 'maze' });
    const p = m!.puzzle as JumpPuzzle;
    expect([startIndex(p), goalIndex(p)]).toEqual([0, 10]);
  });
});
