import { FormatError } from '../../../document/errors';
import { escapeControls } from '../../../text/display';
import { MAX_COLOUR, MAX_PIECES } from '../model/model';
import { isBoardUrlText, readBoardUrls, type BoardText } from './boards';
import { parseOrder, sideOfName, type Order } from './orders';
import { isObject } from '../../../validate/is-object';
import { countText } from '../../../text/numbers';

/**
 * What other programs' saves (JSON, or XML read into the same shape) hold, found by structure
 * rather than by one program's key names: a list of pieces (arrays of 4 numbers, or objects with
 * four side-named colours such as {n,e,s,w} or {top,right,bottom,left}), a board (a grid or list of
 * piece numbers, with rotations or without; piece and rotation pairs or objects; letters of colours
 * four a cell; a board URL), the size and a score. The walk is bounded in nodes and depth.
 */
export interface SaveContent {
  pieces: {
    /** 4 per piece, in the order of `order` (or the file's, when null). */
    fields: number[];
    order: Order | null;
    path: string;
  } | null;
  board: (BoardText & { path: string }) | null;
  size: { rows: number; cols: number } | null;
  score: number | null;
  notes: string[];
}

/** Most nodes the walk visits: far above any save of a 16x16 board (a few thousand), well within a second. */
const MAX_NODES = 2_000_000;
const MAX_DEPTH = 64;

const isInt = (x: unknown, max = MAX_COLOUR): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= max;
/** A whole number, or a string of one (XML attributes and some JSON writers). */
function intOf(x: unknown, max = MAX_COLOUR): number | null {
  if (isInt(x, max)) return x;
  if (typeof x === 'string' && /^\s*\d{1,9}\s*$/.test(x)) {
    const v = Number(x);
    return v <= max ? v : null;
  }
  return null;
}

const COLS_KEYS = /^(w|width|cols|columns|ncols|board_?w|nx|size_?x|x_?size)$/i;
const ROWS_KEYS = /^(h|height|rows|nrows|board_?h|ny|size_?y|y_?size)$/i;
const SIDE_KEYS = /^(size|side|n|dim|dimension|boardsize|board_?size)$/i;
const SCORE_KEYS = /^(score|matches|matched|joins|points|best_?score)$/i;
const ID_KEYS = /^(id|piece|pieceid|piece_?id|tile|tileid|tile_?id|p|index|idx|no|num|number)$/i;
const ROT_KEYS = /^(rot|rotation|r|orientation|turn|turns|o|dir|direction|angle)$/i;
const PIECE_WORDS = /piece|tile|set|cards?$/i;
const BOARD_WORDS = /board|solution|grid|placement|layout|cells|best|record/i;

/** Four colours of one piece: `[t, r, b, l]`, a string of four numbers, or an object with four side-named keys. */
function pieceOf(x: unknown): { v: number[]; order: Order | null } | null {
  if (Array.isArray(x)) {
    if (x.length !== 4) return null;
    const v = x.map((y) => intOf(y));
    return v.every((y) => y !== null) ? { v: v as number[], order: null } : null;
  }
  if (typeof x === 'string') {
    const t = x.trim().split(/[\s,;]+/);
    if (t.length !== 4 || !t.every((y) => /^\d{1,5}$/.test(y))) return null;
    return { v: t.map(Number), order: null };
  }
  if (!isObject(x)) return null;
  const sides: number[] = [];
  const v: number[] = [];
  for (const [k, y] of Object.entries(x)) {
    const s = sideOfName(k);
    if (s < 0) continue;
    const c = intOf(y);
    if (c === null || sides.includes(s)) return null;
    sides.push(s);
    v.push(c);
  }
  if (sides.length !== 4) return null;
  return { v, order: parseOrder(sides.map((s) => 'trbl'[s]).join('')) };
}

