import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { piecesFormat } from '../../../../../src/core/families/edge/files/formats';
import { readPuzzleFile } from '../../../../../src/core/document/read-file';
import type { EdgePuzzle } from '../../../../../src/core/families/edge/model/model';
import { formatError } from '../../../../helpers/format';

const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 4, seed: 21 });
const n = 16;
const piece = (i: number): number[] => Array.from(puzzle.edges.slice(4 * i, 4 * i + 4));
/** A fixed shuffle of the piece numbers, so ids come in no particular order. */
const shuffled = Array.from({ length: n }, (_, i) => (i * 7) % n);

function samePieces(p: EdgePuzzle): void {
  expect([p.rows, p.cols]).toEqual([4, 4]);
  expect(Array.from(p.edges)).toEqual(Array.from(puzzle.edges));
}

describe('piece-list dialects', () => {
  it('an id column first (in any order of ids, from 1 or from 0)', () => {
    const from1 = shuffled.map((i) => `${i + 1} ${piece(i).join(' ')}`).join('\n');
    const r = piecesFormat.read(from1, 'ids.txt');
    samePieces(r.puzzle);
    expect(r.notes).toContain('piece numbers in the first column');
    const from0 = shuffled.map((i) => `${i} ${piece(i).join(' ')}`).join('\n');
    samePieces(piecesFormat.read(from0, 'ids0.txt').puzzle);
    const last = shuffled.map((i) => `${piece(i).join(' ')} ${i + 1}`).join('\n');
    samePieces(piecesFormat.read(last, 'idlast.txt').puzzle);
  });

  it('CSV without a header, and with a header naming the columns (E2C style n,type,top,right,bottom,left)', () => {
    samePieces(piecesFormat.read(Array.from({ length: n }, (_, i) => piece(i).join(',')).join('\n'), 'p.csv').puzzle);
    const kind = (i: number): string => ['inner', 'side', 'corner'][piece(i).filter((c) => c === 0).length];
    const e2c = ['n,type,top,right,bottom,left', ...shuffled.map((i) => `${i + 1},${kind(i)},${piece(i).join(',')}`)].join('\n');
    samePieces(piecesFormat.read(e2c, 'e2c.csv').puzzle);
  });

  it('TheSil CSV: w,h,#border,#inner header, pieces n,E,S,W,N with grey as an empty field', () => {
    const border = Array.from({ length: n }, (_, i) => i).filter((i) => piece(i).includes(0)).length;
    const esw = (i: number): string => {
      const [t, r, b, l] = piece(i).map((c) => (c === 0 ? '' : String(c)));
      return `${i + 1},${r},${b},${l},${t}`;
    };
    const text = [`4,4,${border},${n - border}`, ...shuffled.map(esw)].join('\n');
    const r = piecesFormat.read(text, 'thesil.csv');
    // E S W N is a rotation of top right bottom left: the same puzzle with every piece turned.
    expect([r.puzzle.rows, r.puzzle.cols]).toEqual([4, 4]);
    for (let i = 0; i < n; i++) {
      const [t, rr, b, l] = piece(i);
      expect(Array.from(r.puzzle.edges.slice(4 * i, 4 * i + 4))).toEqual([rr, b, l, t]);
    }
    // The same with a header line naming the columns: read exactly as named.
    const named = ['n,E,S,W,N', ...shuffled.map(esw)].join('\n');
    samePieces(piecesFormat.read(named, 'thesil_4x4.csv').puzzle);
  });

  it('#, // and c comment lines; R C, w h headers', () => {
    const body = Array.from({ length: n }, (_, i) => piece(i).join(' '));
    const text = ['c a .puz file', 'c', '// made by hand', '4 4 // rows cols', ...body.map((l, i) => (i === 3 ? `${l} # a corner?` : l))].join('\n');
    samePieces(piecesFormat.read(text, 'x.puz').puzzle);
    const wh = piecesFormat.read(['w h', '3 6', ...Array(18).fill('1 2 3 4')].join('\n'), 'o.txt').puzzle;
    expect([wh.rows, wh.cols]).toEqual([6, 3]);
    const rc = piecesFormat.read(['3 6', ...Array(18).fill('1 2 3 4')].join('\n'), 'o.txt').puzzle;
    expect([rc.rows, rc.cols]).toEqual([3, 6]);
  });

  it('format detection takes every dialect for a piece list', () => {
    const csv = ['n,type,top,right,bottom,left', ...shuffled.map((i) => `${i + 1},x,${piece(i).join(',')}`)].join('\n');
    expect(readPuzzleFile('a.csv', csv).format).toBe('pieces');
    expect(readPuzzleFile('a.txt', shuffled.map((i) => `${i + 1} ${piece(i).join(' ')}`).join('\n')).format).toBe('pieces');
    expect(readPuzzleFile('a.txt', ['c comment', ...Array.from({ length: n }, (_, i) => piece(i).join(' '))].join('\n')).format).toBe('pieces');
  });

  it('bad ids and bad lines name the line', () => {
    const dup = shuffled.map((i) => `${i === 5 ? 1 : i + 1} ${piece(i).join(' ')}`).join('\n');
    expect(formatError(() => piecesFormat.read(dup, 'd.txt')).message).toMatch(/^d\.txt:1: 5 numbers a line: expected a piece number/);
    const mixed = ['1 0 0 1 2', '2 0 0 3 4', '0 1 2 3'].join('\n');
    expect(formatError(() => piecesFormat.read(mixed, 'm.txt')).message).toBe(
      'm.txt:3: expected a piece number and 4 edge colours, as the first piece line, got "0 1 2 3"',
    );
    expect(formatError(() => piecesFormat.read('colour stuff\n1 2 3 4', 'w.txt')).message).toMatch(
      /^w\.txt:1: expected pieces .* or a header naming the columns/,
    );
    expect(formatError(() => piecesFormat.read('id,top,right,bottom,left\n1,2,x,4,5', 'c.csv')).message).toBe(
      'c.csv:2: column 3: expected a whole number (empty = grey), got "x"',
    );
  });
});
