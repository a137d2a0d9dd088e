import { describe, expect, it } from 'vitest';
import { isTextInput, matchesShortcut, shortcutLabel } from '../../../src/renderer/src/lib/keys';

const key = (k: string, mods: Partial<{ ctrl: boolean; meta: boolean; alt: boolean; shift: boolean }> = {}) => ({
  key: k,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
});

describe('shortcuts', () => {
  it('matches mod as Ctrl off macOS and Cmd on macOS', () => {
    expect(matchesShortcut(key('z', { ctrl: true }), 'mod+z', false)).toBe(true);
    expect(matchesShortcut(key('z', { meta: true }), 'mod+z', false)).toBe(false);
    expect(matchesShortcut(key('z', { meta: true }), 'mod+z', true)).toBe(true);
    expect(matchesShortcut(key('z', { ctrl: true }), 'mod+z', true)).toBe(false);
  });

  it('needs Shift exactly for letters, and ignores it for printable symbols', () => {
    expect(matchesShortcut(key('Z', { ctrl: true, shift: true }), 'mod+z', false)).toBe(false);
    expect(matchesShortcut(key('Z', { ctrl: true, shift: true }), 'shift+mod+z', false)).toBe(true);
    expect(matchesShortcut(key('?', { shift: true }), '?', false)).toBe(true);
    expect(matchesShortcut(key('+', { shift: true }), 'mod++', false)).toBe(false);
    expect(matchesShortcut(key('+', { ctrl: true, shift: true }), 'mod++', false)).toBe(true);
  });

  it('knows named keys', () => {
    expect(matchesShortcut(key('F2'), 'f2', false)).toBe(true);
    expect(matchesShortcut(key('Delete'), 'del', false)).toBe(true);
    expect(matchesShortcut(key(' '), 'space', false)).toBe(true);
    expect(matchesShortcut(key('F2', { alt: true }), 'f2', false)).toBe(false);
  });

  it('labels shortcuts for each platform', () => {
    expect(shortcutLabel('shift+mod+z', false)).toBe('Shift+Ctrl+Z');
    expect(shortcutLabel('mod+s', true)).toBe('⌘S');
    expect(shortcutLabel('delete', false)).toBe('Del');
    // The menu key is named in words, as the keys overlay lists it.
    expect(shortcutLabel('contextmenu', false)).toBe('Context menu');
  });

  it('tells text fields from other targets', () => {
    expect(isTextInput(null)).toBe(false);
    expect(isTextInput({ tagName: 'INPUT', type: 'text', isContentEditable: false } as unknown as EventTarget)).toBe(true);
    expect(isTextInput({ tagName: 'INPUT', type: 'checkbox', isContentEditable: false } as unknown as EventTarget)).toBe(false);
    expect(isTextInput({ tagName: 'TEXTAREA', isContentEditable: false } as unknown as EventTarget)).toBe(true);
    expect(isTextInput({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTextInput({ tagName: 'DIV', isContentEditable: false } as unknown as EventTarget)).toBe(false);
  });
});
