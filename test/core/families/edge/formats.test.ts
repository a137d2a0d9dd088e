import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  boardFormat,
  bucasFormat,
  edgeAt,
  emptyBoard,
  matchCellsToPieces,
  piecesFormat,
  scoreBoard,
  type EdgeBoard,
  type EdgePuzzle,
} from '../../../../src/core/families/edge';
import { formatError } from '../../../helpers/format';
import { generatePuzzle, randomBoard, readInstance, shown } from './helpers';

const samePuzzle = (a: EdgePuzzle, b: EdgePuzzle): void => {
  expect([b.rows, b.cols]).toEqual([a.rows, a.cols]);
  expect(Array.from(b.edges)).toEqual(Array.from(a.edges));
  expect(b.fixed).toEqual(a.fixed);
};

/** Colours each cell shows, 4 per cell; empty cells all grey. */
function cellColours(p: EdgePuzzle, b: EdgeBoard): number[] {
  const out: number[] = [];
  for (let i = 0; i < b.piece.length; i++) out.push(...(b.piece[i] < 0 ? [0, 0, 0, 0] : shown(p, b.piece[i], b.rotation[i])));
  return out;
}

describe('pieces format', () => {
  it('round-trips (write then read gives the same puzzle, fixed pieces included)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), fc.integer(), fc.integer({ min: 0, max: 3 }), (rows, cols, seed, k) => {
        const { puzzle } = generatePuzzle(rows, cols, seed, 3, 40, Math.min(k, rows * cols));
        const text = piecesFormat.write(puzzle, undefined)!;
        samePuzzle(puzzle, piecesFormat.read(text, 'whatever.txt').puzzle);
      }),
      { numRuns: 200 },
    );
  });

  it('reads every edge order and converts it to top right bottom left', () => {
    const { puzzle } = generatePuzzle(4, 5, 77);
    const sides: Record<string, number[]> = { trbl: [0, 1, 2, 3], bltr: [2, 3, 0, 1], nswe: [0, 2, 3, 1], ltrb: [3, 0, 1, 2] };
    for (const [order, idx] of Object.entries(sides)) {
      const lines = ['4 5'];
      for (let i = 0; i < 20; i++) lines.push(idx.map((s) => puzzle.edges[4 * i + s]).join(' '));
      samePuzzle(puzzle, piecesFormat.read(lines.join('\n'), 'x.txt', { order }).puzzle);
    }
    expect(formatError(() => piecesFormat.read('1 2 3 4', 'x.txt', { order: 'nsnw' })).message).toMatch(/unknown edge order "nsnw"/);
  });

  it('takes the size from the header, the size option, the file name or a square count', () => {
    const four = '1 2 3 4\n'.repeat(4);
    const six = '1 2 3 4\n'.repeat(6);
    expect(piecesFormat.read(`# a comment\n\n2 3 # rows cols\n${six}`, 'a_9x9.txt').puzzle).toMatchObject({ rows: 2, cols: 3 });
    expect(piecesFormat.read(six, 'meta_3x2.txt').puzzle).toMatchObject({ rows: 3, cols: 2 });
    expect(piecesFormat.read(six, 'meta2010_3x2.txt').puzzle).toMatchObject({ rows: 3, cols: 2 });
    expect(piecesFormat.read(six, 'dir_9x9/set_1x6.txt').puzzle).toMatchObject({ rows: 1, cols: 6 });
    expect(piecesFormat.read(six, 'pieces.txt', { size: '2x3' }).puzzle).toMatchObject({ rows: 2, cols: 3 });
    expect(piecesFormat.read(six, 'set_3x2.txt', { size: '6x1' }).puzzle).toMatchObject({ rows: 6, cols: 1 });
    expect(piecesFormat.read(four, 'pieces.txt').puzzle).toMatchObject({ rows: 2, cols: 2 });
    expect(formatError(() => piecesFormat.read(six, 'pieces.txt')).message).toMatch(/^pieces\.txt: cannot tell the board size/);
    // A `w h` header is the same board turned a quarter: the option may say so; any other size is an error.
    expect(piecesFormat.read(`2 3\n${six}`, 'p.txt', { size: '3x2' }).puzzle).toMatchObject({ rows: 3, cols: 2 });
    expect(formatError(() => piecesFormat.read(`2 3\n${six}`, 'p.txt', { size: '1x6' })).message).toMatch(/^p\.txt:1: the header says 2x3/);
    expect(formatError(() => piecesFormat.read(six, 'p.txt', { size: 'big' })).message).toMatch(/size option/);
  });

  it('names file, line and what was expected', () => {
    const text = ['# META style', '0 0 1 2', '0 0 2 3', '', '0 1 2 3', '1 2 3 4', '1 2 x', '1 1 1 1'].join('\n');
    const e = formatError(() => piecesFormat.read(text, 'meta.txt'));
    expect(e.message).toBe('meta.txt:7: expected 4 edge colours, got "1 2 x"');
    expect([e.file, e.line]).toEqual(['meta.txt', 7]);
    expect(formatError(() => piecesFormat.read('1 2 3 4 5 6', 'a.txt')).message).toBe(
      'a.txt:1: expected one piece a line: 4 edge colours, or a piece number and 4 colours, got "1 2 3 4 5 6"',
    );
    expect(formatError(() => piecesFormat.read('1 2 3 4\n1 2 3\n', 'a.txt', { order: 'bltr' })).message).toBe('a.txt:2: expected 4 edge colours, got "1 2 3"');
    expect(formatError(() => piecesFormat.read('0 4\n1 2 3 4', 'a.txt')).message).toMatch(/^a\.txt:1: expected the board size/);
    expect(formatError(() => piecesFormat.read('1 2 3 70000', 'a.txt')).line).toBe(1);
    expect(formatError(() => piecesFormat.read('# nothing\n', 'a.txt')).message).toMatch(/^a\.txt: no pieces/);
    expect(formatError(() => piecesFormat.read('1 1\n#@fixed 2 1 1 0\n0 0 0 0', 'a.txt')).message).toBe('a.txt:2: fixed piece 2 is not in 1..1');
    expect(formatError(() => piecesFormat.read('1 1\n#@fixed 1 1\n0 0 0 0', 'a.txt')).line).toBe(2);
  });
});

