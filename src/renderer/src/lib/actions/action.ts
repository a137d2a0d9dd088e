/**
 * One action registry: each thing a user can do to a selection (a library row, a run) is one
 * object with its label, icon, key, predicate and perform; a view's buttons, its context menu and
 * its keys are all generated from the same list, so they cannot drift apart (as excalidraw's
 * actions). The context `C` is what the action acts on plus the view's operations.
 */
import type { IconName } from '../icons';
import type { MenuItem } from '../menu-item';
import { keyLabel, type Binding, type ShortcutName } from '../shortcuts';

export interface Action<C> {
  readonly id: string;
  /** The menu's text; also the button's tooltip, with the key. */
  readonly label: string | ((c: C) => string);
  /** The row button's icon; an action without one has no button (menu and keys only). */
  readonly icon?: IconName;
  /** Its key, a name from the shortcut registry (or a shortcut text). */
  readonly key?: ShortcutName | (string & {});
  /** The key acts only when this also holds (e.g. Enter only on a run's card). */
  readonly keyWhen?: (e: KeyboardEvent) => boolean;
  /** The button's tooltip, when it says more than the label ("Resume from the last checkpoint"). */
  readonly tooltip?: string;
  /** Shown as a danger (red on hover). */
  readonly danger?: boolean;
  /** Offered at all here (e.g. only where a solver can be launched); hidden otherwise. */
  readonly shown?: (c: C) => boolean;
  /** Enabled for this selection (shown but greyed out, and its key does nothing, when false). */
  readonly predicate?: (c: C) => boolean;
  /** In the context menu (default); false for a key-only or button-only action. */
  readonly inMenu?: boolean;
  /** It opens a menu (the button says so to assistive technology). */
  readonly opensMenu?: boolean;
  /** The button's spoken label, when "<label> <row name>" does not read well. */
  readonly ariaLabel?: (c: C) => string;
  /** Why it is disabled, for the button's tooltip. */
  readonly disabledTitle?: string;
  readonly perform: (c: C) => void;
}

export const labelOf = <C>(a: Action<C>, c: C): string => (typeof a.label === 'function' ? a.label(c) : a.label);
export const isShown = <C>(a: Action<C>, c: C): boolean => a.shown?.(c) ?? true;
export const isEnabled = <C>(a: Action<C>, c: C): boolean => isShown(a, c) && (a.predicate?.(c) ?? true);

/** The context menu's items: every shown action that belongs in a menu, its key as the hint. */
export function menuItems<C>(actions: readonly Action<C>[], c: C): MenuItem[] {
  return actions
    .filter((a) => (a.inMenu ?? true) && isShown(a, c))
    .map((a) => ({ id: a.id, label: labelOf(a, c), ...(a.key ? { hint: keyLabel(a.key) } : {}), ...(isEnabled(a, c) ? {} : { disabled: true }) }));
}

export interface ActionButton<C> {
  action: Action<C>;
  id: string;
  icon: IconName | undefined;
  label: string;
  /** "Rename (F2)", or why it cannot be done. */
  title: string;
  /** The spoken label, or null for "<label> <row name>". */
  ariaLabel: string | null;
  disabled: boolean;
  danger: boolean;
  opensMenu: boolean;
}

/** The buttons: every shown action with an icon (a row's icon buttons), or with `all` every shown action (text buttons). */
export function actionButtons<C>(actions: readonly Action<C>[], c: C, all = false): ActionButton<C>[] {
  return actions.flatMap((a) => {
    if ((!a.icon && !all) || !isShown(a, c)) return [];
    const label = labelOf(a, c);
    const disabled = !isEnabled(a, c);
    const said = a.tooltip ?? label;
    const title = disabled && a.disabledTitle ? a.disabledTitle : a.key ? `${said} (${keyLabel(a.key)})` : said;
    return [
      {
        action: a,
        id: a.id,
        icon: a.icon,
        label,
        title,
        ariaLabel: a.ariaLabel?.(c) ?? null,
        disabled,
        danger: a.danger ?? false,
        opensMenu: a.opensMenu ?? false,
      },
    ];
  });
}

/**
 * The keys: one binding per action with a key, acting with the context of the event while the
 * action is enabled and `when` (e.g. the row itself has the focus) allows.
 */
export function actionBindings<C>(
  actions: readonly Action<C>[],
  context: (e: KeyboardEvent) => C,
  when: (e: KeyboardEvent) => boolean = () => true,
): Binding[] {
  return actions.flatMap((a) =>
    a.key === undefined
      ? []
      : [
          {
            key: a.key,
            when: (e: KeyboardEvent) => when(e) && (a.keyWhen?.(e) ?? true) && isEnabled(a, context(e)),
            run: (e: KeyboardEvent) => a.perform(context(e)),
          },
        ],
  );
}

/** Perform an action by id (a menu's choice) if it is enabled; returns whether it ran. */
export function performById<C>(actions: readonly Action<C>[], id: string, c: C): boolean {
  const a = actions.find((x) => x.id === id);
  if (!a || !isEnabled(a, c)) return false;
  a.perform(c);
  return true;
}
