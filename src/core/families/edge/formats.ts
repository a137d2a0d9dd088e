import { contentLines as textLines } from '../../document/lines';
import { FormatError } from '../../document/errors';
import type { ParsedFile, TextFormat } from '../family';
import { detectOrder } from './files/detect-order';
import { ORDER_HELP, applyOrder, orderText, parseOrder, type Order } from './files/orders';
import { readPieceList } from './files/piece-list';
import { MAX_PIECES, edgeAt, emptyBoard, pieceCount, rotationKey, type EdgeBoard, type EdgePuzzle, type FixedPiece } from './model';

/**
 * Text formats of the edge family. Every reader checks what it reads line by line and names the
 * file, the line and what it expected, because these files are typed or converted by hand.
 */

type Format = TextFormat<EdgePuzzle, EdgeBoard>;


interface Line {
  no: number;
  text: string;
  tokens: string[];
}

/** Lines with `#` comments and blank lines removed (with their 1-based numbers), split into tokens. */
function contentLines(text: string): Line[] {
  return textLines(text).map((l) => ({ no: l.line, text: l.text, tokens: l.text.split(/[\s,]+/) }));
}

/** A non-negative decimal integer up to `max`, or NaN. */
function nat(token: string, max: number): number {
  if (!/^\d{1,9}$/.test(token)) return NaN;
  const v = Number(token);
  return v <= max ? v : NaN;
}

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

// ---------------------------------------------------------------------------------------------
// pieces: one piece per line

/** Edge orders found in the wild, by the side each column of the file describes (any permutation is accepted). */
export const EDGE_ORDERS = {
  trbl: 'top right bottom left',
  bltr: 'bottom left top right',
  nswe: 'top bottom left right',
  ltrb: 'left top right bottom',
} as const;
export type EdgeOrder = keyof typeof EDGE_ORDERS;

/** The `order` option: a permutation of t r b l (or n e s w), or `auto` / absent to work it out. */
export function orderOption(spec: string | undefined, file?: string): Order | null {
  if (spec === undefined || spec === '' || spec === 'auto') return null;
  const o = parseOrder(spec);
  if (!o) throw new FormatError(`unknown edge order "${spec}" (expected ${ORDER_HELP})`, file);
  return o;
}

function parseSize(s: string): [number, number] | null {
  const m = /^\s*(\d{1,6})\s*[xX×]\s*(\d{1,6})\s*$/.exec(s);
  if (!m) return null;
  const r = Number(m[1]);
  const c = Number(m[2]);
  return r >= 1 && c >= 1 ? [r, c] : null;
}

/** `meta2010_10x10.txt` -> 10x10 (the last RxC in the name, so a year or version before it does not count). */
export function sizeFromFileName(file: string): [number, number] | null {
  const all = [...baseName(file).matchAll(/(\d+)[xX](\d+)/g)];
  if (all.length === 0) return null;
  const m = all[all.length - 1];
  const r = Number(m[1]);
  const c = Number(m[2]);
  return r >= 1 && c >= 1 ? [r, c] : null;
}

/**
 * Fixed pieces travel in a comment so other programs still read the file as a plain piece list:
 * `#@fixed piece row col rotation`, piece, row and col 1-based, rotation 0..3 clockwise.
 */
const FIXED_TAG = '#@fixed';

