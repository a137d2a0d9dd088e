/**
 * Thinning: of the progress samples a run stores (thinPlan), so an overnight run stays small, and
 * of a series sent to a chart (thinSeries), so a long run draws quickly.
 *
 * A run keeps at most `max` progress samples. When it has more, every second one is deleted,
 * except the first and the most recent, which roughly halves it. New samples then arrive at full
 * density until the cap is hit again, so older stretches get sparser each time: the density
 * decays gracefully with age and the whole run stays visible.
 */

/**
 * Positions (0-based, in time order) of the samples to delete when a run has `count` samples and
 * may keep `max`. Empty when `count <= max`. Deletes the odd positions, never the last one.
 * After it, `ceil((count + 1) / 2)` remain, which is `<= max` whenever `count == max + 1`.
 */
export function thinPlan(count: number, max: number): number[] {
  if (!Number.isInteger(max) || max < 2) throw new RangeError(`thinPlan: max must be a whole number of at least 2, got ${max}`);
  if (count <= max) return [];
  const drop: number[] = [];
  for (let i = 1; i < count - 1; i += 2) drop.push(i);
  return drop;
}

/**
 * At most `max` points of a time-ordered series for a chart: the first and the last, and from
 * each of (max - 2) / 2 equal runs of the points between them the lowest and the highest by
 * `value`, in their original order. Spikes and dips survive, so a thinned noisy series still
 * spans what the full one did. Returns the input itself when it is short enough.
 */
export function thinSeries<T>(points: readonly T[], max: number, value: (p: T) => number): readonly T[] {
  if (!Number.isInteger(max) || max < 2) throw new RangeError(`thinSeries: max must be a whole number of at least 2, got ${max}`);
  const n = points.length;
  if (n <= max) return points;
  const buckets = Math.floor((max - 2) / 2);
  const out: T[] = [points[0]!];
  const inner = n - 2;
  for (let b = 0; b < buckets; b++) {
    const lo = 1 + Math.floor((b * inner) / buckets);
    const hi = 1 + Math.floor(((b + 1) * inner) / buckets); // exclusive
    if (hi <= lo) continue;
    let iMin = lo;
    let iMax = lo;
    for (let i = lo + 1; i < hi; i++) {
      const v = value(points[i]!);
      if (v < value(points[iMin]!)) iMin = i;
      if (v > value(points[iMax]!)) iMax = i;
    }
    if (iMin === iMax) out.push(points[iMin]!);
    else if (iMin < iMax) out.push(points[iMin]!, points[iMax]!);
    else out.push(points[iMax]!, points[iMin]!);
  }
  out.push(points[n - 1]!);
  return out;
}
