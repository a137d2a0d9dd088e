/**
 * The chi-square upper tail for whole degrees of freedom: the Friedman test's p-value.
 *
 * P(X > x) = Q(df / 2, x / 2), the regularized upper incomplete gamma function. For whole df its
 * half-argument is a whole or half-whole number, where Q has closed forms (a Poisson tail sum,
 * or a normal tail plus such a sum): every term positive, so no cancellation and a relative
 * error of a few ulps times df anywhere in the tail, with no series or continued fraction whose
 * convergence would have to be watched.
 */
import { normalSf } from './normal';

/** Past this the factor e^-h underflows; the terms are then formed from logarithms instead of by the recurrence. */
const EXP_SAFE = 700;

/** P(X > x) for X chi-square with `df` degrees of freedom (a whole number >= 1). */
export function chiSquareSf(x: number, df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`chi-square degrees of freedom must be a whole number >= 1, not ${df}`);
  if (Number.isNaN(x)) return NaN;
  if (x <= 0) return 1;
  if (x === Infinity) return 0;
  const h = x / 2;
  // Q(m, h) = sum_{j < m} e^-h h^j / j!: the chance of fewer than m Poisson(h) events.
  if (df % 2 === 0) return gammaTailTerms(h, 0, 0, df / 2);
  // Q(1/2, h) = erfc(sqrt h) = 2 P(Z > sqrt x); each step up in a adds e^-h h^a / Gamma(a + 1).
  return 2 * normalSf(Math.sqrt(x)) + gammaTailTerms(h, 0.5, Math.log(Math.sqrt(Math.PI) / 2), (df - 1) / 2);
}

/** Sum over j < count of e^-h h^(a0 + j) / Gamma(a0 + j + 1); `logGamma0` = log Gamma(a0 + 1). */
function gammaTailTerms(h: number, a0: number, logGamma0: number, count: number): number {
  let sum = 0;
  if (h < EXP_SAFE) {
    let term = Math.exp(-h + a0 * Math.log(h) - logGamma0);
    for (let j = 0; j < count; j++) {
      sum += term;
      term *= h / (a0 + j + 1);
    }
    return sum;
  }
  let logGamma = logGamma0;
  for (let j = 0; j < count; j++) {
    sum += Math.exp(-h + (a0 + j) * Math.log(h) - logGamma);
    logGamma += Math.log(a0 + j + 1);
  }
  return sum;
}
