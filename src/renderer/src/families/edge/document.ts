/**
 * Reading an edge puzzle document into models and writing the edited puzzle and placement back.
 * Uses the family's JSON forms (core/families/edge/model/json.ts) and the document shape of
 * core/document; the backend validates the document again on save.
 */
import { DOCUMENT_FORMAT, DOCUMENT_HISTORY_LIMIT, DOCUMENT_VERSION, type PuzzleDocument } from '../../../../core/document/document';
import {
  puzzleFromJson,
  puzzleToJson,
  solutionFromJson,
  solutionToJson,
  pieceCount,
  type EdgeBoard,
  type EdgePuzzle,
} from '../../../../core/families/edge/model';
import { countNoun } from '../../../../core/text/plural';
import { normalize, placedCount } from './placement';
import { MAX_DRAWING_SIDE, type Drawing } from './drawing';

/** The designer's drawing with its undo history (oldest first), kept in the document's `draft`. */
export interface DrawingDraft {
  drawing: Drawing;
  history: Drawing[];
}

export interface LoadedEdge {
  name: string;
  puzzle: EdgePuzzle;
  /** The saved placement (normalised for the puzzle). */
  board: EdgeBoard;
  /** The known solution saved with the puzzle (from a cut or a generation), if any. */
  known: EdgeBoard | null;
  /** Earlier placements saved with the puzzle (the undo history), oldest first. */
  history: EdgeBoard[];
  /** The drawing being designed and its undo history, when the document keeps one. */
  draft: DrawingDraft | null;
  /** A document that cannot be read (not edge, broken JSON form): the message. */
  error: string | null;
}

/** A puzzle whose pieces are all grey, or that has none: nothing to place yet, start in design. */
export function isBlankPuzzle(p: EdgePuzzle): boolean {
  if (pieceCount(p) === 0) return true;
  for (const e of p.edges) if (e !== 0) return false;
  return true;
}

export function loadEdgeDocument(doc: unknown, fallbackName = 'Untitled'): LoadedEdge {
  const o = (typeof doc === 'object' && doc !== null ? doc : {}) as Record<string, unknown>;
  const name = typeof o.name === 'string' && o.name ? o.name : fallbackName;
  try {
    if (o.family !== undefined && o.family !== 'edge') throw new Error(`this is a ${String(o.family)} puzzle, not edge matching`);
    const puzzle = puzzleFromJson(o.puzzle, 'puzzle');
    let board = normalize(puzzle, null);
    if (o.solution !== undefined && o.solution !== null) {
      try {
        board = normalize(puzzle, solutionFromJson(puzzle, o.solution, 'solution'));
      } catch {
        // A placement that no longer fits the pieces (edited elsewhere) is dropped, not fatal.
      }
    }
    let known: EdgeBoard | null = null;
    if (o.reference !== undefined && o.reference !== null) {
      try {
        known = solutionFromJson(puzzle, o.reference, 'reference');
      } catch {
        // A reference that no longer fits the pieces (the piece set was edited) is dropped.
      }
    }
    const history: EdgeBoard[] = [];
    if (Array.isArray(o.history)) {
      for (const h of o.history.slice(-DOCUMENT_HISTORY_LIMIT)) {
        try {
          history.push(normalize(puzzle, h === null ? null : solutionFromJson(puzzle, h, 'history')));
        } catch {
          // A version that no longer fits the pieces is skipped; the others stay undoable.
        }
      }
    }
    return { name, puzzle, board, known, history, draft: draftFromJson(o.draft), error: null };
  } catch (e) {
    const empty: EdgePuzzle = { rows: 1, cols: 1, edges: new Uint16Array(0), fixed: [] };
    return { name, puzzle: empty, board: normalize(empty, null), known: null, history: [], draft: null, error: (e as Error).message };
  }
}

/**
 * The document to save: the puzzle, the placement (when anything is placed), the known solution
 * and the earlier placements (oldest first; an empty board is written as null).
 */