/** The piece number of a board cell written as an object ({piece, rotation}), with where it stands if it says. */
function cellOf(x: unknown): { piece: number; rot: number | null; row: number | null; col: number | null } | null {
  if (Array.isArray(x) && x.length === 2) {
    const p = intOf(x[0], MAX_PIECES);
    const r = intOf(x[1], 3);
    return p !== null && r !== null ? { piece: p, rot: r, row: null, col: null } : null;
  }
  if (!isObject(x)) return null;
  let piece: number | null = null;
  let rot: number | null = null;
  let row: number | null = null;
  let col: number | null = null;
  for (const [k, y] of Object.entries(x)) {
    if (ID_KEYS.test(k)) piece = intOf(y, MAX_PIECES);
    else if (ROT_KEYS.test(k)) {
      const r = intOf(y, 360);
      // Some programs write degrees.
      rot = r === null ? null : r > 3 && r % 90 === 0 ? r / 90 : r <= 3 ? r : null;
    } else if (/^(row|y|line)$/i.test(k)) row = intOf(y, MAX_PIECES);
    else if (/^(col|column|x)$/i.test(k)) col = intOf(y, MAX_PIECES);
  }
  return piece === null ? null : { piece, rot, row, col };
}

interface BoardFound {
  path: string;
  rows: number | null;
  cols: number | null;
  pieces: number[] | null;
  rotations: number[] | null;
  edges: BoardText | null;
  /** Where each cell stands, when the cells say (else row-major). */
  at: { row: number; col: number }[] | null;
}

/** A board in a JSON value, if it is one: a flat list or grid of numbers, pairs or cell objects. */
function boardOf(list: unknown[], path: string): BoardFound | null {
  if (list.length < 2 || list.length > MAX_PIECES) return null;
  // Rows written as strings of numbers (`"1 5 3"`, XML text) are rows of numbers.
  const x = list.every((y) => typeof y === 'string' && /^[\s\d,;]+$/.test(y) && y.length < 200_000)
    ? list.map((y) =>
        (y as string)
          .trim()
          .split(/[\s,;]+/)
          .map(Number),
      )
    : list;
  if (x.every((y) => isInt(y, 4 * MAX_PIECES))) return { path, rows: null, cols: null, pieces: x as number[], rotations: null, edges: null, at: null };
  // A grid: rows of numbers, or rows of [piece, rotation] pairs.
  if (x.every((y) => Array.isArray(y) && y.length === (x[0] as unknown[]).length && y.length >= 2)) {
    const rows = x as unknown[][];
    const cols = rows[0].length;
    if (rows.every((r) => r.every((y) => isInt(y, 4 * MAX_PIECES))))
      return { path, rows: rows.length, cols, pieces: rows.flat() as number[], rotations: null, edges: null, at: null };
    const cells = rows.flat().map(cellOf);
    if (cells.every((c) => c !== null && c.rot !== null))
      return { path, rows: rows.length, cols, pieces: cells.map((c) => c!.piece), rotations: cells.map((c) => c!.rot!), edges: null, at: null };
    return null;
  }
  const cells = x.map(cellOf);
  if (!cells.every((c) => c !== null)) return null;
  const all = cells as NonNullable<ReturnType<typeof cellOf>>[];
  const placed = all.every((c) => c.row !== null && c.col !== null);
  return {
    path,
    rows: null,
    cols: null,
    pieces: all.map((c) => c.piece),
    rotations: all.every((c) => c.rot !== null) ? all.map((c) => c.rot!) : null,
    edges: null,
    at: placed ? all.map((c) => ({ row: c.row!, col: c.col! })) : null,
  };
}

/** Every node of a JSON value with its path, breadth first (shallow keys, such as a top-level size, first), bounded. */
function* nodes(root: unknown, file: string): Generator<{ x: unknown; key: string; path: string }> {
  const queue: { x: unknown; key: string; path: string; depth: number }[] = [{ x: root, key: '', path: '', depth: 0 }];
  let seen = 0;
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head];
    queue[head] = undefined as never;
    if (++seen > MAX_NODES) throw new FormatError(`the save has more than ${countText(MAX_NODES)} values: too large for a puzzle`, file);
    yield n;
    if (n.depth >= MAX_DEPTH) continue;
    if (Array.isArray(n.x)) {
      // Long lists of numbers are leaves for this walk: they are looked at as a whole.
      if (n.x.length > 0 && typeof n.x[0] !== 'object') continue;
      n.x.forEach((y, i) => queue.push({ x: y, key: n.key, path: `${n.path}[${i}]`, depth: n.depth + 1 }));
    } else if (isObject(n.x)) for (const [k, y] of Object.entries(n.x)) queue.push({ x: y, key: k, path: n.path ? `${n.path}.${k}` : k, depth: n.depth + 1 });
  }
}

