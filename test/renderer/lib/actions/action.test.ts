import { describe, expect, it, vi } from 'vitest';
import { actionBindings, actionButtons, isEnabled, menuItems, performById, type Action } from '../../../../src/renderer/src/lib/actions/action';
import { LIBRARY_ROW_ACTIONS, type LibraryRowContext, type LibraryRowOps } from '../../../../src/renderer/src/lib/actions/library-row';
import { HISTORY_ROW_ACTIONS, type HistoryRowContext } from '../../../../src/renderer/src/lib/actions/history-row';
import { LIVE_RUN_ACTIONS, type LiveRunContext } from '../../../../src/renderer/src/lib/actions/live-run';
import { matchBinding, shortcutHandler, shortcutsOf } from '../../../../src/renderer/src/lib/shortcuts';
import type { PuzzleSummary, RunSummary } from '../../../../src/main/api/types';

const key = (k: string, m: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {}, target: unknown = null): KeyboardEvent => {
  let prevented = false;
  const e = {
    key: k,
    ctrlKey: m.ctrl ?? false,
    metaKey: m.meta ?? false,
    shiftKey: m.shift ?? false,
    altKey: m.alt ?? false,
    target,
    currentTarget: target,
    get defaultPrevented() {
      return prevented;
    },
    preventDefault() {
      prevented = true;
    },
    stopPropagation() {},
  };
  return e as unknown as KeyboardEvent;
};

/** The key event of a shortcut text (`mod+d`, `f2`, `space`). */
function eventOf(shortcut: string): KeyboardEvent {
  const parts = shortcut.split('+');
  const last = parts.at(-1)!;
  const names: Record<string, string> = { space: ' ', enter: 'Enter', delete: 'Delete', f2: 'F2' };
  return key(names[last] ?? last, { ctrl: parts.includes('mod'), shift: parts.includes('shift') });
}

const puzzle = { id: 7, name: 'Clue one', family: 'edge' } as PuzzleSummary;

function libraryContext(canSolve = true): { c: LibraryRowContext; ops: { [K in keyof LibraryRowOps]: ReturnType<typeof vi.fn> } } {
  const ops = { open: vi.fn(), solve: vi.fn(), rename: vi.fn(), duplicate: vi.fn(), exportMenu: vi.fn(), remove: vi.fn() };
  return { c: { puzzle, canSolve, anchor: { x: 3, y: 4 }, ops }, ops };
}

/** The action a key runs on a library row, by id (null: none). */
function libraryActionOf(e: KeyboardEvent, canSolve = true): string | null {
  const { c, ops } = libraryContext(canSolve);
  shortcutHandler(actionBindings(LIBRARY_ROW_ACTIONS, () => c))(e);
  const called = Object.entries(ops).filter(([, f]) => f.mock.calls.length > 0);
  expect(called.length).toBeLessThanOrEqual(1);
  const ids: Record<string, string> = { open: 'open', solve: 'solve', rename: 'rename', duplicate: 'duplicate', exportMenu: 'export', remove: 'delete' };
  return called[0] ? ids[called[0][0]]! : null;
}

