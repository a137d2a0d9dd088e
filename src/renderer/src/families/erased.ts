/**
 * A family's entry as the table (./index.ts) holds it, with the types of its "New puzzle" fields
 * and of its puzzle and solution models erased: the one place values arriving as `unknown` become
 * the family's own. The dialog only ever hands a family the fields that family's `defaults` made (a
 * spec's family and fields change together), and the shell only hands a family's entry the puzzles
 * read under its id (by that family's readers), which is what makes the conversions below sound.
 */
import type { Component } from 'svelte';
import type { NewPuzzleRules } from './new-puzzle-rules';
import type { DrawBoard, FamilyEntry, FamilyView, KeyTable, Lazy, NewFormProps } from './types';

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

/** A family's board drawer for the shared exporters (lib/board-image.ts), which hand it what they read under its id. */
export function erasedDraw<P, S>(view: Pick<FamilyView<unknown, P, S>, 'drawBoard'>): DrawBoard {
  return (ctx, puzzle, solution, ox, oy, cell) => view.drawBoard(ctx, puzzle as P, solution as S | undefined, ox, oy, cell);
}

/** The entry with its models erased; its keys keep their names (the shortcut registry's `FamilyKeyName`). */
export function erasedEntry<F, P, S, K extends KeyTable>(entry: FamilyEntry<F, P, S> & { keys: K }): FamilyEntry & { keys: K } {
  // The form binds the fields it is given, which are its family's (see above).
  const NewForm = entry.NewForm as Lazy<Component<NewFormProps, object, 'fields'>>;
  return { ...entry, drawBoard: erasedDraw(entry), newPuzzle: erasedRules(entry.newPuzzle), NewForm };
}
