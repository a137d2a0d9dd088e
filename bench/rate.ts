// The rate of a rare step (465 to 466) over runs that each waited for it once: the plateau bench
// and the from-empty bench read their runs the same way.
import { poissonRate } from '../src/core/stats/poisson';

/**
 * How often the runs left the plateau, over all the CPU they spent on it (each run until its first
 * pass at the target or its budget): "one per X CPU s", with the exact 95 % interval. It reads the
 * runs as one stream of passes in which a target pass comes at a steady rate (a memoryless wait),
 * which is how a long run on its plateau looks; with no run at the target it still bounds the wait.
 */
export function plateauRate(rs: readonly { reached: number | null; spent: number }[]): string {
  const exposure = rs.reduce((sum, r) => sum + (r.reached ?? r.spent), 0);
  if (rs.length === 0 || !(exposure > 0)) return '-';
  const hits = rs.filter((r) => r.reached !== null).length;
  const { lower, upper } = poissonRate(hits, exposure);
  const per = (rate: number): string => Math.round(1 / rate).toLocaleString('en');
  const total = Math.round(exposure).toLocaleString('en');
  return hits === 0
    ? `none in ${total}: one per ${per(upper)} or more`
    : `one per ${per(hits / exposure)} (${per(upper)} to ${lower > 0 ? per(lower) : '-'}) in ${total}`;
}
