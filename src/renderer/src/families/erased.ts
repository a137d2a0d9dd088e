/**
 * A family's view and UI as the registries (views.ts, index.ts) hold them, with the type of its
 * "New puzzle" fields erased: the one place fields arriving as `unknown` become the family's own.
 * The dialog only ever hands a family the fields that family's `defaults` made (a spec's family
 * and fields change together), which is what makes the conversions below sound.
 */
import type { Component } from 'svelte';
import type { NewPuzzleRules } from './new-puzzle-rules';
import type { FamilyUi, FamilyView, NewFormProps } from './types';

function erasedRules<F>(rules: NewPuzzleRules<F>): NewPuzzleRules {
  const own = (fields: unknown): F => fields as F;
  return {
    limits: rules.limits,
    defaults: rules.defaults,
    name: (fields) => rules.name(own(fields)),
    problems: (fields) => rules.problems(own(fields)),
    document: (fields, name) => rules.document(own(fields), name),
    ...(rules.order ? { order: (fields: unknown) => rules.order!(own(fields)) } : {}),
  };
}

export function erasedView<F>(view: FamilyView<F>): FamilyView {
  return { ...view, newPuzzle: erasedRules(view.newPuzzle) };
}

export function erasedUi<F>(ui: FamilyUi<F>): FamilyUi {
  // The form binds the fields it is given, which are its family's (see above).
  return { ...ui, newPuzzle: erasedRules(ui.newPuzzle), NewForm: ui.NewForm as Component<NewFormProps, object, 'fields'> };
}
