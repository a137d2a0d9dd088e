/**
 * The one keyboard-shortcut registry: every shortcut is named here once (so tooltips, the "?"
 * overlay and the handlers agree), and views bind handlers instead of their own keydown switches:
 * `bindShortcuts` for the window (app-wide keys), `shortcutHandler` for one element's keydown (a
 * board's keys, which act only while it or its view has the focus), `fieldKeys` for a text field
 * that acts on Enter or Esc. Shortcuts are written as in keys.ts (`mod+z`, `shift+mod+z`, `?`,
 * `arrowup`, `space`).
 */
import { isTextInput, matchesShortcut, shortcutLabel } from './keys';
import type { KeyTable } from '../families/types';

export const SHORTCUTS = {
  undo: 'mod+z',
  redo: 'shift+mod+z',
  redoAlt: 'mod+y',
  save: 'mod+s',
  solve: 'mod+enter',
  exportPng: 'mod+e',
  help: '?',
  tray: 'mod+b',
  /** The library: a new puzzle, import a file, search. */
  newPuzzle: 'mod+n',
  openFile: 'mod+o',
  search: ['mod+f', '/'],
  /** Close a popover (from anywhere, a text field included). */
  dismiss: 'escape',
} as const;

/** The keys every board shares (edge play and design, jump maze, casse-tête) and its view; a family's own keys are in its folder (families/<id>/keys.ts). */
export const BOARD_KEYS = {
  up: 'arrowup',
  down: 'arrowdown',
  left: 'arrowleft',
  right: 'arrowright',
  rowStart: 'home',
  rowEnd: 'end',
  /** Pick up or place (play); paint the tile (design); toggle (casse-tête). */
  act: ['enter', 'space'],
  clear: ['delete', 'backspace'],
  cancel: 'escape',
  zoomIn: ['+', '='],
  zoomOut: ['-', '_'],
  fit: '0',
  /** Shift+arrow: paint the join on that side (edge design); go to the edge (casse-tête, jump). */
  shiftUp: 'shift+arrowup',
  shiftDown: 'shift+arrowdown',
  shiftLeft: 'shift+arrowleft',
  shiftRight: 'shift+arrowright',
  /** A run's replay: play or pause; open the shown board in the editor. */
  play: 'space',
  edit: 'e',
} as const;

/** The keys of a focused list or menu (a menu, the history's rows, the tray's pieces). */
export const LIST_KEYS = {
  next: 'arrowdown',
  prev: 'arrowup',
  first: 'home',
  last: 'end',
  open: 'enter',
  /** Tick the row (History). */
  mark: 'space',
  /** Close a menu (Tab leaves it too). */
  close: ['escape', 'tab', 'shift+tab'],
  remove: ['delete', 'mod+backspace'],
  selectAll: 'mod+a',
  /** Open the row's menu from the keyboard. */
  menu: ['contextmenu', 'shift+f10'],
  /** History: launch again from the row's run. */
  again: ['a', 'shift+a'],
  /** The library's rows: rename, duplicate, the export menu, launch a solver on the puzzle. */
  rename: 'f2',
  duplicate: 'mod+d',
  exportRow: SHORTCUTS.exportPng,
  solveRow: ['s', 'shift+s'],
} as const;

/** The keys of a text field that acts by itself (a rename, a board size): apply, or give up the edit. */
export const FIELD_KEYS = {
  apply: 'enter',
  revert: 'escape',
} as const;

const tables: KeyTable[] = [SHORTCUTS, BOARD_KEYS, LIST_KEYS, FIELD_KEYS];

/** Every table a key name is looked up in, shared ones first. Exposed for tests (names are unique across them). */
export const KEY_TABLES: readonly KeyTable[] = tables;

/**
 * Add the families' own key tables (each family's keys.ts, from its entry): the renderer's table of
 * families (families/index.ts) does so when it loads. The registry cannot import that table, since
 * every editor it names imports the registry; the app loads the table before anything is shown.
 */
