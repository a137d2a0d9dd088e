/** The runs table's row shape and its conversion to a record, shared by the store and the history queries. */
import type { FamilyId } from '../../core/families/family';
import type { Params } from '../../core/params/schema';
import { ACTIVE_STATUSES, type StopCriteria, type StopReason } from '../../core/engine/run-types';
import { parseStored } from './errors';
import type { ParamChange, RunStatus, RunSummary } from './types';

export interface RunRow {
  id: number;
  puzzle_id: number | null;
  puzzle_name: string;
  family: string;
  kind: string;
  solver: string;
  params: string;
  seed: number;
  stop: string;
  status: string;
  stop_reason: string | null;
  error: string | null;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
  elapsed_ms: number;
  evaluations: number;
  best_score: number | null;
  max_score: number | null;
  claimed_best: number | null;
  rss_bytes: number | null;
  peak_rss_bytes: number | null;
  changes: string;
  puzzle?: string;
  best_solution?: string | null;
}

/** Every column but the puzzle and best-solution blobs, which lists never need. */
export const RUN_SUMMARY_COLS =
  'id, puzzle_id, puzzle_name, family, kind, solver, params, seed, stop, status, stop_reason, error, ' +
  'created_at, started_at, ended_at, elapsed_ms, evaluations, best_score, max_score, claimed_best, rss_bytes, peak_rss_bytes, changes';

/**
 * A byte count as the runs table keeps it: a whole number, or null for none. A worker's figure is
 * not trusted blindly (a remote one comes through Redis): anything but a finite non-negative
 * number is none.
 */
export function storedBytes(x: unknown): number | null {
  return typeof x === 'number' && Number.isFinite(x) && x >= 0 ? Math.round(x) : null;
}

/**
 * SET expression raising a run's stored peak memory to `@peak` (a `storedBytes` value): a run's
 * peak only rises, and a missing figure leaves it as it was.
 */
/** The active statuses (core's list) as an SQL list, for `status IN (...)`. */
export const ACTIVE_SQL = ACTIVE_STATUSES.map((x) => `'${x}'`).join(', ');

export const RAISE_PEAK_SQL = `peak_rss_bytes = CASE WHEN @peak IS NULL THEN peak_rss_bytes
                                    WHEN peak_rss_bytes IS NULL OR @peak > peak_rss_bytes THEN @peak ELSE peak_rss_bytes END`;

export function toRunSummary(r: RunRow): RunSummary {
  return {
    id: r.id,
    puzzleId: r.puzzle_id,
    puzzleName: r.puzzle_name,
    family: r.family as FamilyId,
    kind: r.kind,
    solver: r.solver,
    params: parseStored(r.params, () => `run ${r.id}'s parameters`) as Params,
    seed: r.seed,
    stop: parseStored(r.stop, () => `run ${r.id}'s stop criteria`) as StopCriteria,
    status: r.status as RunStatus,
    stopReason: r.stop_reason as StopReason | null,
    error: r.error,
    createdAt: r.created_at,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    elapsedMs: r.elapsed_ms,
    evaluations: r.evaluations,
    bestScore: r.best_score,
    maxScore: r.max_score,
    // A claim at or below the checked best says nothing (a sample may be taken before the
    // improvement that shows its board is stored).
    claimedBest: r.claimed_best !== null && (r.best_score === null || r.claimed_best > r.best_score) ? r.claimed_best : null,
    rssBytes: r.rss_bytes,
    peakRssBytes: r.peak_rss_bytes,
    changes: parseStored(r.changes, () => `run ${r.id}'s setting changes`) as ParamChange[],
  };
}
