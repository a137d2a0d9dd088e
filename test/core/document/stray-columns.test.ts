import { describe, expect, it } from 'vitest';
import { readPuzzleFiles } from '../../../src/core/document/read-file';
import { readPiecesWithBoards } from '../../../src/core/families/edge/files/read';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { scoreBoard } from '../../../src/core/families/edge/model/score';
import { HAND, HAND_SET, dialect, setOf, shownCells } from './hand-board';

/**
 * Pieces and boards with another program's bookkeeping after the colours (issue 48, "stray
 * fields"), and a header that counts hint lines before the pieces. The fixtures were written
 * here from the hand-made solved 3x3 board below (shuffled, turned, the frame in the highest
 * binary word, bookkeeping columns after) and from pieces-number-header.txt.
 */
const text = dialect;

describe('columns after the colours (issue 48, stray fields)', () => {
  it('reads the four colour columns of 7-number lines and says which columns it ignored', () => {
    const [read] = readPuzzleFiles('pieces-stray-columns.txt', text('pieces-stray-columns.txt'));
    const p = read!.puzzle as EdgePuzzle;
    expect([p.rows, p.cols]).toEqual([3, 3]);
    expect(setOf(p)).toEqual(HAND_SET);
    expect(read!.notes.join(' | ')).toMatch(/columns 5-7 ignored/);
  });

  it('reads binary colours followed by plain bookkeeping numbers, the frame in the highest word as grey', () => {
    const [read] = readPuzzleFiles('pieces-binary-stray.csv', text('pieces-binary-stray.csv'));
    const p = read!.puzzle as EdgePuzzle;
    expect(setOf(p)).toEqual(HAND_SET);
    expect(read!.notes.join(' | ')).toMatch(/colour 65535 is on every frame edge: read as grey/);
  });

  it('places its board (binary cells, the frame in the highest word, a piece number and turn after) with every join', () => {
    const r = readPiecesWithBoards(text('pieces-binary-stray.csv'), 'pieces-binary-stray.csv', text('b-binary-stray.csv'), 'b-binary-stray.csv');
    const b = r.boards[0];
    expect(scoreBoard(b.puzzle, b.board)).toBe(12);
    expect(shownCells(b.puzzle, b.board)).toEqual(HAND);
    expect(b.notes.join(' | ')).toMatch(/board: colour 65535 is on every frame edge/);
  });

  it('refuses lines whose first four columns make no board, rather than guess which columns are colours', () => {
    // The same lines with the bookkeeping first: columns 1-4 no longer make corner, side and inner pieces.
    const moved = text('pieces-stray-columns.txt')
      .split('\n')
      .filter((l) => /^\d/.test(l))
      .map((l) => {
        const v = l.split(' ');
        return [...v.slice(4), ...v.slice(0, 4)].join(' ');
      })
      .join('\n');
    expect(() => readPuzzleFiles('moved.txt', moved, { format: 'pieces' })).toThrow(/moved\.txt/);
  });
});

describe('a header counting hint lines before the pieces (issue 48, metadata lines)', () => {
  it('reads side, colours and hint count, then the hints as row col piece rotation when only that places them legally', () => {
    const [read] = readPuzzleFiles('pieces-header-hints.txt', text('pieces-header-hints.txt'));
    const p = read!.puzzle as EdgePuzzle;
    expect([p.rows, p.cols, p.edges.length / 4]).toEqual([5, 5, 25]);
    // `1 5 4 0`: piece 4 (a corner) at row 1 col 5; `5 1 21 0`: piece 21 (a corner) at row 5 col 1.
    expect(p.fixed).toEqual([
      { piece: 3, row: 0, col: 4, rotation: 0 },
      { piece: 20, row: 4, col: 0, rotation: 0 },
    ]);
    expect(read!.notes.join(' | ')).toMatch(/2 fixed pieces from the 2 hint lines counted on line 3 \(row col piece rotation/);
  });

  it('keeps piece row col rotation when both layouts place the hints legally', () => {
    // Piece 4 (a top-right corner) at row 1 col 5 written piece first: as row col piece it would be off the board.
    const lines = text('pieces-header-hints.txt').split('\n');
    const piecesFirst = ['5', '8', '1', '4 1 5 0', ...lines.slice(5)].join('\n');
    const [read] = readPuzzleFiles('first.txt', piecesFirst);
    expect((read!.puzzle as EdgePuzzle).fixed).toEqual([{ piece: 3, row: 0, col: 4, rotation: 0 }]);
  });
});
