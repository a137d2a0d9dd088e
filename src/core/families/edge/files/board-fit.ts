/**
 * Checks of a board of colour cells against the piece set it is placed on: whether its cells join
 * better as written than as placed (the set read in another order), and the colour conventions a
 * board file may differ from its set in.
 */
import { FormatError } from '../../../document/errors';
import { maxScore, type EdgeBoard, type EdgePuzzle } from '../model/model';
import { scoreBoard } from '../model/score';
import type { BoardText } from './boards';
import { ALL_ORDERS, TRBL, applyOrder, orderText, type Order } from './orders';

/**
 * A board of colour cells placed on a set whose order is already fixed must join as well as its
 * cells join as written: when the cells, read in some edge order, join better than the placement,
 * the set was read in another order than the board's, and the placement would be a silent misread.
 */
export function cellsAgainstSet(b: BoardText, p: EdgePuzzle, board: EdgeBoard, cols: number, file: string): void {
  if (!b.edges || b.edgesClockwise) return;
  const joins = scoreBoard(p, board);
  let best = 0;
  let bestOrder: Order = TRBL;
  for (const o of ALL_ORDERS) {
    const w = writtenJoins(applyOrder(b.edges, o), cols);
    if (w > best) {
      best = w;
      bestOrder = o;
    }
  }
  if (joins < best)
    throw new BoardOrderError(
      `the board's cells join ${best} of ${maxScore(p.rows, p.cols)} as written (read ${orderText(bestOrder)}), but only ${joins} placed on the pieces as they were read: the pieces were read in another edge order than the board's (give the piece file's order with --order)`,
      file,
      b.line,
      bestOrder,
    );
}

/**
 * A board whose cells, read in `order`, join better than its placement on the pieces as read: a
 * caller holding the piece file may read it again in that order (a program writes its pieces and
 * its boards alike), since the board then settles what the pieces alone could not.
 */
export class BoardOrderError extends FormatError {
  constructor(
    message: string,
    file: string,
    line: number | undefined,
    readonly order: Order,
  ) {
    super(message, file, line);
  }
}

/** Joins between filled cells (4 colours each, top right bottom left) as they stand. */
function writtenJoins(e: Uint16Array, cols: number): number {
  const cells = e.length >> 2;
  const filled = (i: number): boolean => e[4 * i] !== 0 || e[4 * i + 1] !== 0 || e[4 * i + 2] !== 0 || e[4 * i + 3] !== 0;
  let n = 0;
  for (let i = 0; i < cells; i++) {
    if (!filled(i)) continue;
    if ((i + 1) % cols !== 0 && i + 1 < cells && filled(i + 1) && e[4 * i + 1] === e[4 * (i + 1) + 3]) n++;
    if (i + cols < cells && filled(i + cols) && e[4 * i + 2] === e[4 * (i + cols)]) n++;
  }
  return n;
}

/** Every filled cell's colours one higher (an empty cell, all 0, stays empty). */
export function coloursFromOne(edges: Uint16Array): Uint16Array {
  const out = edges.slice();
  for (let j = 0; j < out.length; j += 4)
    if (out[j] !== 0 || out[j + 1] !== 0 || out[j + 2] !== 0 || out[j + 3] !== 0) for (let s = 0; s < 4; s++) out[j + s] += 1;
  return out;
}

export function everyCellFilled(edges: Uint16Array): boolean {
  for (let j = 0; j < edges.length; j += 4) if (edges[j] === 0 && edges[j + 1] === 0 && edges[j + 2] === 0 && edges[j + 3] === 0) return false;
  return true;
}
