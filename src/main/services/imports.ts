import { DOCUMENT_HISTORY_LIMIT, makeDocument, parseDocument, type PuzzleDocument } from '../../core/document/document';
import { FormatError } from '../../core/document/errors';
import { detectFormat, fileReadings, readPuzzleFiles, type ReadPuzzle } from '../../core/document/read-file';
import { weightOf, type Evidence } from '../../core/document/readings';
import { getFamily } from '../../core/families';
import type { FamilyId } from '../../core/families/family';
import {
  BoardOrderError,
  boardScore,
  readBoardsOnPuzzle,
  readPiecesWithBoards,
  type BoardScore,
  orderLetters,
  orderText,
} from '../../core/families/edge/files';
import { type EdgeBoard, type EdgePuzzle, puzzleToJson as edgePuzzleToJson, isEdgeRead } from '../../core/families/edge/model';
import type { PuzzleQuery, PuzzleRecord, PuzzleSummary } from '../store/types';
import type { Workbench } from './workbench';
import { findSame } from './same-puzzles';
import { checkFileSize, checkLineLength, checkTextLimits } from '../../core/document/limits';
import { checkName, escapeControls } from '../../core/text/display';
import type { ImportPreview, ImportResult, LibraryPuzzle, PlacementScore } from '../api/puzzles';
import type { ApiArgs, ImportReadings, ImportReadingView } from '../api/contract';
import { contentKey } from '../store/content-key';

export { findSame };
export type { ImportPreview, ImportReadings, ImportReadingView, ImportResult, LibraryPuzzle, PlacementScore };

/**
 * Importing files into the library the way people have them: several puzzles in one file, a
 * board from another tool read against its piece set or against a library puzzle, what was
 * detected (format, size, edge order) shown before saving, and the same puzzle found when it is
 * already there.
 */

/** A file to import, as the API takes it; `source` says where it came from (default: the file name). */
export type ImportRequest = ApiArgs<'importFile'> & { source?: string };

/** One puzzle a file holds, as read (a worker thread's answer has this shape too). */
export interface Item {
  family: FamilyId;
  name: string;
  puzzle: unknown;
  solution: unknown;
  notes: string[];
  /** What the reader worked out (e.g. `order`), when it says. */
  info?: Record<string, string>;
}

const base = (fileName: string): string => (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.[^.]+$/, '');

/** One line per problem, named after the puzzle when a file held several: throws the first error, adds the warnings. */
function checkItem(it: Item, several: boolean, fileName: string, warnings: string[]): void {
  const { errors, warnings: w } = getFamily(it.family).validate(it.puzzle);
  const who = several ? `${escapeControls(fileName)} (${it.name})` : escapeControls(fileName);
  if (errors.length > 0) throw new Error(`${who}: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : ''}`);
  for (const x of w) warnings.push(`${who}: ${x}`);
  // A name the library would refuse is refused now, before anything is stored.
  if (it.name.trim()) it.name = checkName(it.name);
}

function checked(items: Item[], fileName: string): { warnings: string[] } {
  const warnings: string[] = [];
  for (const it of items) checkItem(it, items.length > 1, fileName, warnings);
  return { warnings };
}

/**
 * Both texts of a request within the reader size limit (see core/document/limits), before any
 * parsing; line lengths are checked by the readers, which know whether a file is a JSON document.
 */
function checkRequestLimits(req: { fileName: string; text: string; pieces?: { fileName: string; text: string } }): void {
  checkFileSize(req.text, req.fileName);
  if (req.pieces) checkFileSize(req.pieces.text, req.pieces.fileName);
}

/** Called as a long read goes (boards placed so far of all): for progress lines. */
export type ReadProgress = (done: number, total: number) => void;

/**
 * The boards of a board file placed on a piece set. A piece list whose edge order is open is read
 * with the boards (they decide the order); any other edge file (Tetravex, a document) is read as
 * it is and the boards placed on that puzzle.
 */