export function edgeDocument(
  name: string,
  puzzle: EdgePuzzle,
  board: EdgeBoard | null,
  known: EdgeBoard | null = null,
  history: readonly EdgeBoard[] = [],
  draft: DrawingDraft | null = null,
): PuzzleDocument {
  const doc: PuzzleDocument = {
    format: DOCUMENT_FORMAT,
    version: DOCUMENT_VERSION,
    family: 'edge',
    name,
    puzzle: puzzleToJson(puzzle),
  };
  if (board && placedCount(board) > 0) doc.solution = solutionToJson(board);
  if (known) doc.reference = solutionToJson(known);
  if (history.length > 0) doc.history = history.slice(-DOCUMENT_HISTORY_LIMIT).map((b) => (placedCount(b) > 0 ? solutionToJson(b) : null));
  if (draft) doc.draft = draftToJson(draft);
  return doc;
}

function drawingToJson(d: Drawing): Record<string, unknown> {
  return { rows: d.rows, cols: d.cols, h: Array.from(d.h), v: Array.from(d.v), hints: d.hints.slice() };
}

/** A drawing in JSON form, or null when it is not one (a hand-edited or foreign draft). */
function drawingFromJson(x: unknown): Drawing | null {
  if (typeof x !== 'object' || x === null) return null;
  const o = x as Record<string, unknown>;
  const side = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_DRAWING_SIDE;
  if (!side(o.rows) || !side(o.cols)) return null;
  const { rows, cols } = o;
  const joins = (a: unknown, n: number): Int32Array | null =>
    Array.isArray(a) && a.length === n && a.every((c) => Number.isInteger(c) && c >= 0 && c < 0x10000) ? Int32Array.from(a as number[]) : null;
  const h = joins(o.h, rows * (cols - 1));
  const v = joins(o.v, (rows - 1) * cols);
  const hints = Array.isArray(o.hints) && o.hints.every((c) => Number.isInteger(c) && c >= 0 && c < rows * cols) ? (o.hints as number[]).slice() : null;
  return h && v && hints ? { rows, cols, h, v, hints } : null;
}

export function draftToJson(draft: DrawingDraft): Record<string, unknown> {
  return { drawing: drawingToJson(draft.drawing), history: draft.history.slice(-DOCUMENT_HISTORY_LIMIT).map(drawingToJson) };
}

/** The draft kept in a document; what cannot be read is dropped (the puzzle itself still opens). */
export function draftFromJson(x: unknown): DrawingDraft | null {
  if (typeof x !== 'object' || x === null) return null;
  const o = x as Record<string, unknown>;
  const drawing = drawingFromJson(o.drawing);
  if (!drawing) return null;
  const history = (Array.isArray(o.history) ? o.history.slice(-DOCUMENT_HISTORY_LIMIT) : []).map(drawingFromJson).filter((d): d is Drawing => d !== null);
  return { drawing, history };
}

/** A run's best board against the current puzzle, or a one-line reason it cannot be used. */
export function boardFromRun(puzzle: EdgePuzzle, runPuzzle: unknown, best: unknown): { board: EdgeBoard; warning: string | null } | { error: string } {
  if (best === null || best === undefined) return { error: 'this run has no board yet' };
  let warning: string | null = null;
  try {
    const rp = puzzleFromJson(runPuzzle, 'run puzzle');
    if (rp.rows !== puzzle.rows || rp.cols !== puzzle.cols || rp.edges.length !== puzzle.edges.length)
      return {
        error: `the run was made on a ${rp.rows}x${rp.cols} puzzle with ${countNoun(pieceCount(rp), 'piece')}; this one is ${puzzle.rows}x${puzzle.cols} with ${countNoun(pieceCount(puzzle), 'piece')}`,
      };
    for (let i = 0; i < rp.edges.length; i++) {
      if (rp.edges[i] !== puzzle.edges[i]) {
        warning = 'the puzzle was edited after this run: its board may not fit the pieces any more';
        break;
      }
    }
  } catch {
    // An unreadable run puzzle: trust the board's shape check below.
  }
  try {
    return { board: normalize(puzzle, solutionFromJson(puzzle, best, 'run board')), warning };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
