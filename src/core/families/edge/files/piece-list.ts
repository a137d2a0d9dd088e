import { FormatError } from '../../../document/errors';
import { MAX_COLOUR, MAX_PIECES } from '../model/model';
import { STRUCTURE_ORDERS, orderFit } from './detect-order';
import { greyFromFrame } from './foreign';
import { parseOrder, sideOfName, type Order } from './orders';
import { BINARY_WORD, nat, splitLines, type TextLine } from './text-lines';
import { largest, smallest } from '../../../numbers/extremes';
import { countNoun } from '../../../text/plural';

/**
 * A piece list as written, before its edge order is known: the dialects of the files in
 * circulation (plain `t r b l` lines, an id column in any order, CSV with or without a header
 * line and with empty grey fields, `R C` / `w h` / `w,h,border,inner` headers, `#`, `//` and `c`
 * comments).
 */
export interface PieceList {
  /** 4 per piece in the file's field order; piece i (0-based) at 4i..4i+3. */
  fields: Uint16Array;
  /** The line each piece was read from. */
  lines: Int32Array;
  /** A size the file states, with its line. */
  header: { rows: number; cols: number; line: number } | null;
  /** An order the file states: a CSV header naming the sides, or a comment such as `top right bottom left`. */
  declared: Order | null;
  /** `#@fixed piece row col rotation` lines. */
  fixed: { no: number; v: number[] }[];
  /** How the file was read, for the report (e.g. "piece numbers in column 1"). */
  notes: string[];
  /** A `#@upright` line: the pieces may not be turned. */
  upright: boolean;
  /**
   * Fixed pieces in another program's words (`piece row col rotation`, counting from 0 or 1,
   * turning either way): a `k` hint-count line's hints, or comment lines under a heading such as
   * `# Pièces fixes (pieceId row col rotation)`. Read against the board in read.ts.
   */
  foreignFixed: { no: number; v: number[] }[];
  /** Where the foreign fixed pieces came from, for the note. */
  foreignFrom: string;
  /** Colours the file writes as words or letters, by the number each was read as: notes name them as written. */
  colourWords: ReadonlyMap<number, string> | null;
}

/** A comment heading fixed pieces: a word for fixed and four field names in brackets. */
const FIXED_HEADING = /(fix|hint|clue|indice)/i;
const FIELD_OF: [RegExp, number][] = [
  [/^(piece|pi[eè]ce|pieceid|pi[eè]ceid|id|tile|tileid|no|num|number|n)$/i, 0],
  [/^(row|ligne|line|y|r)$/i, 1],
  [/^(col|column|colonne|x|c)$/i, 2],
  [/^(rot|rotation|orientation|turn|turns|o)$/i, 3],
];

/** `(pieceId row col rotation)`: for each field of the lines below, which of piece/row/col/rotation it is. */
function fixedHeading(text: string): number[] | null {
  if (!FIXED_HEADING.test(text)) return null;
  const m = /\(([^)]*)\)/.exec(text);
  if (!m) return null;
  const words = m[1].split(/[\s,;/]+/).filter(Boolean);
  if (words.length !== 4) return null;
  const fields = words.map((w) => FIELD_OF.find(([re]) => re.test(w))?.[1] ?? -1);
  return new Set(fields).size === 4 && !fields.includes(-1) ? fields : null;
}

/** Fixed pieces listed in comment lines right under their heading. */
function fixedInComments(comments: { no: number; text: string }[]): { from: string; fixed: { no: number; v: number[] }[] } {
  for (let i = 0; i < comments.length; i++) {
    const fields = fixedHeading(comments[i].text);
    if (!fields) continue;
    const fixed: { no: number; v: number[] }[] = [];
    for (let j = i + 1; j < comments.length && comments[j].no === comments[j - 1].no + 1; j++) {
      const t = comments[j].text.split(/[\s,;]+/).filter(Boolean);
      if (t.length !== 4 || !t.every((x) => /^\d{1,6}$/.test(x))) break;
      const v = [0, 0, 0, 0];
      t.forEach((x, f) => (v[fields[f]] = Number(x)));
      fixed.push({ no: comments[j].no, v });
    }
    if (fixed.length > 0) return { from: `the comment at line ${comments[i].no}`, fixed };
  }
  return { from: '', fixed: [] };
}

/**
 * Fixed pieces travel in a comment so other programs still read the file as a plain piece list:
 * `#@fixed piece row col rotation`, piece, row and col 1-based, rotation 0..3 clockwise.
 */
