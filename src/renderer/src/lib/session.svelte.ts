/**
 * An editor's working copy with undo/redo, as reactive state for components. The history itself is
 * lib/undo.ts (unit-tested); this only mirrors its flags into runes.
 *
 * `AutosaveSession` is the one edit model every editor uses: each edit, undo and redo is written
 * back to the library shortly after it happens, together with the undo history, so closing the
 * editor, reloading or a crash loses nothing and undo still works after reopening.
 */
import { createUndoStack, type UndoStack } from './undo';
import { Latest } from './latest';

export class EditSession<T> {
  value = $state.raw<T>() as T;
  canUndo = $state(false);
  canRedo = $state(false);
  dirty = $state(false);
  protected readonly history: UndoStack<T>;

  constructor(initial: T, opts: { limit?: number; equals?: (a: T, b: T) => boolean; past?: readonly T[] } = {}) {
    this.history = createUndoStack<T>({ initial, limit: opts.limit ?? 1000, equals: opts.equals });
    if (opts.past?.length) this.history.reset(initial, opts.past);
    this.value = initial;
    this.sync();
  }

  protected sync(): void {
    this.value = this.history.current as T;
    this.canUndo = this.history.canUndo;
    this.canRedo = this.history.canRedo;
    this.dirty = this.history.dirty;
  }

  /** The undoable versions, oldest first. */
  get past(): readonly T[] {
    return this.history.past;
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

  /** Start over from `value` (e.g. after loading), with `past` as its undo history. */
  reset(value: T, past: readonly T[] = []): void {
    this.history.reset(value, past);
    this.sync();
  }
}

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

export interface AutosaveOptions<T> {
  equals?: (a: T, b: T) => boolean;
  /** Undo history saved by an earlier session, oldest first. */
  past?: readonly T[];
  /** Writes the present value and its history (oldest first) to the library. */
  write(value: T, past: readonly T[]): Promise<void>;
  /** Quiet time after an edit before it is written, in ms (default 600). */
  delay?: number;
  /** A failed write, in one line. */
  onerror?(message: string): void;
}

export class AutosaveSession<T> extends EditSession<T> {
  saveState = $state<SaveState>('saved');
  saveError = $state('');
  private timer: ReturnType<typeof setTimeout> | null = null;
  private chain: Promise<void> = Promise.resolve();
  /** Only the latest write's outcome is shown: an earlier one finishing later says nothing. */
  private readonly writes = new Latest();

  constructor(
    initial: T,
    private readonly opts: AutosaveOptions<T>,
  ) {
    super(initial, { equals: opts.equals, past: opts.past, limit: 1000 });
  }

  override edit(next: T): void {
    const before = this.value;
    super.edit(next);
    if (this.value !== before) this.schedule();
  }

  override undo(): void {
    if (!this.canUndo) return;
    super.undo();
    this.schedule();
  }

  override redo(): void {
    if (!this.canRedo) return;
    super.redo();
    this.schedule();
  }

  /** Start over (a new puzzle was cut or generated): no history, written at once. */
  override reset(value: T, past: readonly T[] = []): void {
    super.reset(value, past);
  }

  /** Something besides the value changed (e.g. the puzzle's fixed hints): write soon. */
  schedule(delay = this.opts.delay ?? 600): void {
    this.saveState = 'pending';
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.saveNow(), delay);
  }

  /** Write now (Ctrl+S, leaving); resolves when every earlier write is done. */
  saveNow(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const value = this.value;
    const past = this.past;
    const mine = this.writes.begin();
    this.saveState = 'saving';
    this.chain = this.chain.then(async () => {
      try {
        await this.opts.write(value, past);
        // An edit made while this write was on its way is not in it: still pending (its timer writes it).
        if (this.writes.isCurrent(mine) && this.value === value && this.timer === null) {
          this.saveState = 'saved';
          this.markSaved();
        }
      } catch (err) {
        if (this.writes.isCurrent(mine)) {
          this.saveState = 'error';
          this.saveError = err instanceof Error ? err.message : String(err);
          this.opts.onerror?.(this.saveError);
        }
      }
    });
    return this.chain;
  }

  /** True while an edit is not in the library yet. */
  get unsaved(): boolean {
    return this.saveState === 'pending' || this.saveState === 'saving' || this.saveState === 'error';
  }

  /** Leaving: write what is pending. */
  flush(): Promise<void> {
    return this.timer || this.saveState === 'error' ? this.saveNow() : this.chain;
  }
}
