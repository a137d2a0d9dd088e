import { FormatError, OptionElsewhere } from '../../../document/errors';
import { Rng } from '../../../rng/rng';
import type { Evidence } from '../../../document/readings';
import { pickReading } from '../../../document/readings';
import type { FormatReading, ParsedFile, TextFormat } from '../../family';
import { pairingEvidence, searchEvidence } from './evidence';
import { MAX_TILE_COLOUR, readTileText, sizeChoices, suggestedSize, wholeSymmetryNote, type TileText } from './tiles';
import { STRUCTURE_ORDERS, orderFit } from './detect-order';
import { greyFromFrame } from './foreign';
import { optionGiven } from './given';
import { applyOrder, orderLetters, orderText } from './orders';
import { orderOption, sizeFromFileName } from './read';
import { declaredInComment } from './piece-list';
import { nat, splitLines } from './text-lines';
import { MAX_PIECES, hasGreyBorder, isRotatable, type EdgeBoard, type EdgePuzzle } from '../model/model';
import { smallest } from '../../../numbers/extremes';

/**
 * Tetravex (GNOME Tetravex and its kin): square tiles that may not be turned, every number a
 * colour (0 included), no grey frame. A file is the size (`n`, or `rows cols`), then one tile a
 * line, `top right bottom left`. Inside the program every colour is stored one higher, so that
 * no colour is grey (0 is this program's grey); the file keeps the numbers as written.
 */

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
    const v = l.tokens.map((t) => nat(t, MAX_TILE_COLOUR));
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
 * zeros that make no grey frame and are not as many as the frame edges (0 is then a colour). Grey written in another colour on
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
  if (!fields.includes(0)) return t.square && smallest(fields) === 1 && greyFromFrame(fields, rows, cols) === null;
  // As many zeros as frame edges is a grey frame, even a broken one: its refusal says --format tetravex.
  let zeros = 0;
  for (const v of fields) if (v === 0) zeros++;
  if (zeros === 2 * (rows + cols)) return false;
  return !STRUCTURE_ORDERS.some((o) => orderFit(fields, o, rows, cols).shapeMisfit === 0);
}

/** One reading of a tile text: a size, an edge order, the layout of the colours. */
type TileReading = FormatReading<EdgePuzzle, EdgeBoard>;

/**
 * Every plausible reading of a Tetravex file (see document/readings.ts): the layouts its tokens
 * allow, the sizes its header and tile count allow, and, unless `--order` says, one order of each
 * structure (which fields face each other). Orders are weighed by how many opposite edges pair up
 * and, when still tied, by a short search. Throws the first layout's problem when none reads.
 */
