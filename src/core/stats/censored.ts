/**
 * Time to a target, comparing two settings when some runs never reached it. Dropping those runs
 * would compare only the lucky ones: a setting that reaches the target fast in 1 run of 10 would
 * "beat" one that reaches it in all 10 a little later. Instead a run that never reached the
 * target counts as slower than its budget (censored there), and the two samples are compared by
 * who was surely faster in each pair of runs.
 *
 * When every non-reacher's budget is at least every reach time, a non-reacher is slower than
 * every reacher, so it simply ranks slowest, tied with the other non-reachers, and the
 * Mann-Whitney U test (exact for small samples, ties included) applies. With budgets below some
 * reach time (runs stopped early, unequal limits) a pair can be undecidable (a run stopped at
 * 5 s against one that reached the target at 8 s), and Gehan's generalized Wilcoxon test scores
 * each pair +1, -1 or 0 (undecidable or tied): its exact permutation distribution for small
 * samples, Mantel's permutation variance for large ones.
 */
import { EXACT_MAX_RANK_SUM, exactRankSumP, mannWhitney } from './rank-tests';
import { normalSf } from './normal';

/** Times to a target where null = the run never reached it, censored at `budget` (its limit: ms or evaluations). */
export interface CensoredTime {
  time: number | null;
  budget: number;
}

export interface CensoredTest {
  /**
   * 'mann-whitney': U of x over y with times as values (pairs where x was slower, ties half), as
   * the project's `mannWhitney` reports it. 'gehan': Gehan's W, pairs where x was surely faster
   * minus pairs where y was.
   */
  statistic: number;
  /** Two-sided p-value. */
  p: number;
  /** True when p comes from the exact permutation distribution. */
  exact: boolean;
  method: 'mann-whitney' | 'gehan';
  /** P(a run of x is faster than a run of y), ties and undecidable pairs counting half. */
  a12: number;
}

/**
 * Two-sided test of x against y, non-reachers ranked slowest: Mann-Whitney U with every
 * non-reacher tied at the slowest when every non-reacher's budget is >= every reach time in both
 * samples, otherwise Gehan's generalized Wilcoxon test (exact permutation p up to
 * EXACT_MAX_RANK_SUM runs in all, the normal approximation past it). Null when either
 * sample is empty.
 */
export function censoredTimeTest(x: readonly CensoredTime[], y: readonly CensoredTime[]): CensoredTest | null {
  if (x.length === 0 || y.length === 0) return null;
  for (const r of [...x, ...y]) {
    if (r.time !== null && !(Number.isFinite(r.time) && r.time >= 0)) throw new RangeError(`a time to target must be a finite number >= 0, not ${r.time}`);
    if (r.time === null && !(r.budget >= 0))
      throw new RangeError(`a run that never reached the target needs its budget (a number >= 0, Infinity for never), not ${r.budget}`);
  }
  let slowestReach = -Infinity;
  let lowestBudget = Infinity;
  for (const r of [...x, ...y]) {
    if (r.time !== null) slowestReach = Math.max(slowestReach, r.time);
    else lowestBudget = Math.min(lowestBudget, r.budget);
  }
  if (lowestBudget >= slowestReach) return commonCensoring(x, y, slowestReach);
  return gehan(x, y);
}

function commonCensoring(x: readonly CensoredTime[], y: readonly CensoredTime[], slowestReach: number): CensoredTest {
  // Any value past every reach time ranks the non-reachers slowest and ties them together.
  const never = slowestReach === -Infinity ? 1 : slowestReach + 1;
  const value = (r: CensoredTime): number => r.time ?? never;
  const test = mannWhitney(x.map(value), y.map(value))!;
  return { statistic: test.statistic, p: test.p, exact: test.exact, method: 'mann-whitney', a12: 1 - test.statistic / (x.length * y.length) };
}

/** +1 when run i was surely faster than run j, -1 when surely slower, 0 when tied or undecidable. */
function surelyFaster(i: CensoredTime, j: CensoredTime): number {
  if (i.time !== null && j.time !== null) return Math.sign(j.time - i.time);
  // A censored run took longer than its budget: a reach within that budget was surely faster.
  if (i.time !== null) return i.time <= j.budget ? 1 : 0;
  if (j.time !== null) return j.time <= i.budget ? -1 : 0;
  return 0;
}

function gehan(x: readonly CensoredTime[], y: readonly CensoredTime[]): CensoredTest {
  const all = [...x, ...y];
  const n1 = x.length;
  const n2 = y.length;
  const n = n1 + n2;
  // Mantel: each run's score is its sure wins minus sure losses against the pooled sample; W is
  // the sum over x (the pairs within x cancel), and under the null the n1 scores of x are a
  // random draw of the n pooled scores (which sum to 0).
  const scores = all.map((r) => all.reduce((s, o) => s + surelyFaster(r, o), 0));
  let w = 0;
  for (let i = 0; i < n1; i++) w += scores[i]!;
  const a12 = 0.5 + w / (2 * n1 * n2);
  // Small samples: the exact permutation distribution of W (scores shifted by n - 1 are whole
  // numbers from 0 to 2n - 2, which the rank-sum count takes); the normal tail there can call a
  // difference 3 runs against 3 cannot show.
  if (n <= EXACT_MAX_RANK_SUM)
    return {
      statistic: w,
      p: exactRankSumP(
        scores.map((u) => u + n - 1),
        n1,
        w + n1 * (n - 1),
      ),
      exact: true,
      method: 'gehan',
      a12,
    };
  const sumSq = scores.reduce((s, u) => s + u * u, 0);
  const variance = (n1 * n2 * sumSq) / (n * (n - 1));
  const p = variance > 0 ? Math.min(1, 2 * normalSf(Math.abs(w) / Math.sqrt(variance))) : 1;
  return { statistic: w, p, exact: false, method: 'gehan', a12 };
}

/**
 * The median time of runs some of which never reached the target (null or undefined), those
 * counted as slower than every run that did: null when the median falls among them, that is
 * unless more than half reached it (an even count averages the middle two, as any median). A
 * budget that cut runs short can then never make the median look faster than it was.
 */
export function censoredMedian(times: readonly (number | null | undefined)[]): number | null {
  for (const t of times) if (typeof t === 'number' && Number.isNaN(t)) throw new RangeError('a time to target is not a number');
  const sorted = times.map((t) => t ?? Infinity).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = sorted.length;
  if (n === 0) return null;
  const m = n % 2 ? sorted[n >> 1]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  return Number.isFinite(m) ? m : null;
}
