import { FormatError } from '../../../document/errors';
import { GREY, MAX_COLOUR, MAX_PIECES } from '../model/model';

/**
 * Boards drawn as text, the way solvers print them: each cell's top colour above its centre, its
 * left and right colours beside it (a piece number may sit between them), its bottom colour below,
 * with or without `+---+` / `|` borders:
 *
 *     +-----+-----+          1   2
 *     |  1  |  2  |         4 2 1 3
 *     | 4 2 | 1 3 |          3   0
 *     |  3  |  0  |
 *     +-----+-----+
 *
 * Colours are numbers, letters or names. A cell is read from three lines holding text (lines of
 * only border characters, such as the `\ /` of a cell drawn as four triangles, are skipped), so a
 * row of cells is three text lines between separator lines or, without separators, every three
 * text lines. The columns are where the top and bottom colours stand.
 */
export interface AsciiBoard {
  rows: number;
  cols: number;
  /** Top right bottom left per cell, in the file's colours renumbered (see `colourNote`). */
  edges: Uint16Array;
  /** 1 where the cell is drawn, 0 where it is empty. */
  filled: Uint8Array;
  /** The piece number drawn in each cell's centre (0 = none), when every drawn cell has one. */
  ids: Int32Array | null;
  /** The first line of the drawing. */
  line: number;
  /** How the file was read where it was not plain, one line each. */
  notes: string[];
}

interface Token {
  text: string;
  /** Centre column, in characters (tabs expanded). */
  x: number;
}

interface Line {
  no: number;
  tokens: Token[];
}

