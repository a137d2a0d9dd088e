/**
 * The casse-tête family's one entry: its view parts (./view.ts: the PNG board, the run-board
 * caption, the New-puzzle rules, its keys) and its editor, its fields in "New puzzle" and its run
 * board (the PNG drawer on a canvas), loaded when first shown.
 */
import type { FamilyEntry } from '../types';
import type { ParityGrid, ParityPuzzle } from '../../../../core/families/parity/entry';
import type { ParityNewFields } from './new-puzzle';
import { lazy } from '../lazy';
import { parityView } from './view';

export const parityEntry = {
  ...parityView,
  Editor: lazy(() => import('./ParityEditor.svelte')),
  NewForm: lazy(() => import('./NewForm.svelte')),
  RunBoard: lazy(() => import('../../lib/CanvasRunBoard.svelte')),
} satisfies FamilyEntry<ParityNewFields, ParityPuzzle, ParityGrid>;
