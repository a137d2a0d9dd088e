/**
 * The renderer's one table of families: each family folder's one entry (families/<id>/index.ts) by
 * id, and the generic grid view (./grid) for a family core knows in the backend alone (one added
 * with `registerFamily`). The only place that lists families. Free of Svelte and Pixi: entries load
 * their components when first shown, so exporters and Node tests use it too.
 */
import type { FamilyId } from '../../../core/families/family';
import type { FamilyEntry, KeyTable } from './types';
import { addFamilyKeys } from '../lib/shortcuts';
import { erasedEntry } from './erased';
import { edgeEntry } from './edge';
import { jumpEntry } from './jump';
import { parityEntry } from './parity';
import { gridEntry } from './grid';

const BUILT_IN = {
  edge: erasedEntry(edgeEntry),
  jump: erasedEntry(jumpEntry),
  parity: erasedEntry(parityEntry),
} satisfies Record<FamilyId, FamilyEntry>;

/** Every entry, the generic grid's last. */
const ENTRIES: readonly FamilyEntry[] = [...Object.values(BUILT_IN), gridEntry];

/** Each entry's own board keys (families/<id>/keys.ts) by its id, which the shortcut registry finds by name. */
export const FAMILY_KEYS: Readonly<Record<string, KeyTable>> = Object.fromEntries(ENTRIES.map((e) => [e.id, e.keys]));
addFamilyKeys(Object.values(FAMILY_KEYS));

/** Whether the renderer has an entry of the family's own (else it is shown by the generic grid view). */
export function isBuiltIn(id: string): id is FamilyId {
  return Object.hasOwn(BUILT_IN, id);
}

/** A family's entry; a family the renderer has none for gets the generic grid view's. */
export function familyEntry(id: FamilyId | (string & {})): FamilyEntry {
  return isBuiltIn(id) ? BUILT_IN[id] : gridEntry;
}

export type { EditorProps, FamilyEntry, KeyTable } from './types';
