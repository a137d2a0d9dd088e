import { describe, expect, it, vi } from 'vitest';
import type * as ReadFile from '../../../src/core/document/read-file';
import { readPiecesAndBoards } from '../../../src/main/services/imports';

/** Every weighed read of a file (readPuzzleFiles), counted. */
const reads = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../../src/core/document/read-file', async (actual) => {
  const m = await actual<typeof ReadFile>();
  return {
    ...m,
    readPuzzleFiles: (...args: Parameters<typeof m.readPuzzleFiles>) => {
      reads.n++;
      return m.readPuzzleFiles(...args);
    },
  };
});

/** 3x3 tiles that never turn, as top left right bottom, shuffled; and the solved board in that order. */
function tiles(): { pieces: string; board: string } {
  const H = [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [9, 1, 2, 3],
  ];
  const V = [
    [4, 5, 6],
    [7, 8, 9],
    [1, 3, 5],
    [2, 4, 6],
  ];
  const out: string[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out.push(`${V[r][c]} ${H[r][c]} ${H[r][c + 1]} ${V[r + 1][c]}`);
  return { pieces: [4, 0, 8, 2, 6, 1, 7, 3, 5].map((i) => out[i]).join('\n') + '\n', board: out.join('\n') + '\n' };
}

describe('a board file with its piece set reads the pieces once', () => {
  it('tiles that never turn: the weighed reading that found them is the one the boards go on', () => {
    const f = tiles();
    reads.n = 0;
    const [placed] = readPiecesAndBoards({ fileName: 'tiles.txt', text: f.pieces }, { fileName: 'solved.txt', text: f.board }, { order: 'tlrb' });
    expect(placed!.puzzle.rotatable).toBe(false);
    expect(reads.n).toBe(1);
  });
});
