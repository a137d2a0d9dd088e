/** The jump family's UI: its editor, its fields in "New puzzle", its run board (the PNG drawer on a canvas) and its view parts (./view.ts). */
import type { FamilyUi } from '../types';
import type { JumpMaze, JumpPuzzle } from '../../../../core/families/jump/entry';
import type { JumpNewFields } from './new-puzzle';
import JumpEditor from './JumpEditor.svelte';
import { jumpView } from './view';
import NewForm from './NewForm.svelte';
import CanvasRunBoard from '../../lib/CanvasRunBoard.svelte';

export const jumpUi: FamilyUi<JumpNewFields, JumpPuzzle, JumpMaze> = { ...jumpView, Editor: JumpEditor, NewForm, RunBoard: CanvasRunBoard };
