/** An edge run's board as the Pixi board shows it: faces per cell, mismatched joins (core's `mismatches`), fixed cells. */
import { puzzleFromJson, solutionFromJson, isTetravex, type EdgeBoard, type EdgePuzzle, mismatches } from '../../../../core/families/edge/model';
import type { BoardCell, JoinMark } from '../../board/board';
import { pieceFaceKey } from './faces';

export interface EdgeView {
  puzzle: EdgePuzzle;
  cells: (BoardCell | null)[];
  bad: JoinMark[];
  locked: number[];
}

/** The board of a run (solution JSON, or null before its first improvement) on the puzzle. */
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
    const numbered = isTetravex(puzzle);
    for (let i = 0; i < n; i++) {
      const pc = board.piece[i]!;
      cells[i] = pc < 0 ? null : { face: pieceFaceKey(puzzle.edges, pc, numbered), rotation: board.rotation[i]! };
    }
    bad = mismatches(puzzle, board).map((m) => ({ row: m.row, col: m.col, dir: m.dir }));
  }
  return { puzzle, cells, bad, locked: puzzle.fixed.map((f) => f.row * puzzle.cols + f.col) };
}

export function edgePuzzle(json: unknown): EdgePuzzle {
  return puzzleFromJson(json, 'run puzzle');
}
