/**
 * What the jump-maze and casse-tête editors and the generic grid view (families/grid) have in
 * common: a puzzle opened from the library whose cells the user edits (undo/redo); every change is
 * saved back into its document with the undo history (lib/session.svelte.ts), so undo works after
 * reopening. Leaving waits for the last write and asks only when it failed. The editors add their
 * board and panel (see EditorShell.svelte).
 */
import type { PuzzleRecord, WorkbenchApi } from '../../../main/api/types';
import { makeDocument, parseDocument } from '../../../core/document/document';
import { AutosaveSession } from './session.svelte';
import { messageOf, safeFileName } from './format';
import { Latest } from './latest';
import { documentPng } from './board-image';
import { downloadBlob } from './download';
import { notices } from './notices.svelte';
import { takeHandOff, type BoardHandOff } from './board-handoff';
import { getFamily } from '../../../core/families';
import type { FamilyId } from '../../../core/families/family';
import { scoreText } from '../../../core/text/run-text';
import type { DrawBoard } from '../families/types';

/** What a puzzle's library record holds for a cells editor: the puzzle, its cells (none saved: undefined) and their undo history (null: blank). */
export interface ReadCells<P, T> {
  puzzle: P;
  cells: T | undefined;
  history: (T | null)[];
}

/**
 * How a cells editor reads its puzzle and writes its cells: by the family's own code in core
 * (`coreCells`, jump and casse-tête), or from the JSON alone for a family the renderer has no code
 * of (families/grid).
 */
export interface CellsCodec<P, T> {
  /** Throws a one-line reason when the record is not a puzzle this editor edits. */
  read(rec: PuzzleRecord): ReadCells<P, T>;
  /** The document to save: the puzzle, its cells and the undo steps since the puzzle last changed. */
  document(name: string, puzzle: P, cells: T, history: readonly T[]): unknown;
  /** A board handed over from another view (its JSON form): its cells, and its score where the renderer can tell. Throws a one-line reason. */
  given(puzzle: P, solution: unknown, what: string): { cells: T; score: string | null };
  /** The board as the PNG the library exports; absent = the editor exports none. */
  png?(name: string, puzzle: P, cells: T): Promise<Blob>;
}

/** A family of core's whose solutions are `{ cells }` (jump mazes, casse-tête grids); `draw` is its view's board drawer, for the PNG. */
export function coreCells<P, T>(family: FamilyId, noun: string, draw: DrawBoard): CellsCodec<P, T> {
  const f = getFamily(family);
  const wrap = (cells: T) => ({ cells });
  return {
    read(rec) {
      const { doc, puzzle, solution, history } = parseDocument(rec.document, rec.name);
      if (doc.family !== family) throw new Error(`this is a ${doc.family} puzzle, not ${noun}`);
      const saved = (solution as { cells: T } | undefined)?.cells;
      return { puzzle: puzzle as P, cells: saved, history: history.map((h) => (h === null ? null : (h as { cells: T }).cells)) };
    },
    document: (name, puzzle, cells, history) => makeDocument(family, name, puzzle, wrap(cells), undefined, history.map(wrap)),
    given(puzzle, json, what) {
      const solution: unknown = f.solutionFromJson(puzzle, json, what);
      const e = f.evaluate(puzzle, solution);
      return { cells: (solution as { cells: T }).cells, score: scoreText(e.score, e.maxScore) };
    },
    png: (name, puzzle, cells) => documentPng(makeDocument(family, name, puzzle, wrap(cells)), () => draw),
  };
}

export interface CellsEditorSpec<P, T> {
  /** "a jump maze": names the family when a document of another one is opened. */
  noun: string;
  /** How the puzzle is read and its cells written (see `coreCells`). */
  codec: CellsCodec<P, T>;
  /** The cells of a puzzle saved without any. */
  blank(puzzle: P): T;
  equals(a: T, b: T): boolean;
  /** The puzzle is open; `saved` says whether its document had cells. */
  onopen?(puzzle: P, cells: T, saved: boolean): void;
  /** `cells` are in the library now. */
  onsave?(puzzle: P, cells: T): void;
}

export class CellsEditor<P, T> {
  name = $state('');
  /** The puzzle as opened; values made by `changePuzzle` carry their own (`owners`). */
  private opened = $state.raw<P | null>(null);
  session = $state.raw<AutosaveSession<T> | null>(null);
  loadError = $state<string | null>(null);
  saving = $state(false);
  confirmLeave = $state(false);
  private api: WorkbenchApi | null = null;
  private puzzleId = 0;
  /** Where to go once the user has dealt with unsaved changes. */
  private leaveTo: (() => void) | null = null;
  /** Values made by `changePuzzle`, each with the puzzle it belongs to (values are immutable snapshots). */
  private readonly owners = new WeakMap<object, P>();
  /** The open in flight: its cleanup drops a late answer. */
  private readonly opening = new Latest();

  constructor(
    private readonly spec: CellsEditorSpec<P, T>,
    private readonly onclose: () => void,
  ) {}

  /** The puzzle of the value shown: undo and redo step across changes of the puzzle too. */
  get puzzle(): P | null {
    const v = this.session?.value;
    return (v !== undefined && this.ownerOf(v)) || this.opened;
  }

  private ownerOf(value: T): P | undefined {
    return typeof value === 'object' && value !== null ? this.owners.get(value) : undefined;
  }

  private puzzleOf(value: T): P {
    return this.ownerOf(value) ?? this.opened!;
  }

