import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { readPuzzleFile, readPuzzleFiles } from '../../../../../src/core/document/read-file';
import { getFamily } from '../../../../../src/core/families';
import { readPiecesWithBoards } from '../../../../../src/core/families/edge/files/read';
import { isRotatable, type EdgeBoard, type EdgePuzzle } from '../../../../../src/core/families/edge/model/model';
import { formatError } from '../../../../helpers/format';
import { naiveScore, shown } from '../helpers';

/** The files of issue 21, each written for these tests in one dialect (test/fixtures/dialects). */
const DIR = fileURLToPath(new URL('../../../../fixtures/dialects/', import.meta.url));
const fixture = (name: string): string => readFileSync(DIR + name, 'utf8');

/** The numbers of a plain piece file, read without the code under test: `R C`, then `t r b l` lines. */
function plainSet(name: string): { rows: number; cols: number; pieces: number[][] } {
  const lines = fixture(name)
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.trim().split(/\s+/).map(Number));
  return { rows: lines[0][0], cols: lines[0][1], pieces: lines.slice(1) };
}

/** A piece up to rotation: the smallest of its four turns, as text. */
function turnKey(e: number[]): string {
  const turns = [0, 1, 2, 3].map((k) => [0, 1, 2, 3].map((s) => e[(s + k) % 4]).join(','));
  return turns.sort()[0];
}
const setKey = (pieces: number[][]): string[] => pieces.map(turnKey).sort();
const piecesOf = (p: EdgePuzzle): number[][] => Array.from({ length: p.edges.length / 4 }, (_, i) => Array.from(p.edges.slice(4 * i, 4 * i + 4)));

const truth = plainSet('set-4x4.txt');

function expectTheSet(r: { puzzle: unknown; format: string }): EdgePuzzle {
  const p = r.puzzle as EdgePuzzle;
  expect(r.format).toBe('pieces');
  expect([p.rows, p.cols]).toEqual([4, 4]);
  expect(setKey(piecesOf(p))).toEqual(setKey(truth.pieces));
  return p;
}

/** Fixed pieces must show their grey edges exactly to the outside (recounted from the colours). */
function fixedLegal(p: EdgePuzzle): boolean {
  return p.fixed.every((f) => {
    const e = shown(p, f.piece, f.rotation);
    const out = [f.row === 0, f.col === p.cols - 1, f.row === p.rows - 1, f.col === 0];
    return e.every((c, s) => (c === 0) === out[s]);
  });
}

