/** What can be done to the run shown on the live runs view: its buttons and its keys come from this list. */
import type { RunSummary } from '../../../../main/api/types';
import type { Action } from './action';

export interface LiveRunOps {
  stop(run: RunSummary): void;
  resume(run: RunSummary): void;
  open(id: number): void;
}

export interface LiveRunContext {
  run: RunSummary;
  /** Running or queued (it can be stopped). */
  active: boolean;
  /** Stopped or interrupted (it can be resumed from its last checkpoint). */
  resumable: boolean;
  /** A stop was asked and has not answered yet. */
  stopping: boolean;
  ops: LiveRunOps;
}

/** Enter opens the run's page only while a run's card has the focus (elsewhere Enter is the control's own). */
const onCard = (): boolean => !!(document.activeElement as HTMLElement | null)?.dataset?.run;

export const LIVE_RUN_ACTIONS: readonly Action<LiveRunContext>[] = [
  {
    id: 'stop',
    label: (c) => (c.stopping ? 'Stopping…' : 'Stop'),
    tooltip: 'Stop',
    key: 's',
    shown: (c) => c.active,
    predicate: (c) => !c.stopping,
    perform: (c) => c.ops.stop(c.run),
  },
  { id: 'resume', label: 'Resume', tooltip: 'Resume from the last checkpoint', key: 'r', shown: (c) => c.resumable, perform: (c) => c.ops.resume(c.run) },
  { id: 'open', label: 'Run page', tooltip: 'Open the run’s page', key: 'enter', keyWhen: onCard, perform: (c) => c.ops.open(c.run.id) },
];
