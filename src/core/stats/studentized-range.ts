/**
 * The studentized range with infinite degrees of freedom: Q = the range of k independent
 * standard normals. Its quantiles make the Nemenyi critical difference.
 *
 * P(Q <= q) = k * integral phi(z) [Phi(z) - Phi(z - q)]^(k-1) dz (the largest of the k is at z,
 * the other k - 1 lie in (z - q, z]). The integrand is smooth and negligible past |z| = 10
 * (phi(10) ~ 1e-22), so a composite 16-point Gauss-Legendre rule on [-10, 10] gets it to about 1e-15;
 * the quantile is then found by false position (Illinois), which needs no derivative and cannot
 * leave its bracket.
 */
import { normalTails } from './normal';

const GAUSS_POINTS = 16;
const [GL_X, GL_W] = gaussLegendre(GAUSS_POINTS);
const LIMIT = 10;
const PANELS = 40;
const INV_SQRT_2PI = 0.3989422804014327;

/** P(Q <= q) for the range of k standard normals. */
export function studentizedRangeCdf(q: number, k: number): number {
  checkK(k);
  if (!(q > 0)) return 0;
  if (q === Infinity) return 1;
  const h = LIMIT / PANELS;
  let sum = 0;
  for (let panel = 0; panel < 2 * PANELS; panel++) {
    const mid = -LIMIT + (panel + 0.5) * h;
    for (let i = 0; i < GAUSS_POINTS; i++) sum += GL_W[i]! * integrand(mid + (GL_X[i]! * h) / 2, q, k);
  }
  return Math.min(1, (k * sum * h) / 2);
}

function integrand(z: number, q: number, k: number): number {
  // Phi(z) - Phi(z - q) from whichever tails are small there, so it keeps its precision.
  const inside = z - q / 2 > 0 ? normalTails(z - q).upper - normalTails(z).upper : normalTails(z).lower - normalTails(z - q).lower;
  return INV_SQRT_2PI * Math.exp(-0.5 * z * z) * inside ** (k - 1);
}

const cache = new Map<string, number>();

/** q with P(Q <= q) = p: scipy.stats.studentized_range.ppf(p, k, inf). */
export function studentizedRangeQuantile(p: number, k: number): number {
  checkK(k);
  if (!(p > 0 && p < 1)) throw new RangeError(`studentized range quantile needs a probability strictly between 0 and 1, not ${p}`);
  const key = `${p}:${k}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let lo = 0;
  let hi = 8;
  while (studentizedRangeCdf(hi, k) < p) {
    lo = hi;
    hi *= 2;
  }
  // Illinois false position: superlinear like the secant method, yet never leaves its bracket.
  let flo = studentizedRangeCdf(lo, k) - p;
  let fhi = studentizedRangeCdf(hi, k) - p;
  let side = 0;
  for (let iter = 0; iter < 200 && hi - lo > 4 * Number.EPSILON * hi; iter++) {
    let mid = (lo * fhi - hi * flo) / (fhi - flo);
    if (!(mid > lo && mid < hi)) mid = (lo + hi) / 2;
    const fmid = studentizedRangeCdf(mid, k) - p;
    if (fmid === 0) {
      lo = hi = mid;
      break;
    }
    if (fmid < 0) {
      lo = mid;
      flo = fmid;
      if (side === -1) fhi /= 2;
      side = -1;
    } else {
      hi = mid;
      fhi = fmid;
      if (side === 1) flo /= 2;
      side = 1;
    }
  }
  const q = (lo + hi) / 2;
  cache.set(key, q);
  return q;
}

/** Nodes and weights of the n-point Gauss-Legendre rule on [-1, 1], by Newton's method on P_n (Numerical Recipes' gauleg). */
function gaussLegendre(n: number): [number[], number[]] {
  const xs: number[] = [];
  const ws: number[] = [];
  for (let i = 1; i <= n; i++) {
    let x = Math.cos((Math.PI * (i - 0.25)) / (n + 0.5));
    let dp = 0;
    for (let iter = 0; iter < 100; iter++) {
      let p0 = 1;
      let p1 = 0;
      for (let j = 1; j <= n; j++) {
        const p2 = p1;
        p1 = p0;
        p0 = ((2 * j - 1) * x * p1 - (j - 1) * p2) / j;
      }
      dp = (n * (x * p0 - p1)) / (x * x - 1);
      const step = p0 / dp;
      x -= step;
      if (Math.abs(step) < 1e-16) break;
    }
    xs.push(x);
    ws.push(2 / ((1 - x * x) * dp * dp));
  }
  return [xs, ws];
}

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`the studentized range needs k >= 2 whole groups, not ${k}`);
}
