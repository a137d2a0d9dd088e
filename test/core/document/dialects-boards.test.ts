import { describe, expect, it } from 'vitest';
import { readPuzzleFile, readPuzzleFiles } from '../../../src/core/document/read-file';
import { FormatError } from '../../../src/core/document/errors';
import { readBoardsOnPuzzle, readPiecesWithBoards } from '../../../src/core/families/edge/files/read';
import type { EdgeBoard, EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { scoreBoard } from '../../../src/core/families/edge/model/score';
import { HAND, HAND_SET, dialect, setOf, shownCells } from './hand-board';

/**
 * Boards and saves of other programs (issue 48): boards drawn as text, boards of piece numbers
 * under title and score lines, JSON and XML saves found by their structure, INI files. Each
 * fixture (test/fixtures/dialects/b-*) was written for these tests from the hand-made 3x3 board
 * below, or from pieces-5x5.txt and its solved board board-from0.txt.
 */
const text = dialect;

/** The solved 5x5 board of board-from0.txt: its piece numbers (from 0), row-major. */
const IDS = text('board-from0.txt')
  .trim()
  .split(/\s+/)
  .map(Number)
  .filter((_, j) => j % 2 === 0);

/** The hand set as a plain piece file, shuffled and turned, so a board must be matched to it. */
const HAND_PIECES = ['3 3', ...HAND.map((e, i) => [0, 1, 2, 3].map((s) => e[(s + i) % 4]).join(' ')).reverse()].join('\n');

describe('boards drawn as text (issue 48)', () => {
  it.each(['b-drawn-boxes.txt', 'b-drawn-letters.txt', 'b-drawn-crosses.txt'])('%s reads as the board it draws, its cells the pieces', (name) => {
    const r = readPuzzleFile(name, text(name));
    expect(r.format).toBe('drawn');
    const p = r.puzzle as EdgePuzzle;
    const b = r.solution as EdgeBoard;
    expect([p.rows, p.cols]).toEqual([3, 3]);
    // Letters are numbered in sorted order with the frame's letter as grey: here a..e are 0..4.
    expect(shownCells(p, b)).toEqual(HAND);
    expect(scoreBoard(p, b)).toBe(12);
    expect(r.notes.some((n) => /read as a note/.test(n))).toBe(true);
  });

  it('a drawn board placed on its piece set (shuffled and turned) by its colours', () => {
    const r = readPiecesWithBoards(HAND_PIECES, 'hand.txt', text('b-drawn-boxes.txt'), 'b-drawn-boxes.txt');
    const b = r.boards[0];
    expect(scoreBoard(b.puzzle, b.board)).toBe(12);
    expect(shownCells(b.puzzle, b.board)).toEqual(HAND);
  });

  it('a drawing with an empty cell is a partial board: refused alone in one line, placed on its piece set', () => {
    // The centre cell (lines 9 to 11 of the file) left blank.
    const drawn = text('b-drawn-boxes.txt')
      .split('\n')
      .map((l, i) => (i >= 8 && i <= 10 ? `${l.slice(0, 7)}     ${l.slice(12)}` : l))
      .join('\n');
    expect(() => readPuzzleFile('partial.txt', drawn)).toThrow(/fills 8 of 9 cells.*--pieces FILE/);
    const [b] = readBoardsOnPuzzle(drawn, 'partial.txt', readPuzzleFile('b-drawn-boxes.txt', text('b-drawn-boxes.txt')).puzzle as EdgePuzzle);
    expect(Array.from(b.board.piece).filter((x) => x < 0)).toHaveLength(1);
  });

  it('a drawing of the board, then the pieces drawn apart under a title: the board is read, the rest named as not read', () => {
    const r = readPuzzleFile('b-drawn-crosses.txt', text('b-drawn-crosses.txt'));
    expect(r.notes.join(' ')).toMatch(/the rest, from line 22, is not read/);
    const placed = readPiecesWithBoards(HAND_PIECES, 'hand.txt', text('b-drawn-crosses.txt'), 'b.txt').boards[0];
    expect(shownCells(placed.puzzle, placed.board)).toEqual(HAND);
  });

  it('rows of numbers are not taken for a drawing', () => {
    const r = readPuzzleFile('p.txt', HAND_PIECES);
    expect(r.format).toBe('pieces');
  });
});

describe('boards of piece numbers with lines around them (issue 48)', () => {
  it('a grid of piece ids from 0, without rotations, under "Solution:", a score and a size line', () => {
    const r = readPiecesWithBoards(text('pieces-5x5.txt'), 'pieces-5x5.txt', text('b-ids-from0.txt'), 'b-ids-from0.txt');
    const b = r.boards[0];
    // Each piece where the grid puts it (numbered from 0); turned to fit its neighbours, as no rotation is given.
    expect(Array.from(b.board.piece)).toEqual(IDS);
    expect(scoreBoard(b.puzzle, b.board)).toBeGreaterThanOrEqual(36);
    expect(b.notes).toContain('line 1 (Solution:) read as a note');
    expect(b.notes).toContain('piece numbers read from 0');
  });

  it('a board of piece:rotation cells under a title and a stated score', () => {
    const cells = text('board-from0.txt')
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/).map(Number))
      .map((v) =>
        v
          .filter((_, j) => j % 2 === 0)
          .map((p, j) => `${p + 1}:${v[2 * j + 1]}`)
          .join(' '),
      );
    const r = readPiecesWithBoards(text('pieces-5x5.txt'), 'pieces-5x5.txt', ['Best solution (5x5)', 'Score = 40', ...cells].join('\n'), 'b.txt');
    expect(scoreBoard(r.boards[0].puzzle, r.boards[0].board)).toBe(40);
  });

  it('a size line that does not fit the puzzle is refused in one line', () => {
    const body = text('b-ids-from0.txt').replace('5 5', 'board 6x6');
    expect(() => readPiecesWithBoards(text('pieces-5x5.txt'), 'pieces-5x5.txt', body, 'b.txt')).toThrow(
      /^b\.txt:3: the header says a 6x6 board, the puzzle is 5x5$/,
    );
  });
});

