/**
 * Importing files into the library: chosen or dropped files, one at a time, with a line per
 * failure; a single file whose size or edge order is unsettled, which is a board for a library
 * puzzle, or whose puzzle is already in the library goes to the import dialog instead. Also the
 * window's drop target.
 */
import type { PuzzleRecord, WorkbenchApi } from '../../../../main/api/types';
import { messageOf } from '../../lib/format';
import { countNoun } from '../../../../core/text/plural';
import { importErrorLine } from '../../lib/library';
import { MAX_FILE_BYTES } from '../../../../core/document/limits';

export interface ImportHooks {
  /** Show these error lines and this notice (replacing the ones shown). */
  messages(errors: string[], notice: string | null): void;
  /** Show this notice (the error lines stay). */
  notice(text: string): void;
  /** Puzzles were added: highlight them, select the last. */
  added(ids: number[]): void;
  refresh(): void;
}

const needsAnswer = (message: string): boolean => /cannot tell the board size|--order|--size/.test(message);
const carriesFiles = (e: DragEvent): boolean => e.dataTransfer?.types.includes('Files') ?? false;

export class LibraryImport {
  readonly #api: WorkbenchApi;
  readonly #hooks: ImportHooks;
  #importing = $state(0);
  #dragDepth = $state(0);
  /** A file whose size or edge order the reader could not settle, shown in the import dialog. */
  #reviewing = $state<{ name: string; text: string } | null>(null);

  constructor(api: WorkbenchApi, hooks: ImportHooks) {
    this.#api = api;
    this.#hooks = hooks;
  }

  /** Files being read now. */
  get importing(): number {
    return this.#importing;
  }
  /** Files are dragged over the window. */
  get dragging(): boolean {
    return this.#dragDepth > 0;
  }
  get reviewing(): { name: string; text: string } | null {
    return this.#reviewing;
  }
  closeReview(): void {
    this.#reviewing = null;
  }

  async importFiles(files: File[]): Promise<void> {
    if (files.length === 0) return;
    this.#hooks.messages([], null);
    this.#importing += files.length;
    const added: PuzzleRecord[] = [];
    const failed: string[] = [];
    const same: string[] = [];
    for (const file of files) {
      let text = '';
      try {
        // Said before reading a huge file; the API and the CLI refuse the same (core/document/limits).
        if (file.size > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES / 2 ** 20} MiB, the most a puzzle file may be`);
        text = await file.text();
        // One file that is a board for a library puzzle, or whose puzzle is already in the library: show it in the
        // dialog, which offers to place the board there or to open that one.
        if (files.length === 1 && ((await this.#isBoardForLibrary(file.name, text)) || (await this.#isInLibrary(file.name, text)))) {
          this.#reviewing = { name: file.name, text };
          continue;
        }
        // Every puzzle the file holds (several board URLs or mazes: one each).
        const r = await this.#api.importFile({ fileName: file.name, text });
        added.push(...r.added);
        for (const d of r.duplicates) same.push(d.sameAs.name);
      } catch (err) {
        const message = messageOf(err);
        // Size or edge order unknown: ask, with what was detected, instead of failing.
        if (files.length === 1 && text && needsAnswer(message)) this.#reviewing = { name: file.name, text };
        else failed.push(importErrorLine(file.name, message, text));
      } finally {
        this.#importing--;
      }
    }
    const notice =
      added.length > 0
        ? (added.length === 1 ? `Imported “${added[0]!.name}”.` : `Imported ${countNoun(added.length, 'puzzle')}.`) +
          (same.length > 0 ? ` The same puzzle was already in the library as “${same[0]}”.` : '')
        : null;
    this.#hooks.messages(failed, notice);
    if (added.length > 0) this.#hooks.added(added.map((p) => p.id));
    this.#hooks.refresh();
  }

  /** The file's likeliest reading lays out the pieces of a library puzzle (a record board written as a piece list). */
  async #isBoardForLibrary(fileName: string, text: string): Promise<boolean> {
    try {
      const { readings } = await this.#api.importReadings({ fileName, text });
      return (readings[0]?.places.length ?? 0) > 0;
    } catch {
      // importFile says why the file cannot be read, in its own words.
      return false;
    }
  }

  async #isInLibrary(fileName: string, text: string): Promise<boolean> {
    return (await this.#api.previewImport({ fileName, text })).sameAs.length > 0;
  }

  /** The import dialog imported these. */
  imported(list: PuzzleRecord[]): void {
    this.#reviewing = null;
    if (list.length > 0) {
      this.#hooks.notice(list.length === 1 ? `Imported “${list[0]!.name}”.` : `Imported ${countNoun(list.length, 'puzzle')}.`);
      this.#hooks.added(list.map((p) => p.id));
    }
    this.#hooks.refresh();
  }

  onFileChosen = (e: Event): void => {
    const input = e.currentTarget as HTMLInputElement;
    const files = Array.from(input.files ?? []);
    input.value = ''; // choosing the same file again should import it again
    void this.importFiles(files);
  };

  onDragEnter = (e: DragEvent): void => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    this.#dragDepth++;
  };

  onDragOver = (e: DragEvent): void => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  };

  onDragLeave = (e: DragEvent): void => {
    if (!carriesFiles(e)) return;
    this.#dragDepth = Math.max(0, this.#dragDepth - 1);
  };

  onDrop = (e: DragEvent): void => {
    // Always swallow a file drop: left alone, the browser would navigate to the file.
    e.preventDefault();
    this.#dragDepth = 0;
    void this.importFiles(Array.from(e.dataTransfer?.files ?? []));
  };
}