export function readPiecesAndBoards(
  pieces: { fileName: string; text: string },
  board: { fileName: string; text: string },
  options: Record<string, string> = {},
  onProgress?: ReadProgress,
): { name: string; puzzle: EdgePuzzle; board: EdgeBoard; notes: string[] }[] {
  checkRequestLimits({ ...board, pieces });
  // A board file is always text; the piece set may be a document (read below with its own checks).
  checkLineLength(board.text, board.fileName);
  const format = detectFormat(pieces.fileName, pieces.text);
  // A piece list is weighed once: Tetravex goes on with that reading, any other is read with its boards.
  const tetravex = format === 'pieces' ? readAsTetravex(pieces, options) : null;
  if (format === 'pieces' && tetravex === null) {
    checkLineLength(pieces.text, pieces.fileName);
    const r = readPiecesWithBoards(pieces.text, pieces.fileName, board.text, board.fileName, options, onProgress);
    const pieceNotes = r.pieces.notes.filter((n) => !n.startsWith('read as '));
    return r.boards.map((b) => ({ name: b.name, puzzle: b.puzzle, board: b.board, notes: [...pieceNotes, ...b.notes] }));
  }
  const read = tetravex ?? readPuzzleFiles(pieces.fileName, pieces.text, { options });
  const only = read.length === 1 ? read[0] : null;
  if (!only || !isEdgeRead(only))
    throw new FormatError(
      `expected an edge-matching piece set, got ${read.length > 1 ? `${read.length} puzzles` : `a ${read[0].family} puzzle`}`,
      pieces.fileName,
    );
  const puzzle = only.puzzle;
  try {
    return readBoardsOnPuzzle(board.text, board.fileName, puzzle, options).map((b) => ({ name: b.name, puzzle, board: b.board, notes: b.notes }));
  } catch (e) {
    // The board's cells join in an order the pieces were not read in (tiles that never turn
    // cannot show their order): a program writes its pieces and boards alike, so the piece file
    // is read again in the board's order, unless the person gave one.
    if (!(e instanceof BoardOrderError) || options.order !== undefined) throw e;
    const order = orderLetters(e.order);
    const again = readPuzzleFiles(pieces.fileName, pieces.text, { options: { ...options, order } });
    const settledRead = again.length === 1 ? again[0] : null;
    if (!settledRead || !isEdgeRead(settledRead)) throw e;
    const settled = settledRead.puzzle;
    const note = `pieces read as ${orderText(e.order)} (--order ${order}), the order in which the board's cells join: the board settles what the pieces alone could not`;
    return readBoardsOnPuzzle(board.text, board.fileName, settled, options).map((b) => ({
      name: b.name,
      puzzle: settled,
      board: b.board,
      notes: [note, ...b.notes],
    }));
  }
}

/**
 * A file sniffed as a piece list, weighed: that reading when it is tiles that never turn (its boards
 * are placed on it as read), else null.
 */
function readAsTetravex(pieces: { fileName: string; text: string }, options: Record<string, string>): ReadPuzzle[] | null {
  try {
    const read = readPuzzleFiles(pieces.fileName, pieces.text, { options });
    return read.length === 1 && isEdgeRead(read[0]) && read[0].puzzle.rotatable === false ? read : null;
  } catch (e) {
    // Unread alone (an order only the boards decide, say): the boards decide it.
    if (e instanceof FormatError) return null;
    throw e;
  }
}

/** What a file holds, read as `importFile` would read it (no library changes). */
export function readForImport(req: Omit<ImportRequest, 'into'>, onProgress?: ReadProgress): Item[] {
  checkRequestLimits(req);
  if (req.pieces) {
    const boards = readPiecesAndBoards(req.pieces, req, req.options ?? {}, onProgress);
    const name = base(req.pieces.fileName);
    return boards.map((b) => ({
      family: 'edge' as const,
      name: boards.length > 1 || b.name ? `${name} ${b.name || base(req.fileName)}`.trim() : `${name} ${base(req.fileName)}`,
      puzzle: b.puzzle,
      solution: b.board,
      notes: b.notes,
    }));
  }
  return readPuzzleFiles(req.fileName, req.text, { format: req.format, options: req.options }).map(itemOf);
}

const itemOf = (r: ReadPuzzle): Item => ({ family: r.family, name: r.name, puzzle: r.puzzle, solution: r.solution, notes: r.notes, info: r.info });

/** One way of reading a file, for the import dialog to show beside the others and switch to. */
export interface ImportReading {
  /** "Tetravex 3x3, top bottom left right". */
  label: string;
  /** The options that select it (format, order, size, numbering, rows): pass them back as the request's `format` and `options`. */
  options: Record<string, string>;
  weight: number;
  /** Short reasons for and against, with their weights. */
  evidence: Evidence[];
  /** The puzzles it makes. */
  items: Item[];
}

