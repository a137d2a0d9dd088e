/**
 * The ids of the families built into the program, in registry order (the order lists and sniffing
 * use). A leaf: the family contract, run types and presets name families by id without importing
 * the registry, which imports every family (families/index.ts is checked to hold exactly these).
 */
const IDS = ['edge', 'jump', 'parity'] as const;

/** A built-in family: a new one makes the compiler point at every table keyed by family. */
export type FamilyId = (typeof IDS)[number];

export const FAMILY_IDS: readonly FamilyId[] = IDS;
