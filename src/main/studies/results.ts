/**
 * A study's results: one cell per puzzle x solver setting over its finished runs (mean, median,
 * best, spread, success rate, time to target), and the progress of the whole study.
 */
import { isFinal, type RunClock } from '../../core/engine/run-types';
import type { RunStatus } from '../store/types';
import type { StudyRun } from '../store/studies';
import { cellStop, type StudySpec } from './spec';
import { mean, median, summarize } from '../../core/stats/summary';
import type { CellRun, StudyCellResult, StudyProgress } from '../api/studies';

export type { CellRun, StudyCellResult, StudyProgress };

export interface StudyResults {
  progress: StudyProgress;
  cells: StudyCellResult[];
}

/** When a run first reached a score: elapsed ms and evaluations then (from its improvements); null if it never did. */
export type Reach = (runId: number, score: number) => { elapsedMs: number; evaluations: number } | null;

/** Ms of a running run's clock per ms of wall time (Store.clockRate), or null when not known. */
export type ClockRate = (runId: number) => number | null;

const unknownRate: ClockRate = () => null;

/** A row of the results table: one puzzle, or every puzzle of a group (in the order of the file). */
export interface StudyRow {
  label: string;
  puzzles: number[];
}

export function studyRows(spec: StudySpec): StudyRow[] {
  const rows: StudyRow[] = [];
  const byGroup = new Map<string, StudyRow>();
  spec.puzzles.forEach((p, i) => {
    if (!p.group) return void rows.push({ label: p.label, puzzles: [i] });
    const row = byGroup.get(p.group);
    if (row) return void row.puzzles.push(i);
    const fresh = { label: p.group, puzzles: [i] };
    byGroup.set(p.group, fresh);
    rows.push(fresh);
  });
  return rows;
}

/** The score a run of a puzzle must reach to count as a success, or null when none is known. */
export function runTarget(spec: StudySpec, puzzleIndex: number, configIndex: number): number | null {
  return cellStop(spec, puzzleIndex, configIndex).target ?? spec.puzzles[puzzleIndex]!.maxScore;
}

/** Runs shorter than this on their clock (on average) take the time left from the pace of their ends. */
const PACE_RUN_MS = 60_000;

export function studyProgress(spec: StudySpec, runs: readonly StudyRun[], clockRate: ClockRate = unknownRate): StudyProgress {
  const planned = spec.puzzles.length * spec.configs.length * spec.seeds.length;
  const by: Record<RunStatus, number> = { done: 0, running: 0, queued: 0, stopped: 0, interrupted: 0, failed: 0 };
  for (const r of runs) by[r.run.status]++;
  const notStarted = Math.max(0, planned - runs.length);
  const doneMs = runs.filter((r) => r.run.status === 'done').map((r) => r.run.elapsedMs);
  let estimatedMsLeft: number | null = null;
  let estimateClock: RunClock = 'wall';
  const perRun = mean(doneMs);
  // The pace at which runs have been ending lately counts what their own clocks do not (a solver
  // process's start-up, every run at once), which matters for studies of many short runs. Between
  // long runs' ends it also counts every hour the study was not running (a machine off overnight
  // said "about 9 h left" of 3), so long runs go by their own clocks.
  const pace = perRun !== null && perRun < PACE_RUN_MS ? recentPace(runs) : null;
  if (by.running > 0 && pace !== null) {
    estimatedMsLeft = (by.queued + notStarted + by.running / 2) * pace;
  } else if (by.running > 0 && perRun !== null) {
    // On the runs' own clock: a CPU-time budget of two threads passes in half the wall time, and
    // on a busy machine in more, so it is turned into wall time only at a measured pace.
    let work = (by.queued + notStarted) * perRun;
    for (const r of runs) if (r.run.status === 'running') work += Math.max(0, perRun - r.run.elapsedMs);
    const rate = runningClockRate(runs, clockRate);
    estimatedMsLeft = work / by.running / (rate ?? 1);
    if (rate === null) estimateClock = 'cpu';
  }
  return { planned, ...by, notStarted, estimatedMsLeft, estimateClock };
}

/** The mean pace of the running runs' clocks against the wall (1 for wall-clock runs); null when one of them is not known. */
function runningClockRate(runs: readonly StudyRun[], clockRate: ClockRate): number | null {
  const rates: number[] = [];
  for (const r of runs) {
    if (r.run.status !== 'running') continue;
    const rate = r.run.stop.clock === 'cpu' ? clockRate(r.run.id) : 1;
    if (rate === null || !(rate > 0)) return null;
    rates.push(rate);
  }
  return mean(rates);
}

/**
 * Wall ms between the ends of the last (up to) 10 done runs that ran here, per run; null below 3
 * of them. A run taken from a run file never started here: it "ended" when it was imported, and
 * a batch of them imported at once would set a pace of milliseconds a run.
 */
