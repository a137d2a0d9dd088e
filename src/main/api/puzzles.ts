/**
 * Library puzzles as the API returns them, and what an import previews and adds.
 */
import type { CellValues, FamilyId } from '../../core/families/family';
import type { BoardScore } from '../../core/families/edge/files';

/** A library row without its document. */
export interface PuzzleSummary {
  id: number;
  name: string;
  family: FamilyId;
  /** What it is called in lists and badges ("Tetravex", "Edge matching"): worked out by core when saved. */
  kind: string;
  source: string;
  rows: number;
  cols: number;
  createdAt: number;
  updatedAt: number;
  lastOpenedAt: number | null;
  /** Best score of any run made on this puzzle (higher is better), null before any score. */
  bestScore: number | null;
}

export interface PuzzleRecord extends PuzzleSummary {
  document: unknown;
  /**
   * getPuzzle: what a cell may hold where the family's solutions are cells (core's `cellValues`),
   * else null; the renderer's generic grid view edits a family it has no view of from this.
   */
  cellValues?: CellValues | null;
}

export type PuzzleSort = 'name' | 'updated' | 'opened' | 'best';

export interface ImportResult {
  /** New library entries. */
  added: PuzzleRecord[];
  /** Library puzzles whose placement was replaced. */
  updated: PuzzleRecord[];
  /** How the file was read, one line each (e.g. "read as top bottom left right"). */
  notes: string[];
  /** Validation warnings of what was imported, one line each. */
  warnings: string[];
  /** Puzzles that were already in the library with the same content (by the new entry's id). */
  duplicates: { id: number; sameAs: { id: number; name: string } }[];
}

export interface ImportPreview {
  format: string;
  family: FamilyId;
  /** How many puzzles the file holds (several board URLs, several mazes). */
  count: number;
  name: string;
  rows: number;
  cols: number;
  /** Edge order the pieces were read in ("top right bottom left"), when it applies. */
  order: string | null;
  /** Pieces (edge) or cells. */
  pieces: number;
  notes: string[];
  warnings: string[];
  errors: string[];
  /** The first few pieces as [top, right, bottom, left] (edge), else the first rows of cells. */
  first: number[][];
  /** A board that came with the file, scored. */
  board: BoardScore | null;
  /** Library puzzles with the same content. */
  sameAs: { id: number; name: string }[];
}

export interface PlacementScore {
  score: number;
  maxScore: number | null;
}

export type LibraryPuzzle = PuzzleSummary & { placement: PlacementScore | null };
