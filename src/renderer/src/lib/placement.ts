import type { LibraryPuzzle, PuzzleSummary } from '../../../main/api/types';

/** "470 / 480" for a library entry whose saved placement has a score (the listing carries it), else null. */
export function placementText(p: PuzzleSummary): string | null {
  const x = (p as Partial<LibraryPuzzle>).placement;
  if (!x) return null;
  return x.maxScore === null ? `${x.score}` : `${x.score} / ${x.maxScore}`;
}
