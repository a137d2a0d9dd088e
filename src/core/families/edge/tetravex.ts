import { FormatError } from '../../document/errors';
import { Rng } from '../../rng/rng';
import type { ParsedFile, TextFormat } from '../family';
import { STRUCTURE_ORDERS, orderFit } from './files/detect-order';
import { greyAsHighest } from './files/foreign';
import { TRBL, applyOrder, orderText } from './files/orders';
import { orderOption } from './files/read';
import { nat, splitLines } from './files/text-lines';
import { MAX_PIECES, hasGreyBorder, isRotatable, type EdgeBoard, type EdgePuzzle } from './model';

/**
 * Tetravex (GNOME Tetravex and its kin): square tiles that may not be turned, every number a
 * colour (0 included), no grey frame. A file is the size (`n`, or `rows cols`), then one tile a
 * line, `top right bottom left`. Inside the program every colour is stored one higher, so that
 * no colour is grey (0 is this program's grey); the file keeps the numbers as written.
 */

const MAX_COLOUR = 0xfffe;
/** Four one-digit colours in a row (`0838`), with an optional marker after them (`0838@`). */
const PACKED = /^(\d)(\d)(\d)(\d)([^\d\s,;])?$/;

interface Tiles {
  rows: number;
  cols: number;
  /** 4 colours per tile as written, in the file's field order. */
  fields: Uint16Array;
  /** Markers after packed tiles, as found (e.g. `@`). */
  markers: string[];
  /** The line of the size, for errors. */
  headLine: number;
  /** Whether the size was one number or two equal ones. */
  square: boolean;
}

/** The size line and the tiles (4 numbers a line, or packed four-digit tiles, several a line allowed). */
function readTiles(text: string, file: string): Tiles {
  const { lines } = splitLines(text);
  if (lines.length === 0) throw new FormatError('expected the size `n` or `rows cols`, then one tile a line: top right bottom left', file);
  const head = lines[0];
  const size = head.tokens.map((t) => nat(t, MAX_PIECES));
  if (!(size.length === 1 || size.length === 2) || size.some((x) => !(x >= 1)))
    throw new FormatError(`expected the size \`n\` or \`rows cols\`, got "${head.text}"`, file, head.no);
  const rows = size[0];
  const cols = size.length === 2 ? size[1] : size[0];
  if (rows * cols > MAX_PIECES) throw new FormatError(`a ${rows}x${cols} board has more than ${MAX_PIECES} cells`, file, head.no);
  const out: number[] = [];
  const markers = new Set<string>();
  let count = 0;
  for (const l of lines.slice(1)) {
    const packed = l.tokens.map((t) => PACKED.exec(t));
    if (packed.every((m) => m !== null) && !(l.tokens.length === 4 && l.tokens.every((t) => t.length === 1))) {
      for (const m of packed) {
        if (count === rows * cols) throw new FormatError(`a ${rows}x${cols} Tetravex board needs ${rows * cols} tiles, the file has more`, file, l.no);
        out.push(Number(m![1]), Number(m![2]), Number(m![3]), Number(m![4]));
        if (m![5]) markers.add(m![5]);
        count++;
      }
      continue;
    }
    const v = l.tokens.map((t) => nat(t, MAX_COLOUR));
    if (v.length !== 4 || v.some(Number.isNaN))
      throw new FormatError(`expected 4 colours (top right bottom left, 0 is a colour) or four digits such as 0838, got "${l.text}"`, file, l.no);
    if (count === rows * cols) throw new FormatError(`a ${rows}x${cols} Tetravex board needs ${rows * cols} tiles, the file has more`, file, l.no);
    out.push(...v);
    count++;
  }
  if (count !== rows * cols) throw new FormatError(`a ${rows}x${cols} Tetravex board needs ${rows * cols} tiles, the file has ${count}`, file, head.no);
  return { rows, cols, fields: Uint16Array.from(out), markers: [...markers], headLine: head.no, square: rows === cols };
}

/**
 * Whether a file with no word about its format is a Tetravex set, from its content alone: a size
 * line and exactly that many tiles, and either no 0 at all (colours from 1) on a square board, or
 * zeros that make no grey frame and are not as many as the frame edges (0 is then a colour). Grey written as the highest colour on
 * every frame edge is an edge-matching set, not Tetravex.
 */
