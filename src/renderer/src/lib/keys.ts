/**
 * Keyboard shortcuts written as text: `mod+z` (Ctrl, or Cmd on macOS), `shift+mod+z`, `f2`,
 * `delete`, `arrowup`, `?`. Modifiers must match exactly (except Shift for printable keys like `?`
 * and `+`, which need Shift on many layouts).
 */
export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export function matchesShortcut(e: KeyLike, shortcut: string, mac: boolean = isMac()): boolean {
  const parts = shortcut.toLowerCase().split('+');
  // "mod++" means mod and the plus key.
  let key = parts.pop() ?? '';
  if (key === '' && shortcut.endsWith('+')) {
    parts.pop();
    key = '+';
  }
  const want = { mod: false, shift: false, alt: false };
  for (const p of parts) {
    if (p === 'mod' || p === 'ctrl' || p === 'cmd') want.mod = true;
    else if (p === 'shift') want.shift = true;
    else if (p === 'alt') want.alt = true;
  }
  const mod = mac ? e.metaKey : e.ctrlKey;
  const otherMod = mac ? e.ctrlKey : e.metaKey;
  if (mod !== want.mod || otherMod || e.altKey !== want.alt) return false;
  const printable = key.length === 1 && !/[a-z0-9]/.test(key);
  if (!printable && e.shiftKey !== want.shift) return false;
  const k = e.key.toLowerCase();
  if (key === 'space') return k === ' ';
  if (key === 'del') return k === 'delete';
  return k === key;
}

/** Label for a shortcut in the UI: `Ctrl+Z` / `⌘Z`. */
export function shortcutLabel(shortcut: string, mac: boolean = isMac()): string {
  const parts = shortcut.split('+');
  const key = parts.pop() || '+';
  const names: string[] = [];
  for (const p of parts) {
    const l = p.toLowerCase();
    if (l === 'mod') names.push(mac ? '⌘' : 'Ctrl');
    else if (l === 'shift') names.push(mac ? '⇧' : 'Shift');
    else if (l === 'alt') names.push(mac ? '⌥' : 'Alt');
  }
  const k = key.length === 1 ? key.toUpperCase() : key[0]!.toUpperCase() + key.slice(1);
  const pretty = { Arrowup: '↑', Arrowdown: '↓', Arrowleft: '←', Arrowright: '→', Delete: 'Del', Escape: 'Esc', Contextmenu: 'Context menu' }[k] ?? k;
  return mac ? names.join('') + pretty : [...names, pretty].join('+');
}

/** True when the event comes from a text field (where letters, Delete and arrows belong to the field). */
export function isTextInput(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(type);
}
