/**
 * Comparing runs: per-run figures (best, time to best, evaluations) and, for runs that share
 * their settings (same puzzle, solver, parameters and stop criteria; only the seed differs),
 * mean and spread.
 */
import { decimalText } from '../../../core/text/numbers';
import { summarize, type Summary } from '../../../core/stats/summary';
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

/** A stable key for "same settings": everything but the seed. */
export function settingsKey(run: Pick<RunSummary, 'puzzleId' | 'puzzleName' | 'family' | 'solver' | 'params' | 'stop'>): string {
  const params = Object.keys(run.params)
    .sort()
    .map((k) => `${k}=${JSON.stringify(run.params[k])}`)
    .join('&');
  const stop = `${run.stop.seconds ?? ''}|${run.stop.evaluations ?? ''}|${run.stop.target ?? ''}`;
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
  best: Summary | null;
  timeToBest: Summary | null;
  evaluations: Summary | null;
}

/** Groups of at least two runs that share their settings, in the order their first run appears. */
export function groups(runs: readonly RunSummary[], figs: ReadonlyMap<number, RunFigures>): Group[] {
  const by = new Map<string, number[]>();
  for (const r of runs) {
    const k = settingsKey(r);
    const list = by.get(k) ?? [];
    list.push(r.id);
    by.set(k, list);
  }
  const out: Group[] = [];
  for (const [key, ids] of by) {
    if (ids.length < 2) continue;
    const f = ids.map((id) => figs.get(id)).filter((x): x is RunFigures => x !== undefined);
    out.push({
      key,
      runIds: ids,
      best: stats(f.map((x) => x.best)),
      timeToBest: stats(f.map((x) => x.timeToBest)),
      evaluations: stats(f.map((x) => x.evaluations)),
    });
  }
  return out;
}

/** "52.3 ± 1.2" (one decimal unless whole), for a summary cell. */
export function meanSpread(s: Summary | null, format: (x: number) => string = decimalText): string {
  if (!s || s.mean === null) return '—';
  return s.sd === null ? format(s.mean) : `${format(s.mean)} ± ${format(s.sd)}`;
}
