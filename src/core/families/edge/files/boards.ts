import { FormatError } from '../../../document/errors';
import { MAX_COLOUR, MAX_PIECES } from '../model/model';
import { boardMeta } from './board-headers';
import { BINARY_WORD, nat, splitLines } from './text-lines';
import { largest } from '../../../numbers/extremes';

/**
 * Boards as other tools write them, read before they are matched to a piece set:
 * - `piece rotation` pairs, one or several cells a line (this program's board files);
 * - `piece:rotation` and `piece/rotation` grids, one board row a line, `---/-` (or `0:0`) empty;
 * - four edge colours per cell, one cell a line (`.sol` files), in the piece file's field order;
 * - e2.bucas.name URLs: `board_w`, `board_h`, `board_edges` (4 letters a cell, up right down
 *   left, `a` = grey) and/or `board_pieces` (3 digits a cell, `000` empty). A file may hold many.
 * Empty cells make a partial board.
 */
export interface BoardText {
  /** What to call this board when a file holds several (the URL's `puzzle=`, or its position). */
  name: string;
  /** The line it starts on. */
  line: number;
  /** The board's own size, when it states one. */
  rows: number | null;
  cols: number | null;
  cells: number;
  /** Per cell: piece number as written (from 1), 0 = empty; null when the cells are given by colour only. */
  pieces: Int32Array | null;
  /** Per cell: quarter turns as written, or null when not given. */
  rotations: Uint8Array | null;
  /** 4 colours per cell (all 0 = empty), when given. */
  edges: Uint16Array | null;
  /** True when `edges` are top right bottom left; false when in the piece file's field order. */
  edgesClockwise: boolean;
  /** The line of each cell, where known. */
  cellLines?: Int32Array;
  /** The rotation sense the file states in a comment ("clockwise quarter turns"), if any. */
  sense?: 'clockwise' | 'anticlockwise';
  /** What the file's comments say the first piece is numbered (`from 1`, `0 = empty`), if they do. */
  numbering?: 0 | 1;
  /** Whether the comments say the rows run from the bottom (true) or from the top (false), if they do. */
  bottomFirst?: boolean;
  /** The score (matching joins) the file states for the board, if it does: evidence for the reading that makes it. */
  statedScore?: number;
  /** How the file was read where it was not plain (metadata lines), one line each. */
  notes?: string[];
}

export type BoardKind = 'url' | 'grid' | 'pairs' | 'cells' | 'ids';

/**
 * A run of characters that are not separators: a URL's extent. Each match consumes its whole run
 * and nothing before it is tried again, so finding every URL is one pass over the text (the old
 * pattern with `board_` inside a starred class took quadratic time on a long word).
 */
const TOKEN = /[^\s"'`<>()[\]{},;]+/g;
const MARKS = ['board_edges=', 'board_pieces='];

export function isBoardUrlText(text: string): boolean {
  return MARKS.some((m) => text.includes(m));
}

/** Every e2.bucas.name URL in a text (a single URL, a list, a JavaScript data file). */
export function readBoardUrls(text: string, file: string): BoardText[] {
  const out: BoardText[] = [];
  // Line numbers counted as the scan moves forward, not by re-reading the text before each URL.
  let line = 1;
  let counted = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (!MARKS.some((mark) => m[0].includes(mark))) continue;
    line += lineBreaks(text, counted, m.index);
    counted = m.index;
    out.push(parseUrl(m[0], file, line, out.length + 1));
  }
  if (out.length === 0) throw new FormatError('expected an e2.bucas.name URL with board_w, board_h and board_edges or board_pieces', file);
  return out;
}

/** Line breaks (`\r\n`, `\n` or `\r`) in text[from, to). */
function lineBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) n++;
  }
  return n;
}

