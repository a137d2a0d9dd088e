/**
 * A puzzle's content key as the library stores it (the `content_key` column, indexed): the same
 * puzzle found by one index lookup whatever the library's size, where parsing every entry to
 * compare made each import and import preview read the whole library.
 */
import { createHash } from 'node:crypto';
import { getFamily } from '../../core/families';
import type { FamilyId } from '../../core/families/family';

/** The key of a puzzle model (see Family.contentKey) with its family and size, hashed so the column stays short whatever the puzzle's size. */
export function contentKey(family: FamilyId, puzzle: unknown): string {
  const f = getFamily(family);
  const key = f.contentKey ? f.contentKey(puzzle) : `${family} ${JSON.stringify(f.puzzleToJson(puzzle))}`;
  // Family and board size keyed too: the same pieces on another board are another puzzle.
  const { rows, cols } = f.size(puzzle);
  return createHash('sha256').update(`${family} ${rows}x${cols}\n${key}`).digest('hex');
}

/** The key of a stored document's puzzle; null when it cannot be read (a damaged entry is the same as nothing). */
export function documentContentKey(family: string, document: unknown): string | null {
  return puzzleContentKey(family, (document as { puzzle?: unknown } | null)?.puzzle);
}

/** The key of a puzzle in its JSON form (a run's own copy); null when it cannot be read. */
export function puzzleContentKey(family: string, json: unknown): string | null {
  try {
    const f = getFamily(family);
    return contentKey(f.id, f.puzzleFromJson(json, 'puzzle'));
  } catch {
    return null;
  }
}
