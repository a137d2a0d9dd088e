/**
 * The largest and smallest of many numbers. `Math.max(...xs)` passes every number as an
 * argument and throws a RangeError past about a hundred thousand of them; a file of 32,000 tiles
 * holds more colours than that, so what reads input uses these.
 */

/** The largest of `xs` (-Infinity when there is none). */
export function largest(xs: ArrayLike<number>): number {
  let m = -Infinity;
  for (let i = 0; i < xs.length; i++) if (xs[i]! > m) m = xs[i]!;
  return m;
}

/** The smallest of `xs` (Infinity when there is none). */
export function smallest(xs: ArrayLike<number>): number {
  let m = Infinity;
  for (let i = 0; i < xs.length; i++) if (xs[i]! < m) m = xs[i]!;
  return m;
}
