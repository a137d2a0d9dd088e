/**
 * An editor's working copy with undo/redo and a saved mark, as reactive state for components.
 * The history itself is lib/undo.ts (unit-tested); this only mirrors its flags into runes.
 */
import { createUndoStack, type UndoStack } from './undo';

export class EditSession<T> {
  value = $state.raw<T>() as T;
  canUndo = $state(false);
  canRedo = $state(false);
  dirty = $state(false);
  private readonly history: UndoStack<T>;

  constructor(initial: T, opts: { limit?: number; equals?: (a: T, b: T) => boolean } = {}) {
    this.history = createUndoStack<T>({ initial, limit: opts.limit ?? 1000, equals: opts.equals });
    this.value = initial;
  }

  private sync(): void {
    this.value = this.history.current as T;
    this.canUndo = this.history.canUndo;
    this.canRedo = this.history.canRedo;
    this.dirty = this.history.dirty;
  }

  /** Record an edit (ignored when equal to the present value). */
  edit(next: T): void {
    this.history.push(next);
    this.sync();
  }

  undo(): void {
    this.history.undo();
    this.sync();
  }

  redo(): void {
    this.history.redo();
    this.sync();
  }

  /** The present value was saved. */
  markSaved(): void {
    this.history.markSaved();
    this.sync();
  }

  /** Start over from `value` (e.g. after loading), with no history. */
  reset(value: T): void {
    this.history.reset(value);
    this.sync();
  }
}
