import { FormatError } from '../../../document/errors';
import type { Evidence } from '../../../document/readings';
import { MAX_COLOUR, MAX_PIECES } from '../model/model';
import { applyOrder, orderLetters, orderText, wholeImages, type Order } from './orders';
import { splitLines, type TextLine } from './text-lines';
import { largest } from '../../../numbers/extremes';

/** Tile colours count from 0 and are stored one higher (0 is grey inside the program): at most this as written. */
export const MAX_TILE_COLOUR = MAX_COLOUR - 1;

/**
 * Tiles as files write them, before the board size and edge order are known: one tile a line or
 * all on one line, a size or count header or none, `key: value` metadata, column-name lines,
 * trailing separators, colours as numbers, letters, colour names, packed four-digit or hex
 * strings (`0838`, `3a5f`) or joined by `-`. Everything in one pass over the text.
 */
export interface TileText {
  /** 4 colours per tile, in the file's field order. */
  fields: number[];
  /** Numbers before the tiles that are not a tile: a size or count header. */
  header: number[];
  headerLine: number;
  /** `key: value` lines, by lower-case key. */
  meta: Map<string, number>;
  notes: string[];
  /** Markers after packed tiles (e.g. `@`). */
  markers: string[];
  /** The comments of the file, for what they say (an edge order). */
  comments: string[];
}

/** Colour names people write instead of numbers. */
const COLOUR_NAMES = new Set([
  'red',
  'green',
  'blue',
  'yellow',
  'orange',
  'purple',
  'violet',
  'cyan',
  'magenta',
  'white',
  'black',
  'grey',
  'gray',
  'brown',
  'pink',
  'lime',
  'navy',
  'teal',
  'olive',
  'maroon',
  'gold',
  'silver',
]);

const NUMBER = /^\d{1,9}$/;
/** Four colours in one token: digits, or hex/letters (`0838`, `3a5f`, `0x3a5f`), with an optional marker after them. */
const PACKED = /^(?:0x)?([0-9a-z]{4})([^\w\s,;])?$/i;
const META = /^([a-z][\w .-]*?)\s*[:=]\s*(.*)$/i;

/** A token as a colour word: one letter, or a colour name. */
const isColourWord = (t: string): boolean => /^[a-z]$/i.test(t) || COLOUR_NAMES.has(t.toLowerCase());

/** The colour a packed character stands for: digits as they are, letters after them (case ignored). */
function packedColour(ch: string): number {
  const c = ch.toLowerCase().charCodeAt(0);
  return c <= 57 ? c - 48 : c - 97 + 10;
}

/** A line split into tokens, `1-2-3-4` and trailing separators included. */
function tokensOf(l: TextLine): string[] {
  const out: string[] = [];
  for (const t of l.tokens) {
    if (t === '') continue;
    if (/^[\w]+(-[\w]+)+$/.test(t)) out.push(...t.split('-'));
    else out.push(...t.split(/\s+/).filter(Boolean));
  }
  return out;
}

export type TileLayout = 'numbers' | 'packed';

/**
 * The tiles of a text, in one of two layouts: numbers (and colour words) four to a tile, or packed
 * tokens of four colours. Throws FormatError naming the line when the text is not tiles.
 */
