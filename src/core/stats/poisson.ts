/**
 * An exact (Garwood) interval for the rate of events seen `events` times in `exposure` units of
 * time: how often a long run leaves its plateau, from runs that mostly never did. With no event at
 * all it still bounds the rate from above, which is what a bench of short runs on a rare event has
 * to say.
 */
import { chiSquareSf } from './chi-square';

export interface RateInterval {
  /** Events per unit of exposure: the estimate and the interval's ends (lower 0 with no event). */
  rate: number;
  lower: number;
  upper: number;
}

/** The mean m of a Poisson count with P(count <= k) = tail, or P(count >= k) = tail for `atLeast`. */
function poissonMean(k: number, tail: number, atLeast: boolean): number {
  // P(count <= k | m) = P(chi-square with 2k + 2 df > 2m); P(count >= k | m) = 1 - P(chi-square with 2k df > 2m).
  const f = (m: number): number => (atLeast ? 1 - chiSquareSf(2 * m, 2 * k) : chiSquareSf(2 * m, 2 * k + 2)) - tail;
  // f falls with m (<= k) or rises (>= k): bisect on a bracket doubled until it holds the root.
  let lo = 0;
  let hi = Math.max(1, 2 * k + 4);
  const sign = atLeast ? 1 : -1;
  while (sign * f(hi) < 0) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (sign * f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Two-sided interval at `level` (0.95 by default) for the rate of `events` in `exposure`. */
export function poissonRate(events: number, exposure: number, level = 0.95): RateInterval {
  if (!Number.isInteger(events) || events < 0) throw new RangeError(`events must be a whole number >= 0, not ${events}`);
  if (!(exposure > 0)) throw new RangeError(`exposure must be positive, not ${exposure}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be between 0 and 1, not ${level}`);
  const tail = (1 - level) / 2;
  return {
    rate: events / exposure,
    lower: events === 0 ? 0 : poissonMean(events, tail, true) / exposure,
    upper: poissonMean(events, tail, false) / exposure,
  };
}
