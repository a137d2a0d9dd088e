/**
 * A family and what was read under its id, typed together: the one place a puzzle named by a family
 * id becomes that family's model, so callers hold no casts. Sound because every reader (files,
 * documents, the API) builds a puzzle with the family its id names.
 */
import type { Family } from './family';
import { getFamily } from './index';

/** What was read under a family id: the puzzle, and the user's work and the known solution, where there are any. */
export interface FamilyRead {
  family: string;
  puzzle: unknown;
  solution?: unknown;
  reference?: unknown;
}

/** The models of one family, typed by it. */
export interface TypedRead<P, S> {
  puzzle: P;
  solution?: S;
  reference?: S;
}

/**
 * Call `use` with the family `read.family` names and the read typed by that family's models. `A` is
 * its analysis's type as the caller carries it (the API's union of the built-in families' analyses).
 */
export function withFamily<R, A = unknown>(read: FamilyRead, use: <P, S>(family: Family<P, S, A>, read: TypedRead<P, S>) => R): R {
  const { puzzle, solution, reference } = read;
  return use(getFamily(read.family), {
    puzzle,
    ...(solution === undefined || solution === null ? {} : { solution }),
    ...(reference === undefined || reference === null ? {} : { reference }),
  });
}
