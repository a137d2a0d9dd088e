import { SPAN } from './children';

/**
 * The order `expand` visits a layer's boards in: by score, then (with `exhaust`) by tally, highest
 * first, boards of equal keys in layer order. The best children then come first, the pool's first
 * cut sets a floor close to the layer's last, and once a board's best possible child cannot reach
 * it no later board's can, so the loops stop there instead of looking at every board. A counting
 * sort: two sweeps of the scores and tallies, into `counts` (at least SPAN long) and `ord`.
 * `expand.as`'s `order` is its twin: the two must visit the same boards in the same order.
 *
 * Returns whether the order is exact, so that a loop may stop at the first board that cannot
 * reach the floor: where the scores and tallies span more than SPAN keys, tallies are ranked in
 * buckets of 2, 4, .. (and a loop must look at every board); where scores alone do, the layer's
 * own order is kept.
 */
export function boardOrder(size: number, score: Int32Array, tally: Int32Array | null, ord: Int32Array, counts: Int32Array): boolean {
  let smin = Infinity;
  let smax = -Infinity;
  let tmin = 0;
  let tmax = 0;
  if (tally) {
    tmin = Infinity;
    tmax = -Infinity;
  }
  for (let i = 0; i < size; i++) {
    const s = score[i];
    if (s < smin) smin = s;
    if (s > smax) smax = s;
    if (tally) {
      const t = Math.min(1023, tally[i]);
      if (t < tmin) tmin = t;
      if (t > tmax) tmax = t;
    }
  }
  const sr = smax - smin + 1;
  if (!(size > 0) || sr > SPAN) {
    for (let i = 0; i < size; i++) ord[i] = i;
    return false;
  }
  const tr = tmax - tmin + 1;
  let sh = 0;
  while (sr * ((tr + (1 << sh) - 1) >> sh) > SPAN) sh++;
  const ts = (tr + (1 << sh) - 1) >> sh;
  const top = sr * ts - 1;
  counts.fill(0, 0, top + 1);
  for (let i = 0; i < size; i++) counts[top - ((score[i] - smin) * ts + ((tally ? Math.min(1023, tally[i]) - tmin : 0) >> sh))]++;
  let at = 0;
  for (let b = 0; b <= top; b++) {
    const c = counts[b];
    counts[b] = at;
    at += c;
  }
  for (let i = 0; i < size; i++) ord[counts[top - ((score[i] - smin) * ts + ((tally ? Math.min(1023, tally[i]) - tmin : 0) >> sh))]++] = i;
  return sh === 0;
}