function parseUrl(raw: string, file: string, line: number, index: number): BoardText {
  let url = raw;
  const cut = url.indexOf('#') >= 0 ? url.indexOf('#') : url.indexOf('?');
  if (cut >= 0) url = url.slice(cut + 1);
  const params = new Map<string, string>();
  for (const kv of url.split('&')) {
    const eq = kv.indexOf('=');
    if (eq <= 0) continue;
    let value = kv.slice(eq + 1);
    try {
      value = decodeURIComponent(value);
    } catch {
      throw new FormatError(`${kv.slice(0, eq)}: a broken %-escape in the URL ("${value.slice(0, 20)}")`, file, line);
    }
    params.set(kv.slice(0, eq), value);
  }
  const dim = (name: string, what: string): number => {
    const v = nat(params.get(name) ?? '', MAX_PIECES);
    if (!(v >= 1)) throw new FormatError(`expected ${name}=<${what}> in the URL, got ${params.has(name) ? `"${params.get(name)}"` : 'none'}`, file, line);
    return v;
  };
  const cols = dim('board_w', 'columns');
  const rows = dim('board_h', 'rows');
  if (rows * cols > MAX_PIECES) throw new FormatError(`a ${rows}x${cols} board has more than ${MAX_PIECES} cells`, file, line);
  const cells = rows * cols;
  const where = (i: number): string => `row ${Math.floor(i / cols) + 1} col ${(i % cols) + 1}`;
  let edges: Uint16Array | null = null;
  const letters = params.get('board_edges');
  if (letters !== undefined) {
    if (letters.length !== 4 * cells)
      throw new FormatError(
        `board_edges: a ${cols}x${rows} board (board_w x board_h) needs ${4 * cells} letters (top right bottom left per cell), got ${letters.length}`,
        file,
        line,
      );
    edges = new Uint16Array(letters.length);
    for (let j = 0; j < letters.length; j++) {
      const v = letters.charCodeAt(j) - 97;
      if (v < 0 || v > 25) throw new FormatError(`board_edges: expected a letter a..z at ${where(j >> 2)}, got "${letters[j]}"`, file, line);
      edges[j] = v;
    }
  }
  let pieces: Int32Array | null = null;
  const digits = params.get('board_pieces');
  if (digits !== undefined) {
    if (digits.length !== 3 * cells || !/^\d*$/.test(digits))
      throw new FormatError(
        `board_pieces: a ${cols}x${rows} board needs ${3 * cells} digits (3 per cell, 000 = empty), got ${digits.length}${/^\d*$/.test(digits) ? '' : ' with other characters'}`,
        file,
        line,
      );
    pieces = new Int32Array(cells);
    for (let i = 0; i < cells; i++) pieces[i] = Number(digits.slice(3 * i, 3 * i + 3));
  }
  if (!edges && !pieces) throw new FormatError('the URL has neither board_edges nor board_pieces', file, line);
  const title = params.get('puzzle');
  return { name: title ? `${title} #${index}` : `#${index}`, line, rows, cols, cells, pieces, rotations: null, edges, edgesClockwise: true };
}

/** Piece numbers used at most once on each board of `cells` cells (0 aside, an empty cell or a piece from 0). */
function distinctPerBoard(v: number[], cells: number): boolean {
  for (let k = 0; k < v.length; k += cells) {
    const seen = new Set<number>();
    for (const x of v.slice(k, k + cells)) {
      if (x !== 0 && seen.has(x)) return false;
      seen.add(x);
    }
  }
  return true;
}

const GRID_CELL = /^(\d{1,6}|-+)[:/](\d|-)$/;

/**
 * Cells written as four colour digits each (`0407`), not piece numbers: every token four digits,
 * a whole number of boards of them, and some with a leading 0 or above the cell count (no piece
 * number is either). An `R C` line first is a header.
 */
function packedCells(lines: readonly { tokens: string[] }[], cells: number): boolean {
  let count = 0;
  let telling = false;
  for (const [k, l] of lines.entries())
    for (const t of l.tokens) {
      if (!/^\d{4}$/.test(t)) {
        if (k === 0 && l.tokens.length === 2 && l.tokens.every((x) => /^\d{1,3}$/.test(x))) break;
        return false;
      }
      count++;
      if (t[0] === '0' || Number(t) > cells) telling = true;
    }
  return count > 0 && count % cells === 0 && telling;
}

/**
 * A board in text (not a URL): `piece:rotation` / `piece/rotation` grids, `piece rotation` pairs,
 * or four colours per cell. `cells` is the board size the piece set expects; a file holding a
 * whole multiple of it holds that many boards, one after the other.
 */
