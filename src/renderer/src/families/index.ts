/** Every family's UI by id; the only place that lists them. */
import type { FamilyId } from '../../../core/families/family';
import type { FamilyUi } from './types';
import { erasedUi } from './erased';
import { edgeUi } from './edge';
import { jumpUi } from './jump';
import { parityUi } from './parity';

const UIS: Record<FamilyId, FamilyUi> = { edge: erasedUi(edgeUi), jump: erasedUi(jumpUi), parity: erasedUi(parityUi) };

export function familyUi(id: FamilyId): FamilyUi {
  return UIS[id];
}

export type { EditorProps, FamilyUi } from './types';
