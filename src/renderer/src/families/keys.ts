/**
 * Every family's own board keys (each family's view holds its keys.ts table), for the shortcut
 * registry (lib/shortcuts.ts), which finds a key by its name in these after the shared tables.
 * Derived from the views' registry (views.ts), so it lists no family itself.
 */
import { FAMILY_IDS, type FamilyId } from '../../../core/families/family';
import { familyView, type BUILT_IN_VIEWS } from './views';
import type { KeyTable } from './types';

export type { KeyTable } from './types';

export const FAMILY_KEYS: Readonly<Record<string, KeyTable>> = Object.fromEntries(FAMILY_IDS.map((id) => [id, familyView(id).keys]));

/** The name of any family's key (`turn`, `digit`, `toggle`...). */
export type FamilyKeyName = { [F in FamilyId]: keyof (typeof BUILT_IN_VIEWS)[F]['keys'] }[FamilyId];
