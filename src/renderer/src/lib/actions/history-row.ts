/** What can be done to a run in the history: the row's button, its context menu and its keys come from this list. */
import type { RunSummary } from '../../../../main/api/types';
import type { Action } from './action';

/** The history view's operations on runs. */
export interface HistoryRowOps {
  open(id: number): void;
  again(run: RunSummary): void;
  toggle(id: number): void;
  /** Ask before deleting these runs. */
  remove(ids: number[]): void;
}

export interface HistoryRowContext {
  run: RunSummary;
  /** The run is ticked. */
  selected: boolean;
  /** What Delete acts on: the ticked runs (the key, when any are) or this run (its menu). */
  targets: number[];
  ops: HistoryRowOps;
}

export type HistoryRowAction = Action<HistoryRowContext>;

export const HISTORY_ROW_ACTIONS: readonly HistoryRowAction[] = [
  { id: 'open', label: 'Open', key: 'open', perform: (c) => c.ops.open(c.run.id) },
  {
    id: 'again',
    label: 'Run again…',
    icon: 'again',
    key: 'again',
    predicate: (c) => c.run.puzzleId !== null,
    disabledTitle: 'Its puzzle was deleted from the library',
    ariaLabel: (c) => `Run ${c.run.id} again`,
    perform: (c) => c.ops.again(c.run),
  },
  { id: 'select', label: (c) => (c.selected ? 'Unselect' : 'Select'), key: 'mark', perform: (c) => c.ops.toggle(c.run.id) },
  { id: 'delete', label: 'Delete…', key: 'remove', danger: true, perform: (c) => c.ops.remove(c.targets) },
];
