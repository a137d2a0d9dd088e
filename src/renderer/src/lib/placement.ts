import type { LibraryPuzzle, PuzzleSummary, WorkbenchApi } from '../../../main/api/types';
import { bestOfText } from '../../../core/text/run-text';

/**
 * "470 / 480" for a library entry whose saved placement has a score (the listing carries it), else
 * null. A family whose best score is 0 (a casse-tête: minus its odd lines) says "solved" or the
 * score alone, never "0 / 0".
 */
export function placementText(p: PuzzleSummary): string | null {
  const x = (p as Partial<LibraryPuzzle>).placement;
  if (!x) return null;
  return bestOfText(x.score, x.maxScore);
}

/**
 * Undo a placement replaced outside the editor (a board file loaded onto a library puzzle): the
 * latest entry of the document's history becomes the placement again. Returns what it did.
 */
export async function undoPlacement(api: Pick<WorkbenchApi, 'getPuzzle' | 'updatePuzzle'>, id: number): Promise<string> {
  const rec = await api.getPuzzle({ id });
  const doc = rec.document as { solution?: unknown; history?: unknown[] };
  const history = doc.history ?? [];
  // No history: the puzzle had no placement before (the import keeps none for it).
  const before = history.length === 0 ? null : history[history.length - 1];
  const next: Record<string, unknown> = { ...doc, history: history.slice(0, -1) };
  if (before === null || before === undefined) delete next.solution;
  else next.solution = before;
  await api.updatePuzzle({ id, document: next });
  return `Put back the placement “${rec.name}” had.`;
}
