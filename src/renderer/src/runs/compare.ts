/**
 * Comparing runs: per-run figures (best, time to best, evaluations) and, for runs that share
 * their settings (same puzzle, solver, parameters and stop criteria, clock included; only the
 * seed differs), mean and spread.
 */
import { decimalText, durationText } from '../../../core/text/numbers';
import { countNoun } from '../../../core/text/plural';
import { summarize, type Summary } from '../../../core/stats/summary';
import { hasEnded, type RunClock } from '../../../core/engine/run-types';
import type { ImprovementPoint } from '../../../main/api/types';
import type { RunSummary } from '../../../main/api/types';

export interface RunFigures {
  runId: number;
  best: number | null;
  /** Running time when the final best was first reached (null without any improvement). */
  timeToBest: number | null;
  /** Evaluations when the final best was first reached. */
  evalsToBest: number | null;
  evaluations: number;
  elapsedMs: number;
}

/** The figures of one run from its summary and its improvements. */
export function figures(run: RunSummary, improvements: readonly ImprovementPoint[]): RunFigures {
  let best: number | null = run.bestScore;
  for (const p of improvements) {
    if (best === null || p.score > best) best = p.score;
  }
  const at = bestFoundAt(improvements, best);
  return { runId: run.id, best, timeToBest: at?.t ?? null, evalsToBest: at?.evaluations ?? null, evaluations: run.evaluations, elapsedMs: run.elapsedMs };
}

/** The first improvement that reached `best` (null when none did, or before any improvement). */
export function bestFoundAt(improvements: readonly ImprovementPoint[], best: number | null): ImprovementPoint | null {
  return best === null ? null : (improvements.find((p) => p.score >= best) ?? null);
}

/**
 * A stable key for "same settings": everything but the seed. The clock is part of it: 60 s of CPU
 * time and 60 s of wall time are different limits, and their times to best do not average.
 */
export function settingsKey(run: Pick<RunSummary, 'puzzleId' | 'puzzleName' | 'family' | 'solver' | 'params' | 'stop'>): string {
  const params = Object.keys(run.params)
    .sort()
    .map((k) => `${k}=${JSON.stringify(run.params[k])}`)
    .join('&');
  const stop = `${run.stop.seconds ?? ''}|${run.stop.evaluations ?? ''}|${run.stop.target ?? ''}|${run.stop.clock ?? 'wall'}`;
  return `${run.family}|${run.puzzleId ?? `name:${run.puzzleName}`}|${run.solver}|${params}|${stop}`;
}

/** Core's summary of the finite values (a run without a figure has none); null without any. */
export function stats(values: readonly (number | null)[]): Summary | null {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x));
  return v.length === 0 ? null : summarize(v);
}

export interface Group {
  key: string;
  runIds: number[];
  /** The clock of every run in the group (part of its key); times to best count on it. */
  clock: RunClock;
  /**
   * The figures are over the runs that have ended with a best, as a study counts a cell's runs
   * (a failed run counts with the best it recorded): a running run's best is not its last word.
   */
  best: Summary | null;
  timeToBest: Summary | null;
  evaluations: Summary | null;
  /** Runs left out of the figures: not ended yet (queued or running), or ended without a best. */
  live: number;
  withoutBest: number;
}

/** Groups of at least two runs that share their settings, in the order their first run appears. */
export function groups(runs: readonly RunSummary[], figs: ReadonlyMap<number, RunFigures>): Group[] {
  const by = new Map<string, RunSummary[]>();
  for (const r of runs) {
    const k = settingsKey(r);
    const list = by.get(k) ?? [];
    list.push(r);
    by.set(k, list);
  }
  const out: Group[] = [];
  for (const [key, list] of by) {
    if (list.length < 2) continue;
    const ended = list.filter((r) => hasEnded(r.status));
    const counted = ended.map((r) => figs.get(r.id)).filter((x): x is RunFigures => x !== undefined && x.best !== null);
    out.push({
      key,
      runIds: list.map((r) => r.id),
      clock: list[0]!.stop.clock ?? 'wall',
      best: stats(counted.map((x) => x.best)),
      timeToBest: stats(counted.map((x) => x.timeToBest)),
      evaluations: stats(counted.map((x) => x.evaluations)),
      live: list.length - ended.length,
      withoutBest: ended.length - counted.length,
    });
  }
  return out;
}

/**
 * What a group's figures are over, when not every run of it: "mean of 4 of 6 runs: 1 not ended,
 * 1 without a best"; null when they are over all of its runs.
 */
export function groupCoverText(g: Group): string | null {
  const n = g.best?.n ?? 0;
  if (n === g.runIds.length) return null;
  const out: string[] = [];
  if (g.live > 0) out.push(`${g.live} not ended`);
  if (g.withoutBest > 0) out.push(`${g.withoutBest} without a best`);
  return `mean of ${n} of ${countNoun(g.runIds.length, 'run')}: ${out.join(', ')}`;
}

/**
 * A group's time to best on its clock: "4.2 s ± 0.3 s CPU", "12 s wall", and "(of 3)" when fewer
 * of its counted runs have one (a best with no improvement recorded for it) than the best's mean.
 */
export function timeToBestText(g: Group): string {
  if (!g.timeToBest) return '—';
  const of = g.timeToBest.n < (g.best?.n ?? 0) ? ` (of ${g.timeToBest.n})` : '';
  return `${meanSpread(g.timeToBest, durationText)} ${g.clock === 'cpu' ? 'CPU' : 'wall'}${of}`;
}

/** "52.3 ± 1.2" (one decimal unless whole), for a summary cell. */
export function meanSpread(s: Summary | null, format: (x: number) => string = decimalText): string {
  if (!s || s.mean === null) return '—';
  return s.sd === null ? format(s.mean) : `${format(s.mean)} ± ${format(s.sd)}`;
}
