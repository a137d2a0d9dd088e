/** The parity family's UI: its editor and its view parts (./view.ts). */
import type { FamilyUi } from '../types';
import ParityEditor from '../../parity/ParityEditor.svelte';
import { parityView } from './view';

export const parityUi: FamilyUi = { ...parityView, Editor: ParityEditor };