describe('piece files of other programs (issue 21)', () => {
  it('a hint count first: 0, then the pieces', () => {
    const r = readPuzzleFile('hints-none.txt', fixture('hints-none.txt'));
    expectTheSet(r);
    expect(r.notes).toContain('line 1 read as the number of hint lines (none)');
  });

  it('k hint lines honoured as fixed pieces (counting and turning worked out from the board)', () => {
    const r = readPuzzleFile('hints-two.txt', fixture('hints-two.txt'));
    const p = expectTheSet(r);
    expect(p.fixed).toHaveLength(2);
    expect(fixedLegal(p)).toBe(true);
    expect(r.notes.some((n) => /^2 fixed pieces from the 2 hint lines after line 1 .*counted from 1/.test(n))).toBe(true);
    expect(getFamily('edge').validate(p).errors).toEqual([]);
  });

  it('header lines of four (b s w h) and three (R C K) numbers, and p tile R C K', () => {
    const a = readPuzzleFile('header-bswh.txt', fixture('header-bswh.txt'));
    expectTheSet(a);
    expect(a.notes).toContain('line 1 read as a header ending in width and height, not as a piece');
    const b = readPuzzleFile('header-rck.txt', fixture('header-rck.txt'));
    expectTheSet(b);
    expect(b.notes).toContain('line 1 read as rows, columns and the number of colours (4)');
    const c = readPuzzleFile('header-ptile.puz', fixture('header-ptile.puz'));
    expectTheSet(c);
  });

  it('grey written as the highest colour on every frame edge becomes 0, with a note', () => {
    const r = readPuzzleFile('grey-highest.txt', fixture('grey-highest.txt'));
    expectTheSet(r);
    expect(r.notes).toContain('colour 5 is on every frame edge: read as grey (0)');
  });

  it('CSV with colours as binary words and a size line first', () => {
    const r = readPuzzleFile('binary-words.csv', fixture('binary-words.csv'));
    expectTheSet(r);
    expect(r.notes).toContain('colours written as binary words (0000000000000011 = 3)');
  });

  it('fixed pieces in comment lines under their heading are honoured, with a note', () => {
    const r = readPuzzleFile('fixed-comments.txt', fixture('fixed-comments.txt'));
    const p = expectTheSet(r);
    expect(p.fixed).toHaveLength(2);
    expect(fixedLegal(p)).toBe(true);
    expect(r.notes).toContain(
      '2 fixed pieces from the comment at line 2 (piece row col rotation: pieces counted from 0, rows and columns from 0, turns anticlockwise)',
    );
  });

  it('a small set whose frame and inner colours overlap: read in the one order that fits, validation warns', () => {
    const r = readPuzzleFile('overlap-3x3.txt', fixture('overlap-3x3.txt'));
    const p = r.puzzle as EdgePuzzle;
    expect(r.notes[0]).toMatch(/^read as top right bottom left, the one order where the corner, side and inner pieces fit the board/);
    const v = getFamily('edge').validate(p);
    expect(v.errors).toEqual([]);
    expect(v.warnings.join(' ')).toMatch(/frame/);
  });

  it('a .sol list of tile col row rotation (tiles from 0, turns anticlockwise): the board rescored', () => {
    const r = readPiecesWithBoards(fixture('placements.puz'), 'placements.puz', fixture('placements.sol'), 'placements.sol');
    expect(r.boards).toHaveLength(1);
    const { puzzle, board } = r.boards[0];
    expect(setKey(piecesOf(puzzle))).toEqual(setKey(truth.pieces));
    // Every cell filled, every join matching: 24 joins on a 4x4 board, by the family and by hand.
    expect(Array.from(board.piece).every((x) => x >= 0)).toBe(true);
    expect(getFamily('edge').evaluate(puzzle, board).score).toBe(24);
    expect(naiveScore(puzzle, board)).toBe(24);
    expect(r.boards[0].notes.join(' ')).toMatch(/rotations anticlockwise/);
  });
});

describe('Tetravex files (issue 21)', () => {
  const tiles = (name: string): number[][] => plainSet(name).pieces;

  it('colours from 1, a 3 3 header, no grey: stored as Tetravex (tiles do not turn)', () => {
    const r = readPuzzleFile('tetravex-from1.txt', fixture('tetravex-from1.txt'));
    expect(r.format).toBe('tetravex');
    expect(r.notes[0]).toMatch(/^read as Tetravex from its content: tiles never turn/);
    const p = r.puzzle as EdgePuzzle;
    expect(isRotatable(p)).toBe(false);
    // As written, in order (tiles never turn): the reader stores every colour one higher.
    expect(piecesOf(p).map((e) => e.map((c) => c - 1))).toEqual(tiles('tetravex-from1.txt'));
  });

  it('colours from 0 (zeros that make no frame): Tetravex, not an edge-order complaint', () => {
    const r = readPuzzleFile('tetravex-from0.txt', fixture('tetravex-from0.txt'));
    expect(r.format).toBe('tetravex');
    expect(piecesOf(r.puzzle as EdgePuzzle).map((e) => e.map((c) => c - 1))).toEqual(tiles('tetravex-from0.txt'));
  });

  it('packed four-digit tiles with a marker: Tetravex, not a maze', () => {
    const r = readPuzzleFile('tetravex-packed.txt', fixture('tetravex-packed.txt'));
    expect(r.format).toBe('tetravex');
    expect(piecesOf(r.puzzle as EdgePuzzle).map((e) => e.map((c) => c - 1))).toEqual(tiles('tetravex-from0.txt'));
    expect(r.notes).toContain('markers after the tiles (@) ignored');
  });

  it('a set without grey read as turnable pieces is never stored without a word', () => {
    const r = readPuzzleFile('tetravex-from1.txt', fixture('tetravex-from1.txt'), { format: 'pieces' });
    expect(isRotatable(r.puzzle as EdgePuzzle)).toBe(true);
    expect(r.notes.join(' ')).toMatch(/--format tetravex/);
  });
});

