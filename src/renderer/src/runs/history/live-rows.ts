/**
 * History rows of running runs between page loads: a page is queried again on improvements and
 * status changes only, so a running row's time and evaluations come from the progress pushes,
 * gathered and applied a few times a second (no query per push).
 */
import type { RunSummary, WorkbenchApi } from '../../../../main/api/types';

/** The latest figures pushed for each run. */
export type RowProgress = ReadonlyMap<number, { elapsedMs: number; evaluations: number }>;

/** `runs` with each running run's time and evaluations from `progress`; null when no row changes. */
export function withProgress(runs: readonly RunSummary[], progress: RowProgress): RunSummary[] | null {
  let changed = false;
  const out = runs.map((r) => {
    const p = progress.get(r.id);
    if (!p || r.status !== 'running' || (p.elapsedMs === r.elapsedMs && p.evaluations === r.evaluations)) return r;
    changed = true;
    return { ...r, elapsedMs: p.elapsedMs, evaluations: p.evaluations };
  });
  return changed ? out : null;
}

/**
 * Gather the progress pushes and hand the latest figures of each run to `flush` at most once per
 * `ms`. Returns the unsubscribe, which also drops what is pending.
 */
export function gatherProgress(api: Pick<WorkbenchApi, 'subscribe'>, ms: number, flush: (progress: RowProgress) => void): () => void {
  let pending = new Map<number, { elapsedMs: number; evaluations: number }>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const off = api.subscribe((e) => {
    if (e.type !== 'run-progress') return;
    pending.set(e.runId, { elapsedMs: e.elapsedMs, evaluations: e.evaluations });
    timer ??= setTimeout(() => {
      timer = null;
      const gathered = pending;
      pending = new Map();
      flush(gathered);
    }, ms);
  });
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
}
