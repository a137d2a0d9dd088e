/**
 * Ranks with ties: tied values share the mean of the ranks they span (midranks). Ranks are kept
 * doubled, so every midrank is a whole number and the exact distributions can count over
 * integer sums.
 */

/** Doubled midranks (2 x rank, 1-based) of `xs`, in the order of `xs`. */
export function doubledRanks(xs: readonly number[]): number[] {
  // A NaN has no place in an order: ranked anyhow it would shift every rank silently.
  for (const x of xs) if (Number.isNaN(x)) throw new RangeError('a rank test got a value that is not a number');
  // Compared, not subtracted: two equal infinities subtract to NaN.
  const order = xs.map((_, i) => i).sort((a, b) => (xs[a]! < xs[b]! ? -1 : xs[a]! > xs[b]! ? 1 : 0));
  const out = new Array<number>(xs.length);
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && xs[order[j + 1]!] === xs[order[i]!]) j++;
    // Ranks i+1 .. j+1 share their mean; doubled that is i + j + 2.
    for (let k = i; k <= j; k++) out[order[k]!] = i + j + 2;
    i = j + 1;
  }
  return out;
}

/** Sum over groups of tied values of t^3 - t (the tie correction of the normal approximations). */
export function tieTerm(xs: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  let s = 0;
  for (const t of counts.values()) s += t * t * t - t;
  return s;
}

/** Standard normal upper tail P(Z > z), from erfc (Numerical Recipes' Chebyshev fit, relative error < 1.2e-7). */
export function normalUpper(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}