/**
 * Every plausible reading of a file (a piece set alone, without `pieces`), heaviest first, each
 * with its evidence, the puzzles it makes and the options that select it; `format` and `options`
 * given narrow the list. Throws the file's one-line refusal when nothing reads it.
 */
export function importReadings(req: Omit<ImportRequest, 'into' | 'pieces'>): ImportReading[] {
  checkRequestLimits(req);
  const { readings, refusals } = fileReadings(req.fileName, req.text, { format: req.format, options: req.options });
  if (readings.length === 0) throw refusals[0]?.error ?? new FormatError('no puzzle family recognises this file: give --format', req.fileName);
  return readings.map((r) => ({ label: r.label, options: r.options, weight: weightOf(r), evidence: r.evidence, items: r.value.map(itemOf) }));
}

/** A request read and checked, ready to store: nothing in the library has changed yet. */
export interface PreparedImport {
  req: ImportRequest;
  /** New library entries to add. */
  items: Item[];
  /** `into` with one board: the library puzzle whose placement it replaces, and its new document. */
  replace: { id: number; document: unknown } | null;
  notes: string[];
  warnings: string[];
}

/**
 * Read and check everything a request would store, without storing. `read` is what a reader
 * already made of the request (in a worker thread, see serve); without it the files are read here.
 */
export function prepareImport(wb: Workbench, req: ImportRequest, read?: Item[] | BoardsOnPuzzle, onProgress?: ReadProgress): PreparedImport {
  if (req.into !== undefined) return prepareOnto(wb, req, req.into, read && 'onto' in read ? read : undefined);
  if (read && 'onto' in read) throw new Error('boards read onto a library puzzle need `into`');
  const items = read ?? readForImport(req, onProgress);
  const { warnings } = checked(items, req.fileName);
  const notes = items.flatMap((it) => it.notes.map((n) => (items.length > 1 ? `${it.name}: ${n}` : n)));
  return { req, items, replace: null, notes, warnings };
}

/** The boards of a file placed on a library puzzle, read (in serve's worker thread) before they are stored. */
export interface BoardsOnPuzzle {
  onto: number;
  boards: ReturnType<typeof readBoardsOnPuzzle>;
}

/** The library puzzle a board file goes onto (`into`), checked: an edge puzzle that is there. */
export function ontoPuzzle(wb: Workbench, id: number): { rec: PuzzleRecord; doc: PuzzleDocument; puzzle: EdgePuzzle } {
  const rec = wb.store.getPuzzle(id);
  if (!rec) throw new Error(`no puzzle ${id} in the library`);
  const { doc, puzzle } = parseDocument(rec.document, `puzzle ${id}`);
  const read = { family: doc.family, puzzle };
  if (!isEdgeRead(read)) throw new Error(`puzzle ${id} is ${rec.family}: only edge-matching boards can be placed on a library puzzle`);
  return { rec, doc, puzzle: read.puzzle };
}

/** A board file's boards on an edge puzzle, within the reader limits. */
export function readOnto(req: Pick<ImportRequest, 'fileName' | 'text' | 'options'>, puzzle: EdgePuzzle): ReturnType<typeof readBoardsOnPuzzle> {
  checkTextLimits(req.text, req.fileName);
  return readBoardsOnPuzzle(req.text, req.fileName, puzzle, req.options ?? {});
}

/** A board file placed on a library puzzle: one board replaces its placement; several become copies. */
function prepareOnto(wb: Workbench, req: ImportRequest, id: number, read?: BoardsOnPuzzle): PreparedImport {
  const { rec, doc, puzzle } = ontoPuzzle(wb, id);
  if (read && read.onto !== id) throw new Error(`boards read onto puzzle ${read.onto} cannot go onto puzzle ${id}`);
  const boards = read?.boards ?? readOnto(req, puzzle);
  const notes = boards.flatMap((b) => b.notes.map((n) => (boards.length > 1 ? `${b.name}: ${n}` : n)));
  if (boards.length === 1) {
    // The placement there was stays in the undo history, so the editor can bring it back.
    const history = doc.solution === undefined ? doc.history : [...(doc.history ?? []), doc.solution].slice(-DOCUMENT_HISTORY_LIMIT);
    const document = { ...doc, solution: getFamily('edge').solutionToJson(puzzle, boards[0].board), ...(history ? { history } : {}) };
    return { req, items: [], replace: { id, document }, notes, warnings: [] };
  }
  const items = boards.map((b) => ({ family: 'edge' as const, name: `${rec.name} ${b.name}`, puzzle, solution: b.board, notes: [] }));
  return { req, items, replace: null, notes, warnings: [] };
}

