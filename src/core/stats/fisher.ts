/**
 * Fisher's exact test of a 2x2 table, two-sided, as scipy.stats.fisher_exact computes it: the
 * p-value sums the hypergeometric probabilities of every table with the same margins that is at
 * most as likely as the observed one, "as likely" within a relative 1e-14 (scipy's tolerance,
 * there so that tables equally likely in exact arithmetic count even when rounding split them).
 *
 * Probabilities are formed relative to the mode by the ratio recurrence (no factorials, no
 * overflow); where a probability lies within 1e-9 of the observed one in that floating-point
 * form, the comparison is redone exactly on the integer counts (BigInt), so a tie decided by
 * rounding in one program and the other cannot make the p-values differ.
 */

export interface FisherTest {
  p: number;
  /** Sample odds ratio a d / (b c) (scipy's "statistic"): Infinity when b c = 0 < a d, NaN for a degenerate table. */
  oddsRatio: number;
}

/** scipy's relative tolerance for "as likely as the observed table". */
const TIE = 1e-14;
/** Floating-point ratios closer to 1 than this are compared exactly. */
const NEAR = 1e-9;
/** Past this many runs in all the exact comparison gets slow (BigInt products of hundreds of digits per step); the float one decides. */
const EXACT_TIES_MAX = 10_000;

/**
 * Two-sided Fisher's exact test on the 2x2 table [[a, b], [c, d]] (rows: the two settings;
 * columns: reached, did not). A table with an empty row or column has p = 1 and odds ratio NaN,
 * as in scipy.
 */
export function fisherExact(a: number, b: number, c: number, d: number): FisherTest {
  for (const v of [a, b, c, d]) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`Fisher's exact test needs counts (whole numbers >= 0), not ${v}`);
  const n1 = a + b;
  const n2 = c + d;
  const m = a + c;
  if (n1 === 0 || n2 === 0 || m === 0 || b + d === 0) return { p: 1, oddsRatio: NaN };
  const oddsRatio = b > 0 && c > 0 ? (a * d) / (c * b) : Infinity;

  // x = the top-left cell; its support given the margins, and its weights relative to the mode.
  const lo = Math.max(0, m - n2);
  const hi = Math.min(m, n1);
  const mode = Math.floor(((m + 1) * (n1 + 1)) / (n1 + n2 + 2));
  const w = new Float64Array(hi - lo + 1);
  w[mode - lo] = 1;
  for (let x = mode; x < hi; x++) w[x + 1 - lo] = (w[x - lo]! * ((n1 - x) * (m - x))) / ((x + 1) * (n2 - m + x + 1));
  for (let x = mode; x > lo; x--) w[x - 1 - lo] = (w[x - lo]! * (x * (n2 - m + x))) / ((n1 - x + 1) * (m - x + 1));

  const observed = w[a - lo]!;
  let total = 0;
  let extreme = 0;
  let all = true;
  for (let x = lo; x <= hi; x++) {
    const wx = w[x - lo]!;
    total += wx;
    if (asLikely(wx, observed, x, a, n1, n2, m)) extreme += wx;
    else all = false;
  }
  return { p: all ? 1 : Math.min(1, extreme / total), oddsRatio };
}

/** Whether the table with top-left cell x is at most as likely as the observed one (top-left `a`), within TIE. */
function asLikely(wx: number, observed: number, x: number, a: number, n1: number, n2: number, m: number): boolean {
  // A weight that underflowed adds nothing to either sum, and cannot be compared anyway.
  if (x === a || wx === 0) return true;
  if (wx < observed * (1 - NEAR)) return true;
  if (wx > observed * (1 + NEAR) || n1 + n2 > EXACT_TIES_MAX) return wx < observed * (1 + TIE);
  // P(x) / P(a) = C(n1, x) C(n2, m - x) / (C(n1, a) C(n2, m - a)); "at most as likely within TIE"
  // is P(x) < P(a) (1 + TIE), i.e. (num - den) / den < TIE.
  const num = binomial(n1, x) * binomial(n2, m - x);
  const den = binomial(n1, a) * binomial(n2, m - a);
  return (num - den) * 100_000_000_000_000n < den;
}

function binomial(n: number, k: number): bigint {
  const kk = Math.min(k, n - k);
  let r = 1n;
  for (let i = 0; i < kk; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}
