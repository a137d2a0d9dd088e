/**
 * Comparisons of settings over a set of puzzles (one summary figure per puzzle and setting), as
 * Demšar (2006) recommends for comparing algorithms over data sets: the Wilcoxon signed-rank test
 * for two settings; the Friedman test, the Nemenyi critical difference and pairwise post-hoc
 * tests for several. Each follows a named reference implementation figure for figure (scipy
 * 1.17's wilcoxon and friedmanchisquare, autorank's critical difference), so a study's numbers
 * can be checked against a paper's; test/fixtures/stats/scipy.json holds scipy's outputs.
 */
import { chiSquareSf } from './chi-square';
import { holm } from './effect';
import { normalSf } from './normal';
import { doubledRanks, tieTerm } from './ranks';
import { studentizedRangeQuantile } from './studentized-range';

export { studentizedRangeQuantile } from './studentized-range';

export interface WilcoxonResult {
  statistic: number;
  p: number;
  method: 'exact' | 'approx';
  n: number;
}

/** scipy's method 'auto' goes to the normal approximation past this many pairs (zero differences included). */
const WILCOXON_EXACT_MAX = 50;
/** With ties or zeros, scipy enumerates all 2^n sign patterns (its permutation test) up to this many pairs. */
const WILCOXON_PERMUTATION_MAX = 13;

/**
 * scipy.stats.wilcoxon(x, y) with its defaults (zero_method 'wilcox', correction False, method
 * 'auto', two-sided): statistic = min(W+, W-) over the nonzero differences; n = nonzero
 * differences. Which p scipy gives depends on the number of pairs, zero differences included:
 * past 50 the normal approximation (tie-corrected); else without ties or zeros the exact
 * distribution; else up to 13 pairs the exact sign-flip distribution of the midranks; else the
 * normal approximation.
 * Null when no difference is nonzero (scipy gives nan).
 */
export function wilcoxonSignedRank(x: readonly number[], y: readonly number[]): WilcoxonResult | null {
  if (x.length !== y.length) throw new RangeError(`the signed-rank test needs paired samples; got ${x.length} and ${y.length} values`);
  const d: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const di = x[i]! - y[i]!;
    if (Number.isNaN(di)) throw new RangeError('the signed-rank test got a value that is not a number');
    if (di !== 0) d.push(di);
  }
  const n = d.length;
  if (n === 0) return null;
  const abs = d.map(Math.abs);
  const r2 = doubledRanks(abs);
  let plus2 = 0;
  for (let i = 0; i < n; i++) if (d[i]! > 0) plus2 += r2[i]!;
  const total2 = n * (n + 1);
  const statistic = Math.min(plus2, total2 - plus2) / 2;
  const zeros = x.length - n;
  const ties = tieTerm(abs) > 0;
  const exact = x.length <= WILCOXON_EXACT_MAX && ((!ties && zeros === 0) || x.length <= WILCOXON_PERMUTATION_MAX);
  if (exact) return { statistic, p: signFlipP(r2, plus2), method: 'exact', n };
  const mean = (n * (n + 1)) / 4;
  const se = Math.sqrt((n * (n + 1) * (2 * n + 1) - tieTerm(abs) / 2) / 24);
  const z = (plus2 / 2 - mean) / se;
  return { statistic, p: Math.min(1, 2 * normalSf(Math.abs(z))), method: 'approx', n };
}

/**
 * 2 min(P(V <= v), P(V >= v)), capped at 1, where V sums each doubled rank with probability 1/2:
 * scipy's two-sided exact p (no ties: the ranks are 1..n) and its permutation-test p (ties:
 * midranks), both counted exactly.
 */
function signFlipP(r2: readonly number[], observed2: number): number {
  const total = r2.reduce((a, b) => a + b, 0);
  const counts = new Float64Array(total + 1);
  counts[0] = 1;
  let reach = 0;
  for (const r of r2) {
    reach += r;
    for (let s = reach; s >= r; s--) counts[s]! += counts[s - r]!;
  }
  let below = 0;
  let above = 0;
  for (let s = 0; s <= total; s++) {
    if (s <= observed2) below += counts[s]!;
    if (s >= observed2) above += counts[s]!;
  }
  const all = 2 ** r2.length;
  return Math.min(1, (2 * Math.min(below, above)) / all);
}

export interface FriedmanResult {
  statistic: number;
  df: number;
  p: number;
  n: number;
  k: number;
  averageRanks: number[];
}

