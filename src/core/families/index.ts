import type { AnyFamily, FamilyId } from './family';
import { edgeFamily } from './edge/family';
import { jumpFamily } from './jump/family';
import { parityFamily } from './parity/family';

export const families: Readonly<Record<FamilyId, AnyFamily>> = { edge: edgeFamily, jump: jumpFamily, parity: parityFamily };

export function getFamily(id: string): AnyFamily {
  const f = (families as Record<string, AnyFamily | undefined>)[id];
  if (!f) throw new Error(`unknown puzzle family "${id}" (known: ${Object.keys(families).join(', ')})`);
  return f;
}
