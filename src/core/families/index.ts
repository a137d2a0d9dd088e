/**
 * The registry of puzzle families: the one list of them. Every other list (format sniffing, the
 * API's family literal, the CLI, bundled samples, badges, the new-puzzle dialog) is derived from
 * it. No solver code is reachable from here, so the renderer may import it.
 */
import type { AnyFamily, Family } from './family';
import { FAMILY_IDS, type FamilyId } from './ids';
import { edgeFamily } from './edge/family';
import { jumpFamily } from './jump/family';
import { parityFamily } from './parity/family';

// `satisfies` holds this table to exactly the ids of ids.ts (a missing or extra family fails to compile).
const builtIn = { edge: edgeFamily, jump: jumpFamily, parity: parityFamily } satisfies Record<FamilyId, AnyFamily>;

/** The built-in families by id (their keys are `FamilyId`). */
export type BuiltInFamilies = typeof builtIn;

export const families: Readonly<Record<FamilyId, AnyFamily>> = builtIn;

/** Every built-in family id, in registry order (the order lists and sniffing use). */
export { FAMILY_IDS };

/** A family from outside the program (a test's toy family): the same contract with any id. */
export type ExtraFamily<P, S, A = unknown> = Omit<Family<P, S, A>, 'id'> & { id: string };

const extras = new Map<string, AnyFamily>();

/**
 * Add a family at run time, after the built-in ones. Every service reading the registry in this
 * process (file reading and sniffing, documents, samples, scoring, the catalogue's checks) then
 * knows it; a solver process or worker thread has its own registry, so one that must know the
 * family registers it too (the toy family's tests run their solver in process for that reason).
 */
export function registerFamily<P, S, A>(family: ExtraFamily<P, S, A>): void {
  if (Object.hasOwn(builtIn, family.id) || extras.has(family.id)) throw new Error(`puzzle family "${family.id}" is already registered`);
  // The id is outside FamilyId by design: typed tables (API, renderer) cover the built-in families only.
  extras.set(family.id, family as AnyFamily);
}

/** Built-in families first, then registered ones, in order. */
export function allFamilies(): readonly AnyFamily[] {
  return [...FAMILY_IDS.map((id) => builtIn[id]), ...extras.values()];
}

export function hasFamily(id: string): boolean {
  return Object.hasOwn(builtIn, id) || extras.has(id);
}

export function getFamily(id: string): AnyFamily {
  const f = Object.hasOwn(builtIn, id) ? (builtIn as Record<string, AnyFamily>)[id] : extras.get(id);
  if (!f)
    throw new Error(
      `unknown puzzle family "${id}" (known: ${allFamilies()
        .map((x) => x.id)
        .join(', ')})`,
    );
  return f;
}
