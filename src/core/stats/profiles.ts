/**
 * Performance profiles (Dolan and Moré 2002) over the puzzles of a study: for each setting, the
 * share of puzzles on which its cost is within a factor tau of the best setting's cost there
 * (time profile), or its mean best score within d of the best mean (score profile).
 */
import { largest, smallest } from '../numbers/extremes';

export interface ProfileCurve {
  /** Explicit steps: x (tau, or d), share of the puzzles counted (0..1). */
  steps: { x: number; y: number }[];
  /** Puzzles on which the setting is the best (ratio 1, or gap 0). */
  wins: number;
}

export interface Profiles {
  /** Puzzles counted: those on which at least one setting has a cost (scores: a mean). */
  puzzles: number;
  /** Puzzles left out: no setting has a cost there, so they rank nobody (the view says how many). */
  leftOut: number;
  curves: ProfileCurve[];
  /** The largest x any curve needs (where the curves are drawn out to). */
  xMax: number;
}

/**
 * Time profile from `cost[puzzle][setting]` (lower is better; null = the setting never got there,
 * an infinite ratio). Puzzles where no setting has a cost say nothing about any setting and are left out.
 */
export function timeProfile(cost: readonly (readonly (number | null)[])[], settings: number): Profiles {
  const ratios: number[][] = Array.from({ length: settings }, () => []);
  let puzzles = 0;
  let leftOut = 0;
  for (const row of cost) {
    const finite = row.filter((c): c is number => c !== null && Number.isFinite(c));
    if (finite.length === 0) {
      leftOut++;
      continue;
    }
    puzzles++;
    // A cost below one unit (0 ms: solved at once) counts as one: the clock cannot tell such costs
    // apart, and a floor far below it made a ratio of a billion of 1 ms against 0.
    const best = Math.max(smallest(finite), 1);
    for (let s = 0; s < settings; s++) {
      const c = row[s];
      if (c !== null && c !== undefined && Number.isFinite(c)) ratios[s]!.push(Math.max(c, 1) / best);
    }
  }
  return profilesOf(ratios, puzzles, leftOut, 1);
}

/** Score profile from `mean[puzzle][setting]` (higher is better; null = no done run): x = d, the gap to the best mean. */
export function scoreProfile(means: readonly (readonly (number | null)[])[], settings: number): Profiles {
  const gaps: number[][] = Array.from({ length: settings }, () => []);
  let puzzles = 0;
  let leftOut = 0;
  for (const row of means) {
    const known = row.filter((m): m is number => m !== null);
    if (known.length === 0) {
      leftOut++;
      continue;
    }
    puzzles++;
    const best = largest(known);
    for (let s = 0; s < settings; s++) {
      const m = row[s];
      if (m !== null && m !== undefined) gaps[s]!.push(best - m);
    }
  }
  return profilesOf(gaps, puzzles, leftOut, 0);
}

function profilesOf(values: number[][], puzzles: number, leftOut: number, start: number): Profiles {
  let xMax = start;
  for (const v of values) for (const x of v) xMax = Math.max(xMax, x);
  const curves = values.map((v) => {
    const sorted = [...v].sort((a, b) => a - b);
    const steps: { x: number; y: number }[] = [{ x: start, y: 0 }];
    sorted.forEach((x, i) => {
      steps.push({ x, y: steps.at(-1)!.y }, { x, y: (i + 1) / puzzles });
    });
    steps.push({ x: xMax, y: sorted.length / Math.max(1, puzzles) });
    return { steps: dedupe(steps), wins: sorted.filter((x) => x <= start + 1e-12).length };
  });
  return { puzzles, leftOut, curves, xMax };
}

/** Drop repeated points and the middle of vertical runs (equal values) so the chart draws each step once. */
function dedupe(steps: { x: number; y: number }[]): { x: number; y: number }[] {
  const once = steps.filter((p, i) => i === 0 || p.x !== steps[i - 1]!.x || p.y !== steps[i - 1]!.y);
  return once.filter((p, i) => i === 0 || i === once.length - 1 || p.x !== once[i - 1]!.x || p.x !== once[i + 1]!.x);
}
