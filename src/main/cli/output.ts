import type { RunRecord, RunSummary } from '../store/types';
import type { SolverInfo } from '../api/contract';
import { getFamily } from '../../core/families';
import { displayText, MAX_MESSAGE_LENGTH } from '../../core/text/display';
import {
  countText,
  durationText,
  rateText,
  runRate,
  scoreText as coreScoreText,
  solverLabel,
  runTimeText,
  statusDetail,
  workTallyHeading,
} from '../../core/text/run-text';
import type { RunWork } from '../api/runs';

/** The `solve --json` object: see README "CLI". */
export function runResult(run: RunRecord): Record<string, unknown> {
  const family = getFamily(run.family);
  const puzzle: unknown = family.puzzleFromJson(run.puzzle);
  let cells: unknown = null;
  let solved = false;
  if (run.bestSolution !== null && run.bestSolution !== undefined) {
    const solution: unknown = family.solutionFromJson(puzzle, run.bestSolution);
    cells = family.cells(puzzle, solution);
    solved = family.evaluate(puzzle, solution).solved;
  }
  return {
    runId: run.id,
    family: run.family,
    solver: run.solver,
    seed: run.seed,
    status: run.status,
    ...(run.error ? { error: run.error } : {}),
    score: run.bestScore,
    maxScore: run.maxScore,
    solved,
    seconds: Math.round(run.elapsedMs) / 1000,
    evaluations: run.evaluations,
    peakRssBytes: run.peakRssBytes,
    cells,
  };
}

// Numbers, durations and scores are written by the one text module the app's views and
// notifications use too (core/text/run-text.ts), in the terminal's compact style.
export const fmtInt = (n: number | null | undefined): string => (n === null || n === undefined ? '-' : countText(Math.round(n)));

export const fmtSeconds = (ms: number): string => durationText(ms);
/** Evaluations per second over a run as the app says it: "12.3 k/s", "—" before the first. */
export const fmtRate = (evaluations: number, elapsedMs: number): string => rateText(runRate(evaluations, elapsedMs));
/** A moment in the CLI's tables: UTC to the minute, "2026-12-04 16:01", the same on every machine. */
export const fmtMoment = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

export const scoreText = (score: number | null, max: number | null): string => coreScoreText(score, max, { sep: '/', none: '-' });

/** A plain aligned table for terminals. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

/** A row of `runs`: solvers, families and statuses in the words the app shows (`--json` keeps the ids). */
export function runRow(r: RunSummary, solvers: readonly SolverInfo[]): string[] {
  return [
    String(r.id),
    displayText(r.puzzleName, 60),
    getFamily(r.family).label,
    solverLabel(solvers, r),
    String(r.seed),
    statusDetail(r.status, r.stopReason),
    scoreText(r.bestScore, r.maxScore),
    fmtInt(r.evaluations),
    runTimeText(r.elapsedMs, r.stop.clock, true),
    fmtMoment(r.createdAt),
  ];
}
export const RUN_HEADERS = ['id', 'puzzle', 'family', 'solver', 'seed', 'status', 'best', 'evaluations', 'time', 'created'];

/** How a file was read, then what is unusual about it: after the result, one line each, on stderr. */
export function printNotes(notes: readonly string[], warnings: readonly string[]): void {
  for (const n of notes) process.stderr.write(`note: ${displayText(n, MAX_MESSAGE_LENGTH)}\n`);
  for (const w of warnings) process.stderr.write(`warning: ${displayText(w, MAX_MESSAGE_LENGTH)}\n`);
}

/** `show`'s lines on the work a run's checkpoint counts (a beam run's passes by score); none where it counts none. */
export function workLines(w: RunWork | null): string[] {
  if (!w) return [];
  const t = w.tally;
  return [
    '',
    workTallyHeading(t, w.atMs, w.clock),
    table(
      ['score', ...t.kinds],
      t.rows.map((r) => [r.label, ...r.counts.map(fmtInt)]),
    ),
    ...(t.legend ? [t.legend] : []),
  ];
}
