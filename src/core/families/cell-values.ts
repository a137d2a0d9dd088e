/**
 * What a cell of a stored puzzle may hold, told to views that have none of its family's code (the
 * renderer's generic grid view): the family's `cellValues`, for the puzzle its document holds.
 */
import type { CellValues } from './family';
import { getFamily, hasFamily } from './index';
import { isObject } from '../validate/is-object';

/** Null when the family's solutions are not cells, or the document's puzzle cannot be read. */
export function cellValuesOf(family: string, document: unknown): CellValues | null {
  if (!hasFamily(family) || !isObject(document)) return null;
  const f = getFamily(family);
  if (!f.cellValues) return null;
  try {
    return f.cellValues(f.puzzleFromJson(document.puzzle));
  } catch {
    return null;
  }
}
