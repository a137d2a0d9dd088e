/** The jump family's UI: its editor and its view parts (./view.ts). */
import type { FamilyUi } from '../types';
import JumpEditor from '../../jump/JumpEditor.svelte';
import { jumpView } from './view';

export const jumpUi: FamilyUi = { ...jumpView, Editor: JumpEditor };
