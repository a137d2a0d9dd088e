import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../../../src/core/document/errors';
import { readPuzzleFiles } from '../../../../../src/core/document/read-file';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { readBoardsOnPuzzle, readPiecesWithBoards } from '../../../../../src/core/families/edge/files/read';

/** Text made of what these files are made of: numbers, separators, comments, cells, URL bits. */
const junkText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ' ',
        ',',
        ';',
        '\n',
        '\n',
        '\n',
        '#',
        '//',
        'c ',
        '/',
        ':',
        '---/-',
        'x',
        'top',
        'N',
        'id',
        'board_w=',
        'board_edges=',
        'board_pieces=',
        '&',
        '000',
        'aaaa',
        'G',
        '%',
        '%E0',
        'board_w=3&board_h=3&',
        'https://e2.bucas.name/#',
        '3 3',
        '-',
        '+',
      ),
      fc.integer({ min: 0, max: 40 }).map(String),
    ),
    { maxLength: 120 },
  )
  .map((parts) => parts.join(''));

function onlyFormatErrors(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    expect(e.message.includes('\n')).toBe(false);
  }
}

describe('readers on junk', () => {
  it('never crash: every failure is a one-line FormatError', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 3, cols: 3, frameColours: 2, innerColours: 2, seed: 1 });
    const pieces = Array.from({ length: 9 }, (_, i) => Array.from(puzzle.edges.slice(4 * i, 4 * i + 4)).join(' ')).join('\n');
    fc.assert(
      fc.property(junkText, (text) => {
        onlyFormatErrors(() => readPuzzleFiles('junk.txt', text));
        onlyFormatErrors(() => readBoardsOnPuzzle(text, 'b.txt', puzzle));
        onlyFormatErrors(() => readPiecesWithBoards(pieces, 'p.txt', text, 'b.txt'));
        onlyFormatErrors(() => readPiecesWithBoards(text, 'p.txt', '1/0 2/0 3/0\n4/0 5/0 6/0\n7/0 8/0 9/0', 'b.txt'));
      }),
      { numRuns: 1500, seed: 14 },
    );
  });
});
