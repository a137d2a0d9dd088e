/**
 * Every family's own board keys by family (each family's keys.ts), for the shortcut registry
 * (lib/shortcuts.ts), which finds a key by its name in these after the shared tables. Keyed by
 * FamilyId, so a new family is a compile error here until it says what keys it has.
 */
import type { FamilyId } from '../../../core/families/family';
import { EDGE_KEYS } from './edge/keys';
import { JUMP_KEYS } from './jump/keys';
import { PARITY_KEYS } from './parity/keys';

export type KeyTable = Readonly<Record<string, string | readonly string[]>>;

export const FAMILY_KEYS = { edge: EDGE_KEYS, jump: JUMP_KEYS, parity: PARITY_KEYS } as const satisfies Record<FamilyId, KeyTable>;

/** The name of any family's key (`turn`, `digit`, `toggle`...). */
export type FamilyKeyName = { [F in FamilyId]: keyof (typeof FAMILY_KEYS)[F] }[FamilyId];
