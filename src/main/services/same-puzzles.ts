/**
 * Library puzzles with the same content as another, by the stored content key. Its own module so
 * the imports of puzzles and of run files share it without importing each other or the Workbench.
 */
import type { FamilyId } from '../../core/families/family';
import { contentKey } from '../store/content-key';
import type { Store } from '../store/store';

/** How many of the library's copies of a puzzle are named (the preview lists them; an import names the first). */
export const SAME_NAMED = 10;

/**
 * Library puzzles with the same content as `puzzle`, oldest first (at most a few): one lookup of
 * the stored content key, so neither an import nor a preview reads the library. `wb` is the
 * Workbench (only its store is read).
 */
export function findSame(wb: { readonly store: Store }, family: FamilyId, puzzle: unknown, exceptId?: number): { id: number; name: string }[] {
  const found = wb.store.samePuzzles(contentKey(family, puzzle), SAME_NAMED + 1).filter((x) => x.id !== exceptId);
  return found.slice(0, SAME_NAMED);
}
