/** What can be done to a library row: the row's buttons, its context menu and its keys come from this list. */
import type { PuzzleSummary } from '../../../../main/api/types';
import type { Action } from './action';

/** Where a menu the action opens (Export…) appears: under a button, or at a point. */
export type Anchor = HTMLElement | { x: number; y: number } | null;

/** The library view's operations on a puzzle. */
export interface LibraryRowOps {
  open(p: PuzzleSummary): void;
  solve(p: PuzzleSummary): void;
  rename(p: PuzzleSummary): void;
  duplicate(p: PuzzleSummary): void;
  exportMenu(p: PuzzleSummary, anchor: Anchor): void;
  remove(p: PuzzleSummary): void;
}

export interface LibraryRowContext {
  puzzle: PuzzleSummary;
  /** Solver runs can be launched from here (the app passes a handler). */
  canSolve: boolean;
  anchor: Anchor;
  ops: LibraryRowOps;
}

export type LibraryRowAction = Action<LibraryRowContext>;

export const LIBRARY_ROW_ACTIONS: readonly LibraryRowAction[] = [
  { id: 'open', label: 'Open', key: 'open', perform: (c) => c.ops.open(c.puzzle) },
  { id: 'solve', label: 'Solve…', icon: 'solve', key: 'solveRow', shown: (c) => c.canSolve, perform: (c) => c.ops.solve(c.puzzle) },
  { id: 'rename', label: 'Rename', icon: 'rename', key: 'rename', perform: (c) => c.ops.rename(c.puzzle) },
  { id: 'duplicate', label: 'Duplicate', icon: 'duplicate', key: 'duplicate', perform: (c) => c.ops.duplicate(c.puzzle) },
  { id: 'export', label: 'Export…', icon: 'download', key: 'exportRow', opensMenu: true, perform: (c) => c.ops.exportMenu(c.puzzle, c.anchor) },
  { id: 'delete', label: 'Delete', icon: 'trash', key: 'remove', danger: true, perform: (c) => c.ops.remove(c.puzzle) },
];
