/**
 * What a family gives the shell: one entry per family folder (src/renderer/src/families/<id>/index.ts),
 * listed once in the renderer's one table (./index.ts). The app, the library, the exporters and the
 * run views use these and never switch on the family themselves.
 */
import type { Component } from 'svelte';
import type { FamilyId } from '../../../core/families/family';
import type { Ctx } from '../lib/canvas-kit';
import type { NewPuzzleRules } from './new-puzzle-rules';

export interface EditorProps {
  puzzleId: number;
  onclose: () => void;
  /** Open the launch dialog for this puzzle (the editor's Solve button and shortcut). */
  onsolve?: (puzzleId: number) => void;
  /** The backend is unreachable: actions that need it are disabled. */
  offline?: boolean;
}

/** What a run's score looks like (core's Family.evaluate). */
export interface ScoreLike {
  score: number;
  maxScore: number | null;
  solved: boolean;
}

/** A family's own board keys by name (each family's keys.ts), for the shortcut registry. */
export type KeyTable = Readonly<Record<string, string | readonly string[]>>;

/**
 * A family's entry without its components (the family's view.ts): what its editors share with the
 * table, over the type `F` of its fields in "New puzzle" and its puzzle and solution models `P` and
 * `S`. The table holds every entry with these erased (./erased.ts).
 */
export interface FamilyView<F = unknown, P = unknown, S = unknown> {
  /** A built-in family's id; the generic grid view's (./grid) stands for any family core alone knows. */
  id: FamilyId | (string & {});
  label: string;
  /**
   * Draw the board at (ox, oy) with cells `cell` pixels wide, for the PNG export and the canvas
   * run boards; `solution` undefined = the bare puzzle. Returns the subtitle's tail (" · score …").
   */
  drawBoard(ctx: Ctx, puzzle: P, solution: S | undefined, ox: number, oy: number, cell: number): string;
  /** How the import dialog shows a file of this family: what its items are, the columns of its
   * first items, and whether the file's edge order can be chosen. */
  importPreview: { unit: string; columns: readonly string[] | null; edgeOrder: boolean };
  /** The best score a puzzle of this size allows, where the size alone tells (the library's "412 / 480"). */
  maxScoreOf?(rows: number, cols: number): number;
  /** The line under a run's board; `mismatched` counts marked joins where the family has them. */
  runCaption(score: ScoreLike, mismatched: number): string;
  /** The line under a board (JSON form) the renderer cannot score: a family core knows in the backend alone (the generic grid view). */
  unscoredCaption?(solution: unknown): string;
  /** New puzzles of this family: limits, defaults, name, problems and the document. */
  newPuzzle: NewPuzzleRules<F>;
  /** Its editors' own board keys (the shortcut registry finds them by name). */
  keys: KeyTable;
}

/** A family's board drawer with its models erased (the table's entries and the exporters hold it so). */
export type DrawBoard = FamilyView['drawBoard'];

/** A run's board at one moment (the run views put the caption under it). */
export interface RunBoardProps {
  family: FamilyId;
  /** The run's puzzle (JSON form). */
  puzzle: unknown;
  /** The board (JSON form), or null before the first improvement. */
  solution: unknown | null;
  name: string;
  /** What the board shows, for assistive technology. */
  label: string;
  /** How many joins the board marks as mismatched (families that mark them). */
  onmarked?: (count: number) => void;
  /** The family's board drawer (its entry's), for run boards drawn as the PNG is. */
  draw: DrawBoard;
}

/** The family's fields in the "New puzzle" dialog, bound to the spec's `fields`. */
export interface NewFormProps<F = unknown> {
  fields: F;
  /** A field's problem to show, or null. */
  problemOf: (field: string) => string | null;
}

/**
 * A component of a family's entry, loaded when first shown: the entry names its components without
 * importing them, so the table stays free of Svelte and Pixi for Node (exporters' and unit tests').
 * Made by `lazy` (./lazy.ts): every call gives the same module.
 */
export type Lazy<C> = () => Promise<{ default: C }>;

/** A family's one entry: its view parts and its components. */
export interface FamilyEntry<F = unknown, P = unknown, S = unknown> extends FamilyView<F, P, S> {
  /** The editor a puzzle of this family opens in. */
  Editor: Lazy<Component<EditorProps>>;
  /** Its fields in the "New puzzle" dialog. */
  NewForm: Lazy<Component<NewFormProps<F>, object, 'fields'>>;
  /** How a run's board is shown (the Pixi board for tiles, or the PNG drawer on a canvas). */
  RunBoard: Lazy<Component<RunBoardProps>>;
}
