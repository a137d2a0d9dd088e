import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completeFrom, prefixJoins } from '../../bench/completion';
import { EndCompletion } from '../../bench/completion/end-completion';
import { ScanLayout } from '../../src/core/families/edge/beam/layout';
import { ScanTables } from '../../src/core/families/edge/beam/tables';
import { generateEdgePuzzle } from '../../src/core/families/edge/design/generator';
import { piecesFormat, readBoardText } from '../../src/core/families/edge/files';
import { isRotatable, maxScore, scoreBoard, type EdgeBoard, type EdgePuzzle } from '../../src/core/families/edge/model';
import { Rng } from '../../src/core/rng/rng';

const setUp = (p: EdgePuzzle) => {
  const L = new ScanLayout(p, { band: 2 });
  return { L, T: new ScanTables(p, L.free, isRotatable(p), true) };
};

describe('depth-first completion of a board end', () => {
  it('fills the end of a scrambled board back to a perfect one, scored as the family scores it', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { puzzle: p, solution } = generateEdgePuzzle({ rows: 6, cols: 6, frameColours: 3, innerColours: 4, seed });
      const { L, T } = setUp(p);
      // The last 12 cells (the band's last columns) scrambled among themselves.
      const b: EdgeBoard = { piece: solution.piece.slice(), rotation: solution.rotation.slice() };
      const d0 = 24;
      const cells = Array.from({ length: 36 - d0 }, (_, i) => L.cellOf[d0 + i]!);
      const rng = new Rng(seed);
      for (let i = cells.length - 1; i > 0; i--) {
        const j = rng.int(i + 1);
        const [x, y] = [cells[i]!, cells[j]!];
        [b.piece[x], b.piece[y]] = [b.piece[y]!, b.piece[x]!];
      }
      const c = new EndCompletion(p, T, L, new Rng(seed), 0);
      const best = maxScore(6, 6);
      c.begin(b.piece, b.rotation, d0, prefixJoins(p, L, b, d0), best, best);
      c.run(10_000_000);
      expect(c.hasFound).toBe(true);
      expect(c.foundScore).toBe(best);
      expect(scoreBoard(p, { piece: c.piece, rotation: c.rot })).toBe(c.foundScore);
    }
  });

  it('proves a short end of a 465 board cannot be bettered, and finds the board itself', () => {
    const read = (f: string) => readFileSync(f, 'utf8');
    const p = piecesFormat.read(read('resources/studies/puzzles/eternity2_starter.txt'), 'e2').puzzle;
    const f = 'bench/results/boards/run2-465.txt';
    const b = readBoardText(read(f), f, p);
    const L = new ScanLayout(p, { band: 4 });
    const T = new ScanTables(p, L.free, isRotatable(p), true);
    const x = completeFrom(p, T, L, b, 256 - 4 * 3, 0, 1_000_000, 1, 1);
    expect(x).toMatchObject({ exhausted: 1, better: 0, equal: 1 });
    // The joins a start keeps are the board's joins less those its end closes.
    expect(prefixJoins(p, L, b, 256)).toBe(465);
    expect(prefixJoins(p, L, b, 0)).toBe(0);
  });
});
