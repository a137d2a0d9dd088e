/**
 * A family's view and UI as the registries (views.ts, index.ts) hold them, with the types of its
 * "New puzzle" fields and of its puzzle and solution models erased: the one place values arriving
 * as `unknown` become the family's own. The dialog only ever hands a family the fields that
 * family's `defaults` made (a spec's family and fields change together), and the shell only hands a
 * family's view the puzzles read under its id (by that family's readers), which is what makes the
 * conversions below sound.
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

function erasedDraw<P, S>(view: Pick<FamilyView<unknown, P, S>, 'drawBoard'>): FamilyView['drawBoard'] {
  return (ctx, puzzle, solution, ox, oy, cell) => view.drawBoard(ctx, puzzle as P, solution as S | undefined, ox, oy, cell);
}

export function erasedView<F, P, S>(view: FamilyView<F, P, S>): FamilyView {
  return { ...view, drawBoard: erasedDraw(view), newPuzzle: erasedRules(view.newPuzzle) };
}

export function erasedUi<F, P, S>(ui: FamilyUi<F, P, S>): FamilyUi {
  // The form binds the fields it is given, which are its family's (see above).
  return { ...ui, drawBoard: erasedDraw(ui), newPuzzle: erasedRules(ui.newPuzzle), NewForm: ui.NewForm as Component<NewFormProps, object, 'fields'> };
}