/**
 * table[puzzle][setting], higher is better; averageRanks: 1 = best, ties share midranks.
 * statistic and p as scipy.stats.friedmanchisquare (tie-corrected chi-square with k - 1 degrees
 * of freedom; scipy wants k >= 3, the same formula serves k = 2). When every puzzle ties all its
 * settings the statistic is 0/0 (scipy: nan); here statistic 0 and p 1. Null when k < 2 or n < 2.
 */
export function friedman(table: readonly (readonly number[])[]): FriedmanResult | null {
  const n = table.length;
  const k = table[0]?.length ?? 0;
  if (n < 2 || k < 2) return null;
  const rankSums = new Array<number>(k).fill(0);
  const bestFirst = new Array<number>(k).fill(0);
  let ties = 0;
  for (const row of table) {
    if (row.length !== k) throw new RangeError(`the Friedman test needs the same settings on every puzzle; got rows of ${k} and ${row.length}`);
    for (const v of row) if (!Number.isFinite(v)) throw new RangeError('the Friedman test got a value that is not a finite number');
    const r2 = doubledRanks(row);
    for (let j = 0; j < k; j++) {
      rankSums[j]! += r2[j]! / 2;
      // Rank 1 = the highest score: the mirror of the ascending midrank.
      bestFirst[j]! += k + 1 - r2[j]! / 2;
    }
    ties += tieTerm(row);
  }
  const averageRanks = bestFirst.map((s) => s / n);
  // The order of operations is scipy's, so the rounding is too.
  const c = 1 - ties / (k * (k * k - 1) * n);
  const ssbn = rankSums.reduce((s, r) => s + r * r, 0);
  const df = k - 1;
  if (c <= 0) return { statistic: 0, df, p: 1, n, k, averageRanks };
  const statistic = ((12.0 / (k * n * (k + 1))) * ssbn - 3 * n * (k + 1)) / c;
  return { statistic, df, p: chiSquareSf(statistic, df), n, k, averageRanks };
}

/**
 * Nemenyi critical difference of average ranks, as autorank computes it:
 * studentizedRangeQuantile(1 - alpha, k) / sqrt(2) * sqrt(k (k + 1) / (6 n)). (autorank takes the
 * quantile from statsmodels' qsturng, a table interpolation; this one is scipy's exact quantile.)
 */
export function nemenyiCd(k: number, n: number, alpha = 0.05): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`the critical difference needs at least one puzzle, not ${n}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`the significance level must lie strictly between 0 and 1, not ${alpha}`);
  return (studentizedRangeQuantile(1 - alpha, k) / Math.SQRT2) * Math.sqrt((k * (k + 1)) / (6 * n));
}

export interface PosthocPair {
  a: number;
  b: number;
  z: number;
  p: number;
  pHolm: number;
}

/**
 * Every pair a < b of settings after Friedman: z = |R_a - R_b| / sqrt(k (k + 1) / (6 n)), two-sided
 * normal p, Holm over all pairs. `counted`: each pair's p counted over the reorderings instead
 * (`friedmanCountedP`'s pairs, in the same order), for few puzzles where the normal tail is off.
 */
export function friedmanPosthoc(averageRanks: readonly number[], n: number, counted?: readonly number[]): PosthocPair[] {
  const k = averageRanks.length;
  const se = Math.sqrt((k * (k + 1)) / (6 * n));
  const pairs: Omit<PosthocPair, 'pHolm'>[] = [];
  for (let a = 0; a < k; a++)
    for (let b = a + 1; b < k; b++) {
      const z = Math.abs(averageRanks[a]! - averageRanks[b]!) / se;
      pairs.push({ a, b, z, p: counted?.[pairs.length] ?? Math.min(1, 2 * normalSf(z)) });
    }
  const adjusted = holm(pairs.map((q) => q.p));
  return pairs.map((q, i) => ({ ...q, pHolm: adjusted[i]! }));
}

/**
 * Demšar's bars: maximal groups (as index lists sorted by average rank, ties by index) of
 * settings whose average ranks lie within `cd` of each other; only groups of 2 or more. The
 * groups are autorank's (get_sorted_rank_groups): from each setting in rank order, the run of
 * those within cd of it, kept when it reaches past every earlier run.
 */
export function cdCliques(averageRanks: readonly number[], cd: number): number[][] {
  const order = averageRanks.map((_, i) => i).sort((a, b) => averageRanks[a]! - averageRanks[b]! || a - b);
  const groups: number[][] = [];
  let reached = -1;
  for (let i = 0; i < order.length; i++) {
    let last = -1;
    for (let j = i + 1; j < order.length; j++) if (Math.abs(averageRanks[order[i]!]! - averageRanks[order[j]!]!) <= cd) last = j;
    if (last > reached) {
      reached = last;
      groups.push(order.slice(i, last + 1));
    }
  }
  return groups;
}
