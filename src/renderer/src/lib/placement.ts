import type { LibraryPuzzle, PuzzleSummary } from '../../../main/api/types';

/**
 * "470 / 480" for a library entry whose saved placement has a score (the listing carries it), else
 * null. A family whose best score is 0 (a casse-tête: minus its odd lines) says "solved" or the
 * score alone, never "0 / 0".
 */
export function placementText(p: PuzzleSummary): string | null {
  const x = (p as Partial<LibraryPuzzle>).placement;
  if (!x) return null;
  if (x.maxScore === 0) return x.score === 0 ? 'solved' : `${x.score}`;
  return x.maxScore === null ? `${x.score}` : `${x.score} / ${x.maxScore}`;
}