describe('the action registry', () => {
  it('maps keys on a library row to its actions through the shortcut registry', () => {
    expect(libraryActionOf(key('Enter'))).toBe('open');
    expect(libraryActionOf(key('F2'))).toBe('rename');
    expect(libraryActionOf(key('Delete'))).toBe('delete');
    expect(libraryActionOf(key('d', { ctrl: true }))).toBe('duplicate');
    expect(libraryActionOf(key('d', { meta: true }))).toBeNull();
    expect(libraryActionOf(key('d', { ctrl: true, alt: true }))).toBeNull();
    expect(libraryActionOf(key('e', { ctrl: true }))).toBe('export');
    expect(libraryActionOf(key('s'))).toBe('solve');
    expect(libraryActionOf(key('S', { shift: true }))).toBe('solve');
    expect(libraryActionOf(key('s', { ctrl: true }))).toBeNull();
    expect(libraryActionOf(key('x'))).toBeNull();
  });

  it('performs with the context it is given', () => {
    const { c, ops } = libraryContext();
    expect(performById(LIBRARY_ROW_ACTIONS, 'export', c)).toBe(true);
    expect(ops.exportMenu).toHaveBeenCalledWith(puzzle, { x: 3, y: 4 });
    expect(performById(LIBRARY_ROW_ACTIONS, 'rename', c)).toBe(true);
    expect(ops.rename).toHaveBeenCalledWith(puzzle);
    expect(performById(LIBRARY_ROW_ACTIONS, 'nothing', c)).toBe(false);
    // A button's click performs with the context built for that button.
    const button = actionButtons(LIBRARY_ROW_ACTIONS, c).find((b) => b.id === 'delete')!;
    button.action.perform(c);
    expect(ops.remove).toHaveBeenCalledWith(puzzle);
  });

  it('hides an action that is not offered here: no button, no menu item, no key', () => {
    const { c, ops } = libraryContext(false);
    expect(actionButtons(LIBRARY_ROW_ACTIONS, c).map((b) => b.id)).not.toContain('solve');
    expect(menuItems(LIBRARY_ROW_ACTIONS, c).map((m) => m.id)).not.toContain('solve');
    expect(libraryActionOf(key('s'), false)).toBeNull();
    expect(performById(LIBRARY_ROW_ACTIONS, 'solve', c)).toBe(false);
    expect(ops.solve).not.toHaveBeenCalled();
  });

  it('leaves a key alone while the view says no (a rename in progress, focus inside the row)', () => {
    const { c } = libraryContext();
    const bindings = actionBindings(
      LIBRARY_ROW_ACTIONS,
      () => c,
      () => false,
    );
    expect(matchBinding(key('F2'), bindings)).toBeNull();
    expect(matchBinding(key('Enter'), bindings)).toBeNull();
  });

  it('disables by predicate: greyed in the menu, disabled button with its reason, key off', () => {
    const run = { id: 12, puzzleId: null } as RunSummary;
    const ops = { open: vi.fn(), again: vi.fn(), toggle: vi.fn(), remove: vi.fn() };
    const c: HistoryRowContext = { run, selected: false, targets: [12], ops };
    expect(
      isEnabled(
        HISTORY_ROW_ACTIONS.find((a) => a.id === 'again')!,
        c,
      ),
    ).toBe(false);
    expect(menuItems(HISTORY_ROW_ACTIONS, c).find((m) => m.id === 'again')).toMatchObject({ disabled: true, hint: 'A' });
    expect(actionButtons(HISTORY_ROW_ACTIONS, c)).toEqual([
      expect.objectContaining({ id: 'again', disabled: true, title: 'Its puzzle was deleted from the library', ariaLabel: 'Run 12 again' }),
    ]);
    shortcutHandler(actionBindings(HISTORY_ROW_ACTIONS, () => c))(key('a'));
    expect(ops.again).not.toHaveBeenCalled();
    const alive: HistoryRowContext = { ...c, run: { ...run, puzzleId: 3 } };
    shortcutHandler(actionBindings(HISTORY_ROW_ACTIONS, () => alive))(key('a'));
    expect(ops.again).toHaveBeenCalledWith(alive.run);
    expect(actionButtons(HISTORY_ROW_ACTIONS, alive)[0]).toMatchObject({ disabled: false, title: 'Run again… (A)' });
  });

  it('labels from the context (Select / Unselect) and deletes what the context targets', () => {
    const ops = { open: vi.fn(), again: vi.fn(), toggle: vi.fn(), remove: vi.fn() };
    const c: HistoryRowContext = { run: { id: 5, puzzleId: 1 } as RunSummary, selected: true, targets: [5, 9], ops };
    expect(menuItems(HISTORY_ROW_ACTIONS, c).map((m) => m.label)).toEqual(['Open', 'Run again…', 'Unselect', 'Delete…']);
    shortcutHandler(actionBindings(HISTORY_ROW_ACTIONS, () => c))(key('Delete'));
    expect(ops.remove).toHaveBeenCalledWith([5, 9]);
    shortcutHandler(actionBindings(HISTORY_ROW_ACTIONS, () => c))(key(' '));
    expect(ops.toggle).toHaveBeenCalledWith(5);
  });

  it('lists the same actions in the buttons, the menu and the keys, each hint being the key that runs it', () => {
    for (const [actions, c] of [
      [LIBRARY_ROW_ACTIONS, libraryContext().c],
      [
        HISTORY_ROW_ACTIONS,
        { run: { id: 1, puzzleId: 1 } as RunSummary, selected: false, targets: [1], ops: { open() {}, again() {}, toggle() {}, remove() {} } },
      ],
    ] as [readonly Action<unknown>[], unknown][]) {
      const menu = menuItems(actions, c);
      const keyed = actionBindings(actions, () => c);
      const buttons = actionButtons(actions, c);
      // Every action is in the menu and has a key; the buttons are the ones with an icon, in the same order.
      expect(menu.map((m) => m.id)).toEqual(actions.map((a) => a.id));
      expect(keyed).toHaveLength(actions.length);
      expect(buttons.map((b) => b.id)).toEqual(actions.filter((a) => a.icon).map((a) => a.id));
      for (const [i, a] of actions.entries()) {
        // The menu's hint and the button's title name the first shortcut of the key that runs it.
        const first = shortcutsOf(a.key!)[0]!;
        expect(keyed[i]!.key).toBe(a.key);
        expect(menu[i]!.hint).toBeTruthy();
        const b = buttons.find((x) => x.id === a.id);
        if (b) expect(b.title).toContain(`(${menu[i]!.hint})`);
        // Pressing that shortcut finds this action's binding.
        expect(matchBinding(eventOf(first), keyed)?.key).toBe(a.key);
      }
    }
  });

  it('offers stop on an active run and resume on a stopped one, as buttons and keys', () => {
    const ops = { stop: vi.fn(), resume: vi.fn(), open: vi.fn() };
    const run = { id: 4 } as RunSummary;
    const active: LiveRunContext = { run, active: true, resumable: false, stopping: false, ops };
    expect(actionButtons(LIVE_RUN_ACTIONS, active, true).map((b) => `${b.id}:${b.label}:${b.title}`)).toEqual([
      'stop:Stop:Stop (S)',
      'open:Run page:Open the run’s page (Enter)',
    ]);
    shortcutHandler(actionBindings(LIVE_RUN_ACTIONS, () => active))(key('r'));
    expect(ops.resume).not.toHaveBeenCalled();
    shortcutHandler(actionBindings(LIVE_RUN_ACTIONS, () => active))(key('s'));
    expect(ops.stop).toHaveBeenCalledWith(run);
    // While the stop is on its way: "Stopping…", disabled, and S does nothing more.
    const stopping = { ...active, stopping: true };
    expect(actionButtons(LIVE_RUN_ACTIONS, stopping, true)[0]).toMatchObject({ label: 'Stopping…', disabled: true });
    expect(
      matchBinding(
        key('s'),
        actionBindings(LIVE_RUN_ACTIONS, () => stopping),
      ),
    ).toBeNull();
    const stopped: LiveRunContext = { ...active, active: false, resumable: true };
    expect(actionButtons(LIVE_RUN_ACTIONS, stopped, true).map((b) => b.id)).toEqual(['resume', 'open']);
    shortcutHandler(actionBindings(LIVE_RUN_ACTIONS, () => stopped))(key('r'));
    expect(ops.resume).toHaveBeenCalledWith(run);
  });
});