describe('board format', () => {
  it('read() asks for the piece set', () => {
    expect(formatError(() => boardFormat.read('1 0', 'b.txt')).message).toMatch(/^b\.txt: a board names pieces by number.*piece set.*--pieces/);
  });

  it('round-trips (write then readSolution gives the same board, empty cells included)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.integer(), (rows, cols, seed) => {
        const { puzzle } = generatePuzzle(rows, cols, seed);
        const board = randomBoard(puzzle, seed + 1, 0.3);
        const text = boardFormat.write(puzzle, board)!;
        expect(boardFormat.readSolution!(text, 'b.txt', puzzle)).toEqual(board);
        // Without the header, and with several cells per line (a solved board: without its
        // comment the board's legality decides how its rotations read).
        const solved = boardFormat.write(puzzle, generatePuzzle(rows, cols, seed).solution)!;
        const body = solved
          .split('\n')
          .filter((l) => l && !l.startsWith('#'))
          .slice(1);
        const packed = body.join('   ');
        expect(scoreBoard(puzzle, boardFormat.readSolution!(packed, 'b.txt', puzzle))).toBe(scoreBoard(puzzle, generatePuzzle(rows, cols, seed).solution));
      }),
      { numRuns: 150 },
    );
    expect(boardFormat.write(generatePuzzle(2, 2, 1).puzzle, undefined)).toBeNull();
  });

  it('reports range, duplicates, count and header problems with file:line', () => {
    const { puzzle } = generatePuzzle(2, 2, 5);
    expect(formatError(() => boardFormat.readSolution!('2 2\n1 0\n2 0\n3 0\n5 0', 'b.txt', puzzle)).message).toBe(
      'b.txt:5: row 2 col 2: piece 5 is not in 1..4 (0 = empty)',
    );
    expect(formatError(() => boardFormat.readSolution!('1 0\n2 4\n3 0\n4 0', 'b.txt', puzzle)).message).toBe('b.txt:2: row 1 col 2: rotation 4 is not 0..3');
    expect(formatError(() => boardFormat.readSolution!('1 0 2 1\n1 3 0 0', 'b.txt', puzzle)).message).toBe(
      'b.txt:2: row 2 col 1: piece 1 is already at row 1 col 1',
    );
    expect(formatError(() => boardFormat.readSolution!('1 0\n2 0\n3 0', 'b.txt', puzzle)).message).toMatch(/^b\.txt: a 2x2 board needs 4 cells/);
    expect(formatError(() => boardFormat.readSolution!('1 0\n2 0\n3 0\n4 0\n0 0', 'b.txt', puzzle)).line).toBe(5);
    expect(formatError(() => boardFormat.readSolution!('3 2\n1 0\n2 0\n3 0\n4 0', 'b.txt', puzzle)).message).toBe(
      'b.txt:1: the header says a 3x2 board, the puzzle is 2x2',
    );
    expect(formatError(() => boardFormat.readSolution!('1 0 2\n', 'b.txt', puzzle)).message).toMatch(/^b\.txt:1: expected "piece rotation" pairs/);
  });
});

