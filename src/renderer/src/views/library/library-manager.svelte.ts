/**
 * The library view's state: the listed puzzles (filtered, sorted, refreshed on pushes), the
 * selection, a rename in progress, the messages, the undoable delete and the export menu. The
 * component only lays it out. Create it while a component initialises: its effects live as long
 * as that component.
 */
import type { PuzzleSort, PuzzleSummary, WorkbenchApi } from '../../../../main/api/types';
import type { FamilyId } from '../../../../core/families/family';
import { connection } from '../../lib/connection.svelte';
import { Loader } from '../../lib/loader.svelte';
import { messageOf, safeFileName } from '../../lib/format';
import { refreshOnEvents } from '../../lib/push-events';
import { downloadBlob, downloadText } from '../../lib/download';
import { documentPng } from '../../lib/board-image';
import { familyEntry } from '../../families';
import type { Anchor } from '../../lib/actions/library-row';
import { LibraryImport } from './library-import.svelte';

export const SORTS: readonly { id: PuzzleSort; label: string }[] = [
  { id: 'updated', label: 'Recently changed' },
  { id: 'opened', label: 'Recently opened' },
  { id: 'name', label: 'Name' },
  { id: 'best', label: 'Best score' },
];

interface Undoable {
  id: number;
  name: string;
  document: unknown;
  source: string;
}

export class LibraryManager {
  readonly #api: WorkbenchApi;
  readonly #focusRow: (id: number) => void;
  readonly #list = new Loader<PuzzleSummary[]>([]);
  readonly importer: LibraryImport;

  #search = $state('');
  #query = $state('');
  #family = $state<FamilyId | ''>('');
  #sort = $state<PuzzleSort>('updated');
  #refresh = $state(0);

