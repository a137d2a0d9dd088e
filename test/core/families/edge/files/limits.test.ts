/**
 * Edge readers at the edges of what they hold: every file gets the puzzle it writes or one line
 * saying what is wrong, never a wrong puzzle or a crash (a colour numbered past what a board
 * stores, more tiles than spreading into Math.max takes, a second XML root).
 */
import { describe, expect, it } from 'vitest';
import { readPuzzleFile } from '../../../../../src/core/document/read-file';
import { readXmlTree } from '../../../../../src/core/families/edge/files/xml-tree';
import type { EdgePuzzle } from '../../../../../src/core/families/edge/model/model';

describe('edge readers at their limits', () => {
  it('refuses colour words that would be numbered past the largest colour, rather than wrapping to grey', () => {
    const tiles = '65534 red 7 blue\n8 9 10 blue\n';
    expect(() => readPuzzleFile('t.txt', tiles, { format: 'tetravex', options: { order: 'trbl', size: '1x2' } })).toThrow(
      /^t\.txt: 2 colour words numbered after the highest colour written \(65534\) go past 65534: write every colour as a number, or as a word$/,
    );
    // Below the limit they are numbered after the numbers, each its own colour.
    const p = readPuzzleFile('t.txt', '65532 red 7 blue\n8 9 10 blue\n', { format: 'tetravex', options: { order: 'trbl', size: '1x2' } }).puzzle as EdgePuzzle;
    expect(Array.from(p.edges.slice(0, 4))).toEqual([65533, 65534, 8, 65535]);
  });

  it('reads a Tetravex file of 32,761 tiles and a piece list of 140,000 lines without overflowing the stack', () => {
    const side = 181;
    const lines = [String(side)];
    for (let i = 0; i < side * side; i++) lines.push(`${i % 10} ${(i * 3) % 10} ${(i * 7) % 10} ${(i * 9) % 10}`);
    const big = `${lines.join('\n')}\n`;
    const read = (opts: Parameters<typeof readPuzzleFile>[2]): unknown => {
      try {
        return readPuzzleFile('big.txt', big, opts);
      } catch (e) {
        // A refusal is fine; a RangeError (the stack) is not.
        expect(e).not.toBeInstanceOf(RangeError);
        return e;
      }
    };
    const given = read({ format: 'tetravex', options: { order: 'trbl' } });
    expect((given as { puzzle: EdgePuzzle }).puzzle.rows).toBe(side);
    // Unsaid, the readings left open are asked about, in one line.
    expect(String(read({}))).toMatch(/^FormatError: big\.txt: 3 readings fit about as well/);
    const pieces = `${['1 2 3 4 5 6 7 8', ...Array.from({ length: 140_000 }, () => '1 2 3 4')].join('\n')}\n`;
    expect(() => readPuzzleFile('p.txt', pieces, { format: 'pieces' })).toThrow(/more than 32767 pieces/);
  });

  it('refuses a second root element in an XML save, naming its line', () => {
    expect(readXmlTree('<a><b>1</b></a>\n', 's.xml')).toEqual({ a: { b: '1' } });
    expect(() => readXmlTree('<a>1</a>\n<b>2</b>\n', 's.xml')).toThrow(/^s\.xml:2: a second root element <b> after <a>: an XML document has one$/);
  });
});
