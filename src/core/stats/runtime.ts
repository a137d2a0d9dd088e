/**
 * Runtime distributions (time-to-target plots, Aiex, Resende and Ribeiro): for a score level,
 * when each run of a setting first reached it, from the improvements its runs recorded, as an
 * empirical distribution over all the runs; a run that never reached it is censored at its end
 * (it counts in the denominator, so the curve tops out at the success share).
 */

/** One improvement of a run: elapsed ms, evaluations then, and the new best score. */
export interface TracePoint {
  t: number;
  evaluations: number;
  score: number;
}

/** A run as the runtime views need it: its improvements in time order and where it is (or ended). */
export interface RunTrace {
  runId: number;
  /** Still running: a censoring at its current end is not final. */
  live: boolean;
  endMs: number;
  endEvaluations: number;
  points: readonly TracePoint[];
}

export type Measure = 'time' | 'evaluations';

export interface RuntimeDistribution {
  /** Runs counted (the denominator). */
  runs: number;
  /** When the runs that reached the level did, ascending. */
  reached: number[];
  /** Where the runs that did not were censored (their end so far), ascending. */
  censored: number[];
  /** The empirical distribution as explicit steps: x, share of all runs that had reached the level by x. */
  steps: { x: number; y: number }[];
  /** A mark per censored run on the curve: x = its end, y = the share reached by then. */
  marks: { x: number; y: number; live: boolean }[];
}

/** When a run first reached `level` (ms or evaluations), or null. */
export function reachOf(trace: RunTrace, level: number, measure: Measure): number | null {
  for (const p of trace.points) if (p.score >= level) return measure === 'time' ? p.t : p.evaluations;
  return null;
}

export function runtimeDistribution(traces: readonly RunTrace[], level: number, measure: Measure): RuntimeDistribution {
  const reached: number[] = [];
  const cens: { x: number; live: boolean }[] = [];
  for (const tr of traces) {
    const r = reachOf(tr, level, measure);
    if (r !== null) reached.push(r);
    else cens.push({ x: measure === 'time' ? tr.endMs : tr.endEvaluations, live: tr.live });
  }
  reached.sort((a, b) => a - b);
  cens.sort((a, b) => a.x - b.x);
  const n = traces.length;
  const steps: { x: number; y: number }[] = [];
  reached.forEach((x, i) => {
    steps.push({ x, y: i / n }, { x, y: (i + 1) / n });
  });
  // Hold the last level out to the longest run, so a curve that tops out below 1 shows where.
  const last = Math.max(reached.at(-1) ?? 0, cens.at(-1)?.x ?? 0);
  if (steps.length > 0 && last > steps.at(-1)!.x) steps.push({ x: last, y: steps.at(-1)!.y });
  const shareAt = (x: number): number => {
    let k = 0;
    while (k < reached.length && reached[k]! <= x) k++;
    return n > 0 ? k / n : 0;
  };
  return { runs: n, reached, censored: cens.map((c) => c.x), steps, marks: cens.map((c) => ({ x: c.x, y: shareAt(c.x), live: c.live })) };
}

/** Every score level the runs passed through (the levels a view may offer as targets), descending. */
export function scoreLevels(traces: readonly RunTrace[]): number[] {
  const set = new Set<number>();
  for (const tr of traces) for (const p of tr.points) set.add(p.score);
  return [...set].sort((a, b) => b - a);
}

/**
 * When the mean best score of a setting's runs first reached `level`: the mean over all of
 * them, defined once every run has a score (a finished run keeps its final best). Null if
 * it never did, or a run has no score.
 */
export function meanReach(traces: readonly RunTrace[], level: number, measure: Measure): number | null {
  if (traces.length === 0) return null;
  const events: { x: number; run: number; score: number }[] = [];
  traces.forEach((tr, run) => tr.points.forEach((p) => events.push({ x: measure === 'time' ? p.t : p.evaluations, run, score: p.score })));
  events.sort((a, b) => a.x - b.x);
  const current = new Array<number | null>(traces.length).fill(null);
  let withScore = 0;
  let sum = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const prev = current[e.run];
    if (prev === null || prev === undefined) withScore++;
    sum += e.score - (prev ?? 0);
    current[e.run] = e.score;
    // Several improvements at the same moment count together.
    if (i + 1 < events.length && events[i + 1]!.x === e.x) continue;
    if (withScore === traces.length && sum / traces.length >= level - 1e-9) return e.x;
  }
  return null;
}