const TOKEN = /[A-Za-z0-9]+/g;
/** A line drawn across the board between rows of cells. */
const SEPARATOR = /^[\s|+\-=_~*#.:]*$/;
const RULE = /[-=_~*#]{2}/;
/** A line for people: a title, a score, `key: value` (two letters before the first `:` or `=` outside a cell, or a colon at the end). Linear. */
function isNote(s: string): boolean {
  const at = s.search(/[:=]/);
  if (at < 0) return false;
  return /[A-Za-z]{2}/.test(s.slice(s.lastIndexOf('|', at) + 1, at)) || /:\s*$/.test(s);
}
/** A line of prose: a word of 4 letters or more that is no colour's name. */
const TITLE =
  /\b(?!(?:grey|gray|green|blue|yellow|orange|purple|violet|cyan|magenta|white|black|brown|pink|lime|navy|teal|olive|maroon|gold|silver|none|edge|frame|border)\b)[A-Za-z]{4,}\b/i;
const GREY_WORDS = new Set(['grey', 'gray', 'x', 'border', 'none', 'edge', 'frame']);

function expandTabs(s: string): string {
  if (!s.includes('\t')) return s;
  let out = '';
  for (const c of s) out += c === '\t' ? ' '.repeat(8 - (out.length % 8)) : c;
  return out;
}

const notAscii = (why: string, file: string, line?: number): FormatError => new FormatError(`not a board drawn as text: ${why}`, file, line);

/** Whether a text is a board drawn as text (see `readAsciiBoard`); cheap refusals first. */
export function looksLikeAsciiBoard(text: string): boolean {
  try {
    readAsciiBoard(text, '');
    return true;
  } catch (e) {
    if (e instanceof FormatError) return false;
    throw e;
  }
}

/**
 * A drawn board, read. Throws a FormatError saying why the text is not one (a line of it, or the
 * columns that do not line up). Linear in the text.
 */
export function readAsciiBoard(text: string, file: string, want?: { rows: number; cols: number }): AsciiBoard {
  const raw = text.split(/\r\n|\n|\r/);
  // Drawings, each a list of groups of text lines between separator lines; a title line (`Solution:`, `Puzzle:`) starts a new drawing.
  const drawings: { groups: Line[][]; drawn: boolean; notes: string[]; from: number }[] = [{ groups: [[]], drawn: false, notes: [], from: 1 }];
  for (let k = 0; k < raw.length; k++) {
    const s = expandTabs(raw[k].replace(/\s+$/, ''));
    const tokens: Token[] = [];
    for (const m of s.matchAll(TOKEN)) tokens.push({ text: m[0], x: m.index + (m[0].length - 1) / 2 });
    let d = drawings[drawings.length - 1];
    const groups = d.groups;
    if (tokens.length === 0) {
      if (s.trim() === '' || (SEPARATOR.test(s) && RULE.test(s))) {
        if (RULE.test(s)) d.drawn = true;
        if (groups[groups.length - 1].length > 0) groups.push([]);
      }
      continue;
    }
    if (isNote(s) || TITLE.test(s)) {
      if (groups.some((g) => g.length > 0)) drawings.push((d = { groups: [[]], drawn: false, notes: [], from: k + 1 }));
      d.notes.push(`line ${k + 1} (${s.trim().slice(0, 30)}) read as a note`);
      continue;
    }
    if (/[|]/.test(s)) d.drawn = true;
    groups[groups.length - 1].push({ no: k + 1, tokens });
  }
  // The first drawing that reads (of the size wanted, when one is): a file may hold the board, then the pieces drawn apart.
  let first: FormatError | null = null;
  for (const [i, d] of drawings.entries()) {
    if (!d.groups.some((g) => g.length > 0)) continue;
    try {
      const board = readDrawing(d.groups, d.drawn, file);
      if (want && (board.rows !== want.rows || board.cols !== want.cols))
        throw notAscii(`the drawing at line ${board.line} is ${board.rows}x${board.cols}, the puzzle ${want.rows}x${want.cols}`, file, board.line);
      const later = drawings.slice(i + 1).find((x) => x.groups.some((g) => g.length > 0));
      const rest = later ? [`the rest, from line ${later.from}, is not read (another drawing or text)`] : [];
      return { ...board, notes: [...drawings.slice(0, i + 1).flatMap((x) => x.notes), ...board.notes, ...rest] };
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      first ??= e;
    }
  }
  throw first ?? notAscii('no rows of cells', file);
}

/** One drawing's groups of text lines read as a board. */
function readDrawing(groups: Line[][], drawn: boolean, file: string): AsciiBoard {
  const notes: string[] = [];
  // Three text lines a row of cells.
  const bands: Line[][] = [];
  for (const lines of groups) {
    if (lines.length === 0) continue;
    if (lines.length % 3 !== 0)
      throw notAscii(
        `${lines.length} text lines from line ${lines[0].no}, where every row of cells is drawn on 3 (top, left and right, bottom)`,
        file,
        lines[0].no,
      );
    for (let i = 0; i < lines.length; i += 3) bands.push(lines.slice(i, i + 3));
  }
  if (bands.length === 0) throw notAscii('no rows of cells', file);
  const rows = bands.length;

  // The columns: where the top and bottom colours stand, gathered over every row.
  const centres: number[] = [];
  for (const b of bands) for (const l of [b[0], b[2]]) for (const t of l.tokens) centres.push(t.x);
  centres.sort((a, b) => a - b);
  const columns: number[] = [];
  let run: number[] = [];
  const close = (): void => {
    if (run.length > 0) columns.push(run.reduce((a, x) => a + x, 0) / run.length);
    run = [];
  };
  for (const x of centres) {
    if (run.length > 0 && x - run[run.length - 1] > 2) close();
    run.push(x);
  }
  close();
  const cols = columns.length;
  if (rows * cols < 2) throw notAscii('fewer than 2 cells', file);
  if (rows * cols > MAX_PIECES) throw notAscii(`a ${rows}x${cols} drawing has more than ${MAX_PIECES} cells`, file);
  // The column whose span (halfway to each neighbour's centre) holds x: a binary search, so a long line stays linear.
  const colOf = (x: number): number => {
    let lo = 0;
    let hi = cols - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (x > (columns[mid] + columns[mid + 1]) / 2) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const cells = rows * cols;
  const words: string[][] = Array.from({ length: cells }, () => []);
  const filled = new Uint8Array(cells);
  const idText: (string | null)[] = new Array<string | null>(cells).fill(null);
  for (let r = 0; r < rows; r++) {
    const [top, mid, bottom] = bands[r];
    const at = (l: Line): Token[][] => {
      const per: Token[][] = Array.from({ length: cols }, () => []);
      for (const t of l.tokens) per[colOf(t.x)].push(t);
      return per;
    };
    const T = at(top);
    const M = at(mid);
    const B = at(bottom);
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const where = `row ${r + 1} col ${c + 1}`;
      const parts = [T[c].length, M[c].length, B[c].length];
      if (parts.every((x) => x === 0)) continue;
      if (T[c].length !== 1 || B[c].length !== 1 || (M[c].length !== 2 && M[c].length !== 3))
        throw notAscii(
          `the cell at ${where} shows ${T[c].length} colour(s) above, ${M[c].length} beside and ${B[c].length} below, where a cell has 1, 2 (a piece number may sit between) and 1`,
          file,
          top.no,
        );
      const m = M[c];
      words[i] = [T[c][0].text, m[m.length - 1].text, B[c][0].text, m[0].text];
      if (m.length === 3) idText[i] = m[1].text;
      filled[i] = 1;
    }
  }
  let placed = 0;
  for (const f of filled) placed += f;
  if (placed < 2) throw notAscii('fewer than 2 cells drawn', file);
  // A drawing without borders must at least not look like rows of numbers: its middle lines hold pairs.
  if (!drawn && bands.every((b) => b[0].tokens.length === b[1].tokens.length)) throw notAscii('no cell drawn with its colours around it', file, bands[0][0].no);

  const { values, note } = colourValues(words, filled, rows, cols);
  if (note) notes.push(note);
  const edges = new Uint16Array(4 * cells);
  for (let i = 0; i < cells; i++) if (filled[i]) for (let s = 0; s < 4; s++) edges[4 * i + s] = values.get(words[i][s])!;
  return { rows, cols, edges, filled, ids: pieceIds(idText, filled), line: bands[0][0].no, notes };
}

/** The piece numbers drawn in the cells, when every drawn cell has one and they number the pieces (from 0 or 1). */
function pieceIds(idText: (string | null)[], filled: Uint8Array): Int32Array | null {
  const ids = new Int32Array(filled.length);
  const seen = new Set<number>();
  let n = 0;
  let min = Infinity;
  for (let i = 0; i < filled.length; i++) {
    if (!filled[i]) continue;
    n++;
    const t = idText[i];
    if (t === null || !/^\d{1,6}$/.test(t)) return null;
    const v = Number(t);
    if (seen.has(v)) return null;
    seen.add(v);
    min = Math.min(min, v);
    ids[i] = v;
  }
  let max = -1;
  for (const v of seen) max = Math.max(max, v);
  if (min > 1 || max - min + 1 !== n) return null;
  if (min === 0) for (let i = 0; i < ids.length; i++) if (filled[i]) ids[i] += 1;
  return ids;
}

/**
 * Colour words to numbers. Numbers stay themselves; letters and names are numbered in sorted order
 * from 1, grey (0) being the one colour on every outward edge of the board (or a word for grey).
 */
function colourValues(words: string[][], filled: Uint8Array, rows: number, cols: number): { values: Map<string, number>; note: string | null } {
  const distinct = new Set<string>();
  for (const w of words) for (const x of w) distinct.add(x);
  const values = new Map<string, number>();
  if ([...distinct].every((x) => /^\d{1,5}$/.test(x) && Number(x) <= MAX_COLOUR)) {
    for (const x of distinct) values.set(x, Number(x));
    return { values, note: null };
  }
  const outward: string[] = [];
  for (let c = 0; c < cols; c++) {
    if (filled[c]) outward.push(words[c][0]);
    if (filled[(rows - 1) * cols + c]) outward.push(words[(rows - 1) * cols + c][2]);
  }
  for (let r = 0; r < rows; r++) {
    if (filled[r * cols]) outward.push(words[r * cols][3]);
    if (filled[r * cols + cols - 1]) outward.push(words[r * cols + cols - 1][1]);
  }
  const frame = outward.length > 0 && outward.every((w) => w === outward[0]) ? outward[0] : null;
  const grey = frame ?? [...distinct].find((x) => GREY_WORDS.has(x.toLowerCase())) ?? null;
  const sorted = [...distinct].sort((a, b) => {
    const na = /^\d+$/.test(a);
    const nb = /^\d+$/.test(b);
    return na && nb ? Number(a) - Number(b) : na !== nb ? (na ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0;
  });
  let next = 1;
  for (const x of sorted) values.set(x, x === grey ? GREY : next++);
  const shown = sorted.slice(0, 4).join(', ');
  return {
    values,
    note: `colours written as letters or names (${shown}${sorted.length > 4 ? ', ...' : ''}), numbered in sorted order${grey !== null ? `; ${grey}, on every outward edge, read as grey (0)` : ''}`,
  };
}
