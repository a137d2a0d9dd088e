/**
 * The two rank tests of a study's comparisons, two-sided, with exact small-sample p-values that
 * stay exact when values tie (and, for the signed-rank test, when differences are zero).
 *
 * Why written here and not taken from npm: the JavaScript statistics libraries (stdlib's
 * `wilcoxon`, `simple-statistics`, `jstat`) give exact p-values only without ties and zeros, or
 * only the statistic; solver scores tie all the time (many runs reach the same best score), so
 * the tests here count the exact permutation distribution of the (midrank) statistic as
 * `exactRankTests::wilcox.exact` in R does: two-sided p = P(|T - E T| >= |t - E T|) under the
 * null. Past EXACT_MAX_* observations the normal approximation with tie and continuity
 * corrections (as R's `wilcox.test`) takes over.
 */
import { doubledRanks, normalUpper, tieTerm } from './ranks';

export interface RankTest {
  /** Mann-Whitney: U of the first sample (pairs it wins, ties counting half). Signed-rank: V, the rank sum of the positive differences. */
  statistic: number;
  /** Two-sided p-value. */
  p: number;
  /** True when p comes from the exact permutation distribution. */
  exact: boolean;
}

/**
 * Largest sample given an exact p-value: both samples together for the rank-sum test (its count
 * grows as n^2 k^2: about 3 million steps at 50), nonzero differences for the signed-rank test (n^3: 1 million at 100).
 */
export const EXACT_MAX_RANK_SUM = 50;
export const EXACT_MAX_SIGNED = 100;

/**
 * Two-sided Mann-Whitney U test (Wilcoxon rank-sum) of x against y; null when either is empty.
 * `statistic` is U of x: U / (n1 n2) is the Vargha-Delaney A12 of x over y.
 */
export function mannWhitney(x: readonly number[], y: readonly number[]): RankTest | null {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) return null;
  const all = [...x, ...y];
  const n = n1 + n2;
  const r = doubledRanks(all);
  let r1 = 0;
  for (let i = 0; i < n1; i++) r1 += r[i]!;
  const u = r1 / 2 - (n1 * (n1 + 1)) / 2;
  if (n <= EXACT_MAX_RANK_SUM) return { statistic: u, p: exactRankSumP(r, n1, r1), exact: true };
  const sigma2 = ((n1 * n2) / 12) * (n + 1 - tieTerm(all) / (n * (n - 1)));
  return { statistic: u, p: approxP(Math.abs(u - (n1 * n2) / 2), sigma2), exact: false };
}

/**
 * Two-sided Wilcoxon signed-rank test of paired samples (x[i] with y[i]); zero differences are
 * dropped before ranking (Wilcoxon's convention, R's default). Null when the lengths differ or
 * no pair is left; p = 1 when every difference is zero.
 */
export function signedRank(x: readonly number[], y: readonly number[]): RankTest | null {
  if (x.length !== y.length || x.length === 0) return null;
  const d: number[] = [];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) d.push(x[i]! - y[i]!);
  const n = d.length;
  if (n === 0) return { statistic: 0, p: 1, exact: true };
  const abs = d.map(Math.abs);
  const r = doubledRanks(abs);
  let vd = 0;
  for (let i = 0; i < n; i++) if (d[i]! > 0) vd += r[i]!;
  if (n <= EXACT_MAX_SIGNED) return { statistic: vd / 2, p: exactSignedP(r, vd), exact: true };
  const sigma2 = (n * (n + 1) * (2 * n + 1)) / 24 - tieTerm(abs) / 48;
  return { statistic: vd / 2, p: approxP(Math.abs(vd / 2 - (n * (n + 1)) / 4), sigma2), exact: false };
}

/** Normal approximation with continuity correction: `dev` = |T - E T|. */
function approxP(dev: number, sigma2: number): number {
  if (sigma2 <= 0) return 1;
  const z = Math.max(0, dev - 0.5) / Math.sqrt(sigma2);
  return Math.min(1, 2 * normalUpper(z));
}

/**
 * P(|S - E S| >= |s - E S|) where S is the sum of k of the doubled ranks `r` drawn without
 * replacement (k = the first sample's size). Any whole numbers from 0 to 2n do (n = r.length):
 * Gehan's scores, shifted, are exact by the same count (censored.ts). Counts subsets by size and sum (floats: the counts
 * pass 2^53 but only their ratios matter).
 */
export function exactRankSumP(r: readonly number[], n1: number, observed: number): number {
  const n = r.length;
  // The smaller side has the same distribution problem with fewer rows; its sum is total - observed.
  const total = r.reduce((a, b) => a + b, 0);
  const k = Math.min(n1, n - n1);
  const obs = k === n1 ? observed : total - observed;
  const maxSum = 2 * n * k;
  const width = maxSum + 1;
  const dp = new Float64Array((k + 1) * width);
  dp[0] = 1;
  let reach = 0;
  for (const ri of r) {
    reach += ri;
    for (let j = k; j >= 1; j--) {
      const row = j * width;
      const prev = (j - 1) * width;
      // j doubled ranks sum to at most 2n j.
      for (let s = Math.min(reach, 2 * n * j); s >= ri; s--) dp[row + s]! += dp[prev + s - ri]!;
    }
  }
  const mean = (k * total) / n;
  const dev = Math.abs(obs - mean);
  let hit = 0;
  let all = 0;
  for (let s = 0; s <= maxSum; s++) {
    const c = dp[k * width + s]!;
    if (c === 0) continue;
    all += c;
    // Sums are whole numbers and mean a multiple of 1/n: a tolerance far below 1/n keeps equal deviations equal.
    if (Math.abs(s - mean) >= dev - 1e-9) hit += c;
  }
  return Math.min(1, hit / all);
}

/** P(|V - E V| >= |v - E V|) where V sums each doubled rank with probability 1/2. */
function exactSignedP(r: readonly number[], observed: number): number {
  const total = r.reduce((a, b) => a + b, 0);
  const dp = new Float64Array(total + 1);
  dp[0] = 1;
  let reach = 0;
  for (const ri of r) {
    reach += ri;
    for (let s = reach; s >= ri; s--) dp[s]! += dp[s - ri]!;
  }
  const mean = total / 2;
  const dev = Math.abs(observed - mean);
  let hit = 0;
  let all = 0;
  for (let s = 0; s <= total; s++) {
    const c = dp[s]!;
    if (c === 0) continue;
    all += c;
    if (Math.abs(s - mean) >= dev - 1e-9) hit += c;
  }
  return Math.min(1, hit / all);
}

/**
 * The signed-rank test's large-sample p (normal, tie-corrected, no continuity correction), as
 * SPSS-style tables report it even for small samples: shown beside a paper that did so, to tell
 * a difference of method from a difference of data.
 */
export function signedRankNormalP(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length === 0) return null;
  const d: number[] = [];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) d.push(x[i]! - y[i]!);
  const n = d.length;
  if (n === 0) return 1;
  const abs = d.map(Math.abs);
  const r = doubledRanks(abs);
  let v = 0;
  for (let i = 0; i < n; i++) if (d[i]! > 0) v += r[i]! / 2;
  const sigma2 = (n * (n + 1) * (2 * n + 1)) / 24 - tieTerm(abs) / 48;
  if (sigma2 <= 0) return 1;
  return Math.min(1, 2 * normalUpper(Math.abs(v - (n * (n + 1)) / 4) / Math.sqrt(sigma2)));
}
