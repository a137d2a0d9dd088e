/**
 * Thinning of progress samples, so an overnight run stays small.
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
