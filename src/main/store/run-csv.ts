/** Runs as CSV, one line per run (the history's CSV export). */
import type { Params } from '../../core/params/schema';
import type { RunSummary } from './types';

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_COLUMNS = [
  'id',
  'puzzle',
  'puzzle_id',
  'family',
  'solver',
  'params',
  'seed',
  'status',
  'stop_reason',
  'stop_seconds',
  'stop_evaluations',
  'stop_target',
  'created',
  'started',
  'ended',
  'duration_s',
  'evaluations',
  'best_score',
  'max_score',
  'percent_of_max',
  'error',
  // Last, so the columns before keep their places; empty for runs from before it was measured.
  'peak_memory_bytes',
] as const;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Parameters as `name=value; name=value` (sorted by name). */
export function paramsText(params: Params): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('; ');
}

/** Runs as CSV with a header line, CRLF line ends (what spreadsheets expect). */
export function runsToCsv(runs: readonly RunSummary[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of runs) {
    const pct = r.bestScore !== null && r.maxScore !== null && r.maxScore > 0 ? Math.round((r.bestScore / r.maxScore) * 10_000) / 100 : null;
    const row: unknown[] = [
      r.id,
      r.puzzleName,
      r.puzzleId,
      r.family,
      r.solver,
      paramsText(r.params),
      r.seed,
      r.status,
      r.stopReason,
      r.stop.seconds,
      r.stop.evaluations,
      r.stop.target,
      iso(r.createdAt),
      iso(r.startedAt),
      iso(r.endedAt),
      Math.round(r.elapsedMs) / 1000,
      r.evaluations,
      r.bestScore,
      r.maxScore,
      pct,
      r.error,
      r.peakRssBytes,
    ];
    lines.push(row.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
