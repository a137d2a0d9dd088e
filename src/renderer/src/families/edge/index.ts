import type { FamilyUi } from '../types';
import EdgeWorkbench from '../../edge/EdgeWorkbench.svelte';

export const edgeUi: FamilyUi = { id: 'edge', Editor: EdgeWorkbench };