export function tetravexReadings(text: string, file: string, options: Readonly<Record<string, string>> = {}): TileReading[] {
  // A frame colour given says the set has a frame, which Tetravex tiles never have.
  if (optionGiven(options.frame)) throw new OptionElsewhere('the frame option is for edge-matching pieces: Tetravex tiles have no frame', file);
  const given = orderOption(options.order, file);
  const size = options.size !== undefined ? sizeOption(options.size, file) : null;
  const out: TileReading[] = [];
  let first: FormatError | null = null;
  for (const layout of ['numbers', 'packed'] as const) {
    let t: TileText;
    try {
      t = readTileText(text, file, layout);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      first ??= e;
      continue;
    }
    const n = t.fields.length / 4;
    const sizes = sizeChoices(t, size, sizeFromFileName(file));
    if (sizes.length === 0) {
      const root = Math.round(Math.sqrt(n));
      const near = root * root === n ? [root, root] : suggestedSize(n);
      const said = size
        ? `the size given is ${size[0]}x${size[1]}`
        : t.header.length > 0
          ? `the first line says "${t.header.join(' ')}"`
          : 'they make no square';
      const want = size ?? (t.header.length === 1 ? [t.header[0], t.header[0]] : t.header.length >= 2 ? [t.header[0], t.header[1]] : null);
      first ??= new FormatError(
        `${want ? `a ${want[0]}x${want[1]} Tetravex board needs ${want[0] * want[1]} tiles, the file has ${n}` : `${n} tiles and ${said}`}${near ? ` (--size ${near[0]}x${near[1]} reads them as ${near[0]}x${near[1]})` : ''}`,
        file,
        t.headerLine || undefined,
      );
      continue;
    }
    const declared = given ? null : (t.comments.map(declaredInComment).find((o) => o !== null) ?? null);
    const layoutNote = layout === 'packed' ? [{ reason: 'each tile written as four colours in one token', weight: 0 }] : [];
    for (const sz of sizes) {
      if (sz.rows * sz.cols > MAX_PIECES) {
        first ??= new FormatError(`a ${sz.rows}x${sz.cols} board has more than ${MAX_PIECES} cells`, file, t.headerLine || undefined);
        continue;
      }
      const stated = given ?? declared;
      const orders = stated ? [stated] : STRUCTURE_ORDERS;
      const pairing = orders.map((o) => pairingEvidence(t.fields, o, sz.rows, sz.cols));
      // The short search only parts orders the pairing leaves tied.
      const tied = pairing.filter((e) => e.weight > 0).length > 1;
      orders.forEach((order, k) => {
        const edges = applyOrder(t.fields, order);
        for (let i = 0; i < edges.length; i++) edges[i] += 1;
        const evidence: Evidence[] = [...sz.evidence, ...layoutNote];
        // A given order's edges pairing up still tells Tetravex from pieces that turn (never counted against the person's word).
        if (!given || pairing[k].weight > 0) evidence.push(pairing[k]);
        if (declared) evidence.push({ reason: `a comment names the order (${orderText(declared)})`, weight: 0 });
        // It also parts a given order's tiles from pieces that turn, and an oblong board from its turn (whose edges pair up alike).
        if ((tied || given || sz.rows !== sz.cols) && pairing[k].weight > 0) evidence.push(searchEvidence(edges, sz.rows, sz.cols));
        evidence.push(frameAgainst(t.fields, sz.rows, sz.cols));
        const notes = [...t.notes];
        if (t.markers.length > 0) notes.push(`markers after the tiles (${t.markers.join(' ')}) ignored`);
        if (t.header.length > 0 || sizes.length > 1) notes.push(`${sz.rows}x${sz.cols}: ${sz.how}`);
        if (!stated) notes.push(`read as ${orderText(order)} (${pairing[k].reason})`);
        const symmetry = stated ? null : wholeSymmetryNote(t.fields, order, sz.rows, sz.cols);
        if (symmetry) notes.push(symmetry);
        out.push({
          label: `Tetravex ${sz.rows}x${sz.cols}, ${orderText(order)}${layout === 'packed' ? ', packed tiles' : ''}`,
          options: { size: `${sz.rows}x${sz.cols}`, order: orderLetters(order) },
          evidence,
          key: tilesKey(sz.rows, sz.cols, edges),
          value: [{ name: '', puzzle: { rows: sz.rows, cols: sz.cols, edges, fixed: [], rotatable: false }, info: { order: orderText(order) }, notes }],
        });
      });
    }
  }
  if (out.length === 0) throw first!;
  // The same tiles read two ways (a packed file also reads as numbers) differ in the puzzle: both stay.
  return out;
}

/** Equal for readings that make the same puzzle (the same tiles, however listed). */
function tilesKey(rows: number, cols: number, edges: Uint16Array): string {
  const tiles: string[] = [];
  for (let i = 0; i < edges.length; i += 4) tiles.push(`${edges[i]},${edges[i + 1]},${edges[i + 2]},${edges[i + 3]}`);
  return `${rows}x${cols} ${tiles.sort().join(';')}`;
}

/** Zeros that make a whole grey frame belong to an edge-matching set, not to Tetravex. */
function frameAgainst(fields: ArrayLike<number>, rows: number, cols: number): Evidence {
  let zeros = 0;
  for (let i = 0; i < fields.length; i++) if (fields[i] === 0) zeros++;
  if (zeros > 0 && zeros === 2 * (rows + cols) && STRUCTURE_ORDERS.some((o) => orderFit(fields, o, rows, cols).shapeMisfit === 0))
    return { reason: 'the 0s make a grey frame, as in an edge-matching set', weight: -5 };
  return { reason: zeros > 0 ? '0 is a colour: the 0s make no grey frame' : 'no 0: no grey frame', weight: 0 };
}

function sizeOption(spec: string, file: string): [number, number] {
  const m = /^\s*(\d{1,6})\s*(?:[xX×]\s*(\d{1,6}))?\s*$/.exec(spec);
  if (!m) throw new FormatError(`size option: expected RxC (e.g. 4x4), got "${spec}"`, file);
  const r = Number(m[1]);
  return [r, m[2] === undefined ? r : Number(m[2])];
}

export const tetravexFormat: TextFormat<EdgePuzzle, EdgeBoard> = {
  id: 'tetravex',
  label: 'Tetravex tiles (no turning, 0 is a colour)',
  extensions: ['txt'],
  read(text, file, options = {}): ParsedFile<EdgePuzzle, EdgeBoard> {
    const { name: _name, ...one } = pickReading(tetravexReadings(text, file, options), file).value[0];
    return one;
  },
  readings: tetravexReadings,
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
  if (!whole(colours) || colours < 1 || colours > MAX_TILE_COLOUR)
    throw new Error(`tetravex: colours must be a whole number from 1 to ${MAX_TILE_COLOUR}, got ${colours}`);
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
