/**
 * Every family's view parts without Svelte components (PNG drawer, run-board caption, New-puzzle
 * rules, board keys): what the exporters, the run views and the shortcut registry use. The one
 * list of families in the renderer besides index.ts, which adds the components to these.
 */
import type { FamilyId } from '../../../core/families/family';
import type { FamilyView } from './types';
import { erasedView } from './erased';
import { edgeView } from './edge/view';
import { jumpView } from './jump/view';
import { parityView } from './parity/view';

/** Each family's view with its own types (keys.ts names the keys from these). */
export const BUILT_IN_VIEWS = { edge: edgeView, jump: jumpView, parity: parityView } as const satisfies Record<FamilyId, unknown>;

const VIEWS: Record<FamilyId, FamilyView> = { edge: erasedView(edgeView), jump: erasedView(jumpView), parity: erasedView(parityView) };

export function familyView(id: FamilyId): FamilyView {
  return VIEWS[id];
}
