/**
 * The "New puzzle" dialog's model. A spec is the family, the name and the family's own fields:
 * their type, starting values, limits, problems, default name and the document they build are the
 * family's (families/<id>/new-puzzle.ts, held as FamilyView.newPuzzle, over the contract in
 * families/new-puzzle-rules.ts); this module dispatches to the family's rules through the registry.
 */
import type { PuzzleDocument } from '../../../core/document/document';
import type { FamilyId } from '../../../core/families/family';
import type { ApiArgs } from '../../../main/api/contract';
import type { SpecProblem } from '../families/new-puzzle-rules';
import { familyEntry } from '../families';

// The families' side of the dialog lives in families/new-puzzle-rules.ts; kept here for the dialog's callers.
export { sizeProblems, whole, type NewPuzzleOrder, type NewPuzzleRules, type SpecProblem } from '../families/new-puzzle-rules';

/** What the dialog edits; `fields` is the family's own (unknown here, typed in the family's folder). */
export interface NewPuzzleSpec<F = unknown> {
  family: FamilyId;
  /** Blank = a default name from the family's fields. */
  name: string;
  fields: F;
}

/** A fresh spec for the family (seed 1 unless the dialog draws one). */
export function defaultSpec(family: FamilyId = 'jump', seed = 1): NewPuzzleSpec {
  return { family, name: '', fields: familyEntry(family).newPuzzle.defaults(seed) };
}

export function defaultName(spec: NewPuzzleSpec): string {
  return familyEntry(spec.family).newPuzzle.name(spec.fields);
}

/** Every problem with the spec (empty = it can be created). */
export function specProblems(spec: NewPuzzleSpec): SpecProblem[] {
  const out: SpecProblem[] = [];
  if (spec.name.length > 200) out.push({ field: 'name', message: 'the name is longer than 200 characters' });
  return [...out, ...familyEntry(spec.family).newPuzzle.problems(spec.fields)];
}

/** What to ask the backend for, when the spec is made to order (else null: `newPuzzleDocument`). */
export function newPuzzleOrder(spec: NewPuzzleSpec): ApiArgs<'startOrder'> | null {
  const problems = specProblems(spec);
  if (problems.length > 0) throw new Error(problems[0]!.message);
  const order = familyEntry(spec.family).newPuzzle.order?.(spec.fields) ?? null;
  return order && { ...order, name: spec.name.trim() || defaultName(spec) };
}

/** The document to create; throws the first problem if the spec has any. */
export function newPuzzleDocument(spec: NewPuzzleSpec): PuzzleDocument {
  const problems = specProblems(spec);
  if (problems.length > 0) throw new Error(problems[0]!.message);
  return familyEntry(spec.family).newPuzzle.document(spec.fields, spec.name.trim() || defaultName(spec));
}
