import { FormatError } from '../../../document/errors';
import { greyFromFrame } from './foreign';
import { optionGiven } from './given';
import { matchCellsToPieces } from './match-cells';
import { GREY, edgeAt, emptyBoard, hasGreyBorder, outMask, type EdgeBoard, type EdgePuzzle, type FixedPiece } from '../model/model';
import { borderFaults, mismatches, scoreBoard } from '../model/score';
import type { BoardText } from './boards';
import { ALL_ORDERS, applyOrder, classOf, mirrorOrder, orderText, rotateOrder, sameOrder, structureOf, type Order } from './orders';
import { countNoun } from '../../../text/plural';

/**
 * Putting a board from another tool on a piece set whose edge order may be unknown. The board
 * decides: the order and rotation sense under which it is legal (grey edges out, none inside)
 * and scores best win, so a mirror order, which reads the pieces as an equally solvable puzzle,
 * is told apart here.
 */

export type Sense = 'clockwise' | 'anticlockwise';
export const SENSES: readonly Sense[] = ['clockwise', 'anticlockwise'];

export function parseSense(s: string | undefined): Sense | null {
  if (!optionGiven(s)) return null;
  const v = s.toLowerCase();
  if (v === 'cw' || v === 'clockwise') return 'clockwise';
  if (v === 'ccw' || v === 'acw' || v === 'anticlockwise' || v === 'counterclockwise') return 'anticlockwise';
  throw new FormatError(`unknown rotation sense "${s}" (expected clockwise or anticlockwise)`);
}

export interface PieceSource {
  /** 4 per piece, in the file's field order. */
  fields: ArrayLike<number>;
  rows: number;
  cols: number;
  fixed: FixedPiece[];
  /** The order the user gave or the file stated: only it is tried. */
  given: Order | null;
  /** The order the pieces alone point to (detection), if any: preferred among equals. */
  preferred: Order | null;
  /** The rotation sense the user gave, if any. */
  sense: Sense | null;
  /** Orders allowed at all (e.g. only rotations of the order a library puzzle is stored in). */
  within?: readonly Order[];
}

export interface Placement {
  order: Order;
  sense: Sense;
  /** The pieces read in `order`. */
  puzzle: EdgePuzzle;
  board: EdgeBoard;
  notes: string[];
}

interface Candidate {
  order: Order;
  sense: Sense;
  board: EdgeBoard;
  puzzle: EdgePuzzle;
  faults: number;
  score: number;
}

function puzzleIn(src: PieceSource, order: Order): EdgePuzzle {
  return { rows: src.rows, cols: src.cols, edges: applyOrder(src.fields, order), fixed: src.fixed };
}

/** Grey edges facing out of the board where they should not, and grey edges inside. */
export function boardFaults(p: EdgePuzzle, b: EdgeBoard): number {
  // A set without grey edges (Tetravex) has a free border: only grey inside could be a fault, and there is none.
  if (!hasGreyBorder(p)) return 0;
  let faults = borderFaults(p, b).length;
  for (const m of mismatches(p, b)) if (m.a === GREY || m.b === GREY) faults++;
  // A grey edge facing out of a cell on the rim is fine; grey facing an empty inner neighbour is not a fault yet.
  return faults;
}

const cellAt = (i: number, cols: number): string => `row ${Math.floor(i / cols) + 1} col ${(i % cols) + 1}`;

/** The orders to try, preferred first: the given one only, else all 24 (or one per rotation class). */
function ordersToTry(src: PieceSource, perClass: boolean): Order[] {
  if (src.given) return [src.given];
  const pref = src.preferred ?? ALL_ORDERS[0];
  if (src.within) return [...src.within].sort((a, b) => Number(!sameOrder(a, pref)) - Number(!sameOrder(b, pref)));
  const all = perClass ? uniqueClasses() : [...ALL_ORDERS];
  const rank = (o: Order): number =>
    sameOrder(o, pref)
      ? 0
      : sameOrder(classOf(o), classOf(pref))
        ? 1
        : sameOrder(classOf(o), classOf(mirrorOrder(pref)))
          ? 2
          : structureOf(o) === structureOf(pref)
            ? 3
            : 4;
  const ordered = all.map((o) => (perClass && sameOrder(classOf(o), classOf(pref)) ? pref : o));
  return ordered.sort((a, b) => rank(a) - rank(b));
}

function uniqueClasses(): Order[] {
  const seen = new Set<string>();
  const out: Order[] = [];
  for (const o of ALL_ORDERS) {
    const c = classOf(o);
    const k = c.join('');
    if (!seen.has(k)) {
      seen.add(k);
      out.push(c);
    }
  }
  return out;
}

