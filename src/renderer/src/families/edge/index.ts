/** The edge family's UI: its editor and its view parts (./view.ts). */
import type { FamilyUi } from '../types';
import EdgeWorkbench from '../../edge/EdgeWorkbench.svelte';
import { edgeView } from './view';

export const edgeUi: FamilyUi = { ...edgeView, Editor: EdgeWorkbench };
