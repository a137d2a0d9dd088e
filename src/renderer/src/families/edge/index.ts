/** The edge family's UI: its editor, its fields in "New puzzle", its run board (Pixi) and its view parts (./view.ts). */
import type { FamilyUi } from '../types';
import type { EdgeBoard, EdgePuzzle } from '../../../../core/families/edge/model';
import type { EdgeNewFields } from './new-puzzle';
import EdgeWorkbench from './EdgeWorkbench.svelte';
import { edgeView } from './view';
import NewForm from './NewForm.svelte';
import RunBoardView from './RunBoardView.svelte';

export const edgeUi: FamilyUi<EdgeNewFields, EdgePuzzle, EdgeBoard> = { ...edgeView, Editor: EdgeWorkbench, NewForm, RunBoard: RunBoardView };