export function looksLikeTetravex(text: string): boolean {
  let t: Tiles;
  try {
    t = readTiles(text, '');
  } catch {
    return false;
  }
  const { rows, cols, fields } = t;
  if (rows * cols < 2) return false;
  if (!fields.includes(0)) return t.square && Math.min(...fields) === 1 && greyAsHighest(fields, rows, cols) === null;
  // As many zeros as frame edges is a grey frame, even a broken one: its refusal says --format tetravex.
  let zeros = 0;
  for (const v of fields) if (v === 0) zeros++;
  if (zeros === 2 * (rows + cols)) return false;
  return !STRUCTURE_ORDERS.some((o) => orderFit(fields, o, rows, cols).shapeMisfit === 0);
}

export const tetravexFormat: TextFormat<EdgePuzzle, EdgeBoard> = {
  id: 'tetravex',
  label: 'Tetravex tiles (no turning, 0 is a colour)',
  extensions: ['txt'],
  read(text, file, options = {}): ParsedFile<EdgePuzzle, EdgeBoard> {
    const t = readTiles(text, file);
    const order = orderOption(options.order, file) ?? TRBL;
    const fields = applyOrder(t.fields, order);
    const edges = new Uint16Array(fields.length);
    for (let i = 0; i < fields.length; i++) edges[i] = fields[i] + 1;
    const notes = t.markers.length > 0 ? [`markers after the tiles (${t.markers.join(' ')}) ignored`] : [];
    return { puzzle: { rows: t.rows, cols: t.cols, edges, fixed: [], rotatable: false }, info: { order: orderText(order) }, notes };
  },
  /** Only puzzles this format can hold: tiles that do not turn and no grey edge. */
  write(p) {
    if (isRotatable(p) || hasGreyBorder(p) || p.fixed.length > 0) return null;
    const out = [
      '# Tetravex: size, then one tile a line: top right bottom left (every number a colour; tiles never turn)',
      p.rows === p.cols ? `${p.rows}` : `${p.rows} ${p.cols}`,
    ];
    for (let i = 0; i < p.edges.length; i += 4) out.push(`${p.edges[i] - 1} ${p.edges[i + 1] - 1} ${p.edges[i + 2] - 1} ${p.edges[i + 3] - 1}`);
    return out.join('\n') + '\n';
  },
  guessedNote: (text) =>
    /tetravex/i.test(text) ? null : 'read as Tetravex from its content: tiles never turn, every number a colour (--format pieces reads pieces that may turn)',
};

export interface TetravexOptions {
  rows: number;
  cols: number;
  /** Colours 0..colours-1 in the file (GNOME Tetravex uses 10). */
  colours: number;
  seed: number;
}

/**
 * A random Tetravex board as GNOME Tetravex makes one: a random colour on every join and on
 * every outer edge, then the tiles shuffled (never turned). The solution puts them back.
 */
export function generateTetravex(o: TetravexOptions): { puzzle: EdgePuzzle; solution: EdgeBoard } {
  const { rows, cols, colours, seed } = o;
  const whole = (x: number): boolean => Number.isInteger(x);
  if (!whole(rows) || !whole(cols) || rows < 1 || cols < 1 || rows * cols > MAX_PIECES)
    throw new Error(`tetravex: the board must be 1x1 to ${MAX_PIECES} cells, got ${rows}x${cols}`);
  if (!whole(colours) || colours < 1 || colours > MAX_COLOUR)
    throw new Error(`tetravex: colours must be a whole number from 1 to ${MAX_COLOUR}, got ${colours}`);
  const rng = new Rng(seed);
  const cells = rows * cols;
  const shows = new Uint16Array(4 * cells);
  const colour = (): number => 1 + rng.int(colours);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (r === 0) shows[4 * i] = colour();
      if (c === 0) shows[4 * i + 3] = colour();
      const right = colour();
      shows[4 * i + 1] = right;
      if (c + 1 < cols) shows[4 * (i + 1) + 3] = right;
      const down = colour();
      shows[4 * i + 2] = down;
      if (r + 1 < rows) shows[4 * (i + cols)] = down;
    }
  const order = rng.shuffle(Int32Array.from({ length: cells }, (_, i) => i));
  const edges = new Uint16Array(4 * cells);
  const piece = new Int16Array(cells);
  for (let n = 0; n < cells; n++) {
    edges.set(shows.subarray(4 * order[n], 4 * order[n] + 4), 4 * n);
    piece[order[n]] = n;
  }
  return { puzzle: { rows, cols, edges, fixed: [], rotatable: false }, solution: { piece, rotation: new Uint8Array(cells) } };
}
