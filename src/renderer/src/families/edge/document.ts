/**
 * Reading an edge puzzle document into models and writing the edited puzzle and placement back.
 * Uses the family's JSON forms (core/families/edge/json.ts) and the document shape of
 * core/document; the backend validates the document again on save.
 */
import { DOCUMENT_FORMAT, DOCUMENT_HISTORY_LIMIT, DOCUMENT_VERSION, type PuzzleDocument } from '../../../../core/document/document';
import { puzzleFromJson, puzzleToJson, solutionFromJson, solutionToJson } from '../../../../core/families/edge/json';
import { pieceCount, type EdgeBoard, type EdgePuzzle } from '../../../../core/families/edge/model';
import { normalize, placedCount } from './placement';

export interface LoadedEdge {
  name: string;
  puzzle: EdgePuzzle;
  /** The saved placement (normalised for the puzzle). */
  board: EdgeBoard;
  /** The known solution saved with the puzzle (from a cut or a generation), if any. */
  known: EdgeBoard | null;
  /** Earlier placements saved with the puzzle (the undo history), oldest first. */
  history: EdgeBoard[];
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
    return { name, puzzle, board, known, history, error: null };
  } catch (e) {
    const empty: EdgePuzzle = { rows: 1, cols: 1, edges: new Uint16Array(0), fixed: [] };
    return { name, puzzle: empty, board: normalize(empty, null), known: null, history: [], error: (e as Error).message };
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
  return doc;
}

/** A run's best board against the current puzzle, or a one-line reason it cannot be used. */
export function boardFromRun(puzzle: EdgePuzzle, runPuzzle: unknown, best: unknown): { board: EdgeBoard; warning: string | null } | { error: string } {
  if (best === null || best === undefined) return { error: 'this run has no board yet' };
  let warning: string | null = null;
  try {
    const rp = puzzleFromJson(runPuzzle, 'run puzzle');
    if (rp.rows !== puzzle.rows || rp.cols !== puzzle.cols || rp.edges.length !== puzzle.edges.length)
      return {
        error: `the run was made on a ${rp.rows}x${rp.cols} puzzle with ${pieceCount(rp)} pieces; this one is ${puzzle.rows}x${puzzle.cols} with ${pieceCount(puzzle)}`,
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