/** What a parsed save holds (see SaveContent). */
export function findInSave(root: unknown, file: string): SaveContent {
  const notes: string[] = [];
  let cols: number | null = null;
  let rows: number | null = null;
  let side: number | null = null;
  let score: number | null = null;
  const pieceLists: { fields: number[]; order: Order | null; path: string; named: boolean }[] = [];
  const boards: (BoardFound & { named: boolean })[] = [];
  for (const { x, key, path } of nodes(root, file)) {
    const v = intOf(x, MAX_PIECES);
    if (v !== null && key) {
      if (cols === null && COLS_KEYS.test(key)) cols = v;
      else if (rows === null && ROWS_KEYS.test(key)) rows = v;
      else if (side === null && SIDE_KEYS.test(key)) side = v;
      else if (score === null && SCORE_KEYS.test(key)) score = v;
      continue;
    }
    if (typeof x === 'string') {
      if (isBoardUrlText(x)) {
        try {
          const [url] = readBoardUrls(x, file);
          boards.push({ path, rows: url.rows, cols: url.cols, pieces: null, rotations: null, edges: url, at: null, named: true });
        } catch (e) {
          if (!(e instanceof FormatError)) throw e;
        }
      } else if (/edge/i.test(key) && /^[a-z]{8,}$/.test(x) && x.length % 4 === 0)
        boards.push({ path, rows: null, cols: null, pieces: null, rotations: null, edges: lettersBoard(x), at: null, named: true });
      else if (/piece/i.test(key) && /^\d{6,}$/.test(x) && x.length % 3 === 0) {
        const ids: number[] = [];
        for (let i = 0; i < x.length; i += 3) ids.push(Number(x.slice(i, i + 3)));
        boards.push({ path, rows: null, cols: null, pieces: ids, rotations: null, edges: null, at: null, named: true });
      }
      continue;
    }
    if (!Array.isArray(x)) continue;
    if (x.length >= 2 && x.length <= MAX_PIECES) {
      const ps = x.map(pieceOf);
      if (ps.every((p) => p !== null)) {
        const order = ps[0]!.order;
        if (ps.every((p) => (p!.order === null) === (order === null) && (!order || p!.order!.join() === order.join())))
          pieceLists.push({ fields: ps.flatMap((p) => p!.v), order, path, named: PIECE_WORDS.test(key) });
      }
    }
    const b = boardOf(x, path);
    if (b) boards.push({ ...b, named: BOARD_WORDS.test(key) });
  }
  if (cols === null && rows === null && side !== null) cols = rows = side;
  if (cols !== null && rows === null) rows = cols;
  if (rows !== null && cols === null) cols = rows;
  const size = rows !== null && cols !== null && rows >= 1 && cols >= 1 && rows * cols <= MAX_PIECES ? { rows, cols } : null;

  // The piece list: one named for pieces first, else the longest (a board of rows of 4 numbers is a grid, not pieces, when a board is named).
  const cells = size ? size.rows * size.cols : null;
  const rankPieces = (p: (typeof pieceLists)[number]): number =>
    (p.named ? 4 : 0) + (p.order ? 2 : 0) + (cells !== null && p.fields.length === 4 * cells ? 2 : 0) - (BOARD_WORDS.test(p.path) ? 3 : 0);
  const pieces = pieceLists.length > 0 ? [...pieceLists].sort((a, b) => rankPieces(b) - rankPieces(a) || b.fields.length - a.fields.length)[0] : null;
  const n = pieces ? pieces.fields.length / 4 : null;
  const want = cells ?? n;
  const fits = (b: BoardFound): boolean => {
    const count = b.edges ? b.edges.cells : b.pieces!.length;
    return want === null ? b.rows !== null || Number.isInteger(Math.sqrt(count)) : count === want;
  };
  const rankBoard = (b: (typeof boards)[number]): number => (b.edges ? 4 : 0) + (b.named ? 2 : 0) + (b.rotations ? 1 : 0);
  const board =
    boards
      .filter((b) => !(pieces && (b.path === pieces.path || b.path.startsWith(`${pieces.path}[`))) && fits(b))
      .sort((a, b) => rankBoard(b) - rankBoard(a))[0] ?? null;
  if (pieces) notes.push(`pieces read from ${pieces.path || 'the top list'}${pieces.order ? ' (sides named by their keys)' : ''}`);
  const bt = board ? boardText(board, size, n, file) : null;
  return { pieces, board: bt && score !== null ? { ...bt, statedScore: score } : bt, size, score, notes };
}

