/**
 * The registry (families/index.ts) holds exactly the ids of families/ids.ts, in that order: the
 * contract takes its ids from ids.ts so it never imports the registry (issue 52 item 2), and every
 * list of families (sniffing, the API's literal, the new-puzzle dialog) keeps the registry's order.
 */
import { describe, expect, it } from 'vitest';
import { FAMILY_IDS, allFamilies, families, getFamily } from '../../../src/core/families';
import { FAMILY_IDS as CONTRACT_IDS } from '../../../src/core/families/family';

describe('family registry', () => {
  it('lists the families of ids.ts, in its order, each under its own id', () => {
    expect(FAMILY_IDS).toEqual(['edge', 'jump', 'parity']);
    expect(CONTRACT_IDS).toBe(FAMILY_IDS);
    expect(Object.keys(families).sort()).toEqual([...FAMILY_IDS].sort());
    expect(
      allFamilies()
        .slice(0, FAMILY_IDS.length)
        .map((f) => f.id),
    ).toEqual(FAMILY_IDS);
    for (const id of FAMILY_IDS) expect(getFamily(id).id).toBe(id);
  });
});