export function addFamilyKeys(families: readonly KeyTable[]): void {
  for (const t of families) if (!tables.includes(t)) tables.push(t);
}

/** A shared key's name; a family's own keys (families/<id>/keys.ts) are found by name too. */
export type ShortcutName = keyof typeof SHORTCUTS | keyof typeof BOARD_KEYS | keyof typeof LIST_KEYS | keyof typeof FIELD_KEYS;

export interface Binding {
  /** A name from SHORTCUTS or BOARD_KEYS, or a shortcut text. */
  key: ShortcutName | (string & {});
  run: (e: KeyboardEvent) => void;
  /** Also when typing in a text field (default: only mod+ shortcuts there). */
  inInputs?: boolean;
  /** On only while this returns true (e.g. not while a dialog is open; only on the board itself). */
  when?: (e: KeyboardEvent) => boolean;
  /** Keep the key from the handlers around (a widget's own keys inside a view with keys of its own). */
  stop?: boolean;
}

/** The shortcuts of a name (a shortcut text stands for itself). Exposed for tests. */
export function shortcutsOf(key: ShortcutName | (string & {})): readonly string[] {
  const table = KEY_TABLES.find((t) => Object.hasOwn(t, key));
  const named = table?.[key];
  return named === undefined ? [key] : typeof named === 'string' ? [named] : named;
}

/** How a name's first shortcut reads in the UI (menu hints, key help): `F2`, `Del`, `Ctrl+D`. */
export const keyLabel = (key: ShortcutName | (string & {})): string => shortcutLabel(shortcutsOf(key)[0]!);

/** The first binding an event matches, or null. Exposed for tests. */
export function matchBinding(e: KeyboardEvent, bindings: readonly Binding[]): Binding | null {
  const typing = isTextInput(e.target);
  for (const b of bindings) {
    const shortcut = shortcutsOf(b.key).find((s) => matchesShortcut(e, s));
    if (shortcut === undefined) continue;
    // In a text field only modifier shortcuts (save, solve) act unless asked; the field keeps its own undo.
    if (typing && !(b.inInputs ?? (shortcut.includes('mod+') && !['mod+z', 'shift+mod+z', 'mod+y'].includes(shortcut)))) continue;
    if (b.when && !b.when(e)) continue;
    return b;
  }
  return null;
}

/** A keydown handler for one element (`onkeydown={shortcutHandler([...])}`): the first match runs. */
export function shortcutHandler(bindings: readonly Binding[]): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.defaultPrevented) return;
    const b = matchBinding(e, bindings);
    if (!b) return;
    e.preventDefault();
    if (b.stop) e.stopPropagation();
    b.run(e);
  };
}

/**
 * Listen on the window; returns the function that stops listening (an $effect's cleanup). With
 * `capture` the bindings see a key before any element does (a popover's Esc, R on a dragged piece).
 */
export function bindShortcuts(bindings: readonly Binding[], options: { capture?: boolean } = {}): () => void {
  const onKey = shortcutHandler(bindings);
  const capture = options.capture ?? false;
  window.addEventListener('keydown', onKey, { capture });
  return () => window.removeEventListener('keydown', onKey, { capture });
}

/**
 * The keydown of a text field that acts by itself: Enter applies, Esc reverts (FIELD_KEYS). With
 * `contain` no key typed in the field reaches the view's keys (a rename inside a row with keys).
 */
export function fieldKeys(on: { apply?: (e: KeyboardEvent) => void; revert?: (e: KeyboardEvent) => void; contain?: boolean }): (e: KeyboardEvent) => void {
  const bindings: Binding[] = [];
  if (on.apply) bindings.push({ key: 'apply', inInputs: true, run: on.apply });
  if (on.revert) bindings.push({ key: 'revert', inInputs: true, run: on.revert });
  const handle = shortcutHandler(bindings);
  return (e) => {
    handle(e);
    if (on.contain) e.stopPropagation();
  };
}