/** Pieces by number with rotations: every order and sense is tried; legal and best-scoring wins. */
function placeNumbered(src: PieceSource, bt: BoardText, file: string): Placement {
  const n = src.fields.length / 4;
  const pieces = bt.pieces!;
  const rots = bt.rotations!;
  const used = new Int32Array(n).fill(-1);
  for (let i = 0; i < bt.cells; i++) {
    const p = pieces[i];
    if (p === 0) continue;
    const line = bt.cellLines?.[i] ?? bt.line;
    if (p > n) throw new FormatError(`${cellAt(i, src.cols)}: piece ${p} is not in 1..${n} (0 = empty)`, file, line);
    if (used[p - 1] >= 0) throw new FormatError(`${cellAt(i, src.cols)}: piece ${p} is already at ${cellAt(used[p - 1], src.cols)}`, file, line);
    used[p - 1] = i;
  }
  const sense = src.sense ?? bt.sense;
  const senses = sense ? [sense] : SENSES;
  const cands: Candidate[] = [];
  for (const order of ordersToTry(src, false)) {
    const puzzle = puzzleIn(src, order);
    for (const sense of senses) {
      const board = emptyBoard(src.rows, src.cols);
      for (let i = 0; i < bt.cells; i++) {
        if (pieces[i] === 0) continue;
        board.piece[i] = pieces[i] - 1;
        board.rotation[i] = sense === 'clockwise' ? rots[i] & 3 : (4 - rots[i]) & 3;
      }
      cands.push({ order, sense, board, puzzle, faults: boardFaults(puzzle, board), score: scoreBoard(puzzle, board) });
    }
  }
  return choose(cands, src, bt, file);
}

function choose(cands: Candidate[], src: PieceSource, bt: BoardText, file: string): Placement {
  // Stable sort: among equals the preferred order (tried first) and the clockwise sense stay first.
  const ranked = [...cands].sort((a, b) => a.faults - b.faults || b.score - a.score);
  const best = ranked[0];
  const ties = ranked.filter((c) => c.faults === best.faults && c.score === best.score);
  const structures = new Set(ties.map((c) => structureOf(c.order)));
  if (structures.size > 1 && !src.preferred && !src.given && best.score > 0)
    throw new FormatError(
      `the board${bt.name ? ` ${bt.name}` : ''} fits the pieces equally well in more than one edge order (${ties
        .slice(0, 3)
        .map((c) => `${orderText(c.order)}, ${c.sense}`)
        .join('; ')}): give --order and --rotation`,
      file,
      bt.line,
    );
  const notes: string[] = [];
  if (!src.given)
    notes.push(
      `read as ${orderText(best.order)}${best.sense === 'anticlockwise' ? ', rotations anticlockwise' : ''} (the order under which the board${bt.name ? ` ${bt.name}` : ''} fits)`,
    );
  if (best.faults > 0) notes.push(`the board${bt.name ? ` ${bt.name}` : ''} has ${countNoun(best.faults, 'grey edge')} out of place in every edge order`);
  return { order: best.order, sense: best.sense, puzzle: best.puzzle, board: best.board, notes };
}

/** Cells given by their colours (top right bottom left, as a URL gives them): matched to pieces. */
function placeByColours(src: PieceSource, bt: BoardText, file: string): Placement {
  const edges = bt.edges!;
  let firstError: FormatError | null = null;
  const cands: Candidate[] = [];
  // Cells in a text file may be in the piece file's order or in any other: every class is tried.
  const cellOrders: (Order | null)[] = bt.edgesClockwise ? [null] : uniqueClasses();
  for (const order of ordersToTry(src, true)) {
    const puzzle = puzzleIn(src, order);
    for (const cellOrder of [...(bt.edgesClockwise ? [] : [order]), ...cellOrders]) {
      const cellEdges = cellOrder ? applyOrder(edges, cellOrder) : edges;
      let board: EdgeBoard;
      try {
        board = bt.pieces ? boardFromNumbersAndColours(puzzle, bt.pieces, cellEdges) : matchCellsToPieces(puzzle, cellEdges);
      } catch (e) {
        if (!(e instanceof FormatError)) throw e;
        firstError ??= e;
        continue;
      }
      cands.push({ order, sense: 'clockwise', board, puzzle, faults: boardFaults(puzzle, board), score: scoreBoard(puzzle, board) });
      break;
    }
    // Cells given clockwise fix the order's class: the first class that matches is the one.
    if (bt.edgesClockwise && !bt.pieces && cands.length > 0) break;
  }
  if (cands.length === 0) {
    // The URL's piece numbers may come from another numbering of the same set: match by colour.
    if (bt.pieces && bt.edgesClockwise) return placeByColours(src, { ...bt, pieces: null }, file);
    // A board drawn with its frame in another colour than 0, as its piece file was (read with grey as 0).
    const regrey = greyFromFrame(edges, src.rows, src.cols);
    if (regrey) {
      const p = placeByColours(src, { ...bt, edges: regrey.fields }, file);
      return { ...p, notes: [`board: ${regrey.note}`, ...p.notes] };
    }
    throw new FormatError(firstError!.message.replace(/^.*?: (?=row )/, ''), file, bt.line);
  }
  const p = choose(cands, { ...src, preferred: src.preferred ?? cands[0].order }, bt, file);
  return { ...p, notes: p.notes.map((x) => x.replace(/, rotations anticlockwise/, '')) };
}

