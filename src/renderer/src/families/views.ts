/**
 * Every family's view parts without Svelte components (PNG drawer, run-board caption): what the
 * exporters and the run views use. The one list of families in the renderer besides index.ts,
 * which adds the components to these.
 */
import type { FamilyId } from '../../../core/families/family';
import type { FamilyView } from './types';
import { erasedView } from './erased';
import { edgeView } from './edge/view';
import { jumpView } from './jump/view';
import { parityView } from './parity/view';

const VIEWS: Record<FamilyId, FamilyView> = { edge: erasedView(edgeView), jump: erasedView(jumpView), parity: erasedView(parityView) };

export function familyView(id: FamilyId): FamilyView {
  return VIEWS[id];
}
