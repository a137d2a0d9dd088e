/** A library puzzle as the composer keeps it: with the score its runs stop at, from its family's view. */
import type { PuzzleSummary } from '../../../../main/api/types';
import { familyView } from '../../families/views';
import type { DraftPuzzle } from './study-draft';

export function draftPuzzle(p: PuzzleSummary): DraftPuzzle {
  return { id: p.id, name: p.name, family: p.family, rows: p.rows, cols: p.cols, maxScore: familyView(p.family).maxScoreOf?.(p.rows, p.cols) ?? null };
}