function boardFromNumbersAndColours(p: EdgePuzzle, pieces: Int32Array, cellEdges: ArrayLike<number>): EdgeBoard {
  const n = p.edges.length >> 2;
  const board = emptyBoard(p.rows, p.cols);
  for (let i = 0; i < pieces.length; i++) {
    const k = pieces[i];
    if (k === 0) continue;
    if (k > n) throw new FormatError(`${cellAt(i, p.cols)}: piece ${k} is not in 1..${n}`);
    let rot = -1;
    for (let r = 0; r < 4 && rot < 0; r++) {
      let ok = true;
      for (let s = 0; s < 4; s++) if (edgeAt(p, k - 1, r, s) !== cellEdges[4 * i + s]) ok = false;
      if (ok) rot = r;
    }
    if (rot < 0) throw new FormatError(`${cellAt(i, p.cols)}: piece ${k} does not show the URL's colours in any rotation`);
    board.piece[i] = k - 1;
    board.rotation[i] = rot;
  }
  return board;
}

/** Pieces by number without rotations (a URL with board_pieces only): each turned its best way. */
function placeUnturned(src: PieceSource, bt: BoardText, file: string): Placement {
  const order = src.given ?? src.preferred ?? ALL_ORDERS[0];
  const puzzle = puzzleIn(src, order);
  const n = puzzle.edges.length >> 2;
  const board = emptyBoard(src.rows, src.cols);
  const pieces = bt.pieces!;
  for (let i = 0; i < bt.cells; i++) {
    const k = pieces[i];
    if (k === 0) continue;
    if (k > n) throw new FormatError(`${cellAt(i, src.cols)}: piece ${k} is not in 1..${n} (000 = empty)`, file, bt.line);
    board.piece[i] = k - 1;
  }
  // Two passes: grey edges out first, then each cell turned to match the most neighbours.
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < bt.cells; i++) {
      const k = board.piece[i];
      if (k < 0) continue;
      const r = Math.floor(i / src.cols);
      const c = i % src.cols;
      const out = outMask(src.rows, src.cols, r, c);
      let bestRot = 0;
      let bestVal = -Infinity;
      for (let rot = 0; rot < 4; rot++) {
        let v = 0;
        for (let s = 0; s < 4; s++) {
          const e = edgeAt(puzzle, k, rot, s);
          if ((out >> s) & 1) v += e === GREY ? 10 : -10;
          else if (e === GREY) v -= 10;
          else {
            const j = s === 0 ? i - src.cols : s === 1 ? i + 1 : s === 2 ? i + src.cols : i - 1;
            const q = board.piece[j];
            if (q >= 0 && (pass === 1 || j < i) && edgeAt(puzzle, q, board.rotation[j], (s + 2) & 3) === e) v++;
          }
        }
        if (v > bestVal) {
          bestVal = v;
          bestRot = rot;
        }
      }
      board.rotation[i] = bestRot;
    }
  }
  return { order, sense: 'clockwise', puzzle, board, notes: ['the board gives no rotations: each piece turned to fit its neighbours'] };
}

export function placeBoard(src: PieceSource, bt: BoardText, file: string): Placement {
  const cells = src.rows * src.cols;
  if (bt.rows !== null && bt.cols !== null && (bt.rows !== src.rows || bt.cols !== src.cols))
    throw new FormatError(`the board is ${bt.rows}x${bt.cols} (rows x cols), the puzzle is ${src.rows}x${src.cols}`, file, bt.line);
  if (bt.cells !== cells) throw new FormatError(`the board has ${bt.cells} cells, the ${src.rows}x${src.cols} puzzle ${cells}`, file, bt.line);
  if (bt.edges) return placeByColours(src, bt, file);
  if (bt.rotations) return placeNumbered(src, bt, file);
  return placeUnturned(src, bt, file);
}

/** A placement on a puzzle read in `order` moved onto the same pieces read in `target`, a rotation of it. */
export function turnBoardTo(board: EdgeBoard, order: Order, target: Order): EdgeBoard | null {
  for (let k = 0; k < 4; k++) {
    if (!sameOrder(rotateOrder(target, k), order)) continue;
    const out = { piece: board.piece.slice(), rotation: board.rotation.slice() };
    for (let i = 0; i < out.rotation.length; i++) out.rotation[i] = (out.rotation[i] + k) & 3;
    return out;
  }
  return null;
}