/** Databases checked for damage before this process first added to them (once each, as Workbench.importPuzzle does). */
const checkedStores = new WeakSet<object>();

function checkStoreOnce(wb: Workbench): void {
  if (checkedStores.has(wb.store)) return;
  wb.store.checkIntegrity();
  checkedStores.add(wb.store);
}

/**
 * The first copy of each puzzle met while storing, by content key: the library's (one index
 * lookup) or the first one just added. Null: none. Only within one transaction, so it never
 * names a puzzle deleted in the meantime.
 */
type FirstCopies = Map<string, { id: number; name: string } | null>;

/** Store one item, noting when the library already held it. */
function addItem(wb: Workbench, it: Item, source: string, result: ImportResult, first: FirstCopies): void {
  const key = contentKey(it.family, it.puzzle);
  const found = first.has(key) ? first.get(key)! : (wb.store.samePuzzles(key, 1)[0] ?? null);
  const document = makeDocument(it.family, it.name, it.puzzle, it.solution);
  const { rows, cols } = getFamily(it.family).size(it.puzzle);
  const rec = wb.store.addPuzzle({ name: it.name || 'Untitled', family: it.family, source, document, rows, cols });
  first.set(key, found ?? { id: rec.id, name: rec.name });
  result.added.push(rec);
  if (found) result.duplicates.push({ id: rec.id, sameAs: found });
}

const resultOf = (p: PreparedImport): ImportResult => ({ added: [], updated: [], notes: [...p.notes], warnings: [...p.warnings], duplicates: [] });

/**
 * Store what was prepared, all in one transaction: every file's puzzles or none (a failure, or the
 * process killed half way, leaves the library as it was).
 */
export function storeImports(wb: Workbench, prepared: readonly PreparedImport[]): ImportResult[] {
  checkStoreOnce(wb);
  const first: FirstCopies = new Map();
  // The store's transaction, not the bare connection's: it checks the file is still ours first and says SQLite's errors in one line.
  const results = wb.store.core.tx(() =>
    prepared.map((p): ImportResult => {
      const result = resultOf(p);
      if (p.replace) result.updated.push(wb.updatePuzzle(p.replace.id, { document: p.replace.document }));
      const source = p.req.source ?? p.req.fileName;
      for (const it of p.items) addItem(wb, it, source, result, first);
      return result;
    }),
  );
  if (results.some((r) => r.added.length > 0)) wb.notifyPuzzlesChanged();
  return results;
}

/** How long one slice of a long import may hold the event loop (as long store operations do, see deleteRuns). */
const SLICE_MS = 50;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `importFile` for a server that must keep answering and renewing its runs' leases: the file's
 * puzzles are checked and stored in slices of about 50 ms with the event loop let run between
 * them, each slice its own transaction. All or nothing still: a failure takes back the puzzles
 * already stored (only a process killed half way leaves them).
 */
export async function importFileInTurns(wb: Workbench, req: ImportRequest, read?: Item[] | BoardsOnPuzzle): Promise<ImportResult> {
  let items: Item[];
  let notes: string[];
  const warnings: string[] = [];
  if (req.into === undefined && Array.isArray(read) && read.length > 1) {
    // Checked here in slices, as prepareImport would check them at once.
    items = read;
    for (let i = 0; i < items.length;) {
      const until = performance.now() + SLICE_MS;
      for (; i < items.length && performance.now() < until; i++) checkItem(items[i], true, req.fileName, warnings);
      if (i < items.length) await nextTurn();
    }
    notes = items.flatMap((it) => it.notes.map((n) => `${it.name}: ${n}`));
  } else {
    const p = prepareImport(wb, req, read);
    if (p.replace || p.items.length <= 1) return storeImports(wb, [p])[0];
    ({ items, notes } = p);
    warnings.push(...p.warnings);
  }
  const result: ImportResult = { added: [], updated: [], notes, warnings, duplicates: [] };
  checkStoreOnce(wb);
  const source = req.source ?? req.fileName;
  try {
    for (let i = 0; i < items.length;) {
      const until = performance.now() + SLICE_MS;
      const first: FirstCopies = new Map();
      const from = i;
      i = wb.store.core.tx(() => {
        let at = from;
        for (; at < items.length && performance.now() < until; at++) addItem(wb, items[at], source, result, first);
        return at;
      });
      if (i < items.length) await nextTurn();
    }
  } catch (e) {
    await takeBack(
      wb,
      result.added.map((r) => r.id),
    );
    throw e;
  }
  wb.notifyPuzzlesChanged();
  return result;
}

