import { FormatError } from '../../../document/errors';
import { MAX_PIECES, hasGreyBorder, isRotatable, maxScore, type EdgeBoard, type EdgePuzzle, type FixedPiece } from '../model/model';
import { borderFaults, mismatches, scoreBoard } from '../model/score';
import { isBoardUrlText, readBoardTextCells, readBoardUrls, type BoardText } from './boards';
import { detectOrder } from './detect-order';
import { pickReading, type Evidence, type Reading } from '../../../document/readings';
import { countEvidence, frameEvidence, hasGrey, parityEvidence } from './evidence';
import { foreignFixed, pickFrame } from './foreign';
import { optionGiven } from './given';
import { ORDER_HELP, TRBL, applyOrder, orderText, parseOrder, rotateOrder, sameOrder, type Order } from './orders';
import { readPieceList, type PieceList } from './piece-list';
import { readPlacementList } from './placement-list';
import { drawnBoard, savedBoard } from './board-files';
import { boardFaults, parseSense, placeBoard, turnBoardTo, type PieceSource, type Sense } from './place-board';
import { cellsAgainstSet, coloursFromOne, everyCellFilled } from './board-fit';
import { countNoun } from '../../../text/plural';
import { fileNameOnly } from '../../../document/file-name';

export { BoardOrderError } from './board-fit';

/** Options of the edge readers, as the CLI and the import dialog pass them (all text). */
export interface EdgeReadOptions {
  /** `RxC`. */
  size?: string;
  /** A permutation of t r b l / n e s w, or `auto`. */
  order?: string;
  /** `clockwise` / `anticlockwise` (or cw / ccw): how a board's rotations turn. */
  rotation?: string;
  /** `0` or `1`: what a board's first piece is numbered (from 1, 0 is an empty cell). */
  numbering?: string;
  /** `top` or `bottom`: which row of the board a board file writes first. */
  rows?: string;
  /** The colour the frame is drawn in, as the file writes it (when not 0: `1`, `22`, `a`). */
  frame?: string;
}

export function orderOption(spec: string | undefined, file?: string): Order | null {
  if (!optionGiven(spec)) return null;
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
  // Only from the start of a run of digits: tried from every digit, a long run took quadratic time.
  const all = [...fileNameOnly(file).matchAll(/(?<!\d)(\d+)[xX](\d+)/g)];
  if (all.length === 0) return null;
  const m = all[all.length - 1];
  const r = Number(m[1]);
  const c = Number(m[2]);
  return r >= 1 && c >= 1 ? [r, c] : null;
}

/** A piece file read up to its edge order, which may still be open. */
export interface PiecesRead {
  list: PieceList;
  rows: number;
  cols: number;
  fixed: FixedPiece[];
  /** The user's or the file's order; only it is used. */
  given: Order | null;
  /** What detection found from the pieces alone (null when it could not decide). */
  detected: Order | null;
  /** Why detection could not decide, to throw when no board decides either. */
  detectError: FormatError | null;
  sense: Sense | null;
  notes: string[];
  /** Where the size came from, for the evidence of the reading. */
  sizeFrom: string;
  /** Colours that could each be the frame (as written), when more than one could: a reading each. */
  frameChoices: string[];
}

