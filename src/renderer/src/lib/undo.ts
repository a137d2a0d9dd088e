/**
 * A generic undo/redo history of immutable snapshots.
 *
 * The stack holds the *present* state plus the past and future ones. Editors push a new
 * snapshot after each edit; `undo()` / `redo()` step through history and return the state to
 * show (or `undefined` when there is nothing to step to). Snapshots are stored as given: treat
 * them as immutable (copy before mutating).
 *
 * ```ts
 * const history = createUndoStack<Cells>({ limit: 200, initial: cells });
 * history.push(nextCells);      // after an edit
 * const prev = history.undo();  // Ctrl+Z
 * ```
 */
export interface UndoStack<T> {
  /** Record a new present state; clears the redo branch. With `equals`, an unchanged state is ignored. */
  push(state: T): void;
  /** Step back; returns the new present state, or undefined when there is nothing to undo. */
  undo(): T | undefined;
  /** Step forward; returns the new present state, or undefined when there is nothing to redo. */
  redo(): T | undefined;
  /** The present state (undefined before the first push). */
  readonly current: T | undefined;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Number of states that can be undone / redone. */
  readonly undoDepth: number;
  readonly redoDepth: number;
  /**
   * Forget all history; with a state, it becomes the present. `past` (oldest first) becomes the
   * undoable history, e.g. versions saved with the document by an earlier session.
   */
  reset(state?: T, past?: readonly T[]): void;
  /** The undoable states, oldest first (what a document keeps so undo survives reopening). */
  readonly past: readonly T[];
  /** Mark the present state as saved; `dirty` is true whenever the present differs from it. */
  markSaved(): void;
  readonly dirty: boolean;
  /** Called after every change (push, undo, redo, reset, markSaved). Returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface UndoOptions<T> {
  /** Maximum number of undoable steps kept (the oldest are dropped). Default 500. */
  limit?: number;
  /** A first present state (not undoable). */
  initial?: T;
  /** When given, pushing a state equal to the present one does nothing. */
  equals?: (a: T, b: T) => boolean;
}

export const DEFAULT_UNDO_LIMIT = 500;

export function createUndoStack<T>(options: UndoOptions<T> = {}): UndoStack<T> {
  const limit = Math.max(1, Math.floor(options.limit ?? DEFAULT_UNDO_LIMIT));
  const equals = options.equals;
  let present: { value: T } | null = options.initial === undefined ? null : { value: options.initial };
  /** A token identifying the saved entry: the present `value` box at markSaved time. */
  let saved: { value: T } | null = present;
  const listeners = new Set<() => void>();

  const notify = (): void => {
    for (const l of [...listeners]) l();
  };

  // Each entry is boxed so `dirty` compares entries by identity, not by value.
  const pastBoxes: { value: T }[] = [];
  const futureBoxes: { value: T }[] = [];

  return {
    push(state: T) {
      if (present && equals && equals(present.value, state)) return;
      if (present) {
        pastBoxes.push(present);
        if (pastBoxes.length > limit) pastBoxes.splice(0, pastBoxes.length - limit);
      }
      present = { value: state };
      futureBoxes.length = 0;
      notify();
    },
    undo() {
      const prev = pastBoxes.pop();
      if (!prev) return undefined;
      if (present) futureBoxes.push(present);
      present = prev;
      notify();
      return prev.value;
    },
    redo() {
      const next = futureBoxes.pop();
      if (!next) return undefined;
      if (present) pastBoxes.push(present);
      present = next;
      notify();
      return next.value;
    },
    get current() {
      return present?.value;
    },
    get past() {
      return pastBoxes.map((b) => b.value);
    },
    get canUndo() {
      return pastBoxes.length > 0;
    },
    get canRedo() {
      return futureBoxes.length > 0;
    },
    get undoDepth() {
      return pastBoxes.length;
    },
    get redoDepth() {
      return futureBoxes.length;
    },
    reset(state?: T, past: readonly T[] = []) {
      pastBoxes.length = 0;
      for (const v of past.slice(-limit)) pastBoxes.push({ value: v });
      futureBoxes.length = 0;
      present = state === undefined ? null : { value: state };
      saved = present;
      notify();
    },
    markSaved() {
      saved = present;
      notify();
    },
    get dirty() {
      return present !== saved;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
