import { parityFeasible } from './feasibility';
import type { ParityPuzzle } from './model';

/**
 * The number of solutions of Casse-tete CT_n(m): grids with exactly m removed cells whose every
 * row and column keeps an even number of tokens. Removed cells form a 0/1 matrix X with m ones
 * whose row and column sums all have the parity of n (n - sum even). By the parity characters,
 *
 *   N(n, m) = 2^(-2n) * sum_{a,b = 0..n} C(n,a) C(n,b) (-1)^(n(a+b)) * K(k, m),
 *   k = a(n-b) + b(n-a),   K(k, m) = [z^m] (1+z)^(n^2-k) (1-z)^k = sum_j (-1)^j C(k,j) C(n^2-k, m-j):
 *
 * choose row signs s (a of them -1) and column signs t (b of them); the cell (i, j) carries
 * s_i t_j, which is -1 on exactly k cells, and summing (prod s_i t_j)^X over the matrices with m
 * ones gives the coefficient K. Terms depend on (a, b) only through k and the sign, so they are
 * grouped by k. Exact in BigInt; the work is about (distinct k) x min(m, n^2 - m) big products, so
 * past a work limit the analysis gives bounds instead:
 *
 *   N(n, m) <= min(C(n^2, m), 2^((n-1)^2))   (the top-left (n-1) x (n-1) block decides the rest)
 *   N(n, m) ~  C(n^2, m) / 2^(2n-2)          (2n parity conditions, one implied by the others, one by m's parity;
 *                                             the other 2n - 2 met half the time each: within 0.01 in log10 at n = 10)
 */
export interface ParityAnalysis {
  family: 'parity';
  n: number;
  m: number;
  feasible: boolean;
  /** The exact number of solutions as a decimal string, or null when it was not computed. */
  solutions: string | null;
  /** log10 of the approximation C(n^2, m) / 2^(2n-2), for sizes without an exact count (and beside it). */
  log10Approx: number;
  /** log10 of the upper bound min(C(n^2, m), 2^((n-1)^2)). */
  log10Bound: number;
  /** How the count was obtained. */
  method: 'formula' | 'bound' | 'infeasible';
}

/** Largest number of big-integer products the exact count may take (n = 50, m = 1250 in about 3 s on a busy core). */
export const PARITY_EXACT_WORK = 1_600_000;

/** log10 of C(N, m), from log-gamma by Stirling's series (plenty for display). */
function log10Binomial(N: number, m: number): number {
  if (m < 0 || m > N) return -Infinity;
  return (lnFactorial(N) - lnFactorial(m) - lnFactorial(N - m)) / Math.LN10;
}

function lnFactorial(x: number): number {
  if (x < 2) return 0;
  if (x < 20) {
    let s = 0;
    for (let i = 2; i <= x; i++) s += Math.log(i);
    return s;
  }
  return x * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI * x) + 1 / (12 * x) - 1 / (360 * x * x * x);
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let c = 1n;
  const kk = Math.min(k, n - k);
  for (let i = 1; i <= kk; i++) c = (c * BigInt(n - kk + i)) / BigInt(i);
  return c;
}

/** K(k, m) = sum_j (-1)^j C(k, j) C(N - k, m - j), the binomials stepped by ratios. */
function krawtchouk(N: number, k: number, m: number): bigint {
  const lo = Math.max(0, m - (N - k));
  const hi = Math.min(k, m);
  if (lo > hi) return 0n;
  let ck = binomial(k, lo);
  let cr = binomial(N - k, m - lo);
  let sum = 0n;
  for (let j = lo; ; j++) {
    sum += (j & 1 ? -1n : 1n) * ck * cr;
    if (j === hi) break;
    ck = (ck * BigInt(k - j)) / BigInt(j + 1);
    // C(N-k, m-j-1) = C(N-k, m-j) (m-j) / (N-k-m+j+1)
    cr = (cr * BigInt(m - j)) / BigInt(N - k - m + j + 1);
  }
  return sum;
}

/** The exact count by the formula above (no work limit: callers check `exactWork` first). */
export function paritySolutionCount(n: number, m: number): bigint {
  const N = n * n;
  if (m < 0 || m > N) return 0n;
  const weight = new Map<number, bigint>();
  const cn: bigint[] = [];
  for (let a = 0; a <= n; a++) cn.push(binomial(n, a));
  for (let a = 0; a <= n; a++) {
    for (let b = 0; b <= n; b++) {
      const k = a * (n - b) + b * (n - a);
      const sign = (n * (a + b)) & 1 ? -1n : 1n;
      weight.set(k, (weight.get(k) ?? 0n) + sign * cn[a] * cn[b]);
    }
  }
  let total = 0n;
  for (const [k, w] of weight) if (w !== 0n) total += w * krawtchouk(N, k, m);
  return total >> BigInt(2 * n);
}

/** About how many big products the exact count takes. */
export function exactWork(n: number, m: number): number {
  const N = n * n;
  const distinctK = Math.min((n + 1) * (n + 1), Math.floor((n * n) / 2) + 1);
  return distinctK * (Math.min(m, N - m) + 1);
}

export function analyseParity(p: ParityPuzzle, workLimit = PARITY_EXACT_WORK): ParityAnalysis {
  const { n, m } = p;
  const N = n * n;
  const log10Bound = Math.min(log10Binomial(N, m), (n - 1) * (n - 1) * Math.log10(2));
  const log10Approx = log10Binomial(N, m) - (2 * n - 2) * Math.log10(2);
  const base = { family: 'parity' as const, n, m, log10Approx, log10Bound };
  if (!parityFeasible(n, m).feasible) return { ...base, feasible: false, solutions: '0', method: 'infeasible' };
  if (exactWork(n, m) > workLimit) return { ...base, feasible: true, solutions: null, method: 'bound' };
  return { ...base, feasible: true, solutions: paritySolutionCount(n, m).toString(), method: 'formula' };
}