export const piecesFormat: Format = {
  id: 'pieces',
  label: 'Piece list (one piece per line)',
  extensions: ['txt', 'csv', 'puz'],
  read(text, file, options = {}): ParsedFile<EdgePuzzle, EdgeBoard> {
    const given = orderOption(options.order, file);
    const list = readPieceList(text, file);
    const n = list.fields.length / 4;
    const header = list.header ? ([list.header.rows, list.header.cols] as [number, number]) : null;
    const headerLine = list.header?.line ?? 0;

    // The header is part of the file, the option is the user's word, the file name only a hint.
    let size: [number, number] | null = header;
    const opt = options.size !== undefined ? parseSize(options.size) : null;
    if (options.size !== undefined && !opt) throw new FormatError(`size option: expected RxC (e.g. 16x16), got "${options.size}"`, file);
    if (header && opt && (opt[0] !== header[0] || opt[1] !== header[1])) {
      // A `w h` header read as `R C` is the same board turned a quarter: the option says which.
      if (opt[0] !== header[1] || opt[1] !== header[0])
        throw new FormatError(`the header says ${header[0]}x${header[1]} but the size option says ${opt[0]}x${opt[1]}`, file, headerLine);
      size = opt;
    }
    size ??= opt ?? sizeFromFileName(file);
    if (!size) {
      const root = Math.round(Math.sqrt(n));
      if (root * root !== n)
        throw new FormatError(
          `cannot tell the board size: no "rows cols" header, no RxC in the file name, and ${n} pieces do not make a square (give the size as RxC)`,
          file,
        );
      size = [root, root];
    }
    const [rows, cols] = size;
    if (rows * cols > MAX_PIECES) throw new FormatError(`a ${rows}x${cols} board has more than ${MAX_PIECES} cells`, file, headerLine || undefined);

    const notes = [...list.notes];
    let order: Order;
    if (given) order = given;
    else if (list.declared) order = list.declared;
    else {
      const choice = detectOrder(list.fields, rows, cols, file);
      order = choice.order;
      if (choice.note) notes.push(choice.note);
    }

    const fixed: FixedPiece[] = list.fixed.map(({ no, v: [piece, row, col, rotation] }) => {
      if (piece < 1 || piece > n) throw new FormatError(`fixed piece ${piece} is not in 1..${n}`, file, no);
      if (row < 1 || row > rows || col < 1 || col > cols) throw new FormatError(`fixed piece ${piece}: row ${row} col ${col} is off the ${rows}x${cols} board`, file, no);
      if (rotation > 3) throw new FormatError(`fixed piece ${piece}: rotation ${rotation} is not 0..3`, file, no);
      return { piece: piece - 1, row: row - 1, col: col - 1, rotation };
    });
    return { puzzle: { rows, cols, edges: applyOrder(list.fields, order), fixed }, info: { order: orderText(order) }, notes };
  },
  write(p) {
    const out = ['# Edge-matching pieces: top right bottom left, one piece per line; 0 = grey border', `${p.rows} ${p.cols}`];
    for (const f of p.fixed) out.push(`${FIXED_TAG} ${f.piece + 1} ${f.row + 1} ${f.col + 1} ${f.rotation}`);
    for (let i = 0; i < p.edges.length; i += 4) out.push(`${p.edges[i]} ${p.edges[i + 1]} ${p.edges[i + 2]} ${p.edges[i + 3]}`);
    return out.join('\n') + '\n';
  },
};

// ---------------------------------------------------------------------------------------------
// board: a solution as piece numbers

const CELL_TEXT = '"piece rotation" pairs (piece from 1, 0 = empty; rotation 0..3 clockwise)';

export function readBoardText(text: string, file: string, p: EdgePuzzle): EdgeBoard {
  const cells = p.rows * p.cols;
  const n = pieceCount(p);
  const lines = contentLines(text);
  const pairs: { no: number; piece: number; rot: number }[] = [];
  for (const l of lines) {
    const v = l.tokens.map((t) => nat(t, MAX_PIECES));
    if (v.length % 2 !== 0 || v.some(Number.isNaN)) throw new FormatError(`expected ${CELL_TEXT}, got "${l.text}"`, file, l.no);
    for (let j = 0; j < v.length; j += 2) pairs.push({ no: l.no, piece: v[j], rot: v[j + 1] });
  }
  // "R C" looks like a cell; it is a header when it stands alone first and the count says so
  // (or its second number cannot be a rotation).
  const first = lines[0];
  if (first && first.tokens.length === 2 && pairs[0].piece >= 1 && pairs[0].rot >= 1 && (pairs.length === cells + 1 || pairs[0].rot > 3)) {
    const h = pairs.shift()!;
    if (h.piece !== p.rows || h.rot !== p.cols)
      throw new FormatError(`the header says a ${h.piece}x${h.rot} board, the puzzle is ${p.rows}x${p.cols}`, file, h.no);
  }
  if (pairs.length !== cells)
    throw new FormatError(`a ${p.rows}x${p.cols} board needs ${cells} cells as ${CELL_TEXT}, the file has ${pairs.length}`, file, pairs.length > cells ? pairs[cells].no : undefined);
  const board = emptyBoard(p.rows, p.cols);
  const usedAt = new Int32Array(n).fill(-1);
  pairs.forEach(({ no, piece, rot }, i) => {
    const at = `row ${Math.floor(i / p.cols) + 1} col ${(i % p.cols) + 1}`;
    if (piece > n) throw new FormatError(`${at}: piece ${piece} is not in 1..${n} (0 = empty)`, file, no);
    if (rot > 3) throw new FormatError(`${at}: rotation ${rot} is not 0..3`, file, no);
    if (piece === 0) return;
    const prev = usedAt[piece - 1];
    if (prev >= 0)
      throw new FormatError(`${at}: piece ${piece} is already at row ${Math.floor(prev / p.cols) + 1} col ${(prev % p.cols) + 1}`, file, no);
    usedAt[piece - 1] = i;
    board.piece[i] = piece - 1;
    board.rotation[i] = rot;
  });
  return board;
}

