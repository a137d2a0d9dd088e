import type { RunRecord, RunSummary } from '../store/types';
import { getFamily } from '../../core/families';
import { displayText } from '../../core/text/display';

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
    cells,
  };
}

export const fmtInt = (n: number | null | undefined): string => (n === null || n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));

export function fmtSeconds(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = Math.floor(s % 60);
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : `${m}m${String(sec).padStart(2, '0')}s`;
}

export const scoreText = (score: number | null, max: number | null): string => (score === null ? '-' : max === null ? `${score}` : `${score}/${max}`);

/** A plain aligned table for terminals. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  return [line(headers), ...rows.map(line)].join('\n');
}

export function runRow(r: RunSummary): string[] {
  return [
    String(r.id),
    displayText(r.puzzleName, 60),
    r.family,
    r.solver,
    String(r.seed),
    r.status,
    scoreText(r.bestScore, r.maxScore),
    fmtInt(r.evaluations),
    fmtSeconds(r.elapsedMs),
    new Date(r.createdAt).toISOString().replace('T', ' ').slice(0, 16),
  ];
}
export const RUN_HEADERS = ['id', 'puzzle', 'family', 'solver', 'seed', 'status', 'best', 'evaluations', 'time', 'created'];

/** How a file was read, then what is unusual about it: after the result, one line each, on stderr. */
export function printNotes(notes: readonly string[], warnings: readonly string[]): void {
  for (const n of notes) process.stderr.write(`note: ${displayText(n, 300)}\n`);
  for (const w of warnings) process.stderr.write(`warning: ${displayText(w, 300)}\n`);
}
