/**
 * A run's board for any family, with every score from core: its score, its grid and the document
 * to draw or open. How it is shown is the family's (families/<id>: RunBoard).
 */
import { makeDocument, type PuzzleDocument } from '../../../core/document/document';
import { getFamily } from '../../../core/families';
import type { FamilyId } from '../../../core/families/family';

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