export const boardFormat: Format = {
  id: 'board',
  label: 'Board (piece and rotation per cell)',
  extensions: ['txt', 'board'],
  read(_text, file) {
    throw new FormatError('a board file names pieces by number: read it against its piece set (open the puzzle first)', file);
  },
  readSolution: readBoardText,
  write(p, b) {
    if (!b || b.piece.length !== p.rows * p.cols) return null;
    const out = ['# Edge-matching board, row-major from the top left: piece (from 1, 0 = empty) and clockwise quarter turns', `${p.rows} ${p.cols}`];
    for (let i = 0; i < b.piece.length; i++) out.push(b.piece[i] < 0 ? '0 0' : `${b.piece[i] + 1} ${b.rotation[i]}`);
    return out.join('\n') + '\n';
  },
};

// ---------------------------------------------------------------------------------------------
// Matching a board given by its cells' colours to the pieces of a set

function cellName(i: number, cols: number, e: ArrayLike<number>): string {
  return `row ${Math.floor(i / cols) + 1} col ${(i % cols) + 1} (top right bottom left = ${e[4 * i]} ${e[4 * i + 1]} ${e[4 * i + 2]} ${e[4 * i + 3]})`;
}

/**
 * Which piece, turned how, shows each cell's colours (4 per cell, top right bottom left,
 * row-major). Pieces showing the same colours are interchangeable, so taking the lowest-numbered
 * unused one per cell never blocks a later cell. Fixed pieces go to their own cells first. Cells
 * all grey are empty unless the set has an all-grey piece. Throws FormatError naming the cell.
 */
export function matchCellsToPieces(p: EdgePuzzle, cellEdges: Uint16Array): EdgeBoard {
  const cells = p.rows * p.cols;
  if (cellEdges.length !== 4 * cells) throw new FormatError(`a ${p.rows}x${p.cols} board has ${cells} cells, got colours for ${cellEdges.length / 4}`);
  const n = pieceCount(p);
  const byKey = new Map<string, { pieces: number[]; next: number }>();
  for (let i = 0; i < n; i++) {
    const e = p.edges;
    const k = rotationKey(e[4 * i], e[4 * i + 1], e[4 * i + 2], e[4 * i + 3]);
    const g = byKey.get(k);
    if (g) g.pieces.push(i);
    else byKey.set(k, { pieces: [i], next: 0 });
  }
  const used = new Uint8Array(n);
  const board = emptyBoard(p.rows, p.cols);
  const shows = (piece: number, rot: number, cell: number): boolean => {
    for (let s = 0; s < 4; s++) if (edgeAt(p, piece, rot, s) !== cellEdges[4 * cell + s]) return false;
    return true;
  };
  for (const f of p.fixed) {
    const cell = f.row * p.cols + f.col;
    if (f.piece < n && !used[f.piece] && shows(f.piece, f.rotation, cell)) {
      used[f.piece] = 1;
      board.piece[cell] = f.piece;
      board.rotation[cell] = f.rotation;
    }
  }
  for (let i = 0; i < cells; i++) {
    if (board.piece[i] >= 0) continue;
    const k = rotationKey(cellEdges[4 * i], cellEdges[4 * i + 1], cellEdges[4 * i + 2], cellEdges[4 * i + 3]);
    const g = byKey.get(k);
    const empty = cellEdges[4 * i] === 0 && cellEdges[4 * i + 1] === 0 && cellEdges[4 * i + 2] === 0 && cellEdges[4 * i + 3] === 0;
    while (g && g.next < g.pieces.length && used[g.pieces[g.next]]) g.next++;
    if (!g || g.next >= g.pieces.length) {
      if (empty) continue;
      if (!g) throw new FormatError(`${cellName(i, p.cols, cellEdges)}: no piece of the set has these colours in any rotation`);
      throw new FormatError(`${cellName(i, p.cols, cellEdges)}: every piece with these colours (${g.pieces.map((x) => x + 1).join(', ')}) is already used`);
    }
    const piece = g.pieces[g.next++];
    used[piece] = 1;
    let rot = 0;
    while (!shows(piece, rot, i)) rot++;
    board.piece[i] = piece;
    board.rotation[i] = rot;
  }
  return board;
}

// ---------------------------------------------------------------------------------------------
// bucas: the e2.bucas.name viewer URL

const BUCAS_BASE = 'https://e2.bucas.name/#puzzle=PuzzleWorkbench';

interface BucasBoard {
  rows: number;
  cols: number;
  /** 4 per cell, top right bottom left. */
  cells: Uint16Array;
  line: number;
}

