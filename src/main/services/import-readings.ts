/**
 * The import dialog's readings (issue 48): each plausible reading of a file, trimmed for the
 * dialog, with the content keys that find the library puzzles a board file belongs to (read in
 * serve's parse worker too), and the view the API returns with those places looked up.
 */
import { getFamily } from '../../core/families';
import { boardScore, type BoardScore } from '../../core/families/edge/files';
import { pieceCount, type EdgeBoard, type EdgePuzzle, isEdgeRead } from '../../core/families/edge/model';
import { contentKey } from '../store/content-key';
import { SAME_NAMED } from './same-puzzles';
import type { ImportReadings, ImportReadingView } from '../api/contract';
import { importReadings, type ImportReading, type ImportRequest } from './imports';
import type { Workbench } from './workbench';

/** Readings the dialog is sent at most (the heaviest): a huge file's puzzles are not shipped once per reading. */
const SHOWN_READINGS = 6;
const SHOWN_EVIDENCE = 4;
const SHOWN_PROBLEMS = 3;
/** Largest puzzle a reading carries for its thumbnail. */
const DRAWN_CELLS = 4096;
/**
 * Largest laid-out board whose one-fixed-piece keys are tried: each key hashes the whole piece
 * set (about 0.3 ms for 256 pieces), four per cell. Eternity II's size; bigger boards match only
 * puzzles without fixed pieces.
 */
const KEYED_CELLS = 256;

/** A reading as read (in serve's worker thread too), with the content keys that find the library puzzles it is a board for. */
export interface ReadingRead extends Omit<ImportReadingView, 'places'> {
  keys: string[];
}

export interface ReadingsRead {
  readings: ReadingRead[];
  total: number;
}

const trimmedScore = (b: BoardScore): BoardScore => ({ ...b, problems: b.problems.slice(0, SHOWN_PROBLEMS) });

/** The pieces in file order, unturned: how a board file written as a piece list lays them out. */
function laidOutBoard(p: EdgePuzzle): EdgeBoard {
  const n = p.rows * p.cols;
  const piece = new Int16Array(n);
  for (let i = 0; i < n; i++) piece[i] = i;
  return { piece, rotation: new Uint8Array(n) };
}

/**
 * The content keys of the puzzles a laid-out piece set may be a board for: the set itself, and
 * (boards up to KEYED_CELLS) the set with the piece of one cell fixed there in each of its four
 * turns. A library puzzle's key covers its fixed pieces and their turns relative to its own
 * listing, which the file does not know; Eternity II fixes one (its starter), so one-fixed keys
 * find it, each by an index lookup. Puzzles fixing several pieces are not found this way.
 */
function boardKeys(p: EdgePuzzle, withFixed: boolean): string[] {
  const keys = [contentKey('edge', p)];
  if (!withFixed || p.rows * p.cols > KEYED_CELLS) return keys;
  for (let cell = 0; cell < p.rows * p.cols; cell++)
    for (let rotation = 0; rotation < 4; rotation++)
      keys.push(contentKey('edge', { ...p, fixed: [{ piece: cell, row: Math.floor(cell / p.cols), col: cell % p.cols, rotation }] }));
  return keys;
}

/** Share of the joins a layout must match to be taken for a board (a piece set in any other order matches few). */
const BOARD_JOINS = 0.5;

/** Pieces in file order that make a board, not a piece set listed in some order: the frame's grey edges face out and most joins match. */
const looksLaidOut = (b: BoardScore): boolean => b.valid && b.maxScore > 0 && b.score >= BOARD_JOINS * b.maxScore;

function readingRead(r: ImportReading): ReadingRead {
  const it = r.items[0];
  const family = getFamily(it.family);
  const { rows, cols } = family.size(it.puzzle);
  const edgeIt = isEdgeRead(it) ? it : null;
  const edge = edgeIt ? edgeIt.puzzle : null;
  const pieces = edge ? pieceCount(edge) : rows * cols;
  const hasSolution = it.solution !== undefined && it.solution !== null;
  const drawn = rows * cols <= DRAWN_CELLS;
  // A piece set that fills its board with nothing fixed and no board of its own may be a board written as a piece list.
  const candidate = edge && !hasSolution && r.items.length === 1 && pieces === rows * cols && edge.fixed.length === 0 ? edge : null;
  const layout = candidate ? boardScore(candidate, laidOutBoard(candidate), it.name) : null;
  const laidOut = layout && looksLaidOut(layout) ? candidate : null;
  return {
    label: r.label,
    options: r.options,
    weight: r.weight,
    evidence: [...r.evidence].sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight)).slice(0, SHOWN_EVIDENCE),
    family: it.family,
    name: it.name,
    count: r.items.length,
    rows,
    cols,
    pieces,
    puzzle: drawn ? family.puzzleToJson(it.puzzle) : null,
    solution: drawn && hasSolution ? family.solutionToJson(it.puzzle, it.solution) : null,
    board: edgeIt?.solution ? trimmedScore(boardScore(edgeIt.puzzle, edgeIt.solution, it.name)) : null,
    layout: laidOut && layout ? trimmedScore(layout) : null,
    errors: family.validate(it.puzzle).errors.slice(0, SHOWN_PROBLEMS),
    // Only the plausible readings try the one-fixed keys (a thousand hashes each).
    keys: laidOut ? boardKeys(laidOut, r.weight >= 0) : [],
  };
}

/** The readings of a file the dialog is sent, with their keys (no library needed: serve runs this in its worker thread). */
export function readReadings(req: Omit<ImportRequest, 'into' | 'pieces'>): ReadingsRead {
  const all = importReadings(req);
  return { readings: all.slice(0, SHOWN_READINGS).map(readingRead), total: all.length };
}

/**
 * Library puzzles stored under any of the keys (a few documents read, never the library): those
 * without a placement first, where the board replaces nothing, then oldest first.
 */
function placesOf(wb: Workbench, keys: readonly string[]): ImportReadingView['places'] {
  const found = new Map<number, string>();
  for (const key of keys) for (const x of wb.store.samePuzzles(key, SAME_NAMED)) found.set(x.id, x.name);
  return [...found]
    .sort((a, b) => a[0] - b[0])
    .slice(0, SAME_NAMED)
    .map(([id, name]) => {
      const doc = wb.store.getPuzzle(id)?.document as { solution?: unknown } | undefined;
      return { id, name, placed: doc?.solution !== undefined && doc.solution !== null };
    })
    .sort((a, b) => Number(a.placed) - Number(b.placed) || a.id - b.id);
}

/**
 * The import dialog's readings of a file (see ImportReadings), each with the library puzzles it
 * is a board for; `read` is what serve's worker thread made of the request (else it is read here).
 * Nothing is stored.
 */
export function importReadingsView(wb: Workbench, req: Omit<ImportRequest, 'into' | 'pieces'>, read?: ReadingsRead): ImportReadings {
  const r = read ?? readReadings(req);
  return { readings: r.readings.map(({ keys, ...x }) => ({ ...x, places: placesOf(wb, keys) })), total: r.total };
}

// ---------------------------------------------------------------------------------------------
// The library listing with each puzzle's placement scored

/** Scores by puzzle id and update time, so the listing parses each document once per change. */
