/**
 * What the desktop shell does about runs, decided without Electron (so it is unit-tested): keep
 * the machine awake while any run is queued or running, and tell the user when a run ends while
 * the window is not in front. `power.ts` carries the decisions out with Electron's APIs.
 */
import type { PushEvent } from '../api/contract';
import type { RunStatus, RunSummary } from '../store/types';
import { catalogue } from '../../core/catalogue/catalogue';
import { durationText, percentText, scoreText, solverLabel } from '../../core/text/run-text';
import { hasEnded } from '../../core/engine/run-types';

export type PowerAction = 'start' | 'stop' | null;

export interface Notice {
  runId: number;
  title: string;
  body: string;
}

/** Start blocking sleep when the first run becomes active, stop when the last one ends. */
export function powerAction(activeRuns: number, blocking: boolean): PowerAction {
  if (activeRuns > 0 && !blocking) return 'start';
  if (activeRuns === 0 && blocking) return 'stop';
  return null;
}

/** "1 h 02 min", "3 min 05 s", "12.4 s": the views' durations (core/text/run-text.ts). */
export const shortDuration = durationText;

function bestText(run: RunSummary): string {
  if (run.bestScore === null) return 'no score';
  const pct = percentText(run.bestScore, run.maxScore);
  return `best ${scoreText(run.bestScore, run.maxScore)}${pct ? ` (${pct})` : ''}`;
}

/**
 * The notice for a run that just left `previous` for `run.status`, or null when there is nothing
 * to say: the window is focused (the views show it), the run did not end, or the user stopped it.
 */
export function endNotice(previous: RunStatus | undefined, run: RunSummary, windowFocused: boolean): Notice | null {
  if (windowFocused) return null;
  if (previous !== 'running') return null;
  const what = `${run.puzzleName} · ${solverLabel(catalogue, run)}`;
  switch (run.status) {
    case 'done': {
      const solved = run.stopReason === 'solved' || run.stopReason === 'target';
      return {
        runId: run.id,
        title: `Run ${run.id} ${solved ? (run.stopReason === 'solved' ? 'solved the puzzle' : 'reached its target') : 'finished'}`,
        body: `${what} · ${bestText(run)} in ${durationText(run.elapsedMs)}`,
      };
    }
    case 'failed':
      return { runId: run.id, title: `Run ${run.id} failed`, body: `${what} · ${run.error ?? 'unknown error'}` };
    case 'interrupted':
      return { runId: run.id, title: `Run ${run.id} was interrupted`, body: `${what} · ${run.error ?? 'its process ended'} · it can be resumed` };
    default:
      return null; // stopped by the user, or still going
  }
}

/** Follows the push stream: which runs are active, and what to do on each event. */
export class RunWatch {
  private readonly status = new Map<number, RunStatus>();
  private blocking = false;

  /** Runs already active when the watch starts (e.g. queued runs recovered at start-up). */
  seed(runs: readonly RunSummary[]): PowerAction {
    for (const r of runs) this.status.set(r.id, r.status);
    return this.settle();
  }

  get activeCount(): number {
    let n = 0;
    for (const s of this.status.values()) if (!hasEnded(s)) n++;
    return n;
  }

  isBlocking(): boolean {
    return this.blocking;
  }

  onEvent(e: PushEvent, windowFocused: boolean): { power: PowerAction; notice: Notice | null } {
    if (e.type === 'runs-deleted') {
      for (const id of e.ids) this.status.delete(id);
      return { power: this.settle(), notice: null };
    }
    if (e.type !== 'run-updated') return { power: null, notice: null };
    const previous = this.status.get(e.run.id);
    if (!hasEnded(e.run.status)) this.status.set(e.run.id, e.run.status);
    else this.status.delete(e.run.id); // only active runs are remembered
    const notice = previous !== e.run.status ? endNotice(previous, e.run, windowFocused) : null;
    return { power: this.settle(), notice };
  }

  private settle(): PowerAction {
    const a = powerAction(this.activeCount, this.blocking);
    if (a === 'start') this.blocking = true;
    if (a === 'stop') this.blocking = false;
    return a;
  }
}
