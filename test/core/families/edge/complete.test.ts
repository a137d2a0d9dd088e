import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeBoard, completeByBeam } from '../../../../src/core/families/edge/backtrack/complete';
import { generatePuzzle, naiveScore, shown } from './helpers';

describe('completing a partial board', () => {
  it('keeps every placed piece, uses every piece once, faces the frame out and scores true (greedy and by beam)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.double({ min: 0, max: 1 }),
        (rows, cols, seed, share) => {
          const g = generatePuzzle(rows, cols, seed, 2, 4, 1);
          const p = g.puzzle;
          // The first cells of the solution in scan order, as a search would leave them.
          const depth = Math.floor(share * rows * cols);
          const partial = { piece: g.solution.piece.map((x, i) => (i < depth ? x : -1)), rotation: g.solution.rotation.map((x, i) => (i < depth ? x : 0)) };
          for (const f of p.fixed) {
            partial.piece[f.row * cols + f.col] = f.piece;
            partial.rotation[f.row * cols + f.col] = f.rotation;
          }
          for (const done of [completeBoard(p, partial), completeByBeam(p, partial, 8)]) {
            const b = done.board;
            expect([...b.piece].sort((x, y) => x - y)).toEqual(Array.from({ length: rows * cols }, (_, i) => i));
            for (let c = 0; c < rows * cols; c++)
              if (partial.piece[c] >= 0) expect([b.piece[c], b.rotation[c]]).toEqual([partial.piece[c], partial.rotation[c]]);
            for (let r = 0; r < rows; r++)
              for (let c = 0; c < cols; c++) {
                const e = shown(p, b.piece[r * cols + c], b.rotation[r * cols + c]);
                expect([r === 0, c === cols - 1, r === rows - 1, c === 0]).toEqual(e.map((x) => x === 0));
              }
            expect(done.score).toBe(naiveScore(p, b));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
