/**
 * The edge family's one entry: its view parts (./view.ts: the PNG board, the run-board caption, the
 * New-puzzle rules, its keys) and its editor, its fields in "New puzzle" and its run board (Pixi),
 * loaded when first shown.
 */
import type { FamilyEntry } from '../types';
import type { EdgeBoard, EdgePuzzle } from '../../../../core/families/edge/model';
import type { EdgeNewFields } from './new-puzzle';
import { lazy } from '../lazy';
import { edgeView } from './view';

export const edgeEntry = {
  ...edgeView,
  Editor: lazy(() => import('./EdgeWorkbench.svelte')),
  NewForm: lazy(() => import('./NewForm.svelte')),
  RunBoard: lazy(() => import('./RunBoardView.svelte')),
} satisfies FamilyEntry<EdgeNewFields, EdgePuzzle, EdgeBoard>;
