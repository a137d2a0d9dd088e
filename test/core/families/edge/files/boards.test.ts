import { describe, expect, it } from 'vitest';
import { generateEdgePuzzle } from '../../../../../src/core/families/edge/design/generator';
import { bucasFormat } from '../../../../../src/core/families/edge/files/formats';
import { ALL_ORDERS, orderLetters, parseOrder, type Order } from '../../../../../src/core/families/edge/files/orders';
import { boardScore, readBoardsOnPuzzle, readPiecesWithBoards } from '../../../../../src/core/families/edge/files/read';
import { maxScore, type EdgeBoard, type EdgePuzzle } from '../../../../../src/core/families/edge/model/model';
import { formatError } from '../../../../helpers/format';
import { shown } from '../helpers';

const gen = (n: number, seed: number) => generateEdgePuzzle({ rows: n, cols: n, frameColours: 3, innerColours: 6, seed });

function piecesIn(p: EdgePuzzle, order: Order): string {
  const lines: string[] = [];
  for (let i = 0; i < p.edges.length; i += 4) lines.push(order.map((s) => p.edges[i + s]).join(' '));
  return lines.join('\n') + '\n';
}

/** Colours each cell shows, top right bottom left; empty cells all grey. */
function colours(p: EdgePuzzle, b: EdgeBoard): number[] {
  const out: number[] = [];
  for (let i = 0; i < b.piece.length; i++) out.push(...(b.piece[i] < 0 ? [0, 0, 0, 0] : shown(p, b.piece[i], b.rotation[i])));
  return out;
}

function grid(p: EdgePuzzle, b: EdgeBoard, sep: ':' | '/', anticlockwise = false): string {
  const rows: string[] = [];
  for (let r = 0; r < p.rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < p.cols; c++) {
      const i = r * p.cols + c;
      const rot = anticlockwise ? (4 - b.rotation[i]) & 3 : b.rotation[i];
      cells.push(b.piece[i] < 0 ? (sep === '/' ? '---/-' : '0:0') : `${b.piece[i] + 1}${sep}${rot}`);
    }
    rows.push(cells.join(' '));
  }
  return rows.join('\n') + '\n';
}

function withHoles(b: EdgeBoard, every: number): EdgeBoard {
  const out = { piece: b.piece.slice(), rotation: b.rotation.slice() };
  for (let i = 0; i < out.piece.length; i += every) {
    out.piece[i] = -1;
    out.rotation[i] = 0;
  }
  return out;
}

