import type { FamilyUi } from '../types';
import JumpEditor from '../../jump/JumpEditor.svelte';

export const jumpUi: FamilyUi = { id: 'jump', Editor: JumpEditor };
