/**
 * What a family's UI gives the shell (src/renderer/src/families/<id>/index.ts): the app, the
 * library and the run views use these and never switch on the family themselves.
 */
import type { Component } from 'svelte';
import type { WorkbenchApi } from '../../../main/api/types';
import type { FamilyId } from '../../../core/families/family';

export interface EditorProps {
  api: WorkbenchApi;
  puzzleId: number;
  onclose: () => void;
  /** Open the launch dialog for this puzzle (the editor's Solve button and shortcut). */
  onsolve?: (puzzleId: number) => void;
  /** The backend is unreachable: actions that need it are disabled. */
  offline?: boolean;
}

export interface FamilyUi {
  id: FamilyId;
  /** The editor a puzzle of this family opens in. */
  Editor: Component<EditorProps>;
}
