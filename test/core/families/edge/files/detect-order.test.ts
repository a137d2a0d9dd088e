import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { piecesFormat } from '../../../../../src/core/families/edge/files/formats';
import { ALL_ORDERS, orderLetters, parseOrder, type Order } from '../../../../../src/core/families/edge/files/orders';
import type { EdgePuzzle } from '../../../../../src/core/families/edge/model/model';
import { formatError } from '../../../../helpers/format';

/** The puzzle's pieces written with field f holding side order[f]. */
function writeInOrder(p: EdgePuzzle, order: Order, header = true): string {
  const lines = header ? [`${p.rows} ${p.cols}`] : [];
  for (let i = 0; i < p.edges.length; i += 4) lines.push(order.map((s) => p.edges[i + s]).join(' '));
  return lines.join('\n') + '\n';
}

/** Every piece turned the same k quarter turns, mirrored or not: the same puzzle (or its mirror). */
function relation(a: EdgePuzzle, b: EdgePuzzle): { k: number; mirror: boolean } | null {
  for (const mirror of [false, true])
    for (let k = 0; k < 4; k++) {
      let ok = true;
      for (let i = 0; i < a.edges.length && ok; i += 4)
        for (let s = 0; s < 4; s++) {
          const from = ((mirror ? (4 - s) & 3 : s) + k) & 3;
          if (b.edges[i + s] !== a.edges[i + from]) ok = false;
        }
      if (ok) return { k, mirror };
    }
  return null;
}

describe('edge order detection', () => {
  it('parses any permutation of t r b l or n e s w, and rejects the rest', () => {
    expect(parseOrder('trbl')).toEqual([0, 1, 2, 3]);
    expect(parseOrder('nswe')).toEqual([0, 2, 3, 1]);
    expect(parseOrder('NESW')).toEqual([0, 1, 2, 3]);
    expect(parseOrder('bltr')).toEqual([2, 3, 0, 1]);
    expect(parseOrder('top bottom left right')).toEqual([0, 2, 3, 1]);
    expect(parseOrder('up,right,down,left')).toEqual([0, 1, 2, 3]);
    for (const bad of ['trb', 'ttbl', 'abcd', 'top top left right', '']) expect(parseOrder(bad), bad).toBeNull();
    expect(ALL_ORDERS).toHaveLength(24);
    expect(new Set(ALL_ORDERS.map(orderLetters)).size).toBe(24);
  });

  it('reads generated puzzles 4x4..16x16 in all 24 orders as the original up to rotation or mirror', () => {
    for (let n = 4; n <= 16; n++) {
      const { puzzle } = generateEdgePuzzle({ rows: n, cols: n, frameColours: n < 8 ? 3 : 5, innerColours: n < 8 ? 6 : 17, seed: 1000 + n });
      for (const order of ALL_ORDERS) {
        const read = piecesFormat.read(writeInOrder(puzzle, order), `p${n}.txt`);
        const rel = relation(puzzle, read.puzzle);
        expect(rel, `${n}x${n} written ${orderLetters(order)}`).not.toBeNull();
        expect(read.notes?.some((x) => /^read as (top|right|bottom|left)( (top|right|bottom|left)){3}$/.test(x))).toBe(true);
      }
    }
  });

  it('reads a non-square generated puzzle (6x12, no header, size from the option) in every order', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 6, cols: 12, frameColours: 4, innerColours: 5, seed: 3 });
    for (const order of ALL_ORDERS) {
      const read = piecesFormat.read(writeInOrder(puzzle, order, false), 'clue.txt', { size: '6x12' });
      expect(relation(puzzle, read.puzzle), orderLetters(order)).not.toBeNull();
    }
  });

  it('reports the order it chose', () => {
    const { puzzle } = generateEdgePuzzle({ rows: 5, cols: 5, frameColours: 3, innerColours: 5, seed: 9 });
    expect(piecesFormat.read(writeInOrder(puzzle, parseOrder('nswe')!), 'x.txt').notes).toContain('read as top bottom left right');
    expect(piecesFormat.read(writeInOrder(puzzle, parseOrder('trbl')!), 'x.txt').info).toEqual({ order: 'top right bottom left' });
  });

  it("--order wins over detection; a comment or a CSV header naming the sides is the file's word", () => {
    const { puzzle } = generateEdgePuzzle({ rows: 4, cols: 4, frameColours: 2, innerColours: 4, seed: 4 });
    const nswe = writeInOrder(puzzle, parseOrder('nswe')!);
    expect(relation(puzzle, piecesFormat.read(nswe, 'x.txt', { order: 'tbrl' }).puzzle)).toEqual({ k: 0, mirror: true });
    expect(relation(puzzle, piecesFormat.read(nswe, 'x.txt', { order: 'nswe' }).puzzle)).toEqual({ k: 0, mirror: false });
    const declared = `# pieces: N S W E\n${nswe}`;
    const r = piecesFormat.read(declared, 'x.txt');
    expect(relation(puzzle, r.puzzle)).toEqual({ k: 0, mirror: false });
    expect(r.notes ?? []).not.toContain('read as top bottom left right');
  });

  it('says in one line, naming --order, when no order fits or several give different puzzles', () => {
    // Corners with grey on opposite sides in one order and side by side in another, and side
    // pieces whose frame colours only fit one of the orders: a deliberately broken 3x3.
    const broken = ['3 3', '0 0 1 1', '0 1 0 1', '1 0 0 1', '0 1 1 0', '0 1 2 1', '1 0 1 2', '2 1 0 1', '1 2 1 0', '2 2 2 2'].join('\n');
    const e = formatError(() => piecesFormat.read(broken, 'broken.txt'));
    expect(e.message).toMatch(/^broken\.txt: no edge order makes these pieces a valid 3x3 puzzle: give the file's order with --order/);
    expect(e.message.split('\n')).toHaveLength(1);
    // A 2x2 whose corners fit two structures giving different puzzles.
    const two = ['2 2', '0 0 1 2', '0 0 3 4', '5 6 0 0', '7 8 0 0'].join('\n');
    const a = formatError(() => piecesFormat.read(two, 'two.txt'));
    expect(a.message).toMatch(/^two\.txt: the pieces make a valid 2x2 puzzle in more than one edge order .*--order/);
    // With the order given there is nothing to detect.
    expect(piecesFormat.read(two, 'two.txt', { order: 'trbl' }).puzzle.rows).toBe(2);
  });
});

describe('edge order detection on the shared Eternity II set', () => {
  it('the E2 set written n s w e, b l t r, and mirrored reads back as the E2 puzzle; the 470 board then scores 470 with it', async () => {
    const { readInstance } = await import('../helpers');
    const { readPiecesWithBoards, boardScore } = await import('../../../../../src/core/families/edge/files/read');
    const e2 = piecesFormat.read(readInstance('eternity2_256.txt'), 'eternity2_256.txt').puzzle;
    const board = readInstance('eternity2_best470_board_blackwood.txt');
    for (const letters of ['nswe', 'bltr', 'tlbr', 'lbrt']) {
      const text = writeInOrder(e2, parseOrder(letters)!, false);
      const read = piecesFormat.read(text, 'e2.txt');
      expect(relation(e2, read.puzzle), letters).not.toBeNull();
      const { boards } = readPiecesWithBoards(text, 'e2.txt', board, 'best.txt');
      expect(boardScore(boards[0].puzzle, boards[0].board), letters).toMatchObject({ score: 470, placed: 256, valid: true });
      // With the board, always the original (never the mirror).
      expect(relation(e2, boards[0].puzzle)?.mirror, letters).toBe(false);
    }
  });
});