export function readBoardTextCells(text: string, file: string, cells: number, rows: number, cols: number): BoardText[] {
  const split = splitLines(text);
  const { comments } = split;
  if (split.lines.length === 0) throw new FormatError('no board: the file is empty', file);
  // Titles, scores and sizes written before (or after) the cells are not cells.
  const meta = boardMeta(split.lines, cells);
  const { lines } = meta;
  if (lines.length === 0)
    throw new FormatError(`no board: every line is words (${meta.notes[0] ?? ''}), no cells of piece numbers or colours`, file, split.lines[0].no);
  // Four side words in a row name an edge order (`top right bottom left`), not where the rows start.
  const said = comments
    .map((c) => c.text.toLowerCase())
    .join(' ')
    .replace(/\b(?:top|right|bottom|left|up|down|north|east|south|west)(?:[\s,;/-]+(?:top|right|bottom|left|up|down|north|east|south|west)){3}\b/g, ' ');
  const sense = /anti-?clockwise|counter-?clockwise/.test(said) ? 'anticlockwise' : /clockwise/.test(said) ? 'clockwise' : undefined;
  const numbering = /from 1|0 = empty|1-based/.test(said) ? 1 : /from 0|0-based/.test(said) ? 0 : undefined;
  const bottomFirst = /from the bottom|bottom row first|bottom left/.test(said) ? true : /from the top|top row first|top left/.test(said) ? false : undefined;
  const sample = lines.find((l) => l.tokens.length > 0)!;
  const grid = sample.tokens.some((t) => GRID_CELL.test(t));
  type Cell = { no: number; piece: number; rot: number; edges?: number[] };
  const all: Cell[] = [];
  let sized: { rows: number; cols: number; no: number } | null = meta.size;
  let kind: BoardKind;
  /** Lines of four colours whose count fits no board, as counted in the file (see below). */
  let colourLines: { count: number; extra: number | undefined } | undefined;
  if (grid) {
    kind = 'grid';
    for (const l of lines) {
      if (l.tokens.length === 2 && l.tokens.every((t) => /^\d+$/.test(t)) && all.length === 0 && !sized) {
        sized = { rows: Number(l.tokens[0]), cols: Number(l.tokens[1]), no: l.no };
        continue;
      }
      for (const t of l.tokens) {
        const m = GRID_CELL.exec(t);
        if (!m) throw new FormatError(`expected cells as piece:rotation or piece/rotation (---/- = empty), got "${t}"`, file, l.no);
        const empty = m[1].startsWith('-');
        if (empty !== (m[2] === '-')) throw new FormatError(`a cell is either piece/rotation or ---/- (empty), got "${t}"`, file, l.no);
        all.push({ no: l.no, piece: empty ? 0 : Number(m[1]), rot: empty ? 0 : Number(m[2]) });
      }
    }
  } else if (packedCells(lines, cells)) {
    // Tiles written as four digits a cell (`0407`), a row of the board a line: the colours of each cell.
    kind = 'cells';
    for (const l of lines) {
      if (l.tokens.length === 2 && !l.tokens.some((t) => /^\d{4}$/.test(t)) && all.length === 0) {
        sized = { rows: Number(l.tokens[0]), cols: Number(l.tokens[1]), no: l.no };
        continue;
      }
      for (const t of l.tokens) all.push({ no: l.no, piece: -1, rot: 0, edges: [...t].map(Number) });
    }
  } else {
    // Colours written as binary words (`0000000000000011` = 3) in the first four fields of every line.
    const binary = lines.every((l) => l.tokens.length >= 4 && l.tokens.slice(0, 4).every((t) => BINARY_WORD.test(t)));
    const nums = lines.map((l) => {
      const v = l.tokens.map((t, j) => (t === '' && l.csv ? 0 : binary && j < 4 ? parseInt(t, 2) : nat(t, MAX_COLOUR)));
      if (v.some(Number.isNaN))
        throw new FormatError(`expected a board: "piece rotation" pairs, piece:rotation cells, or 4 edge colours per cell, got "${l.text}"`, file, l.no);
      return { l, v };
    });
    // "R C" first: a header when it stands alone and the count says so (alone in the file, when its C is no turn).
    if (nums.length > 0 && nums[0].v.length === 2) {
      const [r, c] = nums[0].v;
      const restCells = nums.slice(1).reduce((a, x) => a + x.v.length, 0);
      if (r >= 1 && c >= 1 && (nums.length === 1 ? c > 3 : restCells % (2 * cells) === 0 || c > 3)) {
        sized = { rows: r, cols: c, no: nums[0].l.no };
        nums.shift();
      }
    }
    const body = nums;
    const perCell = sized ? sized.rows * sized.cols : cells;
    // Binary colours are colours whatever follows them (a program's own piece number and turn).
    const stray = binary && body.some((x) => x.v.length > 4);
    if (stray) {
      meta.notes.push(`columns 5-${largest(body.map((x) => x.v.length))} ignored (the cells' colours are the first four, written in binary)`);
      for (const x of body) x.v = x.v.slice(0, 4);
    }
    const fourALine = body.every((x) => x.v.length === 4 || x.v.length === 5) && body.length > 0;
    const fourEach = fourALine && body.length % perCell === 0;
    const pairsOk = body.every((x) => x.v.length % 2 === 0);
    // Two `piece rotation` cells a line also make 4 numbers; their rotations never exceed 3.
    // A grid of piece numbers: a row of the board a line, each number once, some above 3 (no rotations).
    const odd = body.flatMap((x) => x.v.filter((_, j) => j % 2 === 1));
    const idsGrid =
      body.length > 0 &&
      body.length % rows === 0 &&
      body.every((x) => x.v.length === cols) &&
      (!pairsOk || odd.filter((y) => y > 3).length * 2 > odd.length) &&
      distinctPerBoard(
        body.flatMap((x) => x.v),
        cells,
      );
    if (idsGrid && !fourEach) {
      kind = 'ids';
      for (const { l, v } of body) for (const x of v) all.push({ no: l.no, piece: x, rot: 0 });
    } else if (fourEach && (!pairsOk || body.some((x) => x.v[1] > 3 || x.v[3] > 3))) {
      kind = 'cells';
      for (const { l, v } of body) {
        const e = v.length === 5 ? v.slice(1) : v;
        all.push({ no: l.no, piece: -1, rot: 0, edges: e });
      }
    } else {
      // Four colours a line (a turn above 3 says they are no pairs), too many or too few for the board:
      // the count is said in cells of four colours, not in twice as many pairs.
      if (fourALine && !idsGrid && (!pairsOk || body.some((x) => x.v[1] > 3 || x.v[3] > 3))) colourLines = { count: body.length, extra: body[cells]?.l.no };
      kind = 'pairs';
      for (const { l, v } of body) {
        if (v.length % 2 !== 0) throw new FormatError(`expected "piece rotation" pairs (piece from 1, 0 = empty; rotation 0..3), got "${l.text}"`, file, l.no);
        for (let j = 0; j < v.length; j += 2) all.push({ no: l.no, piece: v[j], rot: v[j + 1] });
      }
    }
  }
  if (sized && sized.rows * sized.cols !== cells)
    throw new FormatError(`the header says a ${sized.rows}x${sized.cols} board, the puzzle is ${rows}x${cols}`, file, sized.no);
  if (colourLines && all.length % cells !== 0)
    throw new FormatError(`a ${rows}x${cols} board needs ${cells} cells of 4 edge colours, the file has ${colourLines.count}`, file, colourLines.extra);
  if (all.length === 0 || all.length % cells !== 0) {
    const what = kind === 'cells' ? 'cells of 4 edge colours' : 'cells';
    throw new FormatError(
      `a ${rows}x${cols} board needs ${cells} ${what}, the file has ${all.length || 'none'}`,
      file,
      all.length > cells ? all[cells].no : undefined,
    );
  }
  const count = all.length / cells;
  const out: BoardText[] = [];
  for (let k = 0; k < count; k++) {
    const part = all.slice(k * cells, (k + 1) * cells);
    for (const [i, c] of part.entries()) {
      if ((kind === 'grid' || kind === 'pairs') && c.rot > 3)
        throw new FormatError(`row ${Math.floor(i / cols) + 1} col ${(i % cols) + 1}: rotation ${c.rot} is not 0..3`, file, c.no);
    }
    const board: BoardText = {
      name: count > 1 ? `#${k + 1}` : '',
      line: part[0].no,
      rows: sized?.rows ?? null,
      cols: sized?.cols ?? null,
      cells,
      pieces: kind === 'cells' ? null : Int32Array.from(part.map((c) => c.piece)),
      rotations: kind === 'cells' || kind === 'ids' ? null : Uint8Array.from(part.map((c) => c.rot)),
      edges: kind === 'cells' ? Uint16Array.from(part.flatMap((c) => c.edges!)) : null,
      edgesClockwise: false,
      cellLines: Int32Array.from(part.map((c) => c.no)),
      ...(sense ? { sense } : {}),
      ...(numbering !== undefined ? { numbering } : {}),
      ...(bottomFirst !== undefined ? { bottomFirst } : {}),
      ...(meta.score !== null ? { statedScore: meta.score } : {}),
      ...(meta.notes.length > 0 && k === 0 ? { notes: meta.notes } : {}),
    };
    out.push(board);
  }
  return out;
}
