/**
 * The standard normal distribution function to full double precision, both tails, by W. J.
 * Cody's rational Chebyshev approximations ("Rational Chebyshev approximations for the error
 * function", Math. Comp. 1969; the 1993 ANORM routine) in the form R's `pnorm_both` evaluates
 * them. Written apart from ranks.ts's `normalUpper` (relative error 1.2e-7, enough for a p
 * shown to three figures) because the tests over puzzles are checked against scipy's p-values
 * to 1e-6 relative far out in the tails, where that error would be visible.
 */

// Cody's coefficients (published to 20 digits), written as the doubles they round to.
const A = [2.2352520354606837, 161.02823106855587, 1067.6894854603709, 18154.98125334356, 0.06568233791820745];
const B = [47.202581904688245, 976.0985517377767, 10260.932208618979, 45507.78933502673];
const C = [
  0.39894151208813466, 8.883149794388377, 93.50665613217785, 597.2702763948002, 2494.5375852903726, 6848.190450536283, 11602.65143764735, 9842.714838383978,
  1.0765576773720192e-8,
];
const D = [
  22.266688044328117, 235.387901782625, 1519.3775994075547, 6485.558298266761, 18615.571640885097, 34900.95272114598, 38912.00328609327, 19685.429676859992,
];
const P = [0.215898534057957, 0.12740116116024736, 0.022235277870649807, 0.0014216191932278934, 0.000029112874951168793, 0.023073441764940174];
const Q = [1.284260096144911, 0.4682382124808651, 0.06598813786892856, 0.0037823963320275824, 0.00007297515550839662];

const ONE_OVER_SQRT_2PI = 0.3989422804014327;
const SQRT_32 = 5.656854249492381;

export interface NormalTails {
  /** P(Z <= x). */
  lower: number;
  /** P(Z > x). */
  upper: number;
}

/** Both tails of the standard normal at x, each with full relative precision (the small one is never 1 minus the large one). */
export function normalTails(x: number): NormalTails {
  if (Number.isNaN(x)) return { lower: NaN, upper: NaN };
  const y = Math.abs(x);
  if (y <= 0.67448975) {
    let num = 0;
    let den = 0;
    if (y > Number.EPSILON / 2) {
      const xsq = x * x;
      num = A[4]! * xsq;
      den = xsq;
      for (let i = 0; i < 3; i++) {
        num = (num + A[i]!) * xsq;
        den = (den + B[i]!) * xsq;
      }
    }
    const t = (x * (num + A[3]!)) / (den + B[3]!);
    return { lower: 0.5 + t, upper: 0.5 - t };
  }
  let small: number;
  if (y <= SQRT_32) {
    let num = C[8]! * y;
    let den = y;
    for (let i = 0; i < 7; i++) {
      num = (num + C[i]!) * y;
      den = (den + D[i]!) * y;
    }
    small = gaussianFactor(y, (num + C[7]!) / (den + D[7]!));
  } else if (y < 37.5193) {
    const xsq = 1 / (x * x);
    let num = P[5]! * xsq;
    let den = xsq;
    for (let i = 0; i < 4; i++) {
      num = (num + P[i]!) * xsq;
      den = (den + Q[i]!) * xsq;
    }
    const t = (xsq * (num + P[4]!)) / (den + Q[4]!);
    small = gaussianFactor(y, (ONE_OVER_SQRT_2PI - t) / y);
  } else {
    small = 0;
  }
  return x > 0 ? { lower: 1 - small, upper: small } : { lower: small, upper: 1 - small };
}

/**
 * exp(-y^2 / 2) * factor, with y split into a part of 4 binary digits and a rest so that y^2
 * is formed without the rounding that would cost relative precision of the tail at large y.
 */
function gaussianFactor(y: number, factor: number): number {
  const ysq = Math.trunc(y * 16) / 16;
  const del = (y - ysq) * (y + ysq);
  return Math.exp(-ysq * ysq * 0.5) * Math.exp(-del * 0.5) * factor;
}

/** P(Z > z), accurate to about 1e-15 relative for every z. */
export function normalSf(z: number): number {
  return normalTails(z).upper;
}

/** P(Z <= z), accurate to about 1e-15 relative for every z. */
export function normalCdf(z: number): number {
  return normalTails(z).lower;
}
