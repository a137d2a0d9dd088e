/**
 * What a run's board shows, for any family, with every score from core: edge cells as tile faces
 * with the mismatched joins; jump and parity drawn by the document painter (lib/board-image).
 */
import { makeDocument, type PuzzleDocument } from '../../../core/document/document';
import { getFamily } from '../../../core/families';
import { puzzleFromJson, solutionFromJson } from '../../../core/families/edge/json';
import type { EdgeBoard, EdgePuzzle } from '../../../core/families/edge/model';
import { mismatches } from '../../../core/families/edge/score';
import type { FamilyId } from '../../../core/families/family';
import type { BoardCell, JoinMark } from '../board/board';
import { pieceFaceKey } from '../families/edge/faces';

export interface BoardScore {
  score: number;
  maxScore: number | null;
  solved: boolean;
}

/** Core's evaluation of a solution JSON against a puzzle JSON; null when it cannot be read. */
export function evaluateRunBoard(family: FamilyId, puzzleJson: unknown, solutionJson: unknown): BoardScore | null {
  if (solutionJson === null || solutionJson === undefined) return null;
  try {
    const f = getFamily(family);
    const p: unknown = f.puzzleFromJson(puzzleJson);
    const s: unknown = f.solutionFromJson(p, solutionJson);
    return f.evaluate(p, s);
  } catch {
    return null;
  }
}

export interface EdgeView {
  puzzle: EdgePuzzle;
  cells: (BoardCell | null)[];
  bad: JoinMark[];
  locked: number[];
}

/** The edge board to draw: faces per cell, mismatched joins (core's `mismatches`), fixed cells. */
export function edgeView(puzzle: EdgePuzzle, solutionJson: unknown): EdgeView {
  const n = puzzle.rows * puzzle.cols;
  let board: EdgeBoard | null = null;
  if (solutionJson !== null && solutionJson !== undefined) {
    try {
      board = solutionFromJson(puzzle, solutionJson, 'run board');
    } catch {
      board = null;
    }
  }
  const cells: (BoardCell | null)[] = new Array<BoardCell | null>(n).fill(null);
  let bad: JoinMark[] = [];
  if (board) {
    for (let i = 0; i < n; i++) {
      const pc = board.piece[i]!;
      cells[i] = pc < 0 ? null : { face: pieceFaceKey(puzzle.edges, pc), rotation: board.rotation[i]! };
    }
    bad = mismatches(puzzle, board).map((m) => ({ row: m.row, col: m.col, dir: m.dir }));
  }
  return { puzzle, cells, bad, locked: puzzle.fixed.map((f) => f.row * puzzle.cols + f.col) };
}

export function edgePuzzle(json: unknown): EdgePuzzle {
  return puzzleFromJson(json, 'run puzzle');
}

/** A document of the run's puzzle with a board as its solution (for drawing, or to open in an editor). */
export function runDocument(family: FamilyId, name: string, puzzleJson: unknown, solutionJson: unknown | null): PuzzleDocument {
  const f = getFamily(family);
  const p: unknown = f.puzzleFromJson(puzzleJson, 'run puzzle');
  return makeDocument(family, name, p, solutionJson === null || solutionJson === undefined ? undefined : f.solutionFromJson(p, solutionJson, 'run board'));
}

/** Rows and columns of a run's puzzle (parity: n x n). */
export function runGrid(family: FamilyId, puzzleJson: unknown): { rows: number; cols: number } {
  const f = getFamily(family);
  return f.size(f.puzzleFromJson(puzzleJson));
}
