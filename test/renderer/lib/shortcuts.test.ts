import { describe, expect, it, vi } from 'vitest';
import { BOARD_KEYS, LIST_KEYS, matchBinding, SHORTCUTS, shortcutHandler, type Binding } from '../../../src/renderer/src/lib/shortcuts';

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
    expect(Object.keys(SHORTCUTS).filter((k) => k in BOARD_KEYS)).toEqual([]);
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
});
