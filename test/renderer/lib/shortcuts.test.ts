import { describe, expect, it, vi } from 'vitest';
import {
  bindShortcuts,
  BOARD_KEYS,
  FIELD_KEYS,
  fieldKeys,
  KEY_TABLES,
  keyLabel,
  LIST_KEYS,
  matchBinding,
  SHORTCUTS,
  shortcutHandler,
  shortcutsOf,
  type Binding,
} from '../../../src/renderer/src/lib/shortcuts';
import { FAMILY_KEYS } from '../../../src/renderer/src/families';
import { EDGE_KEYS } from '../../../src/renderer/src/families/edge/keys';
import { JUMP_KEYS } from '../../../src/renderer/src/families/jump/keys';
import { PARITY_KEYS } from '../../../src/renderer/src/families/parity/keys';

const press = (key: string, mods: Partial<{ ctrl: boolean; shift: boolean; alt: boolean }> = {}, target: unknown = null) => {
  let prevented = false;
  const e = {
    key,
    ctrlKey: mods.ctrl ?? false,
    metaKey: false,
    altKey: mods.alt ?? false,
    shiftKey: mods.shift ?? false,
    target,
    get defaultPrevented() {
      return prevented;
    },
    preventDefault() {
      prevented = true;
    },
  };
  return e as unknown as KeyboardEvent;
};