describe('bucas format', () => {
  it('read gives the cells in place as pieces and the identity placement; write gives it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.integer(), (rows, cols, seed) => {
        const { puzzle, solution } = generatePuzzle(rows, cols, seed, 4, 10);
        const url = bucasFormat.write(puzzle, solution)!;
        expect(url).toMatch(new RegExp(`^https://e2\\.bucas\\.name/#puzzle=\\w+&board_w=${cols}&board_h=${rows}&board_edges=[a-z]{${4 * rows * cols}}\\n$`));
        const parsed = bucasFormat.read(url, 'u.txt');
        const cells = cellColours(puzzle, solution);
        expect(Array.from(parsed.puzzle.edges)).toEqual(cells);
        expect(parsed.solution!.piece).toEqual(Int16Array.from({ length: rows * cols }, (_, i) => i));
        expect(bucasFormat.write(parsed.puzzle, undefined)).toBe(url);
        // Matched back against the original set: same colours in every cell, same score.
        const back = bucasFormat.readSolution!(url, 'u.txt', puzzle);
        expect(cellColours(puzzle, back)).toEqual(cells);
        expect(scoreBoard(puzzle, back)).toBe(scoreBoard(puzzle, solution));
      }),
      { numRuns: 150 },
    );
  });

  it('empty cells are written as aaaa and read back as empty', () => {
    const { puzzle } = generatePuzzle(3, 3, 8, 3, 6);
    const board = randomBoard(puzzle, 3, 0.4);
    const url = bucasFormat.write(puzzle, board)!;
    const back = bucasFormat.readSolution!(url, 'u.txt', puzzle);
    expect(cellColours(puzzle, back)).toEqual(cellColours(puzzle, board));
    expect(Array.from(back.piece).map((p) => p < 0)).toEqual(Array.from(board.piece).map((p) => p < 0));
    expect(bucasFormat.write({ ...puzzle, edges: puzzle.edges.map((c) => (c ? c + 30 : 0)) }, board)).toBeNull();
  });

  it('reports what is wrong with a URL', () => {
    const { puzzle } = generatePuzzle(2, 2, 8, 3, 6);
    const url = bucasFormat.write(puzzle, undefined)!.trim();
    expect(formatError(() => bucasFormat.read('hello', 'u.txt')).message).toBe(
      'u.txt: expected an e2.bucas.name URL with board_w, board_h and board_edges or board_pieces',
    );
    expect(formatError(() => bucasFormat.read(`# saved\n\n${url.replace('board_w=2', 'board_w=x')}`, 'u.txt')).message).toBe(
      'u.txt:3: expected board_w=<columns> in the URL, got "x"',
    );
    expect(formatError(() => bucasFormat.read(url.slice(0, -1), 'u.txt')).message).toMatch(/board_edges: a 2x2 board .* needs 16 letters.*got 15/);
    expect(formatError(() => bucasFormat.read(url.slice(0, -1) + 'Z', 'u.txt')).message).toBe(
      'u.txt:1: board_edges: expected a letter a..z at row 2 col 2, got "Z"',
    );
    expect(
      formatError(() =>
        bucasFormat.readSolution!(url.replace('board_w=2', 'board_w=4').replace(/board_edges=\w+/, `board_edges=${'a'.repeat(32)}`), 'u.txt', puzzle),
      ).message,
    ).toMatch(/^u\.txt:1: the board is 2x4 \(rows x cols\), the puzzle is 2x2$/);
    const wrong = url.replace(/board_edges=(\w{4})/, 'board_edges=zzzz');
    expect(formatError(() => bucasFormat.readSolution!(wrong, 'u.txt', puzzle)).message).toBe(
      'u.txt:1: row 1 col 1 (top right bottom left = 25 25 25 25): no piece of the set has these colours in any rotation',
    );
  });
});