export function readPieces(text: string, file: string, options: EdgeReadOptions = {}): PiecesRead {
  const given = orderOption(options.order, file);
  const sense = parseSense(options.rotation);
  let list = readPieceList(text, file);
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
  let sizeFrom = header ? 'from the header' : opt ? 'the size given' : 'from the file name';
  size ??= opt ?? sizeFromFileName(file);
  if (!size) {
    sizeFrom = 'a square, no size given';
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

  const fixed: FixedPiece[] = list.fixed.map(({ no, v: [piece, row, col, rotation] }) => {
    if (piece < 1 || piece > n) throw new FormatError(`fixed piece ${piece} is not in 1..${n}`, file, no);
    if (row < 1 || row > rows || col < 1 || col > cols)
      throw new FormatError(`fixed piece ${piece}: row ${row} col ${col} is off the ${rows}x${cols} board`, file, no);
    if (rotation > 3) throw new FormatError(`fixed piece ${piece}: rotation ${rotation} is not 0..3`, file, no);
    return { piece: piece - 1, row: row - 1, col: col - 1, rotation };
  });

  const notes = [...list.notes];
  const frame = pickFrame(list.fields, rows, cols, list.colourWords, options.frame, file);
  const remapped = frame.remapped;
  if (remapped) {
    list = { ...list, fields: remapped.fields };
    notes.push(remapped.note);
  }
  const stated = given ?? list.declared;
  let detected: Order | null = null;
  let detectError: FormatError | null = null;
  if (!stated) {
    try {
      const choice = detectOrder(list.fields, rows, cols, file);
      detected = choice.order;
      if (choice.note) notes.push(choice.note);
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      detectError = e;
    }
  }
  if (list.foreignFixed.length > 0) {
    const f = foreignFixed(list.foreignFixed, list.fields, stated ?? detected ?? TRBL, rows, cols, list.foreignFrom, file);
    fixed.push(...f.fixed);
    notes.push(f.note);
  }
  if (!list.upright && !list.fields.includes(0))
    notes.push('no grey edge anywhere: read as pieces that may turn, with a free border (Tetravex tiles, which never turn, read with --format tetravex)');
  return { list, rows, cols, fixed, given: stated, detected, detectError, sense, notes, sizeFrom, frameChoices: frame.choices };
}

/** The puzzle of a piece file on its own: the stated or detected order (throws when neither decides). */
export function piecesPuzzle(r: PiecesRead): { puzzle: EdgePuzzle; order: Order } {
  if (r.detectError) throw r.detectError;
  const order = r.given ?? r.detected ?? TRBL;
  const puzzle: EdgePuzzle = { rows: r.rows, cols: r.cols, edges: applyOrder(r.list.fields, order), fixed: r.fixed };
  if (r.list.upright) puzzle.rotatable = false;
  return { puzzle, order };
}

/** The evidence for a piece file's reading (see document/readings.ts): count, frame and pairing of its colours. */
export function piecesEvidence(r: PiecesRead, puzzle: EdgePuzzle, order: Order): Evidence[] {
  const n = r.list.fields.length / 4;
  return [
    countEvidence(n, r.rows, r.cols, r.sizeFrom, r.sizeFrom === 'a square, no size given' ? 1 : 2),
    frameEvidence(r.list.fields, order, r.rows, r.cols),
    hasGrey(puzzle.edges) ? parityEvidence(puzzle.edges) : { reason: 'no grey edge: pieces that may turn with a free border', weight: 0 },
    ...(r.list.upright ? [{ reason: 'the file marks its pieces upright (#@upright)', weight: 3 }] : []),
  ];
}

/** Every board in a board file (URLs, grids, pairs, colour cells, drawings, other programs' saves), for a puzzle of this size. */
export function readBoards(text: string, file: string, rows: number, cols: number): BoardText[] {
  const saved = savedBoard(text, file);
  if (saved) return [saved];
  if (isBoardUrlText(text)) return readBoardUrls(text, file);
  const drawn = drawnBoard(text, file, { rows, cols });
  if (drawn) return [drawn];
  const listed = readPlacementList(text, rows, cols);
  if (listed) return [listed];
  return readBoardTextCells(text, file, rows * cols, rows, cols);
}

export interface PlacedBoard {
  name: string;
  puzzle: EdgePuzzle;
  board: EdgeBoard;
  order: Order;
  notes: string[];
}

/** A piece file and a board file read together: the boards decide the order where the pieces cannot. */
export function readPiecesWithBoards(
  piecesText: string,
  piecesFile: string,
  boardText: string,
  boardFile: string,
  options: EdgeReadOptions = {},
  onBoard?: (done: number, total: number) => void,
): { pieces: PiecesRead; boards: PlacedBoard[] } {
  const pieces = readPieces(piecesText, piecesFile, options);
  const boards = readBoards(boardText, boardFile, pieces.rows, pieces.cols);
  return { pieces, boards: placeBoards(pieces, boards, boardFile, options, onBoard) };
}

/** Boards already read, placed on a piece file read up to its order (the boards decide it where the pieces cannot). */
export function placeBoards(
  pieces: PiecesRead,
  boards: readonly BoardText[],
  boardFile: string,
  options: EdgeReadOptions = {},
  onBoard?: (done: number, total: number) => void,
): PlacedBoard[] {
  const src: PieceSource = {
    fields: pieces.list.fields,
    rows: pieces.rows,
    cols: pieces.cols,
    fixed: pieces.fixed,
    given: pieces.given,
    preferred: pieces.detected,
    sense: pieces.sense,
  };
  // One file, one convention: the numbering and row direction are weighed on the first board.
  const first = boards.length > 0 ? weighBoard(src, boards[0], boardFile, options) : null;
  const placed = boards.map((bt, i) => {
    onBoard?.(i, boards.length);
    if (i === 0 && first) return { name: bt.name, ...first.placed };
    const p = placeAtItsSize(src, first ? varied(bt, first.variant, src.cols) : bt, boardFile);
    return { name: bt.name, puzzle: p.puzzle, board: p.board, order: p.order, notes: p.notes };
  });
  return placed;
}

interface Variant {
  numbering: 0 | 1;
  bottomFirst: boolean;
}

/** A board read with another numbering or row direction (text boards only; URLs say theirs). */
function varied(bt: BoardText, v: Variant, cols: number): BoardText {
  if (v.numbering === 1 && !v.bottomFirst) return bt;
  const out: BoardText = { ...bt };
  if (bt.pieces && v.numbering === 0) out.pieces = bt.pieces.map((x) => x + 1);
  if (v.bottomFirst && cols > 0) {
    const rows = bt.cells / cols;
    const flip = <A extends Int32Array | Uint8Array | Uint16Array>(a: A | null | undefined, per: number): A | null => {
      if (!a) return null;
      const b = a.slice() as A;
      for (let r = 0; r < rows; r++) b.set(a.subarray((rows - 1 - r) * cols * per, (rows - r) * cols * per), r * cols * per);
      return b;
    };
    out.pieces = flip(out.pieces, 1);
    out.rotations = flip(out.rotations, 1);
    out.edges = flip(out.edges, 4);
    if (bt.cellLines) out.cellLines = flip(bt.cellLines, 1) ?? undefined;
  }
  return out;
}

/**
 * The first board of a file placed under each numbering (from 1, or from 0) and row direction
 * (top or bottom row first) it may be written in, weighed by the joins each makes and the grey
 * edges each puts out of place (see document/readings.ts). Options given narrow the list.
 */
type Place = (src: PieceSource, bt: BoardText, file: string) => { puzzle: EdgePuzzle; board: EdgeBoard; order: Order; notes: string[]; sense?: Sense };

function weighBoard(
  src: PieceSource,
  bt: BoardText,
  file: string,
  options: EdgeReadOptions,
  place: Place = placeAtItsSize,
): { placed: ReturnType<Place>; variant: Variant } {
  const n = src.fields.length / 4;
  const text = !bt.edgesClockwise;
  const numbering =
    options.numbering !== undefined
      ? [numberingOption(options.numbering, file)]
      : bt.numbering !== undefined
        ? [bt.numbering]
        : text && bt.pieces
          ? ([1, 0] as const)
          : ([1] as const);
  const rowsFirst =
    options.rows !== undefined ? [rowsOption(options.rows, file)] : bt.bottomFirst !== undefined ? [bt.bottomFirst] : text ? [false, true] : [false];
  const readings: Reading<{ placed: ReturnType<Place>; variant: Variant }>[] = [];
  let firstError: unknown = null;
  for (const num of numbering)
    for (const bottomFirst of rowsFirst) {
      if (num === 0 && bt.pieces && bt.pieces.some((x) => x >= n)) continue;
      const variant: Variant = { numbering: num, bottomFirst };
      let placed: ReturnType<Place>;
      try {
        placed = place(src, varied(bt, variant, src.cols), file);
      } catch (e) {
        firstError ??= e;
        continue;
      }
      const p = placed.puzzle;
      const max = maxScore(p.rows, p.cols);
      const joins = scoreBoard(p, placed.board);
      const faults = boardFaults(p, placed.board);
      const evidence: Evidence[] = [{ reason: `${joins} of ${max} joins match`, weight: max > 0 ? (6 * joins) / max : 0 }];
      // Only an order the user or the file states counts: detection knows the order up to its mirror image, and a board
      // written bottom row first is exactly the mirror image of one written top row first.
      const own = src.given;
      if (own && sameOrder(placed.order, own)) evidence.push({ reason: `in the pieces' own order (${orderText(own)})`, weight: 1 });
      if (faults > 0) evidence.push({ reason: `${countNoun(faults, 'grey edge')} out of place`, weight: -Math.min(4, faults / 2) });
      const zeros = bt.pieces ? bt.pieces.filter((x) => x === 0).length : 0;
      if (num === 0) evidence.push({ reason: `piece numbers from 0 (${zeros === 1 ? 'one 0 on the board' : 'no empty cell'})`, weight: 0 });
      // The file's own word on the score picks the reading that makes it.
      if (bt.statedScore !== undefined)
        evidence.push(
          bt.statedScore === joins
            ? { reason: `${joins} joins match, the score the file states`, weight: 3 }
            : { reason: `${joins} joins match where the file states ${bt.statedScore}`, weight: -1 },
        );
      const opts: Record<string, string> = {};
      if (numbering.length > 1 || options.numbering !== undefined) opts.numbering = String(num);
      if (rowsFirst.length > 1 || options.rows !== undefined) opts.rows = bottomFirst ? 'bottom' : 'top';
      const notes = [...(bt.notes ?? []), ...placed.notes];
      if (num === 0) notes.push('piece numbers read from 0');
      if (bottomFirst) notes.push('rows read bottom row first');
      readings.push({
        label: `the board with pieces numbered from ${num}, ${bottomFirst ? 'bottom' : 'top'} row first`,
        options: opts,
        evidence,
        key: adjacencyKey(placed.board, p.cols),
        value: { placed: { ...placed, notes }, variant },
      });
    }
  if (readings.length === 0) throw firstError;
  // The way this program writes boards (from 1, top row first) goes first among equals.
  const chosen = pickReading(readings, file);
  return chosen.value;
}

/**
 * Which pieces neighbour which: the same for a board and its mirror or turned image (a board
 * written bottom row first reads, in the mirror order, as the mirror image of the same board).
 */
function adjacencyKey(b: EdgeBoard, cols: number): string {
  const pairs: string[] = [];
  for (let i = 0; i < b.piece.length; i++) {
    const p = b.piece[i];
    if (p < 0) continue;
    const right = (i + 1) % cols !== 0 ? b.piece[i + 1] : -1;
    const down = i + cols < b.piece.length ? b.piece[i + cols] : -1;
    for (const q of [right, down]) if (q >= 0) pairs.push(p < q ? `${p}-${q}` : `${q}-${p}`);
  }
  const placed = Array.from(b.piece)
    .filter((p) => p >= 0)
    .sort((x, y) => x - y);
  return `${placed.join(',')} ${pairs.sort().join(',')}`;
}

/** The number of a board's first piece, from its option's text; `file` names the file it is for. */
export function numberingOption(s: string, file?: string): 0 | 1 {
  if (s === '0' || s === '1') return Number(s) as 0 | 1;
  throw new FormatError(`numbering option: expected 0 or 1 (the number of the first piece), got "${s}"`, file);
}

/** Whether a board file writes its bottom row first, from its option's text. */
export function rowsOption(s: string, file?: string): boolean {
  if (s === 'top' || s === 'bottom') return s === 'bottom';
  throw new FormatError(`rows option: expected top or bottom (the row a board file writes first), got "${s}"`, file);
}

/**
 * A board on the piece set, or, when it is a URL of another size that carries every piece's
 * colours (a file of boards of several sizes), a puzzle of its own at its own size.
 */
function placeAtItsSize(src: PieceSource, bt: BoardText, file: string): { puzzle: EdgePuzzle; board: EdgeBoard; order: Order; notes: string[] } {
  const other = bt.rows !== null && bt.cols !== null && (bt.rows !== src.rows || bt.cols !== src.cols);
  if (!other || !bt.edges || !bt.edgesClockwise || !everyCellFilled(bt.edges)) return placeBoard(src, bt, file);
  const own = boardOnItsOwn(bt, file);
  const note = `the board${bt.name ? ` ${bt.name}` : ''} is ${bt.rows}x${bt.cols}, not ${src.rows}x${src.cols}: a puzzle of its own, its cells as they lie`;
  return { puzzle: own.puzzle, board: own.board, order: TRBL, notes: [note] };
}

/**
 * Boards from a file placed on a puzzle already known (a library puzzle, stored top right bottom
 * left): the board may count rotations from any turn of the pieces and either way round.
 */
export function readBoardsOnPuzzle(
  text: string,
  file: string,
  puzzle: EdgePuzzle,
  options: { rotation?: string; numbering?: string; rows?: string } = {},
): { name: string; board: EdgeBoard; notes: string[] }[] {
  const boards = readBoards(text, file, puzzle.rows, puzzle.cols);
  const src: PieceSource = {
    fields: puzzle.edges,
    rows: puzzle.rows,
    cols: puzzle.cols,
    fixed: puzzle.fixed,
    given: null,
    preferred: TRBL,
    sense: parseSense(options.rotation),
    // Upright pieces are read as they lie.
    within: isRotatable(puzzle) ? [0, 1, 2, 3].map((k) => rotateOrder(TRBL, k)) : [TRBL],
  };
  // A board that says how it turns (this program's own files) is read exactly as written.
  const exact: Place = (s, b, f) => placeBoard(b.sense ? { ...s, within: [TRBL] } : s, b, f);
  // Tetravex files count colours from 0 and are stored from 1 (0 is grey here): cells written in the file's colours match one higher.
  const shifted: Place = (s, b, f) => {
    try {
      return exact(s, b, f);
    } catch (e) {
      if (!(e instanceof FormatError) || !b.edges || b.edgesClockwise || hasGreyBorder(puzzle)) throw e;
      const p = exact(s, { ...b, edges: coloursFromOne(b.edges) }, f);
      return { ...p, notes: [...p.notes, "the cells' colours read one higher, as the tiles' are (colours from 0 in the file)"] };
    }
  };
  const place: Place = (s, b, f) => {
    const p = shifted(s, b, f);
    cellsAgainstSet(b, p.puzzle, p.board, s.cols, f);
    return p;
  };
  const first = boards.length > 0 ? weighBoard(src, boards[0], file, options, place) : null;
  return boards.map((bt, i) => {
    const p = i === 0 && first ? first.placed : place(src, first ? varied(bt, first.variant, src.cols) : bt, file);
    const board = turnBoardTo(p.board, p.order, TRBL)!;
    const notes = p.notes.filter((x) => !x.startsWith('read as ')).concat(p.sense === 'anticlockwise' ? ['rotations read anticlockwise'] : []);
    return { name: bt.name, board, notes };
  });
}

/** What `workbench score` prints for one board. */
export interface BoardScore {
  name: string;
  score: number;
  maxScore: number;
  placed: number;
  cells: number;
  valid: boolean;
  problems: string[];
}

const SIDE = ['top', 'right', 'bottom', 'left'];

/** Score and check a board: every grey edge out of place is a problem; empty cells are not. */
export function boardScore(p: EdgePuzzle, b: EdgeBoard, name = ''): BoardScore {
  const problems: string[] = [];
  // A set without grey edges (Tetravex) has a free border: any colour may face out.
  if (hasGreyBorder(p))
    for (const f of borderFaults(p, b)) problems.push(`row ${f.row + 1} col ${f.col + 1}: the ${SIDE[f.side]} edge faces out but is not grey`);
  for (const m of mismatches(p, b))
    if (m.a === 0 || m.b === 0)
      problems.push(`row ${m.row + 1} col ${m.col + 1}: a grey edge inside the board (join ${m.dir === 'right' ? 'to the right' : 'below'})`);
  let placed = 0;
  for (let i = 0; i < b.piece.length; i++) {
    if (b.piece[i] < 0) continue;
    placed++;
    if (!isRotatable(p) && b.rotation[i] !== 0)
      problems.push(`row ${Math.floor(i / p.cols) + 1} col ${(i % p.cols) + 1}: piece ${b.piece[i] + 1} is turned, but the pieces may not be turned`);
  }
  for (const f of p.fixed) {
    const i = f.row * p.cols + f.col;
    if (b.piece[i] >= 0 && (b.piece[i] !== f.piece || b.rotation[i] !== f.rotation))
      problems.push(`row ${f.row + 1} col ${f.col + 1}: fixed piece ${f.piece + 1} (rotation ${f.rotation}) is not there`);
  }
  return { name, score: scoreBoard(p, b), maxScore: maxScore(p.rows, p.cols), placed, cells: p.rows * p.cols, valid: problems.length === 0, problems };
}

export { orderText };

/**
 * A board given by its colours alone (a URL with board_edges), partial or not: its filled cells,
 * as they lie, are the pieces. Enough to score it without the piece set.
 */
export function boardOnItsOwn(bt: BoardText, file: string): { puzzle: EdgePuzzle; board: EdgeBoard } {
  if (!bt.edges || !bt.edgesClockwise || bt.rows === null || bt.cols === null)
    throw new FormatError(`the board${bt.name ? ` ${bt.name}` : ''} does not carry its colours (board_edges): give its piece set too`, file, bt.line);
  const board: EdgeBoard = { piece: new Int16Array(bt.cells).fill(-1), rotation: new Uint8Array(bt.cells) };
  const colours: number[] = [];
  for (let i = 0; i < bt.cells; i++) {
    const e = bt.edges.subarray(4 * i, 4 * i + 4);
    if (bt.cells > 1 && e[0] === 0 && e[1] === 0 && e[2] === 0 && e[3] === 0) continue;
    board.piece[i] = colours.length / 4;
    colours.push(e[0], e[1], e[2], e[3]);
  }
  return { puzzle: { rows: bt.rows, cols: bt.cols, edges: Uint16Array.from(colours), fixed: [] }, board };
}
