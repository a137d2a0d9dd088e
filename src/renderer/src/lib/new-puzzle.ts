/**
 * The "New puzzle" dialog's model. What a fresh puzzle of each family starts as, its size limits
 * and its name are the family's (families/<id>/view.ts, `newPuzzle`); this module holds the spec
 * they share and dispatches to them:
 * - edge: an empty `rows x cols` board with no pieces yet, for the edge editor to draw and cut;
 * - jump: a random legal maze (the goal reachable when one of a few hundred draws manages it)
 *   or every cell 1;
 * - parity: `(n, m)` with the full grid (every token kept) as its starting grid.
 */
import type { PuzzleDocument } from '../../../core/document/document';
import type { FamilyId } from '../../../core/families/family';
import { parityFeasible, type ParityFeasibility } from '../../../core/families/parity/entry';
import { familyView } from '../families/views';

export type JumpStart = 'random' | 'ones';

export interface NewPuzzleSpec {
  family: FamilyId;
  /** Blank = a default name from the size. */
  name: string;
  /** edge, jump */
  rows: number;
  cols: number;
  /** parity */
  n: number;
  m: number;
  jumpStart: JumpStart;
  /** edge: an empty board to draw, or a random Tetravex (upright tiles, no frame, as GNOME Tetravex) */
  edgeKind: 'draw' | 'tetravex';
  /** Tetravex: how many colours (numbers) its edges take. */
  colours: number;
  seed: number;
}

export interface SpecProblem {
  field: 'name' | 'rows' | 'cols' | 'n' | 'm' | 'colours';
  message: string;
}

/** What a family says about new puzzles (see FamilyView.newPuzzle). */
export interface NewPuzzleRules {
  /** Sizes the editor handles comfortably. */
  limits: { min: number; max: number };
  /** The fields' starting values for this family. */
  defaults: Partial<NewPuzzleSpec>;
  name(spec: NewPuzzleSpec): string;
  /** Problems with the family's own fields. */
  problems(spec: NewPuzzleSpec): SpecProblem[];
  /** The document to create (the spec has no problems). */
  document(spec: NewPuzzleSpec, name: string): PuzzleDocument;
}

export function defaultSpec(family: FamilyId = 'jump'): NewPuzzleSpec {
  return {
    family,
    name: '',
    rows: 7,
    cols: 7,
    n: 6,
    m: 6,
    jumpStart: 'random',
    edgeKind: 'draw',
    colours: 10,
    seed: 1,
    ...familyView(family).newPuzzle.defaults,
  };
}

export function defaultName(spec: NewPuzzleSpec): string {
  return familyView(spec.family).newPuzzle.name(spec);
}

/** A whole number from lo to hi, or the problem with it. */
export function whole(v: number, lo: number, hi: number, what: string, field: SpecProblem['field']): SpecProblem | null {
  if (!Number.isInteger(v)) return { field, message: `${what} must be a whole number` };
  if (v < lo || v > hi) return { field, message: `${what} must be ${lo} to ${hi}` };
  return null;
}

/** Rows and columns within the family's limits (edge, jump). */
export function sizeProblems(spec: NewPuzzleSpec, limits: { min: number; max: number }): SpecProblem[] {
  return [whole(spec.rows, limits.min, limits.max, 'Rows', 'rows'), whole(spec.cols, limits.min, limits.max, 'Columns', 'cols')].filter(
    (p): p is SpecProblem => p !== null,
  );
}

/** Every problem with the spec (empty = it can be created). Infeasible parity (n, m) is allowed (see `parityNote`). */
export function specProblems(spec: NewPuzzleSpec): SpecProblem[] {
  const out: SpecProblem[] = [];
  if (spec.name.length > 200) out.push({ field: 'name', message: 'the name is longer than 200 characters' });
  return [...out, ...familyView(spec.family).newPuzzle.problems(spec)];
}

/** Core's verdict on (n, m) for the parity fields, or null while they are not numbers yet. */
export function parityNote(spec: NewPuzzleSpec): ParityFeasibility | null {
  if (!Number.isInteger(spec.n) || !Number.isInteger(spec.m) || spec.n < 1) return null;
  return parityFeasible(spec.n, spec.m);
}

/** The document to create; throws the first problem if the spec has any. */
export function newPuzzleDocument(spec: NewPuzzleSpec): PuzzleDocument {
  const problems = specProblems(spec);
  if (problems.length > 0) throw new Error(problems[0]!.message);
  return familyView(spec.family).newPuzzle.document(spec, spec.name.trim() || defaultName(spec));
}