describe('boards from other tools, read with their piece set', () => {
  it('a piece/rotation grid decides the order and sense: always the original board, in all 24 orders, both senses', () => {
    const { puzzle, solution } = gen(5, 11);
    const want = colours(puzzle, solution);
    for (const order of ALL_ORDERS)
      for (const anti of [false, true]) {
        const { boards } = readPiecesWithBoards(piecesIn(puzzle, order), 'p.txt', grid(puzzle, solution, '/', anti), 'b.txt');
        expect(boards).toHaveLength(1);
        const b = boards[0];
        expect(colours(b.puzzle, b.board), `${orderLetters(order)} ${anti ? 'anticlockwise' : 'clockwise'}`).toEqual(want);
        expect(boardScore(b.puzzle, b.board)).toMatchObject({ score: maxScore(5, 5), placed: 25, valid: true, problems: [] });
      }
  });

  it('piece:rotation grids, piece rotation pairs and partial boards', () => {
    const { puzzle, solution } = gen(6, 5);
    const holes = withHoles(solution, 4);
    const order = parseOrder('bltr')!;
    const a = readPiecesWithBoards(piecesIn(puzzle, order), 'p.txt', grid(puzzle, holes, ':'), 'b.txt').boards[0];
    expect(colours(a.puzzle, a.board)).toEqual(colours(puzzle, holes));
    const s = boardScore(a.puzzle, a.board);
    expect(s.placed).toBe(36 - 9);
    expect(s.valid).toBe(true);
    const pairs = Array.from(holes.piece, (p, i) => (p < 0 ? '0 0' : `${p + 1} ${holes.rotation[i]}`)).join('\n');
    const b = readPiecesWithBoards(piecesIn(puzzle, order), 'p.txt', pairs, 'b.txt').boards[0];
    expect(colours(b.puzzle, b.board)).toEqual(colours(puzzle, holes));
  });

  it("four colours per cell (a .sol list, in the piece file's order) are matched to the pieces", () => {
    const { puzzle, solution } = gen(5, 8);
    const nswe = parseOrder('nswe')!;
    const cellLines = colours(puzzle, solution).reduce<string[]>((acc, _, j, all) => {
      if (j % 4 === 0) acc.push(nswe.map((s) => all[j + s]).join(' '));
      return acc;
    }, []);
    const b = readPiecesWithBoards(piecesIn(puzzle, nswe), 'p.txt', cellLines.join('\n'), 'b.sol').boards[0];
    expect(boardScore(b.puzzle, b.board)).toMatchObject({ score: maxScore(5, 5), valid: true });
  });

  it('e2.bucas.name URLs: board_edges, board_pieces with board_edges, board_pieces alone, partial, several in a JS file', () => {
    const { puzzle, solution } = gen(5, 3);
    const want = colours(puzzle, solution);
    const url = bucasFormat.write(puzzle, solution)!.trim();
    const digits = Array.from(solution.piece, (p) => String(p + 1).padStart(3, '0')).join('');
    for (const order of [parseOrder('trbl')!, parseOrder('nswe')!, parseOrder('ltrb')!]) {
      const e = readPiecesWithBoards(piecesIn(puzzle, order), 'p.txt', url, 'u.txt').boards[0];
      expect(colours(e.puzzle, e.board)).toEqual(want);
      const both = readPiecesWithBoards(piecesIn(puzzle, order), 'p.txt', `${url}&board_pieces=${digits}`, 'u.txt').boards[0];
      expect(Array.from(both.board.piece)).toEqual(Array.from(solution.piece));
      expect(colours(both.puzzle, both.board)).toEqual(want);
    }
    // Numbers only: each piece turned to fit, which on a solved board is the solution.
    const only = `https://e2.bucas.name/#puzzle=X&board_w=5&board_h=5&board_pieces=${digits}`;
    const u = readPiecesWithBoards(piecesIn(puzzle, parseOrder('trbl')!), 'p.txt', only, 'u.txt').boards[0];
    expect(boardScore(u.puzzle, u.board).score).toBe(maxScore(5, 5));
    // Partial: 000 / aaaa cells are empty.
    const partial = withHoles(solution, 3);
    const pUrl = bucasFormat.write(puzzle, partial)!.trim();
    const pb = readPiecesWithBoards(piecesIn(puzzle, parseOrder('trbl')!), 'p.txt', pUrl, 'u.txt').boards[0];
    expect(boardScore(pb.puzzle, pb.board).placed).toBe(25 - 9);
    expect(formatError(() => bucasFormat.read(pUrl, 'u.txt')).message).toMatch(/places 16 of 25 pieces: a partial board .*--pieces/);
    // A data file holding several URLs: every one is read, each named.
    const js = `var boards = [\n  "${url.replace('PuzzleWorkbench', 'first')}",\n  '${pUrl.replace('PuzzleWorkbench', 'second')}',\n];\n`;
    const many = readPiecesWithBoards(piecesIn(puzzle, parseOrder('trbl')!), 'p.txt', js, 'data.js').boards;
    expect(many.map((b) => b.name)).toEqual(['first #1', 'second #2']);
    expect(bucasFormat.readAll!(js.replace(/'[^']*'/, `'${url}'`), 'data.js')).toHaveLength(2);
    expect(formatError(() => bucasFormat.read(js, 'data.js')).message).toMatch(/holds 2 board URLs/);
  });

  it('a board placed on a library puzzle keeps the puzzle as stored; rotations from any turn and sense', () => {
    const { puzzle, solution } = gen(4, 2);
    for (const k of [0, 1, 2, 3])
      for (const anti of [false, true]) {
        const turned = { piece: solution.piece, rotation: solution.rotation.map((r) => (r + 4 - k) & 3) };
        const [b] = readBoardsOnPuzzle(grid(puzzle, turned, '/', anti), 'b.txt', puzzle);
        expect(colours(puzzle, b.board)).toEqual(colours(puzzle, solution));
      }
  });

  it('problems are named, one line each', () => {
    const { puzzle, solution } = gen(4, 2);
    const bad = { piece: solution.piece.slice(), rotation: solution.rotation.slice() };
    bad.rotation[0] = (bad.rotation[0] + 2) & 3;
    const s = boardScore(puzzle, bad);
    expect(s.valid).toBe(false);
    expect(s.problems[0]).toMatch(/^row 1 col 1: the (top|left) edge faces out but is not grey$/);
    expect(formatError(() => readPiecesWithBoards(piecesIn(puzzle, parseOrder('trbl')!), 'p.txt', '1/0 1/0\n', 'b.txt')).message).toMatch(
      /^b\.txt: a 4x4 board needs 16 cells, the file has 2$/,
    );
    // A size line and nothing after it is a header, not a cell (piece 4, turned 4 times).
    expect(formatError(() => readPiecesWithBoards(piecesIn(puzzle, parseOrder('trbl')!), 'p.txt', '4 4\n', 'b.txt')).message).toMatch(
      /^b\.txt: a 4x4 board needs 16 cells, the file has none$/,
    );
    expect(
      formatError(() => readPiecesWithBoards(piecesIn(puzzle, parseOrder('trbl')!), 'p.txt', grid(puzzle, solution, '/').replace('/', '/7'), 'b.txt')).message,
    ).toMatch(/^b\.txt:1: expected cells as piece:rotation/);
  });

  it('a board of four colours a line for another size says how many cells the file has, not twice as many pairs', () => {
    // Eternity II's 16x16 board (256 lines of four colours) read against a 6x6 piece set: "the file has 512" before.
    const small = gen(6, 2).puzzle;
    const big = gen(16, 3);
    const board = colours(big.puzzle, big.solution);
    const lines: string[] = [];
    for (let i = 0; i < board.length; i += 4) lines.push(board.slice(i, i + 4).join(' '));
    expect(formatError(() => readPiecesWithBoards(piecesIn(small, parseOrder('trbl')!), 'p.txt', `${lines.join('\n')}\n`, 'b.txt')).message).toBe(
      'b.txt:37: a 6x6 board needs 36 cells of 4 edge colours, the file has 256',
    );
  });
});
