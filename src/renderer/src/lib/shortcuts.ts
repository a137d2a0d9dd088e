/**
 * The one keyboard-shortcut registry: every app-wide shortcut is named here once (so tooltips, the
 * "?" overlay and the handlers agree), and views bind handlers with `bindShortcuts` instead of
 * their own keydown switches. Shortcuts are written as in keys.ts (`mod+z`, `shift+mod+z`, `?`).
 */
import { isTextInput, matchesShortcut } from './keys';

export const SHORTCUTS = {
  undo: 'mod+z',
  redo: 'shift+mod+z',
  redoAlt: 'mod+y',
  save: 'mod+s',
  solve: 'mod+enter',
  exportPng: 'mod+e',
  help: '?',
  tray: 'mod+b',
} as const;

export type ShortcutName = keyof typeof SHORTCUTS;

export interface Binding {
  /** A name from SHORTCUTS or a shortcut text. */
  key: ShortcutName | (string & {});
  run: (e: KeyboardEvent) => void;
  /** Also when typing in a text field (default: only mod+ shortcuts there). */
  inInputs?: boolean;
  /** Off while this returns true (a dialog is open, nothing loaded yet). */
  when?: () => boolean;
}

const shortcutOf = (key: string): string => (key in SHORTCUTS ? SHORTCUTS[key as ShortcutName] : key);

/** The first binding an event matches, or null. Exposed for tests. */
export function matchBinding(e: KeyboardEvent, bindings: readonly Binding[]): Binding | null {
  const typing = isTextInput(e.target);
  for (const b of bindings) {
    const shortcut = shortcutOf(b.key);
    if (!matchesShortcut(e, shortcut)) continue;
    // In a text field only modifier shortcuts (save, solve) act unless asked; the field keeps its own undo.
    if (typing && !(b.inInputs ?? (shortcut.includes('mod+') && !['mod+z', 'shift+mod+z', 'mod+y'].includes(shortcut)))) continue;
    if (b.when && !b.when()) continue;
    return b;
  }
  return null;
}

/** Listen on the window; returns the function that stops listening (an $effect's cleanup). */
export function bindShortcuts(bindings: readonly Binding[]): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.defaultPrevented) return;
    const b = matchBinding(e, bindings);
    if (!b) return;
    e.preventDefault();
    b.run(e);
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