export const FIXED_TAG = '#@fixed';
/** This program's mark for pieces that may not be turned (other programs read it as a comment). */
export const UPRIGHT_TAG = '#@upright';
const ID_NAMES = new Set(['id', 'n', 'no', 'nr', 'num', 'number', 'piece', 'index', 'idx', 'tile', '#']);
const SIZE_WORDS = new Set(['w', 'h', 'width', 'height', 'rows', 'cols', 'columns', 'r', 'c', 'border', 'inner', 'size', '']);

interface Columns {
  id: number;
  sides: number[];
  /** Field index of each side-column in the file, in column order. */
  fieldCols: number[];
  order: Order;
}

/** A header line naming the columns: `n,type,top,right,bottom,left`, `id N E S W`. */
function columnHeader(tokens: string[]): Columns | null {
  const tryWith = (idCol: number): Columns | null => {
    const sides: number[] = [];
    const fieldCols: number[] = [];
    tokens.forEach((t, j) => {
      if (j === idCol) return;
      const s = sideOfName(t);
      if (s >= 0) {
        sides.push(s);
        fieldCols.push(j);
      }
    });
    const order = sides.length === 4 ? parseOrder(sides.map((s) => 'trbl'[s]).join('')) : null;
    return order ? { id: idCol, sides, fieldCols, order } : null;
  };
  const first = tokens[0].toLowerCase();
  if (ID_NAMES.has(first)) {
    const c = tryWith(0);
    if (c) return c;
  }
  const idAt = tokens.findIndex((t, j) => j > 0 && ID_NAMES.has(t.toLowerCase()) && t.toLowerCase() !== 'n');
  return tryWith(idAt) ?? tryWith(-1);
}

/** Four side words in a row in a comment (`top right bottom left`, `N E S W`) declare the order. */
export function declaredInComment(text: string): Order | null {
  const words = text.split(/[\s,;:/()=-]+/).filter(Boolean);
  for (let i = 0; i + 4 <= words.length; i++) {
    const four = words.slice(i, i + 4);
    // Single letters only count in capitals (`N E S W`), so prose is not read as an order.
    if (four.some((w) => w.length === 1 && w !== w.toUpperCase())) continue;
    if (four.some((w) => w.length > 1 && !/^(top|right|bottom|left|up|down|north|east|south|west)$/i.test(w))) continue;
    const o = parseOrder(four.join(' '));
    if (o) return o;
  }
  return null;
}

const isNumber = (t: string): boolean => /^\d{1,9}$/.test(t);
const isSquare = (x: number): boolean => Math.round(Math.sqrt(x)) ** 2 === x;
const isWord = (t: string): boolean => /^[A-Za-z][\w-]*$/.test(t);