  #errors = $state<string[]>([]);
  #notice = $state<string | null>(null);
  #highlighted = $state<ReadonlySet<number>>(new Set());
  #selected = $state<number | null>(null);
  /** A rename in progress; its value is bound to the row's field. */
  renaming = $state<{ id: number; value: string } | null>(null);
  #exportMenu = $state<{ id: number; family: FamilyId; x: number; y: number } | null>(null);
  #undoable = $state<Undoable | null>(null);
  #undoTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(api: WorkbenchApi, focusRow: (id: number) => void) {
    this.#api = api;
    this.#focusRow = focusRow;
    this.importer = new LibraryImport(api, {
      messages: (errors, notice) => {
        this.#errors = errors;
        this.#notice = notice;
      },
      notice: (text) => (this.#notice = text),
      added: (ids) => {
        this.flash(ids);
        this.#selected = ids[ids.length - 1]!;
      },
      refresh: () => this.refresh(),
    });

    // Debounce typing so each keystroke does not query the store.
    $effect(() => {
      const text = this.#search;
      const t = setTimeout(() => (this.#query = text), 150);
      return () => clearTimeout(t);
    });

    // Load whenever the filters change or something asks for a refresh; late answers are dropped.
    $effect(() => {
      const args = { search: this.#query.trim() || undefined, family: this.#family || undefined, sort: this.#sort };
      void this.#refresh;
      void connection.epoch;
      void this.#list.load(() => api.listPuzzles(args));
    });

    // Another window, the CLI or a finished run can change the library: reload (at most a few times a second).
    $effect(() => {
      const unsubscribe = refreshOnEvents(
        api,
        (event) => event.type !== 'run-progress' && !(event.type === 'run-updated' && event.run.status === 'running'),
        250,
        () => this.refresh(),
      );
      return () => {
        unsubscribe();
        this.#list.cancel();
        clearTimeout(this.#undoTimer);
      };
    });
  }

  // ---- the list ------------------------------------------------------------------------------

  get puzzles(): PuzzleSummary[] {
    return this.#list.value ?? [];
  }
  get loaded(): boolean {
    return this.#list.loaded;
  }
  get loadError(): string | null {
    return this.#list.error;
  }
  refresh(): void {
    this.#refresh++;
  }

  get search(): string {
    return this.#search;
  }
  set search(text: string) {
    this.#search = text;
  }
  /** The search as sent (after the debounce). */
  get query(): string {
    return this.#query;
  }
  get family(): FamilyId | '' {
    return this.#family;
  }
  set family(f: FamilyId | '') {
    this.#family = f;
  }
  get sort(): PuzzleSort {
    return this.#sort;
  }
  set sort(s: PuzzleSort) {
    this.#sort = s;
  }
  get filtering(): boolean {
    return this.#query.trim() !== '' || this.#family !== '';
  }
  clearFilters(): void {
    this.#search = '';
    this.#query = '';
    this.#family = '';
  }

  // ---- selection and messages ------------------------------------------------------------------

  get selected(): number | null {
    return this.#selected;
  }
  set selected(id: number | null) {
    this.#selected = id;
  }
  get selectedPuzzle(): PuzzleSummary | null {
    return this.puzzles.find((p) => p.id === this.#selected) ?? null;
  }
  /** Select the row at `k` (clamped) and focus it. */
  go(k: number): void {
    const list = this.puzzles;
    const q = list[Math.max(0, Math.min(list.length - 1, k))];
    if (!q) return;
    this.#selected = q.id;
    this.#focusRow(q.id);
  }
  indexOf(id: number): number {
    return this.puzzles.findIndex((x) => x.id === id);
  }

  get highlighted(): ReadonlySet<number> {
    return this.#highlighted;
  }
  flash(ids: number[]): void {
    const set = new Set(ids);
    this.#highlighted = set;
    setTimeout(() => {
      if (this.#highlighted === set) this.#highlighted = new Set();
    }, 2500);
  }

  get errors(): string[] {
    return this.#errors;
  }
  get notice(): string | null {
    return this.#notice;
  }
  dismissErrors(): void {
    this.#errors = [];
  }
  dismissNotice(): void {
    this.#notice = null;
  }
  say(text: string): void {
    this.#notice = text;
    this.#errors = [];
  }
  fail(line: string): void {
    this.#errors = [line];
    this.#notice = null;
  }

  // ---- row operations ---------------------------------------------------------------------------

  startRename(p: PuzzleSummary): void {
    this.#selected = p.id;
    this.renaming = { id: p.id, value: p.name };
  }

  async commitRename(): Promise<void> {
    const r = this.renaming;
    if (!r) return;
    this.renaming = null;
    const p = this.puzzles.find((x) => x.id === r.id);
    const name = r.value.trim();
    if (!p || name === p.name) return this.#focusRow(r.id);
    if (!name) {
      this.fail('A puzzle needs a name.');
      return this.#focusRow(r.id);
    }
    try {
      const rec = await this.#api.updatePuzzle({ id: r.id, name });
      this.#list.set(this.puzzles.map((x) => (x.id === rec.id ? { ...x, name: rec.name } : x)));
      this.say(`Renamed to “${rec.name}”.`);
      this.refresh();
    } catch (err) {
      this.fail(`Could not rename “${p.name}” — ${messageOf(err)}`);
    }
    this.#focusRow(r.id);
  }

  cancelRename(): void {
    const id = this.renaming?.id;
    this.renaming = null;
    if (id !== undefined) this.#focusRow(id);
  }

  async duplicate(p: PuzzleSummary): Promise<void> {
    try {
      const copy = await this.#api.duplicatePuzzle({ id: p.id });
      this.say(`Made “${copy.name}”.`);
      this.#selected = copy.id;
      this.flash([copy.id]);
      this.refresh();
    } catch (err) {
      this.fail(`Could not duplicate “${p.name}” — ${messageOf(err)}`);
    }
  }

  get undoable(): { name: string } | null {
    return this.#undoable;
  }
  dismissUndo(): void {
    this.#undoable = null;
  }

  async remove(p: PuzzleSummary): Promise<void> {
    try {
      // Keep the document (exportPuzzle does not mark it opened) so the delete can be undone.
      const { text } = await this.#api.exportPuzzle({ id: p.id, format: 'json' });
      const document: unknown = JSON.parse(text);
      const index = this.indexOf(p.id);
      await this.#api.deletePuzzle({ id: p.id });
      const rest = this.puzzles.filter((x) => x.id !== p.id);
      this.#list.set(rest);
      const next = rest[Math.min(index, rest.length - 1)];
      this.#selected = next?.id ?? null;
      if (next) this.#focusRow(next.id);
      this.#undoable = { id: p.id, name: p.name, document, source: p.source };
      this.#notice = null;
      this.#errors = [];
      clearTimeout(this.#undoTimer);
      this.#undoTimer = setTimeout(() => (this.#undoable = null), 10_000);
      this.refresh();
    } catch (err) {
      this.fail(`Could not delete “${p.name}” — ${messageOf(err)}`);
    }
  }

  async undoDelete(): Promise<void> {
    const u = this.#undoable;
    if (!u) return;
    this.#undoable = null;
    clearTimeout(this.#undoTimer);
    try {
      const rec = await this.#api.createPuzzle({ document: u.document, source: u.source, restoreId: u.id });
      this.#selected = rec.id;
      this.flash([rec.id]);
      this.say(`Restored “${rec.name}”.`);
      this.refresh();
      this.#focusRow(rec.id);
    } catch (err) {
      this.fail(`Could not restore “${u.name}” — ${messageOf(err)}`);
    }
  }

  // ---- export -----------------------------------------------------------------------------------

  get exportMenu(): { id: number; family: FamilyId; x: number; y: number } | null {
    return this.#exportMenu;
  }
  closeExportMenu(): void {
    this.#exportMenu = null;
  }

  /** Open the export menu under a button, or at a point (the context menu's place). */
  openExportMenu(p: PuzzleSummary, anchor: Anchor): void {
    this.#selected = p.id;
    if (anchor && !(anchor instanceof HTMLElement)) {
      this.#exportMenu = { id: p.id, family: p.family, x: anchor.x, y: anchor.y };
      return;
    }
    const r = anchor?.getBoundingClientRect();
    this.#exportMenu = { id: p.id, family: p.family, x: r ? r.right - 240 : 200, y: r ? r.bottom + 4 : 200 };
  }

  async exportAs(id: number, format: string): Promise<void> {
    const p = this.puzzles.find((x) => x.id === id);
    const label = p?.name ?? `puzzle ${id}`;
    try {
      if (format === 'png') {
        const { text } = await this.#api.exportPuzzle({ id, format: 'json' });
        downloadBlob(await documentPng(JSON.parse(text), (family) => familyEntry(family).drawBoard), `${safeFileName(label)}.png`);
        this.say(`Saved a picture of “${label}”.`);
      } else {
        const out = await this.#api.exportPuzzle({ id, format });
        downloadText(out.text, out.fileName, format === 'json' ? 'application/json' : 'text/plain');
        this.say(`Exported “${label}” as ${out.fileName}.`);
      }
    } catch (err) {
      this.fail(`Could not export “${label}” — ${messageOf(err)}`);
    }
  }
}