/** Delete the puzzles a failed import stored, in slices too; an error here leaves the first one to say. */
async function takeBack(wb: Workbench, ids: readonly number[]): Promise<void> {
  try {
    for (let i = 0; i < ids.length;) {
      const until = performance.now() + SLICE_MS;
      const from = i;
      i = wb.store.core.tx(() => {
        let at = from;
        for (; at < ids.length && performance.now() < until; at++) wb.store.deletePuzzle(ids[at]);
        return at;
      });
      if (i < ids.length) await nextTurn();
    }
  } catch {
    // The import's own error is the one to report; what is left shows in the library.
  }
}

/** Read a file (with its piece set, or onto a library puzzle) and add what it holds to the library. */
export function importFile(wb: Workbench, req: ImportRequest, read?: Item[] | BoardsOnPuzzle): ImportResult {
  return storeImports(wb, [prepareImport(wb, req, read)])[0];
}

// ---------------------------------------------------------------------------------------------
// Preview (the import dialog)

const PREVIEW_PIECES = 8;

/** Read a file as `importFile` would, without changing the library; a file that cannot be read throws its one-line error. */
export function previewImport(wb: Workbench, req: Omit<ImportRequest, 'into'>, read?: Item[]): ImportPreview {
  const items = read ?? readForImport(req);
  const it = items[0];
  const family = getFamily(it.family);
  const { rows, cols } = family.size(it.puzzle);
  const { errors, warnings } = family.validate(it.puzzle);
  let first: number[][] = [];
  let pieces = rows * cols;
  let board: BoardScore | null = null;
  let order: string | null = null;
  if (isEdgeRead(it)) {
    const list = edgePuzzleToJson(it.puzzle).pieces;
    pieces = list.length;
    first = list.slice(0, PREVIEW_PIECES);
    const read = it.notes.find((n) => n.startsWith('read as '));
    order = it.info?.order
      ? it.info.order
      : read
        ? read
            .slice('read as '.length)
            .replace(/ \(.*$/, '')
            .replace(/, rotations.*$/, '')
        : 'top right bottom left';
    if (it.solution) board = boardScore(it.puzzle, it.solution, it.name);
  } else if (it.solution) {
    const cells = family.cells(it.puzzle, it.solution) as number[][];
    first = cells.slice(0, PREVIEW_PIECES);
  }
  const format = req.pieces ? 'board' : (req.format ?? detectFormat(req.fileName, req.text));
  return {
    format,
    family: it.family,
    count: items.length,
    name: it.name,
    rows,
    cols,
    order,
    pieces,
    notes: it.notes,
    warnings,
    errors,
    first,
    board,
    sameAs: findSame(wb, it.family, it.puzzle),
  };
}

const placementCache = new Map<string, PlacementScore | null>();

function placementOf(wb: Workbench, s: PuzzleSummary): PlacementScore | null {
  const key = `${wb.store.path}#${s.id}@${s.updatedAt}`;
  if (placementCache.has(key)) return placementCache.get(key)!;
  const rec = wb.store.getPuzzle(s.id);
  if (!rec) return null;
  let out: PlacementScore | null = null;
  try {
    const { doc, puzzle, solution } = parseDocument(rec.document, `puzzle ${rec.id}`);
    if (solution !== undefined) {
      const e = getFamily(doc.family).evaluate(puzzle, solution);
      out = { score: e.score, maxScore: e.maxScore };
    }
  } catch {
    out = null;
  }
  if (placementCache.size > 10_000) placementCache.clear();
  placementCache.set(key, out);
  return out;
}

/** The library listing, each entry with the score of its saved placement (null when it has none). */
export function listLibrary(wb: Workbench, q: PuzzleQuery = {}): LibraryPuzzle[] {
  return wb.store.listPuzzles(q).map((s) => ({ ...s, placement: placementOf(wb, s) }));
}
