import type { FamilyUi } from '../types';
import ParityEditor from '../../parity/ParityEditor.svelte';

export const parityUi: FamilyUi = { id: 'parity', Editor: ParityEditor };