function parseBucas(text: string, file: string): BucasBoard {
  const at = text.indexOf('board_edges=');
  if (at < 0) throw new FormatError('expected an e2.bucas.name URL with board_w, board_h and board_edges', file);
  const line = text.slice(0, at).split(/\r\n|\n|\r/).length;
  const start = Math.max(text.lastIndexOf(' ', at), text.lastIndexOf('\n', at), text.lastIndexOf('\t', at)) + 1;
  const endWs = text.slice(at).search(/\s/);
  let url = text.slice(start, endWs < 0 ? text.length : at + endWs);
  const cut = url.indexOf('#') >= 0 ? url.indexOf('#') : url.indexOf('?');
  if (cut >= 0) url = url.slice(cut + 1);
  const params = new Map<string, string>();
  for (const kv of url.split('&')) {
    const eq = kv.indexOf('=');
    if (eq > 0) params.set(kv.slice(0, eq), kv.slice(eq + 1));
  }
  const dim = (name: string, what: string): number => {
    const v = nat(params.get(name) ?? '', MAX_PIECES);
    if (!(v >= 1)) throw new FormatError(`expected ${name}=<${what}> in the URL, got ${params.has(name) ? `"${params.get(name)}"` : 'none'}`, file, line);
    return v;
  };
  const cols = dim('board_w', 'columns');
  const rows = dim('board_h', 'rows');
  if (rows * cols > MAX_PIECES) throw new FormatError(`a ${rows}x${cols} board has more than ${MAX_PIECES} cells`, file, line);
  const letters = params.get('board_edges')!;
  if (letters.length !== 4 * rows * cols)
    throw new FormatError(
      `board_edges: a ${cols}x${rows} board (board_w x board_h) needs ${4 * rows * cols} letters (top right bottom left per cell), got ${letters.length}`,
      file,
      line,
    );
  const cells = new Uint16Array(letters.length);
  for (let j = 0; j < letters.length; j++) {
    const v = letters.charCodeAt(j) - 97;
    if (v < 0 || v > 25) {
      const i = j >> 2;
      throw new FormatError(`board_edges: expected a letter a..z at row ${Math.floor(i / cols) + 1} col ${(i % cols) + 1}, got "${letters[j]}"`, file, line);
    }
    cells[j] = v;
  }
  return { rows, cols, cells, line };
}

export const bucasFormat: Format = {
  id: 'bucas',
  label: 'e2.bucas.name URL',
  extensions: ['txt', 'url'],
  /** The pieces are the cells as they lie (rotation 0); the solution places each where it was. */
  read(text, file) {
    const b = parseBucas(text, file);
    const cells = b.rows * b.cols;
    const board = emptyBoard(b.rows, b.cols);
    const colours: number[] = [];
    for (let i = 0; i < cells; i++) {
      const e = b.cells.subarray(4 * i, 4 * i + 4);
      // aaaa is an empty cell, except on a 1x1 board where an all-grey piece is the one that fits.
      if (cells > 1 && e[0] === 0 && e[1] === 0 && e[2] === 0 && e[3] === 0) continue;
      board.piece[i] = colours.length / 4;
      colours.push(e[0], e[1], e[2], e[3]);
    }
    return { puzzle: { rows: b.rows, cols: b.cols, edges: Uint16Array.from(colours), fixed: [] }, solution: board };
  },
  readSolution(text, file, p) {
    const b = parseBucas(text, file);
    if (b.rows !== p.rows || b.cols !== p.cols)
      throw new FormatError(`the URL has a ${b.cols}x${b.rows} board (board_w x board_h), the puzzle is ${p.cols} wide and ${p.rows} high`, file, b.line);
    try {
      return matchCellsToPieces(p, b.cells);
    } catch (e) {
      if (e instanceof FormatError) throw new FormatError(e.message, file, b.line);
      throw e;
    }
  },
  /** Without a board the pieces are shown where they stand in the list. */
  write(p, b) {
    const cells = p.rows * p.cols;
    const n = pieceCount(p);
    let board = b;
    if (!board) {
      if (n > cells) return null;
      board = emptyBoard(p.rows, p.cols);
      for (let i = 0; i < n; i++) board.piece[i] = i;
    }
    if (board.piece.length !== cells) return null;
    let letters = '';
    for (let i = 0; i < cells; i++) {
      const piece = board.piece[i];
      if (piece < 0) {
        letters += 'aaaa';
        continue;
      }
      for (let s = 0; s < 4; s++) {
        const c = edgeAt(p, piece, board.rotation[i], s);
        if (c > 25) return null;
        letters += String.fromCharCode(97 + c);
      }
    }
    return `${BUCAS_BASE}&board_w=${p.cols}&board_h=${p.rows}&board_edges=${letters}\n`;
  },
};

export const edgeFormats: readonly Format[] = [piecesFormat, boardFormat, bucasFormat];
