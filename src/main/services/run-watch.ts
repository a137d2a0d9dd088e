/**
 * Runs another process works on (the CLI's `solve` on the same database, a second app window's
 * backend) do not reach this process's run manager, so nothing would push them to the views. The
 * watcher polls the store every couple of seconds and pushes `run-updated` for what changed: a run
 * that appeared, moved on, or ended; for a running one also its newest stored progress sample as
 * `run-progress`, so Live shows its current score and rate as for a run of its own. Runs this
 * process drives are left to its own events.
 */
import type { PushEvent } from '../api/contract';
import type { Disposable } from '../lifecycle/disposable';
import type { Store } from '../store/store';
import type { ProgressEvent, RunSummary } from '../store/types';
import { hasEnded, ACTIVE_STATUSES } from '../../core/engine/run-types';

export interface RunWatch extends Disposable {
  subscribe(listener: (e: PushEvent) => void): () => void;
  /** One poll now (tests, and the interval). */
  poll(): void;
  /** Stop polling. */
  dispose(): void;
}

export interface RunWatchOptions {
  intervalMs?: number;
  /** Whether this process drives the run (its events already reach the views). */
  isLocal(runId: number): boolean;
}

const fingerprint = (r: RunSummary): string => `${r.status}|${r.bestScore}|${r.evaluations}|${r.elapsedMs}`;

export function watchRuns(store: Store, opts: RunWatchOptions): RunWatch {
  const listeners = new Set<(e: PushEvent) => void>();
  const seen = new Map<number, string>();
  let maxId = 0;
  let primed = false;

  const emit = (e: PushEvent): void => {
    for (const l of [...listeners]) l(e);
  };
  const push = (run: RunSummary): void => {
    emit({ type: 'run-updated', run });
    if (run.status !== 'running') return;
    let p: ProgressEvent | null;
    try {
      p = store.latestProgress(run.id);
    } catch {
      return; // A busy or closing database: the next change brings it.
    }
    if (p)
      emit({
        type: 'run-progress',
        runId: run.id,
        elapsedMs: p.elapsedMs,
        evaluations: p.evaluations,
        bestScore: p.bestScore,
        currentScore: p.currentScore,
        ...(run.rssBytes !== null && run.peakRssBytes !== null ? { rssBytes: run.rssBytes, peakRssBytes: run.peakRssBytes } : {}),
      });
  };

  function poll(): void {
    let active: RunSummary[];
    let newest: RunSummary[];
    try {
      active = store.listRuns({ status: [...ACTIVE_STATUSES], limit: 500 });
      newest = store.listRuns({ limit: 20 });
    } catch {
      return; // A busy or closing database: try again at the next tick.
    }
    const now = new Map<number, RunSummary>();
    for (const r of [...newest, ...active]) now.set(r.id, r);
    // Runs that were active and are no longer in the lists ended (or were deleted).
    for (const id of seen.keys()) {
      if (now.has(id)) continue;
      const r = store.getRunSummary(id);
      if (r) now.set(id, r);
      else seen.delete(id);
    }
    for (const r of now.values()) {
      const fp = fingerprint(r);
      // A run not followed yet is news only when it is newer than anything seen before.
      const before = seen.get(r.id) ?? (r.id > maxId ? null : fp);
      if (!hasEnded(r.status)) seen.set(r.id, fp);
      else seen.delete(r.id);
      if (primed && before !== fp && !opts.isLocal(r.id)) push(r);
    }
    for (const r of newest) maxId = Math.max(maxId, r.id);
    primed = true;
  }

  poll();
  const timer = setInterval(poll, opts.intervalMs ?? 2000);
  timer.unref?.();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    poll,
    dispose: () => clearInterval(timer),
  };
}
