/**
 * Spearman's rank correlation: Pearson's correlation of the midranks (ties share their mean rank),
 * with a two-sided p-value from the t approximation t = rho sqrt((n-2)/(1-rho^2)) on n-2 degrees
 * of freedom, read here through the normal tail (fine for the 50 and more pairs it is used on).
 */
import { normalSf } from './normal';
import { doubledRanks } from './ranks';

export interface Correlation {
  rho: number;
  n: number;
  /** Two-sided, approximate (see above); null below 4 pairs. */
  p: number | null;
}

export function spearman(xs: readonly number[], ys: readonly number[]): Correlation {
  if (xs.length !== ys.length) throw new Error(`spearman: ${xs.length} values against ${ys.length}`);
  const n = xs.length;
  const rx = doubledRanks(xs);
  const ry = doubledRanks(ys);
  const mean = n + 1; // doubled ranks average n + 1
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const a = rx[i]! - mean;
    const b = ry[i]! - mean;
    sxy += a * b;
    sxx += a * a;
    syy += b * b;
  }
  const rho = sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
  if (n < 4) return { rho, n, p: null };
  const t = Math.abs(rho) >= 1 ? Infinity : rho * Math.sqrt((n - 2) / (1 - rho * rho));
  return { rho, n, p: Math.min(1, 2 * normalSf(Math.abs(t))) };
}