export function readPieceList(text: string, file: string): PieceList {
  const fixed: { no: number; v: number[] }[] = [];
  let upright = false;
  const split = splitLines(text, (t, no) => {
    if (t.toLowerCase() === UPRIGHT_TAG) return (upright = true);
    if (!t.toLowerCase().startsWith(FIXED_TAG)) return false;
    const rest = t.slice(FIXED_TAG.length).trim();
    const v = rest.split(/\s+/).map((x) => nat(x, MAX_PIECES));
    if (v.length !== 4 || v.some(Number.isNaN))
      throw new FormatError(`expected "${FIXED_TAG} piece row col rotation" (piece, row, col from 1), got "${t}"`, file, no);
    fixed.push({ no, v });
    return true;
  });
  const { comments } = split;
  const notes: string[] = [];
  const meta = new Map<string, number>();
  // Metadata (`ntiles: 16`), section headings and lines of empty fields are not pieces.
  const lines = split.lines.filter((l) => {
    const m = META.exec(l.text);
    if (m) {
      const v = m[2].trim();
      if (/^\d{1,9}$/.test(v)) meta.set(m[1].trim().toLowerCase(), Number(v));
      notes.push(`line ${l.no} (${l.text.slice(0, 30)}) read as a note`);
      return false;
    }
    if (/^\[.*\]$/.test(l.text)) return false;
    return !l.tokens.every((t) => t === '');
  });
  const words = wordColours(lines);
  if (words) notes.push(`colours written as words or letters (${[...words.keys()].slice(0, 4).join(', ')}${words.size > 4 ? ', ...' : ''})`);
  let declared: Order | null = null;
  for (const c of comments) {
    declared = declaredInComment(c.text);
    if (declared) break;
  }

  const foreign = fixedInComments(comments);
  let foreignFixed = foreign.fixed;
  let foreignFrom = foreign.from;

  let k = 0;
  let columns: Columns | null = null;
  let widthFirst = false;
  // Word lines before the data: a column header, or the names of the size fields (`w h`).
  while (k < lines.length && lines[k].tokens.every((t) => !isNumber(t)) && !(words && lines[k].tokens.every((t) => t === '' || words.has(t.toLowerCase())))) {
    const l = lines[k];
    const cols = columnHeader(l.tokens);
    if (cols) {
      columns = cols;
      declared = cols.order;
      notes.push(`columns named by line ${l.no}`);
    } else if (l.tokens.every((t) => SIZE_WORDS.has(t.toLowerCase().replace(/^#/, '')))) {
      widthFirst = /^(w|width)$/i.test(l.tokens[0]);
    } else if (k === 0 && !words && (l.tokens.length === 4 || l.tokens.length === 5)) {
      notes.push(`line ${l.no} (${l.text.slice(0, 30)}) read as column names`);
    } else
      throw new FormatError(`expected pieces (4 edge colours a line) or a header naming the columns (id,top,right,bottom,left), got "${l.text}"`, file, l.no);
    k++;
  }

  // Colours written as binary words (`0000000000000011` = 3), every piece field alike.
  const pieceLines = lines.slice(k).filter((l) => l.tokens.length >= 4);
  // Only the colour fields need be binary: bookkeeping columns after them are plain numbers.
  const binary = pieceLines.length > 0 && pieceLines.every((l) => l.tokens.slice(0, 4).every((t) => BINARY_WORD.test(t)));
  if (binary) notes.push('colours written as binary words (0000000000000011 = 3)');
  const expect = (): string => 'one piece a line: 4 edge colours, or a piece number and 4 colours';
  /** Numbers of a data line: CSV empty fields are grey (0), words (a `type` column) are skipped. */
  const values = (l: TextLine): number[] => {
    if (columns) {
      const v: number[] = [];
      const want = [...(columns.id >= 0 ? [columns.id] : []), ...columns.fieldCols];
      for (const j of want) {
        const t = l.tokens[j];
        if (t === undefined)
          throw new FormatError(`expected a value in column ${j + 1} (the header names ${Math.max(...want) + 1} columns), got "${l.text}"`, file, l.no);
        const x = t === '' && l.csv ? 0 : nat(t, MAX_COLOUR);
        if (Number.isNaN(x)) throw new FormatError(`column ${j + 1}: expected a whole number${l.csv ? ' (empty = grey)' : ''}, got "${t}"`, file, l.no);
        v.push(x);
      }
      return v;
    }
    const v: number[] = [];
    for (const t of l.tokens) {
      if (words?.has(t.toLowerCase())) v.push(words.get(t.toLowerCase())!);
      else if (t === '' && l.csv) v.push(0);
      else if (binary && BINARY_WORD.test(t)) {
        const x = parseInt(t, 2);
        if (x > MAX_COLOUR) throw new FormatError(`colour ${t} (${x}) is above ${MAX_COLOUR}`, file, l.no);
        v.push(x);
      } else if (isNumber(t)) {
        const x = nat(t, MAX_COLOUR);
        if (Number.isNaN(x)) throw new FormatError(`colour ${t} is above ${MAX_COLOUR}`, file, l.no);
        v.push(x);
      } else if (!isWord(t)) throw new FormatError(`expected ${expect()}, got "${l.text}"`, file, l.no);
    }
    return v;
  };

  const data = lines.slice(k);
  let header: PieceList['header'] = null;
  let rowsOfValues = data.map((l) => ({ l, v: values(l) }));
  if (!columns && rowsOfValues.length > 0) {
    const first = rowsOfValues[0];
    // A separator after the last number of the size line is style (`16,16,5,17,`).
    const v = first.l.csv && first.l.tokens[first.l.tokens.length - 1] === '' && first.v.length === 5 ? first.v.slice(0, 4) : first.v;
    const rest = piecesIn(rowsOfValues.slice(1));
    // `w,h,border,inner` (TheSil: piece counts; others: frame and inner colour counts).
    const theSil = v.length === 4 && v[0] * v[1] === rest && v[0] >= 1 && (v[0] * v[1] === v[2] + v[3] || !isSquare(rest + 1));
    // `b s w h`: two counts, then width and height; only when the line cannot be a piece of a square set.
    const sizeLast = v.length === 4 && !theSil && v[2] >= 1 && v[2] * v[3] === rest && !isSquare(rest + 1);
    const sizeColours = v.length === 3 && v[0] >= 1 && v[0] * v[1] === rest;
    if (v.length === 2 || theSil || sizeLast || sizeColours) {
      const [a, b] = sizeLast ? [v[2], v[3]] : [v[0], v[1]];
      if (!(a >= 1 && b >= 1 && a <= MAX_PIECES && b <= MAX_PIECES))
        throw new FormatError(`expected the board size "rows cols" or ${expect()}, got "${first.l.text}"`, file, first.l.no);
      // `R C` unless the file says `w h`; the 4-number headers are TheSil's `w,h,border,inner` and `b s w h`.
      const wh = widthFirst || v.length === 4;
      header = { rows: wh ? b : a, cols: wh ? a : b, line: first.l.no };
      // `5 4` over 25 pieces: the side and the number of colours.
      if (v.length === 2 && a * b !== rest && a >= 2 && a * a === rest) {
        header = { rows: a, cols: a, line: first.l.no };
        notes.push(`line ${first.l.no} read as the side (${a}) and the number of colours (${b})`);
      }
      if (sizeLast) notes.push(`line ${first.l.no} read as a header ending in width and height, not as a piece`);
      if (sizeColours) notes.push(`line ${first.l.no} read as rows, columns and the number of colours (${v[2]})`);
      rowsOfValues = rowsOfValues.slice(1);
    } else if (v.length === 1) {
      const count = v[0];
      // A header of several one-number lines (the side, colour counts, a version): the side is the
      // one whose square is the piece count after them; the others are said, not read as pieces.
      let run = 0;
      while (run < Math.min(6, rowsOfValues.length - 1) && rowsOfValues[run].v.length === 1) run++;
      const sideOf = (skip: number): (typeof rowsOfValues)[number] | undefined => {
        const after = piecesIn(rowsOfValues.slice(run + skip));
        return rowsOfValues.slice(0, run).find((r) => r.v[0] >= 2 && r.v[0] * r.v[0] === after);
      };
      // The run's last number may count hint lines between it and the pieces (side, colours, hint
      // count, hints, pieces): taken only when the pieces after those hints then fill a square board.
      const hintCount = run >= 2 ? rowsOfValues[run - 1].v[0] : 0;
      const hintRows = rowsOfValues.slice(run, run + hintCount);
      const side = run >= 2 ? sideOf(0) : undefined;
      const hintedSide = !side && hintCount >= 1 && hintRows.length === hintCount && hintRows.every((h) => h.v.length === 4) ? sideOf(hintCount) : undefined;
      const headerSide = side ?? hintedSide;
      if (headerSide && !(count >= 2 && count * count === rest)) {
        header = { rows: headerSide.v[0], cols: headerSide.v[0], line: headerSide.l.no };
        const others = rowsOfValues.slice(0, run).filter((r) => r !== headerSide);
        notes.push(
          `lines ${rowsOfValues[0].l.no}-${rowsOfValues[run - 1].l.no} read as a header: the side (${headerSide.v[0]}, line ${headerSide.l.no}) and ${others.map((r) => r.v[0]).join(', ')} (not pieces)`,
        );
        if (hintedSide) {
          foreignFixed = hintRows.map((h) => ({ no: h.l.no, v: h.v }));
          foreignFrom = `the ${countNoun(hintCount, 'hint line')} counted on line ${rowsOfValues[run - 1].l.no}`;
        }
        rowsOfValues = rowsOfValues.slice(run + (hintedSide ? hintCount : 0));
      } else if (count >= 2 && count * count === rest) {
        header = { rows: count, cols: count, line: first.l.no };
        rowsOfValues = rowsOfValues.slice(1);
      } else if (count < rest) {
        // A hint count: `k`, then k hint lines (piece row col rotation), then the pieces.
        const hints = rowsOfValues.slice(1, 1 + count);
        for (const h of hints)
          if (h.v.length !== 4)
            throw new FormatError(
              `line ${first.l.no} says ${countNoun(count, 'hint line')} follow: expected "piece row col rotation", got "${h.l.text}"`,
              file,
              h.l.no,
            );
        if (count > 0) {
          foreignFixed = hints.map((h) => ({ no: h.l.no, v: h.v }));
          foreignFrom = `the ${countNoun(count, 'hint line')} after line ${first.l.no}`;
        } else notes.push(`line ${first.l.no} read as the number of hint lines (none)`);
        rowsOfValues = rowsOfValues.slice(1 + count);
      }
    }
  }
  // A separator after the last field on every line is style, not a grey field.
  if (
    rowsOfValues.length > 0 &&
    rowsOfValues.every(({ l }) => l.csv && /[,;]\s*$/.test(l.text)) &&
    rowsOfValues.every(({ v }) => v.length === 5 || v.length === 6)
  ) {
    const allZero = rowsOfValues.every(({ v }) => v[v.length - 1] === 0);
    if (allZero) rowsOfValues = rowsOfValues.map(({ l, v }) => ({ l, v: v.slice(0, -1) }));
  }

  if (!columns && severalALine(rowsOfValues)) {
    // A line of 4k numbers is k pieces side by side (a board row, or just a long line): 4 numbers a piece, left to right.
    const most = largest(rowsOfValues.map(({ v }) => v.length / 4));
    rowsOfValues = rowsOfValues.flatMap(({ l, v }) => Array.from({ length: v.length / 4 }, (_, j) => ({ l, v: v.slice(4 * j, 4 * j + 4) })));
    notes.push(`several pieces a line (up to ${most}), read 4 numbers a piece, left to right`);
  }
  if (!columns && rowsOfValues.length > 0 && rowsOfValues.every(({ v }) => v.length >= 6)) {
    const kept = strayColumns(rowsOfValues, header);
    if (kept) {
      rowsOfValues = rowsOfValues.map(({ l, v }) => ({ l, v: v.slice(kept.from, kept.from + 4) }));
      notes.push(kept.note);
    }
  }
  const n = rowsOfValues.length;
  if (n === 0) throw new FormatError(`no pieces: expected ${expect()}`, file);
  if (n > MAX_PIECES) throw new FormatError(`more than ${MAX_PIECES} pieces`, file, rowsOfValues[MAX_PIECES].l.no);
  const width = columns ? (columns.id >= 0 ? 5 : 4) : rowsOfValues[0].v.length;
  for (const { l, v } of rowsOfValues) {
    if (v.length !== width || (width !== 4 && width !== 5)) {
      const what = width === 5 && !columns ? 'a piece number and 4 edge colours, as the first piece line' : '4 edge colours';
      throw new FormatError(`expected ${v.length === width ? expect() : what}, got "${l.text}"`, file, l.no);
    }
  }

  const fields = new Uint16Array(4 * n);
  const lineOf = new Int32Array(n);
  if (width === 4) {
    rowsOfValues.forEach(({ l, v }, i) => {
      fields.set(v, 4 * i);
      lineOf[i] = l.no;
    });
  } else {
    // The piece number: the named column, else the first (or last) column when it numbers the pieces 1..n or 0..n-1.
    const idCol = columns ? 0 : ([0, 4].find((c) => numbersPieces(rowsOfValues.map((r) => r.v[c]))) ?? -1);
    if (idCol < 0)
      throw new FormatError(
        `5 numbers a line: expected a piece number (1..${n} or 0..${n - 1}, each once) and 4 edge colours, but neither the first nor the last column numbers the pieces`,
        file,
        rowsOfValues[0].l.no,
      );
    const ids = rowsOfValues.map((r) => r.v[idCol]);
    const problem = idProblem(ids, n);
    if (problem) throw new FormatError(`piece numbers: ${problem.message}`, file, rowsOfValues[problem.index].l.no);
    const base = smallest(ids);
    rowsOfValues.forEach(({ l, v }, i) => {
      const piece = ids[i] - base;
      const colours = idCol === 0 ? v.slice(1) : v.slice(0, 4);
      fields.set(colours, 4 * piece);
      lineOf[piece] = l.no;
    });
    notes.push(`piece numbers in the ${idCol === 0 ? 'first' : 'last'} column${base === 0 ? ' (from 0)' : ''}`);
  }
  const colourWords = words && new Map([...words].map(([w, n]) => [n, w]));
  return { fields, lines: lineOf, header, declared, fixed, notes, upright, foreignFixed, foreignFrom, colourWords };
}

/**
 * Lines of 6 or more numbers that are not several pieces: 4 colours (after a piece number, or
 * first) and bookkeeping columns of another program. Which 4 is settled by the board: only the
 * columns whose pieces make exactly the corner, side and inner pieces a board needs (grey as 0 or
 * in another colour) are taken, and only when one choice does.
 */
function strayColumns(rows: readonly { v: number[] }[], header: PieceList['header']): { from: number; note: string } | null {
  const n = rows.length;
  const side = Math.round(Math.sqrt(n));
  const [r, c] = header && header.rows * header.cols === n ? [header.rows, header.cols] : side * side === n ? [side, side] : [0, 0];
  if (r < 2 || c < 2) return null;
  const fitting = [0, 1].filter((from) => {
    if (from === 1 && !numbersPieces(rows.map(({ v }) => v[0]))) return false;
    const fields = new Uint16Array(4 * n);
    rows.forEach(({ v }, i) => fields.set(v.slice(from, from + 4), 4 * i));
    const asRead = greyFromFrame(fields, r, c)?.fields ?? fields;
    return STRUCTURE_ORDERS.some((o) => orderFit(asRead, o, r, c).shapeMisfit === 0);
  });
  if (fitting.length !== 1) return null;
  const from = fitting[0];
  const width = largest(rows.map(({ v }) => v.length));
  const ignored = from === 0 ? `columns 5-${width}` : `column 1 and columns 6-${width}`;
  return {
    from,
    note: `${ignored} ignored (not edge colours: columns ${from + 1}-${from + 4} alone make the corner, side and inner pieces of a ${r}x${c} board)`,
  };
}

/** Whether every line holds whole pieces of 4 numbers and some line more than one: no other reading of a piece list has such lines. */
function severalALine(rows: readonly { v: number[] }[]): boolean {
  return rows.length > 0 && rows.every(({ v }) => v.length > 0 && v.length % 4 === 0) && rows.some(({ v }) => v.length >= 8);
}

/** How many pieces lines hold: one a line, or 4 numbers a piece when lines hold several. */
function piecesIn(rows: readonly { v: number[] }[]): number {
  return severalALine(rows) ? rows.reduce((a, { v }) => a + v.length / 4, 0) : rows.length;
}

/** `key: value` and `key = value` lines. */
const META = /^([A-Za-z][\w .-]*?)\s*[:=]\s*(\S.*)$/;
const GREY_WORDS = new Set(['grey', 'gray', 'x', 'border', 'none', 'edge', 'frame']);
const COLOUR_WORD =
  /^([a-z]|red|green|blue|yellow|orange|purple|violet|cyan|magenta|white|black|grey|gray|brown|pink|lime|navy|teal|olive|maroon|gold|silver|border|none|edge|frame)$/i;

/**
 * Colours written as letters or names (`a b c d`, `red grey grey blue`), numbered in the order
 * they first appear after the numbers the file uses; grey's names are grey (0). Null when the
 * piece lines are not written so (most of their fields numbers, or other words).
 */
function wordColours(lines: TextLine[]): Map<string, number> | null {
  let wordsSeen = 0;
  let fields = 0;
  let top = 0;
  const order: string[] = [];
  for (const l of lines) {
    if (l.tokens.length < 4) continue;
    for (const t of l.tokens) {
      if (t === '') continue;
      fields++;
      if (isNumber(t)) top = Math.max(top, Number(t));
      else if (COLOUR_WORD.test(t)) {
        wordsSeen++;
        const w = t.toLowerCase();
        if (!order.includes(w) && order.length < 300) order.push(w);
      }
    }
  }
  if (wordsSeen * 2 < fields || wordsSeen < 8) return null;
  const out = new Map<string, number>();
  for (const w of order) out.set(w, GREY_WORDS.has(w) ? 0 : ++top);
  return out;
}

function numbersPieces(ids: number[]): boolean {
  return idProblem(ids, ids.length) === null;
}

function idProblem(ids: number[], n: number): { message: string; index: number } | null {
  const base = ids.includes(0) ? 0 : 1;
  const seen = new Int32Array(n).fill(-1);
  for (let i = 0; i < ids.length; i++) {
    const x = ids[i] - base;
    if (!(x >= 0 && x < n)) return { message: `${ids[i]} is not in ${base}..${n - 1 + base}`, index: i };
    if (seen[x] >= 0) return { message: `${ids[i]} appears twice`, index: i };
    seen[x] = i;
  }
  return null;
}
