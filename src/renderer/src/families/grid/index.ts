/**
 * The generic grid view's entry: how the renderer shows a family it has no entry of its own for (one
 * core knows in the backend alone, added with `registerFamily`), from what core tells of it and its
 * solutions' JSON (`Family.cellValues`, ./cells.ts). The table (../index.ts) gives it for any such id.
 */
import type { FamilyEntry } from '../types';
import { lazy } from '../lazy';
import { gridView } from './view';

export const gridEntry = {
  ...gridView,
  Editor: lazy(() => import('./GridEditor.svelte')),
  NewForm: lazy(() => import('./NewForm.svelte')),
  RunBoard: lazy(() => import('../../lib/CanvasRunBoard.svelte')),
} satisfies FamilyEntry;
