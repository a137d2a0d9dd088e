/**
 * A casse-tete to order: CT_n(m) is set by its size and the tokens removed, so a number of
 * solutions asked for is a search over m (and n when not given) with the exact count of the
 * parity formula. The pairs that have exactly that many are returned; when none has, the nearest
 * above and below, so a person sees what is possible.
 */
import { analyseParity } from './analysis';

export interface ParityChoice {
  n: number;
  m: number;
  /** The exact number of solutions (decimal). */
  solutions: string;
}

export interface ParityOrder {
  /** Exactly these (as the counts are exact). */
  exact: ParityChoice[];
  /** When none is exact: the nearest below and above. */
  below: ParityChoice | null;
  above: ParityChoice | null;
}

/** Every (n, m) with n in `sizes` whose exact count is `target` solutions (the counts stay exact up to n = 12 in well under a second). */
export function parityToOrder(target: bigint, sizes: readonly number[]): ParityOrder {
  const exact: ParityChoice[] = [];
  let below: ParityChoice | null = null;
  let above: ParityChoice | null = null;
  for (const n of sizes)
    for (let m = 0; m <= n * n; m++) {
      const a = analyseParity({ n, m });
      if (!a.feasible || a.solutions === null) continue;
      const s = BigInt(a.solutions);
      const c = { n, m, solutions: a.solutions };
      if (s === target) exact.push(c);
      else if (s < target && (!below || s > BigInt(below.solutions))) below = c;
      else if (s > target && (!above || s < BigInt(above.solutions))) above = c;
    }
  return { exact, below: exact.length ? null : below, above: exact.length ? null : above };
}
