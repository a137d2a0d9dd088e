/**
 * The jump family's one entry: its view parts (./view.ts: the PNG board, the run-board caption, the
 * New-puzzle rules, its keys) and its editor, its fields in "New puzzle" and its run board (the PNG
 * drawer on a canvas), loaded when first shown.
 */
import type { FamilyEntry } from '../types';
import type { JumpMaze, JumpPuzzle } from '../../../../core/families/jump/entry';
import type { JumpNewFields } from './new-puzzle';
import { lazy } from '../lazy';
import { jumpView } from './view';

export const jumpEntry = {
  ...jumpView,
  Editor: lazy(() => import('./JumpEditor.svelte')),
  NewForm: lazy(() => import('./NewForm.svelte')),
  RunBoard: lazy(() => import('../../lib/CanvasRunBoard.svelte')),
} satisfies FamilyEntry<JumpNewFields, JumpPuzzle, JumpMaze>;
