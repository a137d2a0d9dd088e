import { describe, expect, it } from 'vitest';
import { readPiecesAndBoards } from '../../../src/main/services/imports';
import { scoreBoard } from '../../../src/core/families/edge/model/score';
import { maxScore } from '../../../src/core/families/edge/model/model';

/**
 * A Tetravex piece file and its solved board written alike by one program, in an edge order the
 * tiles alone cannot show (top left right bottom): the board settles it (issue 48).
 */
function tetravexFiles(seed: number): { pieces: string; board: string } {
  let s = seed;
  const digit = (): number => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % 10;
  };
  const R = 4;
  const C = 4;
  const H = Array.from({ length: R }, () => Array.from({ length: C + 1 }, digit));
  const V = Array.from({ length: R + 1 }, () => Array.from({ length: C }, digit));
  const tiles: string[] = [];
  // Each tile as top left right bottom.
  for (let r = 0; r < R; r++) for (let c = 0; c < C; c++) tiles.push(`${V[r][c]} ${H[r][c]} ${H[r][c + 1]} ${V[r + 1][c]}`);
  const shuffled = [5, 12, 0, 9, 3, 14, 7, 1, 10, 15, 2, 8, 13, 6, 11, 4].map((i) => tiles[i]);
  return { pieces: shuffled.join('\n') + '\n', board: tiles.join('\n') + '\n' };
}

describe('a board settles the edge order of tiles that never turn (issue 48)', () => {
  it.each([7, 11, 23])('seed %i: the pieces are read again in the order the board joins in, and the board is placed whole', (seed) => {
    const f = tetravexFiles(seed);
    const [placed] = readPiecesAndBoards({ fileName: 'tiles.txt', text: f.pieces }, { fileName: 'solved.txt', text: f.board });
    expect(placed!.puzzle.rotatable).toBe(false);
    expect(scoreBoard(placed!.puzzle, placed!.board)).toBe(maxScore(4, 4));
  });

  it('keeps an order the person gave: the board that joins in another is refused in one line naming it', () => {
    const f = tetravexFiles(7);
    expect(() => readPiecesAndBoards({ fileName: 'tiles.txt', text: f.pieces }, { fileName: 'solved.txt', text: f.board }, { order: 'trbl' })).toThrow(
      /^solved\.txt(:\d+)?: .*give the piece file's order with --order/,
    );
  });
});