describe('shortcut registry', () => {
  it('matches any of a name’s keys, with exact modifiers', () => {
    const b: Binding[] = [
      { key: 'act', run: () => {} },
      { key: 'turnBack', run: () => {} },
      { key: 'turn', run: () => {} },
    ];
    expect(matchBinding(press('Enter'), b)?.key).toBe('act');
    expect(matchBinding(press(' '), b)?.key).toBe('act');
    expect(matchBinding(press('r'), b)?.key).toBe('turn');
    expect(matchBinding(press('R', { shift: true }), b)?.key).toBe('turnBack');
    expect(matchBinding(press('r', { ctrl: true }), b)).toBeNull();
    expect(BOARD_KEYS.zoomIn).toContain('+');
  });

  it('names every shortcut once', () => {
    const names = KEY_TABLES.flatMap((t) => Object.keys(t));
    expect(names.filter((k, i) => names.indexOf(k) !== i)).toEqual([]);
    for (const t of [SHORTCUTS, BOARD_KEYS, LIST_KEYS, FIELD_KEYS]) expect(KEY_TABLES).toContain(t);
    expect(shortcutsOf('exportRow')).toEqual([SHORTCUTS.exportPng]);
    expect(shortcutsOf('mod+k')).toEqual(['mod+k']);
    // A name is looked up as the table's own key, never an inherited property.
    expect(shortcutsOf('toString')).toEqual(['toString']);
  });

  it("finds a family's own keys (families/<id>/keys.ts) by name, outside the shared board keys", () => {
    expect(shortcutsOf('digit')).toEqual(JUMP_KEYS.digit);
    expect(shortcutsOf('toggle')).toEqual([PARITY_KEYS.toggle]);
    expect(shortcutsOf('turn')).toEqual([EDGE_KEYS.turn]);
    for (const keys of Object.values(FAMILY_KEYS)) for (const name of Object.keys(keys)) expect(Object.hasOwn(BOARD_KEYS, name), name).toBe(false);
  });

  it('labels a name by its first key, as menus and key help show it', () => {
    expect(keyLabel('rename')).toBe('F2');
    expect(keyLabel('remove')).toBe('Del');
    expect(keyLabel('solveRow')).toBe('S');
    expect(keyLabel('apply')).toBe('Enter');
    expect(keyLabel('duplicate')).toMatch(/^(Ctrl\+D|⌘D)$/);
  });

  it('asks `when` with the event, so a board key acts only on its board', () => {
    const board = { tagName: 'DIV' } as unknown as EventTarget;
    const b: Binding[] = [{ key: 'up', when: (e) => e.target === board, run: () => {} }];
    expect(matchBinding(press('ArrowUp', {}, board), b)).not.toBeNull();
    expect(matchBinding(press('ArrowUp', {}, { tagName: 'BUTTON' }), b)).toBeNull();
  });

  it('lets a name have a plain key and a modifier key: only the latter acts in a text field', () => {
    const input = { tagName: 'INPUT', type: 'search' };
    const b: Binding[] = [{ key: 'search', run: () => {} }];
    expect(matchBinding(press('/'), b)?.key).toBe('search');
    expect(matchBinding(press('/', {}, input), b)).toBeNull();
    expect(matchBinding(press('f', { ctrl: true }, input), b)?.key).toBe('search');
  });

  it('leaves plain keys to text fields', () => {
    const input = { tagName: 'INPUT', type: 'text' };
    const b: Binding[] = [
      { key: 'fits', run: () => {} },
      { key: 'save', run: () => {} },
    ];
    expect(matchBinding(press('h', {}, input), b)).toBeNull();
    expect(matchBinding(press('s', { ctrl: true }, input), b)?.key).toBe('save');
  });

  it('runs the first match once and marks the event handled', () => {
    const run = vi.fn();
    const other = vi.fn();
    const handler = shortcutHandler([
      { key: 'colour', run },
      { key: '1', run: other },
    ]);
    const e = press('3');
    handler(e);
    expect(run).toHaveBeenCalledWith(e);
    expect(other).not.toHaveBeenCalled();
    expect(e.defaultPrevented).toBe(true);
    // An event already handled (e.g. by a widget inside) is left alone.
    handler(e);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('names the keys of a focused list or menu, and keeps a widget keys from the view around it when asked', () => {
    expect(LIST_KEYS.close).toContain('escape');
    const b: Binding[] = [
      { key: 'next', run: () => {}, stop: true },
      { key: 'remove', run: () => {} },
      { key: 'again', run: () => {} },
      { key: 'selectAll', run: () => {} },
    ];
    expect(matchBinding(press('ArrowDown'), b)?.key).toBe('next');
    expect(matchBinding(press('Delete'), b)?.key).toBe('remove');
    expect(matchBinding(press('A', { shift: true }), b)?.key).toBe('again');
    expect(matchBinding(press('a', { ctrl: true }), b)?.key).toBe('selectAll');
    const stopped = vi.fn();
    const e = Object.assign(press('ArrowDown'), { stopPropagation: stopped });
    shortcutHandler(b)(e);
    expect(e.defaultPrevented).toBe(true);
    expect(stopped).toHaveBeenCalledOnce();
    const passed = vi.fn();
    shortcutHandler(b)(Object.assign(press('Delete'), { stopPropagation: passed }));
    expect(passed).not.toHaveBeenCalled();
  });

  it('gives a text field Enter (apply) and Esc (revert), and can keep every key in the field', () => {
    const input = { tagName: 'INPUT', type: 'number' };
    const apply = vi.fn();
    const revert = vi.fn();
    const stop = vi.fn();
    const inField = (key: string, mods = {}) => Object.assign(press(key, mods, input), { stopPropagation: stop });
    const onlyApply = fieldKeys({ apply });
    onlyApply(inField('Enter'));
    expect(apply).toHaveBeenCalledOnce();
    const esc = inField('Escape');
    onlyApply(esc);
    expect(esc.defaultPrevented).toBe(false);
    // Ctrl+Enter is the Solve key, not the field's.
    const solve = inField('Enter', { ctrl: true });
    onlyApply(solve);
    expect(apply).toHaveBeenCalledOnce();
    expect(solve.defaultPrevented).toBe(false);
    expect(stop).not.toHaveBeenCalled();

    const contained = fieldKeys({ apply, revert, contain: true });
    const e = inField('Escape');
    contained(e);
    expect(revert).toHaveBeenCalledWith(e);
    expect(e.defaultPrevented).toBe(true);
    contained(inField('n', { ctrl: true }));
    expect(stop).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenCalledOnce();
  });

  it('binds on the window, in the capture phase when asked, and unbinds the same listener', () => {
    const listeners: { type: string; fn: unknown; capture: boolean; on: boolean }[] = [];
    const fakeWindow = {
      addEventListener: (type: string, fn: unknown, o: { capture: boolean }) => listeners.push({ type, fn, capture: o.capture, on: true }),
      removeEventListener: (type: string, fn: unknown, o: { capture: boolean }) => {
        const l = listeners.find((x) => x.type === type && x.fn === fn && x.capture === o.capture);
        if (l) l.on = false;
      },
    };
    vi.stubGlobal('window', fakeWindow);
    try {
      const run = vi.fn();
      const unbind = bindShortcuts([{ key: 'dismiss', inInputs: true, run }], { capture: true });
      const plain = bindShortcuts([{ key: 'help', run }]);
      expect(listeners.map((l) => [l.type, l.capture])).toEqual([
        ['keydown', true],
        ['keydown', false],
      ]);
      (listeners[0]!.fn as (e: KeyboardEvent) => void)(press('Escape', {}, { tagName: 'INPUT', type: 'text' }));
      expect(run).toHaveBeenCalledOnce();
      unbind();
      plain();
      expect(listeners.map((l) => l.on)).toEqual([false, false]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