describe('matchCellsToPieces', () => {
  it('matches the 470 board to eternity2_256.txt: score 470, piece 139 at row 9 col 8 turned twice', () => {
    const e2 = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt').puzzle;
    const cellsFile = piecesFormat.read(readInstance('eternity2_best470_board_blackwood.txt'), 'eternity2_best470_board_blackwood.txt').puzzle;
    expect([cellsFile.rows, cellsFile.cols]).toEqual([16, 16]);
    const board = matchCellsToPieces(e2, cellsFile.edges);
    expect(scoreBoard(e2, board)).toBe(470);
    const cell = 8 * 16 + 7;
    expect([board.piece[cell] + 1, board.rotation[cell]]).toEqual([139, 2]);
    expect([0, 1, 2, 3].map((s) => edgeAt(e2, 138, 2, s))).toEqual([8, 9, 9, 12]);
    expect(new Set(board.piece).size).toBe(256);

    // The same board as the e2.bucas.name URL it was decoded from.
    const letters = Array.from(cellsFile.edges, (c) => String.fromCharCode(97 + c)).join('');
    const url = `https://e2.bucas.name/#puzzle=Joshua_Blackwood_470&board_w=16&board_h=16&board_edges=${letters}&motifs_order=jblackwood`;
    const viaUrl = bucasFormat.readSolution!(url, 'blackwood.txt', e2);
    expect(viaUrl).toEqual(board);
    const inPlace = bucasFormat.read(url, 'blackwood.txt');
    expect(Array.from(inPlace.puzzle.edges)).toEqual(Array.from(cellsFile.edges));
    expect(scoreBoard(inPlace.puzzle, inPlace.solution!)).toBe(470);
  });

  it('prefers the fixed piece at its cell, and says when every matching piece is used', () => {
    // Two identical pieces: the fixed one must land on its own cell.
    const p: EdgePuzzle = { rows: 1, cols: 2, edges: Uint16Array.of(0, 1, 0, 0, 0, 1, 0, 0), fixed: [{ piece: 1, row: 0, col: 1, rotation: 2 }] };
    const cells = Uint16Array.of(0, 1, 0, 0, 0, 0, 0, 1);
    const b = matchCellsToPieces(p, cells);
    expect(Array.from(b.piece)).toEqual([0, 1]);
    expect(Array.from(b.rotation)).toEqual([0, 2]);
    const twice = Uint16Array.of(0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0);
    const three: EdgePuzzle = { rows: 1, cols: 3, edges: Uint16Array.of(0, 1, 0, 0, 0, 1, 0, 0, 2, 2, 2, 2), fixed: [] };
    expect(formatError(() => matchCellsToPieces(three, twice)).message).toBe(
      'row 1 col 3 (top right bottom left = 0 1 0 0): every piece with these colours (1, 2) is already used',
    );
    expect(matchCellsToPieces(three, new Uint16Array(12)).piece).toEqual(emptyBoard(1, 3).piece);
  });
});
