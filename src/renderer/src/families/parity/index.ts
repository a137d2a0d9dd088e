/** The parity family's UI: its editor, its fields in "New puzzle", its run board (the PNG drawer on a canvas) and its view parts (./view.ts). */
import type { FamilyUi } from '../types';
import type { ParityGrid, ParityPuzzle } from '../../../../core/families/parity/entry';
import type { ParityNewFields } from './new-puzzle';
import ParityEditor from './ParityEditor.svelte';
import { parityView } from './view';
import NewForm from './NewForm.svelte';
import CanvasRunBoard from '../../lib/CanvasRunBoard.svelte';

export const parityUi: FamilyUi<ParityNewFields, ParityPuzzle, ParityGrid> = { ...parityView, Editor: ParityEditor, NewForm, RunBoard: CanvasRunBoard };