  /** Fetch the puzzle and start editing it; returns the cleanup (a late answer is then ignored). */
  open(api: WorkbenchApi, puzzleId: number): () => void {
    this.api = api;
    this.puzzleId = puzzleId;
    const asked = this.opening.run(() => api.getPuzzle({ id: puzzleId }));
    asked.then(
      (answer) => {
        if (answer.stale) return;
        const rec = answer.value;
        try {
          const { puzzle: p, cells: saved, history } = this.spec.codec.read(rec);
          const cells = saved ?? this.spec.blank(p);
          this.name = rec.name;
          this.opened = p;
          const blank = this.spec.blank(p);
          const past = history.map((h) => h ?? blank);
          this.session = new AutosaveSession<T>(cells, {
            // Equal cells of two puzzles are two states (moving the start changes no cell).
            equals: (a, b) => this.puzzleOf(a) === this.puzzleOf(b) && this.spec.equals(a, b),
            past,
            write: (value, earlier) => this.write(value, earlier),
            onerror: (message) => notices.notify(`Could not save — ${message}`, 'error'),
          });
          this.spec.onopen?.(p, cells, saved !== undefined);
          const given = takeHandOff(puzzleId);
          if (given) this.loadGiven(p, given);
        } catch (err) {
          this.loadError = messageOf(err);
        }
      },
      (err: unknown) => {
        this.loadError = messageOf(err);
      },
    );
    return () => this.opening.cancel();
  }

  /** A board another view handed over (the run page's Replace placement): one undoable edit, said with an Undo. */
  private loadGiven(puzzle: P, given: BoardHandOff): void {
    const session = this.session;
    if (!session) return;
    let read: { cells: T; score: string | null };
    try {
      read = this.spec.codec.given(puzzle, given.solution, given.what);
    } catch (err) {
      notices.notify(`Could not load ${given.what} — ${messageOf(err)}`, 'error');
      return;
    }
    const before = session.value;
    session.edit(read.cells);
    if (session.value === before) {
      notices.notify(`${given.what[0]!.toUpperCase()}${given.what.slice(1)} is already on the board.`);
      return;
    }
    notices.notify(`Loaded ${given.what}${read.score === null ? '' : ` (score ${read.score})`} in place of the board there was.`, 'info', {
      label: 'Undo',
      run: () => this.session?.undo(),
    });
  }

  edit(next: T): void {
    if (!this.session) return;
    this.session.edit(next);
  }

  /**
   * Change the puzzle itself (a jump maze's start or goal) as one undoable edit: `carry` makes the
   * present cells legal for `next` and must return a new value, which then belongs to `next`.
   */
  changePuzzle(next: P, carry: (value: T) => T): void {
    const session = this.session;
    if (!session) return;
    const value = carry(session.value);
    if (typeof value !== 'object' || value === null || value === session.value) throw new Error('changePuzzle: carry must return a new value');
    this.owners.set(value, next);
    session.edit(value);
  }

  private async write(value: T, past: readonly T[]): Promise<void> {
    if (!this.api) return;
    const puzzle = this.puzzleOf(value);
    // A document has one puzzle: it keeps the undo steps since the puzzle last changed.
    let from = past.length;
    while (from > 0 && this.puzzleOf(past[from - 1]!) === puzzle) from--;
    await this.api.updatePuzzle({ id: this.puzzleId, document: this.spec.codec.document(this.name, puzzle, value, past.slice(from)) });
    this.spec.onsave?.(puzzle, value);
  }

  /** The board as the PNG the library exports (same painter), saved as a download. */
  async exportPng(): Promise<void> {
    const { session, puzzle } = this;
    const png = this.spec.codec.png;
    if (!session || !puzzle || !png) return;
    try {
      const blob = await png(this.name, puzzle, session.value);
      downloadBlob(blob, `${safeFileName(this.name)}.png`);
      notices.notify('Exported the board as PNG.');
    } catch (err) {
      notices.notify(`Could not export — ${messageOf(err)}`, 'error');
    }
  }

  /** Whether the board can be exported as a PNG. */
  get exportsPng(): boolean {
    return this.spec.codec.png !== undefined;
  }

  /** Write now (Ctrl+S); autosave does it anyway shortly after each change. */
  async save(): Promise<void> {
    const { session } = this;
    if (!session) return;
    this.saving = true;
    try {
      await session.saveNow();
      if (session.saveState === 'saved') notices.notify('Saved to the library.');
    } finally {
      this.saving = false;
    }
  }

  back(): void {
    this.leave(this.onclose);
  }

  /** Leave without asking (nothing was opened). */
  close(): void {
    this.onclose();
  }

  /** A leave guard (lib/leave-guard.ts): writes what is pending, then goes; asks only when the write failed. */
  leave(proceed: () => void): boolean {
    const session = this.session;
    if (!session || !session.unsaved) {
      proceed();
      return true;
    }
    void session.flush().then(() => {
      if (session.saveState === 'saved') proceed();
      else {
        this.leaveTo = proceed;
        this.confirmLeave = true;
      }
    });
    return true;
  }

  /** The answer to "Could not save": retry, leave anyway (discard) or stay. */
  async chooseLeave(id: string): Promise<void> {
    this.confirmLeave = false;
    const go = this.leaveTo ?? this.onclose;
    this.leaveTo = null;
    if (id === 'save') {
      await this.save();
      if (this.session?.saveState === 'saved') go();
      else {
        this.leaveTo = go;
        this.confirmLeave = true;
      }
    } else if (id === 'discard') go();
  }
}

/** The index of the board cell (an element with `data-index`) an event happened on. */
export function cellFromEvent(e: Event): number | null {
  const el = (e.target as Element | null)?.closest?.('[data-index]');
  if (!el) return null;
  const i = Number(el.getAttribute('data-index'));
  return Number.isInteger(i) ? i : null;
}