export function readTileText(text: string, file: string, layout: TileLayout): TileText {
  const { lines, comments } = splitLines(text);
  const meta = new Map<string, number>();
  const notes: string[] = [];
  const markers = new Set<string>();
  const words = new Map<string, number>();
  const values: { v: number; no: number }[] = [];
  let header: number[] = [];
  let headerLine = 0;
  let seenData = false;
  let trailing = false;
  let lettersUsed = false;
  let packedSeen = false;
  const perLine: number[] = [];
  for (const l of lines) {
    if (/^\[.*\]$/.test(l.text)) {
      notes.push(`line ${l.no} (${l.text}) read as a section heading`);
      continue;
    }
    const m = META.exec(l.text);
    if (m && !isColourWord(m[1])) {
      const nums = m[2].split(/[\s,;xX×]+/).filter(Boolean);
      if (nums.length > 0 && nums.every((x) => NUMBER.test(x))) {
        const key = m[1].trim().toLowerCase();
        if (nums.length === 2 && /size|dim|board/.test(key)) {
          meta.set('rows', Number(nums[0]));
          meta.set('cols', Number(nums[1]));
        } else meta.set(key, Number(nums[0]));
        continue;
      }
      if (!seenData) {
        notes.push(`line ${l.no} (${l.text.slice(0, 30)}) read as a note`);
        continue;
      }
    }
    if (l.tokens.length > 1 && l.tokens[l.tokens.length - 1] === '') trailing = true;
    const tokens = tokensOf(l);
    if (tokens.length === 0) continue;
    const numeric = tokens.filter((t) => NUMBER.test(t)).length;
    if (numeric === 0 && !tokens.every(isColourWord) && !(layout === 'packed' && tokens.every((t) => PACKED.test(t)))) {
      // A line of words before the tiles names the columns; after them it is not a tile.
      if (seenData) throw new FormatError(`expected a tile (4 colours), got "${l.text}"`, file, l.no);
      notes.push(`line ${l.no} (${l.text.slice(0, 30)}) read as column names`);
      continue;
    }
    let count = 0;
    for (const t of tokens) {
      if (layout === 'packed' && t.length >= 4) {
        const p = PACKED.exec(t);
        if (!p) throw new FormatError(`expected tiles as four colours in a row (e.g. 0838 or 3a5f), got "${t}"`, file, l.no);
        for (const ch of p[1]) values.push({ v: packedColour(ch), no: l.no });
        if (p[2]) markers.add(p[2]);
        packedSeen = true;
        count += 4;
        seenData = true;
        continue;
      }
      if (NUMBER.test(t)) {
        const v = Number(t);
        if (layout === 'packed') {
          // Short numbers before the packed tiles are the header.
          if (seenData) throw new FormatError(`expected tiles as four colours in a row (e.g. 0838 or 3a5f), got "${t}"`, file, l.no);
          if (header.length === 0) headerLine = l.no;
          header.push(v);
          continue;
        }
        if (v > MAX_TILE_COLOUR) throw new FormatError(`colour ${t} is above ${MAX_TILE_COLOUR}`, file, l.no);
        values.push({ v, no: l.no });
        count++;
        continue;
      }
      if (isColourWord(t)) {
        const key = t.toLowerCase();
        if (!words.has(key)) words.set(key, words.size);
        values.push({ v: -1 - words.get(key)!, no: l.no });
        lettersUsed = true;
        count++;
        continue;
      }
      // A mark standing apart after a packed tile (`0838 @`) is a marker like one written against it.
      if (layout === 'packed' && packedSeen && /^[^\w\s,;]+$/.test(t)) {
        markers.add(t);
        continue;
      }
      throw new FormatError(`expected a colour (a number, a letter or a colour name), got "${t}"`, file, l.no);
    }
    if (count > 0) {
      seenData = true;
      perLine.push(count);
    }
  }
  if (values.length === 0) throw new FormatError('no tiles: expected 4 colours a tile', file);
  if (layout === 'packed' && perLine.every((c) => c % 4 === 0) && markers.size === 0 && !packedSeen)
    throw new FormatError('no packed tiles (four colours in one token)', file);
  if (trailing) notes.push('separators at the ends of lines ignored');
  // Colour words get numbers after the highest number written, so the two never meet.
  let top = -1;
  for (const x of values) if (x.v > top) top = x.v;
  if (top + words.size > MAX_TILE_COLOUR)
    throw new FormatError(
      `${words.size} colour words numbered after the highest colour written (${top}) go past ${MAX_TILE_COLOUR}: write every colour as a number, or as a word`,
      file,
    );
  const raw = values.map((x) => (x.v < 0 ? top + 1 + (-1 - x.v) : x.v));
  if (lettersUsed)
    notes.push(
      `colours written as words or letters (${[...words.keys()].slice(0, 4).join(', ')}${words.size > 4 ? ', ...' : ''}), numbered in the order they first appear`,
    );
  let fields = raw;
  if (layout === 'numbers') {
    // An id column: 5 numbers on every line, the first or last numbering the tiles.
    const five = perLine.length > 1 && perLine.every((c) => c === 5);
    const idCol = five ? [0, 4].find((c) => numbersTiles(raw, c)) : undefined;
    if (idCol !== undefined) {
      fields = raw.filter((_, i) => i % 5 !== idCol);
      notes.push(`tile numbers in the ${idCol === 0 ? 'first' : 'last'} column`);
    } else {
      // The header: lines of fewer than 4 numbers first, or the numbers a first line has beyond whole tiles.
      let h = 0;
      let k = 0;
      while (k < perLine.length && perLine[k] < 4 && h + perLine[k] <= 3) h += perLine[k++];
      if (h === 0 && perLine.length > 0) h = perLine[0] % 4;
      header = fields.slice(0, h);
      headerLine = h > 0 ? values[0].no : 0;
      fields = fields.slice(h);
      // After the header every line holds whole tiles.
      let start = 0;
      for (const c of perLine) {
        const inHeader = Math.max(0, Math.min(c, h - start));
        if ((c - inHeader) % 4 !== 0)
          throw new FormatError(
            `expected 4 colours a tile (top right bottom left, 0 is a colour), got ${c - inHeader} numbers on a line`,
            file,
            values[start].no,
          );
        start += c;
      }
    }
  }
  if (fields.length === 0) throw new FormatError('no tiles: expected 4 colours a tile after the size', file, headerLine || undefined);
  if (fields.length / 4 > MAX_PIECES) throw new FormatError(`more than ${MAX_PIECES} tiles`, file);
  return { fields, header, headerLine, meta, notes, markers: [...markers], comments: comments.map((c) => c.text) };
}

