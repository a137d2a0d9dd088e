/**
 * What a family says about new puzzles (families/<id>/new-puzzle.ts), and the checks they share.
 * Apart from the dialog's model (lib/new-puzzle.ts), which dispatches through the registry of
 * family views: the families import this, and the registry imports them, so nothing loops back.
 */
import type { PuzzleDocument } from '../../../core/document/document';
import type { ApiArgs } from '../../../main/api/contract';

/** A puzzle to be made by the backend (to order: one solution, a difficulty), the name aside. */
export type NewPuzzleOrder = Omit<ApiArgs<'startOrder'>, 'name'>;

export interface SpecProblem {
  /** The field the problem is shown under ('name', or one of the family's fields). */
  field: string;
  message: string;
}

/**
 * What a family says about new puzzles, over its own fields type `F`. The registry holds every
 * family's rules with `F` erased (families/erased.ts).
 */
export interface NewPuzzleRules<F = unknown> {
  /** Sizes the editor handles comfortably. */
  limits: { min: number; max: number };
  /** The fields' starting values; `seed` is for families that draw something at random. */
  defaults: (seed: number) => F;
  name: (fields: F) => string;
  /** Problems with the family's own fields. */
  problems: (fields: F) => SpecProblem[];
  /** The document to create (the fields have no problems). */
  document: (fields: F, name: string) => PuzzleDocument;
  /**
   * When the fields ask for a puzzle made to order (the search can take seconds, so the backend
   * makes it in a thread, with progress and Stop): what to ask; null or absent = `document` makes it.
   */
  order?: (fields: F) => NewPuzzleOrder | null;
}

/** A whole number from lo to hi, or the problem with it. */
export function whole(v: number, lo: number, hi: number, what: string, field: string): SpecProblem | null {
  if (!Number.isInteger(v)) return { field, message: `${what} must be a whole number` };
  if (v < lo || v > hi) return { field, message: `${what} must be ${lo} to ${hi}` };
  return null;
}

/** Rows and columns within the family's limits (the families sized by rows and columns). */
export function sizeProblems(size: { rows: number; cols: number }, limits: { min: number; max: number }): SpecProblem[] {
  return [whole(size.rows, limits.min, limits.max, 'Rows', 'rows'), whole(size.cols, limits.min, limits.max, 'Columns', 'cols')].filter(
    (p): p is SpecProblem => p !== null,
  );
}
