/** The parity family's UI: its editor, its fields in "New puzzle" and its view parts (./view.ts). */
import type { FamilyUi } from '../types';
import ParityEditor from './ParityEditor.svelte';
import { parityView } from './view';
import NewForm from './NewForm.svelte';

export const parityUi: FamilyUi = { ...parityView, Editor: ParityEditor, NewForm };