/** A board's colours as letters, four a cell (up right down left, `a` = grey), without its size yet. */
function lettersBoard(x: string): BoardText {
  const edges = new Uint16Array(x.length);
  for (let i = 0; i < x.length; i++) edges[i] = x.charCodeAt(i) - 97;
  return { name: '', line: 0, rows: null, cols: null, cells: x.length / 4, pieces: null, rotations: null, edges, edgesClockwise: true };
}

function boardText(b: BoardFound, size: { rows: number; cols: number } | null, n: number | null, file: string): BoardText & { path: string } {
  if (b.edges) {
    const rows = b.edges.rows ?? size?.rows ?? b.rows ?? Math.round(Math.sqrt(b.edges.cells));
    const cols = b.edges.cols ?? size?.cols ?? b.cols ?? rows;
    if (rows * cols !== b.edges.cells) throw new FormatError(`${b.path}: ${b.edges.cells} cells of colours do not make a ${rows}x${cols} board`, file);
    return { ...b.edges, rows, cols, path: b.path, notes: [`board read from ${escapeControls(b.path) || 'the top list'}`] };
  }
  const count = b.pieces!.length;
  const rows = b.rows ?? size?.rows ?? Math.round(Math.sqrt(count));
  const cols = b.cols ?? size?.cols ?? rows;
  let pieces = Int32Array.from(b.pieces!);
  let rotations = b.rotations ? Uint8Array.from(b.rotations) : null;
  // Cells that say where they stand go there.
  if (b.at) {
    const base = b.at.some((p) => p.row === 0 || p.col === 0) ? 0 : 1;
    const ps = new Int32Array(rows * cols);
    const rs = new Uint8Array(rows * cols);
    b.at.forEach((p, i) => {
      const r = p.row - base;
      const c = p.col - base;
      if (r < 0 || r >= rows || c < 0 || c >= cols)
        throw new FormatError(`${b.path}: a cell at row ${p.row} col ${p.col} is off the ${rows}x${cols} board`, file);
      ps[r * cols + c] = pieces[i];
      rs[r * cols + c] = rotations ? rotations[i] : 0;
    });
    pieces = ps;
    rotations = rotations ? rs : null;
  }
  // `piece * 4 + rotation` codes: numbers up to 4n, with a code per cell (only when the count says so).
  if (!rotations && n !== null && pieces.some((p) => p > n) && pieces.every((p) => p < 4 * n)) {
    rotations = Uint8Array.from(pieces, (p) => p & 3);
    pieces = pieces.map((p) => (p >> 2) + 1);
    return { ...plain(), numbering: 1, notes: [`board read from ${escapeControls(b.path) || 'the top list'} as piece * 4 + rotation codes`] };
  }
  return plain();
  function plain(): BoardText & { path: string } {
    return {
      name: '',
      line: 0,
      rows,
      cols,
      cells: rows * cols,
      pieces,
      rotations,
      edges: null,
      edgesClockwise: false,
      path: b.path,
      notes: [`board read from ${escapeControls(b.path) || 'the top list'}`],
    };
  }
}