/** Whether every 5th value from `col` numbers the tiles 1..n or 0..n-1, each once. */
function numbersTiles(raw: number[], col: number): boolean {
  const n = raw.length / 5;
  const ids: number[] = [];
  for (let i = col; i < raw.length; i += 5) ids.push(raw[i]);
  const base = ids.includes(0) ? 0 : 1;
  const seen = new Uint8Array(n);
  for (const id of ids) {
    const x = id - base;
    if (!(x >= 0 && x < n) || seen[x]) return false;
    seen[x] = 1;
  }
  return true;
}

/** A board size a reading may take, with why. */
export interface SizeChoice {
  rows: number;
  cols: number;
  evidence: Evidence[];
  /** How it was read, for the note (e.g. "the first line 33 read as 3x3"). */
  how: string;
}

/**
 * The sizes a tile text may be read at: what the user gave, what the header says in each of its
 * readings (side, tile count, `33` as 3x3, rows cols, side and colour count), `key: value`
 * metadata, the file name, a square of the tile count. Only sizes the tiles fill are offered.
 */
export function sizeChoices(t: TileText, given: [number, number] | null, fromName: [number, number] | null): SizeChoice[] {
  const n = t.fields.length / 4;
  const out: SizeChoice[] = [];
  const add = (rows: number, cols: number, how: string, weight: number): void => {
    if (rows * cols !== n || rows < 1 || cols < 1) return;
    const same = out.find((s) => s.rows === rows && s.cols === cols);
    if (same) return;
    out.push({ rows, cols, how, evidence: [{ reason: `${n} tiles fill the ${rows}x${cols} board (${how})`, weight }] });
  };
  const max = largest(t.fields);
  if (given) {
    add(given[0], given[1], 'the size given', 4);
    if (out.length > 0) return out;
  }
  const [a, b, c] = t.header;
  const line = `the first line "${t.header.join(' ')}"`;
  if (t.header.length === 1) {
    add(a, a, `${line}: the side`, 2);
    const root = Math.round(Math.sqrt(a));
    if (a === n) add(root, root, `${line}: the tile count`, 2);
    const digits = String(a);
    if (digits.length === 2) add(Number(digits[0]), Number(digits[1]), `${line} read as ${digits[0]}x${digits[1]}`, 1);
  } else if (t.header.length === 2) {
    add(a, b, `${line}: rows and columns`, 2);
    // Width and height: tiles that never turn pair up alike on a board and on its turn, so only a search tells them apart.
    add(b, a, `${line}: width and height`, 1);
    add(a, a, `${line}: the side and ${b} colours`, max < b ? 2 : 1);
    add(b, b, `${line}: ${a} colours and the side`, max < a ? 2 : 1);
  } else if (t.header.length === 3) {
    add(a, b, `${line}: rows, columns and ${c} colours`, 2);
  }
  const rows = t.meta.get('rows') ?? t.meta.get('height') ?? t.meta.get('h');
  const cols = t.meta.get('cols') ?? t.meta.get('columns') ?? t.meta.get('width') ?? t.meta.get('w');
  if (rows !== undefined && cols !== undefined) add(rows, cols, 'rows and columns named in the file', 2);
  for (const [k, v] of t.meta) {
    if (/tile|piece|count|^n$/.test(k)) {
      const root = Math.round(Math.sqrt(v));
      add(root, root, `"${k}: ${v}" counts the tiles`, 2);
    } else if (/size|side|dim/.test(k)) add(v, v, `"${k}: ${v}" is the side`, 2);
  }
  if (fromName) add(fromName[0], fromName[1], 'the size in the file name', 1);
  const root = Math.round(Math.sqrt(n));
  // A header that fits no size is a problem of the file, not a square to guess.
  if (out.length === 0 && t.header.length === 0 && t.meta.size === 0) add(root, root, 'a square, no size given', 1);
  return out;
}

