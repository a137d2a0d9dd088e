/**
 * What a spread run shows besides an ordinary run's figures: its workers and their rates, both its
 * clocks, its pool, and the lines it has to say (a refused board, Redis losing its data). Kept in
 * the store's settings under the run's id, written by the coordinator at a bounded rate (every
 * couple of seconds), read by `show` and the Live view.
 */
import * as v from 'valibot';
import type { SpreadRunInfo } from '../api/spread';
import type { Store } from '../store/store';
import { WorkerSample } from './ledger';
import { countText, durationText } from '../../core/text/numbers';
import { shareText } from '../../core/text/run-text';
import { countNoun } from '../../core/text/plural';

export const SpreadInfo = v.object({
  v: v.literal(1),
  /** CPU seconds of one pass job, the most boards in the pool, the share of passes from empty. */
  passSeconds: v.number(),
  poolSize: v.number(),
  fresh: v.number(),
  /** The pool's scores, best first. */
  pool: v.array(v.number()),
  /** CPU time summed over every worker's passes, and the run's wall-clock time. */
  cpuMs: v.number(),
  wallMs: v.number(),
  jobsDone: v.number(),
  /** Jobs on the queue or under way now. */
  outstanding: v.number(),
  workers: v.array(WorkerSample),
  /** The run's lines, oldest first (at most MAX_NOTES, the first ones kept). */
  notes: v.array(v.string()),
  updatedAt: v.number(),
});
/** The API's type (the views read it); the schema's output must be one. */
export type SpreadInfo = SpreadRunInfo;

export const MAX_NOTES = 50;

const key = (runId: number): string => `spread.run.${runId}`;

export function writeSpreadInfo(store: Store, runId: number, info: SpreadInfo): void {
  store.setSetting(key(runId), info);
}

/** The run's spread figures, or null for a run that was never spread (or whose record cannot be read). */
export function readSpreadInfo(store: Store, runId: number): SpreadInfo | null {
  const r = v.safeParse(SpreadInfo, store.getSetting(key(runId)));
  const info: SpreadInfo | null = r.success ? r.output : null;
  return info;
}

/** `show`'s lines for a spread run (none for another run). */
export function spreadLines(info: SpreadInfo | null, now = Date.now()): string[] {
  if (!info) return [];
  const lines = [
    `spread over workers: ${countNoun(info.jobsDone, 'pass', 'passes')} of ${info.passSeconds} CPU s done, ${info.outstanding} out; ${durationText(info.cpuMs)} CPU summed over workers in ${durationText(info.wallMs)} of wall clock`,
    `pool of ${info.poolSize}${info.pool.length ? `: ${info.pool.join(' ')}` : ' (empty)'}; ${shareText(info.fresh)} of passes from empty`,
  ];
  for (const w of info.workers)
    lines.push(
      `worker ${w.who}: ${countNoun(w.jobs, 'pass', 'passes')}, ${w.busy} under way, ${durationText(w.cpuMs)} CPU, ${countText(w.rate)} evaluations per CPU s, last heard ${durationText(Math.max(0, now - w.lastSeen))} ago`,
    );
  for (const n of info.notes) lines.push(`note: ${n}`);
  return lines;
}
