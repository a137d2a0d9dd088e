/**
 * The "New puzzle" dialog's model. A spec is the family, the name and the family's own fields:
 * their type, starting values, limits, problems, default name and the document they build are the
 * family's (families/<id>/new-puzzle.ts, held as FamilyView.newPuzzle); this module holds the part
 * every family shares and dispatches to the family's rules through the registry.
 */
import type { PuzzleDocument } from '../../../core/document/document';
import type { FamilyId } from '../../../core/families/family';
import type { ApiArgs } from '../../../main/api/contract';
import { familyView } from '../families/views';

/** A puzzle to be made by the backend (to order: one solution, a difficulty), the name aside. */
export type NewPuzzleOrder = Omit<ApiArgs<'startOrder'>, 'name'>;

/** What the dialog edits; `fields` is the family's own (unknown here, typed in the family's folder). */
export interface NewPuzzleSpec<F = unknown> {
  family: FamilyId;
  /** Blank = a default name from the family's fields. */
  name: string;
  fields: F;
}

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

/** A fresh spec for the family (seed 1 unless the dialog draws one). */
export function defaultSpec(family: FamilyId = 'jump', seed = 1): NewPuzzleSpec {
  return { family, name: '', fields: familyView(family).newPuzzle.defaults(seed) };
}

export function defaultName(spec: NewPuzzleSpec): string {
  return familyView(spec.family).newPuzzle.name(spec.fields);
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

/** Every problem with the spec (empty = it can be created). */
export function specProblems(spec: NewPuzzleSpec): SpecProblem[] {
  const out: SpecProblem[] = [];
  if (spec.name.length > 200) out.push({ field: 'name', message: 'the name is longer than 200 characters' });
  return [...out, ...familyView(spec.family).newPuzzle.problems(spec.fields)];
}

/** What to ask the backend for, when the spec is made to order (else null: `newPuzzleDocument`). */
export function newPuzzleOrder(spec: NewPuzzleSpec): ApiArgs<'startOrder'> | null {
  const problems = specProblems(spec);
  if (problems.length > 0) throw new Error(problems[0]!.message);
  const order = familyView(spec.family).newPuzzle.order?.(spec.fields) ?? null;
  return order && { ...order, name: spec.name.trim() || defaultName(spec) };
}

/** The document to create; throws the first problem if the spec has any. */
export function newPuzzleDocument(spec: NewPuzzleSpec): PuzzleDocument {
  const problems = specProblems(spec);
  if (problems.length > 0) throw new Error(problems[0]!.message);
  return familyView(spec.family).newPuzzle.document(spec.fields, spec.name.trim() || defaultName(spec));
}