describe('URL files and refusals (issue 21)', () => {
  it('a JavaScript file of URLs at several sizes: each at its own size', () => {
    const all = readPuzzleFiles('urls-sizes.js', fixture('urls-sizes.js'));
    expect(all.map((r) => [r.name, (r.puzzle as EdgePuzzle).rows])).toEqual([
      ['urls-sizes small #1', 3],
      ['urls-sizes medium #2', 4],
    ]);
    const four = all[1];
    expect(setKey(piecesOf(four.puzzle as EdgePuzzle))).toEqual(setKey(truth.pieces));
    for (const r of all) expect(naiveScore(r.puzzle as EdgePuzzle, r.solution as EdgeBoard)).toBe(getFamily('edge').evaluate(r.puzzle, r.solution).maxScore);
  });

  it('a partial URL among whole ones is left out with a note; with the piece set it is placed and the others keep their own size', () => {
    const all = readPuzzleFiles('urls-partial.js', fixture('urls-partial.js'));
    expect(all.map((r) => r.name)).toEqual(['urls-partial small #1', 'urls-partial medium #2']);
    expect(all[0].notes[0]).toMatch(/^1 URL left out \(partial #3\): partial or piece numbers only; import the file with --pieces FILE/);
    const r = readPiecesWithBoards(fixture('set-4x4.txt'), 'set-4x4.txt', fixture('urls-partial.js'), 'urls-partial.js');
    expect(r.boards.map((b) => [b.name, b.puzzle.rows])).toEqual([
      ['small #1', 3],
      ['medium #2', 4],
      ['partial #3', 4],
    ]);
    expect(r.boards[0].notes).toEqual(['the board small #1 is 3x3, not 4x4: a puzzle of its own, its cells as they lie']);
    const scores = r.boards.map((b) => naiveScore(b.puzzle, b.board));
    expect(scores).toEqual(r.boards.map((b) => getFamily('edge').evaluate(b.puzzle, b.board).score));
    // The partial board: the two empty cells (4 joins each, none shared) take 8 of the 24 joins away.
    expect(scores).toEqual([12, 24, 16]);
    expect(setKey(piecesOf(r.boards[2].puzzle))).toEqual(setKey(truth.pieces));
  });

  it('a refusal on a guessed format names the guess and --format before its own words', () => {
    const e = formatError(() => readPuzzleFile('odd.txt', '3\n1 2\n1 1\n'));
    expect(e.message).toMatch(
      /^odd\.txt:2: guessed jump maze \(give --format pieces\|board\|bucas\|tetravex\|[a-z|]*grid if it is not\): expected 3 jump lengths/,
    );
    // A format the user named is not a guess.
    expect(formatError(() => readPuzzleFile('odd.txt', '3\n1 2\n1 1\n', { format: 'maze' })).message).toMatch(/^odd\.txt:2: expected 3 jump lengths/);
  });
});

describe('dialects as properties (random sets)', () => {
  it('grey as the highest colour, a hint count 0, a b s w h header and binary words all read back the same set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 7 }), fc.integer({ min: 3, max: 7 }), fc.integer({ min: 1, max: 1e6 }), (rows, cols, seed) => {
        const { puzzle } = generateEdgePuzzle({ rows, cols, frameColours: 2, innerColours: 4, seed });
        const pieces = piecesOf(puzzle);
        const want = setKey(pieces);
        const max = Math.max(...puzzle.edges);
        const dialects = [
          [`${rows} ${cols}`, ...pieces.map((e) => e.map((c) => (c === 0 ? max + 1 : c)).join(' '))],
          ['0', ...pieces.map((e) => e.join(' '))],
          [`2 4 ${cols} ${rows}`, ...pieces.map((e) => e.join(' '))],
          [`${rows},${cols}`, ...pieces.map((e) => e.map((c) => c.toString(2).padStart(16, '0')).join(','))],
        ];
        for (const [k, lines] of dialects.entries()) {
          // Square sets need no size; others carry it in the header (or, for a hint count, in the name).
          const name = k === 1 ? `p_${rows}x${cols}.txt` : 'p.txt';
          const text = lines.join('\n');
          if (k === 2 && Math.round(Math.sqrt(rows * cols + 1)) ** 2 === rows * cols + 1) continue;
          const p = readPuzzleFile(name, text).puzzle as EdgePuzzle;
          expect([p.rows, p.cols]).toEqual([rows, cols]);
          expect(setKey(piecesOf(p))).toEqual(want);
        }
      }),
      { numRuns: 40, seed: 21 },
    );
  });
});
