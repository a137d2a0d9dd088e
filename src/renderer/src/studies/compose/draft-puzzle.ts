/** A library puzzle as the composer keeps it: with the score its runs stop at, from its family's view. */
import type { PuzzleSummary } from '../../../../main/api/types';
import { familyEntry } from '../../families';
import type { DraftPuzzle } from './study-draft';

export function draftPuzzle(p: PuzzleSummary): DraftPuzzle {
  return { id: p.id, name: p.name, family: p.family, rows: p.rows, cols: p.cols, maxScore: familyEntry(p.family).maxScoreOf?.(p.rows, p.cols) ?? null };
}