describe("other programs' saves (issue 48)", () => {
  it('a JSON save holding a board of colour letters reads as that board, its cells the pieces', () => {
    const r = readPuzzleFile('b-save-edges.json', text('b-save-edges.json'));
    expect(r.format).toBe('save');
    expect(shownCells(r.puzzle as EdgePuzzle, r.solution as EdgeBoard)).toEqual(HAND);
  });

  it('a JSON save with pieces as {n,e,s,w} and a grid of [piece, rotation] from 0: the pieces and the solved board', () => {
    const r = readPuzzleFile('b-save-nesw.json', text('b-save-nesw.json'));
    expect(r.format).toBe('save');
    const p = r.puzzle as EdgePuzzle;
    expect([p.rows, p.cols]).toEqual([5, 5]);
    expect(scoreBoard(p, r.solution as EdgeBoard)).toBe(40);
    expect(r.notes).toContain('piece numbers read from 0');
  });

  it('an XML save with pieces as north/east/south/west attributes reads as the set', () => {
    const r = readPuzzleFile('b-save-pieces.xml', text('b-save-pieces.xml'));
    expect(r.format).toBe('save');
    expect(setOf(r.puzzle as EdgePuzzle)).toEqual(HAND_SET);
    // Also when the file name says nothing.
    expect(readPuzzleFile('x.txt', text('b-save-pieces.xml')).format).toBe('save');
  });

  it('a JSON board of piece numbers is placed on its piece set; alone it is refused, naming --pieces', () => {
    const save = JSON.stringify({
      score: 40,
      solution: text('b-ids-from0.txt')
        .trim()
        .split('\n')
        .slice(3)
        .map((l) => l.trim().split(/\s+/).map(Number)),
    });
    const r = readPiecesWithBoards(text('pieces-5x5.txt'), 'pieces-5x5.txt', save, 'best.json');
    expect(Array.from(r.boards[0].board.piece)).toEqual(IDS);
    expect(() => readPuzzleFiles('best.json', save)).toThrow(/^best\.json: .*board of piece numbers \(solution\) but no pieces.*--pieces FILE/);
  });

  it('a JSON that holds no puzzle, and broken JSON, are refused in one line', () => {
    for (const [body, why] of [
      ['{"name": "x", "list": [1, 2, 3]}', /holds no pieces/],
      ['{"a":\n 1,', /invalid JSON/],
    ] as const) {
      let message = '';
      try {
        readPuzzleFiles('x.json', body);
      } catch (e) {
        expect(e).toBeInstanceOf(FormatError);
        message = (e as Error).message;
      }
      expect(message).toMatch(why);
      expect(message).not.toMatch(/\n/);
    }
  });

  it('a huge JSON save is read or refused within seconds', () => {
    const board = JSON.stringify(Array.from({ length: 300_000 }, (_, i) => [i % 7, i % 4]));
    const big = `{"board": ${board}, "deep": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const t = performance.now();
    expect(() => readPuzzleFiles('big.json', big)).toThrow(FormatError);
    expect(performance.now() - t).toBeLessThan(5000);
  });
});

describe('INI-style files (issue 48)', () => {
  it('the section of pieces read, the size taken from the keys', () => {
    const r = readPuzzleFile('b-ini-pieces.txt', text('b-ini-pieces.txt'));
    expect(r.format).toBe('ini');
    const p = r.puzzle as EdgePuzzle;
    expect([p.rows, p.cols]).toEqual([3, 3]);
    expect(setOf(p)).toEqual(HAND_SET);
    expect(r.notes[0]).toMatch(/section \[PIECES\].*3x3/);
  });

  it('an INI file without a section of pieces is refused in one line naming its sections', () => {
    expect(() => readPuzzleFile('s.ini', '[A]\nx=1\n[B]\ny=2\n')).toThrow(/no section holds pieces.*\[A\], \[B\]/);
  });
});

describe('INI-style layouts (issue 48)', () => {
  const pieces = HAND.map((e, i) => [0, 1, 2, 3].map((s) => e[(s + i) % 4]));
  it('one section a piece, with top/right/bottom/left keys', () => {
    const body = [
      '[BOARD]',
      'rows = 3',
      'cols = 3',
      ...pieces.flatMap((e, i) => [`[PIECE${i + 1}]`, `top=${e[0]}`, `right=${e[1]}`, `bottom=${e[2]}`, `left=${e[3]}`]),
    ].join('\n');
    const r = readPuzzleFile('p.txt', body);
    expect(r.format).toBe('ini');
    expect(setOf(r.puzzle as EdgePuzzle)).toEqual(HAND_SET);
  });

  it('every colour under one key, four by four, separated by dashes', () => {
    const body = ['[GAME]', 'size=3', '[DATA]', `tiles=${pieces.flat().join('-')}`].join('\n');
    const r = readPuzzleFile('p.txt', body);
    expect(r.format).toBe('ini');
    expect(setOf(r.puzzle as EdgePuzzle)).toEqual(HAND_SET);
  });

  it('a line of the section that is not a piece is named by its line in the file', () => {
    const body = text('b-ini-pieces.txt').replace('p5=2,0,4,3', 'p5=2,0,4,3,9,9');
    expect(() => readPuzzleFile('p.txt', body, { format: 'ini' })).toThrow(/^p\.txt:12: section \[PIECES\]: /);
  });
});

describe('INI pieces grouped by kind (issue 48)', () => {
  it('corner, side and inner sections read together, a hints section of the same width left out', () => {
    const pieces = HAND.map((e, i) => [0, 1, 2, 3].map((s) => e[(s + i) % 4]));
    const grey = (e: number[]): number => e.filter((c) => c === 0).length;
    const body = [
      '[SIZE]',
      'width=3',
      'height=3',
      '[HINTS]',
      '1 2 2 0',
      '[CORNERS]',
      ...pieces.filter((e) => grey(e) === 2).map((e) => e.join(' ')),
      '[SIDES]',
      ...pieces.filter((e) => grey(e) === 1).map((e) => e.join(' ')),
      '[INNER]',
      ...pieces.filter((e) => grey(e) === 0).map((e) => e.join(' ')),
    ].join('\n');
    const r = readPuzzleFile('p.txt', body);
    expect(r.format).toBe('ini');
    expect(setOf(r.puzzle as EdgePuzzle)).toEqual(HAND_SET);
    expect(r.notes[0]).toMatch(/sections \[CORNERS\], \[SIDES\], \[INNER\]/);
  });
});

describe('a board of tiles written as four colour digits a cell (issue 48)', () => {
  it('is placed on its Tetravex set by the colours of each cell', () => {
    const set = readPuzzleFile('b-tetravex-3x3.txt', text('b-tetravex-3x3.txt'));
    const p = set.puzzle as EdgePuzzle;
    const [b] = readBoardsOnPuzzle(text('b-tetravex-board.txt'), 'b-tetravex-board.txt', p);
    expect(scoreBoard(p, b.board)).toBe(12);
    // Each cell shows the digits written for it (the set's colours are those digits, renumbered alike).
    const written = text('b-tetravex-board.txt').split('\n').slice(1).join(' ').trim().split(/\s+/);
    const shown = shownCells(p, b.board);
    const rename = new Map<number, string>();
    shown.forEach((cell, i) => cell.forEach((c, s) => expect(rename.get(c) ?? (rename.set(c, written[i][s]), written[i][s])).toBe(written[i][s])));
  });
});

describe('a board of colour cells against a set read in another order (issue 48)', () => {
  it('is refused in one line, not placed badly', () => {
    // The tiles read left and top swapped: every cell still matches a tile in some order, but not as the board is solved.
    const p = readPuzzleFile('t.txt', text('b-tetravex-3x3.txt'), { format: 'tetravex', options: { order: 'tlbr' } }).puzzle as EdgePuzzle;
    expect(() => readBoardsOnPuzzle(text('b-tetravex-board.txt'), 'b.txt', p)).toThrow(/^b\.txt:\d+: the board's cells join 12 of 12 as written .*--order\)$/);
  });
});