function recentPace(runs: readonly StudyRun[]): number | null {
  const ends = runs
    .filter((r) => r.run.status === 'done' && r.run.startedAt != null && typeof r.run.endedAt === 'number')
    .map((r) => r.run.endedAt!)
    .sort((a, b) => a - b)
    .slice(-10);
  if (ends.length < 3) return null;
  const span = ends.at(-1)! - ends[0]!;
  return span > 0 ? span / (ends.length - 1) : null;
}

/** `reach` gives when a run first reached a score (from its improvements). */
export function studyResults(spec: StudySpec, runs: readonly StudyRun[], reach: Reach, clockRate: ClockRate = unknownRate): StudyResults {
  const cells: StudyCellResult[] = [];
  const k = spec.configs.length;
  const byCell = finishedByCell(spec, runs);
  studyRows(spec).forEach((row, ri) => {
    const first = row.puzzles[0]!;
    spec.configs.forEach((c, ci) => {
      // A failed run's best (boards checked as it ran) is its score; without one it has none, and reached nothing.
      const finished = byCell[ri * k + ci]!;
      const scores = finished.flatMap((r) => (r.run.bestScore !== null ? [r.run.bestScore] : []));
      const target = runTarget(spec, first, ci);
      const groupName = spec.puzzles[first]!.group;
      const paper = spec.published?.cells.find((x) => x.solver === ci && (x.group !== undefined ? x.group === groupName : x.puzzle === first));
      const withTarget = finished.map((r) => ({ r, t: runTarget(spec, r.puzzleIndex, ci) })).filter((x): x is { r: StudyRun; t: number } => x.t !== null);
      const hits = withTarget.filter(({ r, t }) => r.run.bestScore !== null && r.run.bestScore >= t);
      // A run that reached the target with no improvement recorded there: by its end, at the latest (as the time test counts it).
      const reached = hits.map(({ r, t }) => reach(r.run.id, t) ?? { elapsedMs: r.run.elapsedMs, evaluations: r.run.evaluations });
      cells.push({
        rowIndex: ri,
        puzzleIndex: first,
        configIndex: ci,
        puzzle: row.label,
        solver: c.label,
        planned: spec.seeds.length * row.puzzles.length,
        done: finished.filter((r) => r.run.status === 'done').length,
        failed: finished.filter((r) => r.run.status === 'failed').length,
        maxScore: spec.puzzles[first]!.maxScore,
        ...summarize(scores),
        target,
        successRate: withTarget.length === 0 ? null : hits.length / withTarget.length,
        success: withTarget.length === 0 ? null : { reached: hits.length, runs: withTarget.length },
        timeToTargetMs: median(reached.map((x) => x.elapsedMs)),
        evaluationsToTarget: median(reached.map((x) => x.evaluations)),
        published: paper ? (({ puzzle: _p, solver: _s, group: _g, ...figures }) => figures)(paper) : null,
      });
    });
  });
  return { progress: studyProgress(spec, runs, clockRate), cells };
}

/**
 * A study's runs by cell, row by row and setting by setting (the order of `studyResults`' cells),
 * in one pass over the runs (a study of 48,000 runs is read often); `keep` picks which.
 */
export function runsByCell(spec: StudySpec, runs: readonly StudyRun[], keep: (r: StudyRun) => boolean = () => true): StudyRun[][] {
  const rows = studyRows(spec);
  const k = spec.configs.length;
  const rowOf = new Map<number, number>();
  rows.forEach((row, ri) => row.puzzles.forEach((p) => rowOf.set(p, ri)));
  const out: StudyRun[][] = Array.from({ length: rows.length * k }, () => []);
  for (const r of runs) {
    const ri = rowOf.get(r.puzzleIndex);
    if (ri !== undefined && r.configIndex < k && keep(r)) out[ri * k + r.configIndex]!.push(r);
  }
  return out;
}

/**
 * The runs a cell's figures and tests count: the finished ones, done or failed. A failed run is
 * its setting's failure, not a run to leave out.
 */
export const finishedByCell = (spec: StudySpec, runs: readonly StudyRun[]): StudyRun[][] => runsByCell(spec, runs, (r) => isFinal(r.run.status));

/** Every run of each cell (the order of `studyResults`' cells), for strip plots. */
export function cellRuns(spec: StudySpec, runs: readonly StudyRun[]): CellRun[][] {
  return runsByCell(spec, runs).map((cell) =>
    cell.map((r) => ({
      runId: r.run.id,
      puzzleIndex: r.puzzleIndex,
      seed: r.seed,
      status: r.run.status,
      bestScore: r.run.bestScore,
      elapsedMs: r.run.elapsedMs,
    })),
  );
}
