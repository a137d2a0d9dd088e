/**
 * The keys of the views outside the editors, for their "?" overlay (the editors list their own).
 * Labels come from the shortcut registry, so the list says what the keys are.
 */
import type { Route } from './route';
import { keyLabel } from './shortcuts';

type KeyRow = readonly [string, string];

const LIBRARY: KeyRow[] = [
  [`${keyLabel('prev')} ${keyLabel('next')}`, 'Select a puzzle'],
  [keyLabel('open'), 'Open it in its editor'],
  [keyLabel('solveRow'), 'Solve it…'],
  [keyLabel('rename'), 'Rename'],
  [keyLabel('duplicate'), 'Duplicate'],
  [keyLabel('exportRow'), 'Export…'],
  [keyLabel('remove'), 'Delete (undoable)'],
  [keyLabel('menu'), 'Row menu'],
];

const HISTORY: KeyRow[] = [
  [`${keyLabel('prev')} ${keyLabel('next')}`, 'Move between runs'],
  [keyLabel('mark'), 'Tick the run'],
  [keyLabel('selectAll'), 'Select every matching run'],
  [keyLabel('open'), "Open the run's page"],
  [keyLabel('again'), 'Run again with these settings…'],
  [keyLabel('remove'), 'Delete the ticked runs'],
];

const RUN_PAGE: KeyRow[] = [
  [keyLabel('play'), 'Play or pause the replay'],
  [`${keyLabel('left')} ${keyLabel('right')}`, 'Previous / next improvement'],
  [`${keyLabel('first')} ${keyLabel('last')}`, 'Start / end of the run'],
  [keyLabel('edit'), 'Open the board shown in the editor…'],
  [keyLabel('solve'), 'Solve the puzzle again…'],
];

const GLOBAL: KeyRow[] = [[keyLabel('help'), 'These keys']];

/** The keys of the view at `route` (null in an editor: it shows its own). */
export function viewKeys(route: Route): KeyRow[] | null {
  if (route.view === 'puzzle') return null;
  if (route.view === 'library') return [...LIBRARY, ...GLOBAL];
  if (route.view === 'studies') return [[`${keyLabel('prev')} ${keyLabel('next')}`, 'Move between studies'], [keyLabel('open'), 'Open the study'], ...GLOBAL];
  const s = route.runs.section;
  if (s === 'history') return [...HISTORY, ...GLOBAL];
  if (s === 'run') return [...RUN_PAGE, ...GLOBAL];
  return [[keyLabel('solve'), 'New run…'], ...GLOBAL];
}