/** A size to suggest for `n` tiles that make no square: the factor pair closest to square. */
export function suggestedSize(n: number): [number, number] | null {
  for (let r = Math.floor(Math.sqrt(n)); r >= 2; r--) if (n % r === 0) return [r, n / r];
  return null;
}

/** The tiles as a sorted list: equal for the same tiles however listed. */
function tileSetKey(edges: ArrayLike<number>): string {
  const tiles: string[] = [];
  for (let i = 0; i < edges.length; i += 4) tiles.push(`${edges[i]},${edges[i + 1]},${edges[i + 2]},${edges[i + 3]}`);
  return tiles.sort().join(';');
}

/**
 * Tiles that never turn, read in an order worked out from their content: the orders that make the
 * same puzzle turned or mirrored as a whole fit exactly as well (each solves when it does), so the
 * reader's preferred one was taken. The note says so and names the option that reads each of the
 * others (with the size swapped where rows and columns trade places). Null when every other order
 * makes the very same tiles (a symmetric set: no choice was made).
 */
export function wholeSymmetryNote(fields: ArrayLike<number>, order: Order, rows: number, cols: number): string | null {
  const own = tileSetKey(applyOrder(fields, order));
  const groups = new Map<string, string[]>();
  for (const img of wholeImages(order)) {
    const swapped = img.transposes && rows !== cols;
    if (!swapped && tileSetKey(applyOrder(fields, img.order)) === own) continue;
    const kind = img.how.slice(0, img.how.indexOf(' '));
    const list = groups.get(kind) ?? [];
    // The second diagonal mirror is said by its option alone: the line stays short.
    const how = img.how.endsWith('other diagonal') && list.length > 0 ? '' : `${img.how.slice(kind.length + 1)} `;
    list.push(`${how}--order ${orderLetters(img.order)}${swapped ? ` --size ${cols}x${rows}` : ''}`);
    groups.set(kind, list);
  }
  if (groups.size === 0) return null;
  const ways = [...groups].map(([kind, list]) => `${kind} ${list.join(', ')}`).join('; ');
  return `${orderText(order)} taken by choice, of orders that fit tiles that never turn alike, each the puzzle ${ways}`;
}
