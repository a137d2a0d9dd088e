/**
 * The edge editor's document: the puzzle, its known solution, the placement (Play) and the drawing
 * (Design), each with its undo history, saved with the puzzle as they change (both histories
 * included, the drawing in the document's draft), so a cleared board or drawing can be brought back
 * after autosave and reopening. The component (EdgeWorkbench) shows it and asks the questions.
 */
import { maxScore, pieceCount, type EdgeBoard, type EdgePuzzle, type FixedPiece, scoreBoard } from '../../../../../core/families/edge/model';
import type { WorkbenchApi } from '../../../../../main/api/types';
import type { BoardHandOff } from '../../../lib/board-handoff';
import { documentPng } from '../../../lib/board-image';
import { erasedDraw } from '../../erased';
import { edgeView } from '../view';
import { downloadBlob } from '../../../lib/download';
import { safeFileName } from '../../../lib/format';
import { Latest } from '../../../lib/latest';
import { AutosaveSession } from '../../../lib/session.svelte';
import { countNoun, scoreText } from '../../../runs/format';
import { boardFromRun, edgeDocument, isBlankPuzzle, loadEdgeDocument } from '../document';
import { cutDrawing, drawingFromBoard, emptyDrawing, fillRandom, resizeDrawing, type Drawing } from '../drawing';
import { generateInstance } from '../generate';
import { normalize, placedCount, sameBoard, startBoard } from '../placement';

export type Mode = 'play' | 'design';
type Action = { label: string; run: () => void };

export interface EditorDeps {
  api: Pick<WorkbenchApi, 'getPuzzle' | 'updatePuzzle'>;
  puzzleId: number;
  say: (text: string, kind?: 'info' | 'error', action?: Action) => void;
  /** Ask before `run` (Cut, Generate, Leave): the component's question dialog. */
  ask: (text: string, action: string, run: () => void) => void;
}

export interface GenerateOptions {
  rows: number;
  cols: number;
  frameColours: number;
  innerColours: number;
  seed: number;
}

const NO_PUZZLE: EdgePuzzle = { rows: 1, cols: 1, edges: new Uint16Array(0), fixed: [] };

export class EdgeEditor {
  readonly #d: EditorDeps;
  #loading = $state(true);
  #loadError = $state<string | null>(null);
  /** The load in flight: its cancel (the view went away) drops a late answer. */
  readonly #loads = new Latest();
  #name = $state('');
  #puzzle = $state.raw<EdgePuzzle>(NO_PUZZLE);
  /** The drawing shown: the session's value, or a stroke in progress (not an undo step yet). */
  #drawing = $state.raw<Drawing>(emptyDrawing(1, 1));
  #known = $state.raw<EdgeBoard | null>(null);
  #mode = $state<Mode>('play');
  #hadDraft = false;
  /**
   * The last Make unique hints fixed (or colours changed, with the known solution then), with the
   * placement step that goes with them (see #followHints).
   */
  #hinted: { before: EdgePuzzle; next: EdgePuzzle; made: EdgeBoard; known?: { before: EdgeBoard | null; next: EdgeBoard | null } } | null = null;
  readonly placements: AutosaveSession<EdgeBoard>;
  readonly drawings: AutosaveSession<Drawing>;

  constructor(deps: EditorDeps) {
    this.#d = deps;
    const onerror = (message: string): void => deps.say(`Could not save: ${message}`, 'error');
    this.placements = new AutosaveSession<EdgeBoard>(normalize(NO_PUZZLE, null), {
      write: (value, past) => this.#write(value, past, this.drawings.value, this.drawings.past),
      onerror,
    });
    this.drawings = new AutosaveSession<Drawing>(emptyDrawing(1, 1), {
      write: (value, past) => this.#write(this.placements.value, this.placements.past, value, past),
      onerror,
    });
  }

  get loading(): boolean {
    return this.#loading;
  }
  get loadError(): string | null {
    return this.#loadError;
  }
  get name(): string {
    return this.#name;
  }
  get puzzle(): EdgePuzzle {
    return this.#puzzle;
  }
  get drawing(): Drawing {
    return this.#drawing;
  }
  /** The known solution (after a cut or a generation, or from the file). */
  get known(): EdgeBoard | null {
    return this.#known;
  }
  get board(): EdgeBoard {
    return this.placements.value;
  }
  get mode(): Mode {
    return this.#mode;
  }
  set mode(m: Mode) {
    this.#mode = m;
  }
  /** The session shown: its undo, redo and save state are the editor bar's. */
  get shown(): AutosaveSession<EdgeBoard> | AutosaveSession<Drawing> {
    return this.#mode === 'play' ? this.placements : this.drawings;
  }
  get blank(): boolean {
    return isBlankPuzzle(this.#puzzle);
  }

  #write(board: EdgeBoard, boards: readonly EdgeBoard[], drawn: Drawing, drawns: readonly Drawing[]): Promise<void> {
    // A drawing never edited is the placement's picture (made again on opening): nothing to keep.
    const draft = drawns.length > 0 || this.#hadDraft ? { drawing: drawn, history: [...drawns] } : null;
    const document = edgeDocument(this.#name, this.#puzzle, board, this.#known, boards, draft);
    return this.#d.api.updatePuzzle({ id: this.#d.puzzleId, document }).then(() => undefined);
  }

  // ---- loading -------------------------------------------------------------------------------------
  /** Loads the puzzle, then hands it the board another view left (if any). Returns the cancel. */
  load(takeHandOff: () => BoardHandOff | null): () => void {
    const asked = this.#loads.run(() => this.#d.api.getPuzzle({ id: this.#d.puzzleId }));
    asked.then(
      (answer) => {
        if (answer.stale) return;
        const rec = answer.value;
        const loaded = loadEdgeDocument(rec.document, rec.name);
        this.#name = rec.name || loaded.name;
        if (loaded.error) {
          this.#loadError = loaded.error;
          this.#loading = false;
          return;
        }
        const puzzle = loaded.puzzle;
        this.#puzzle = puzzle;
        this.#known = loaded.known;
        this.placements.reset(loaded.board, loaded.history);
        this.#hadDraft = loaded.draft !== null;
        if (loaded.draft) this.drawings.reset(loaded.draft.drawing, loaded.draft.history);
        else this.drawings.reset(drawingFromBoard(puzzle, loaded.board) ?? emptyDrawing(Math.max(2, puzzle.rows), Math.max(2, puzzle.cols)));
        this.#drawing = this.drawings.value;
        this.#mode = isBlankPuzzle(puzzle) ? 'design' : 'play';
        this.#loading = false;
        const given = takeHandOff();
        if (given) this.#loadGiven(given);
      },
      (e: Error) => {
        this.#loadError = e.message;
        this.#loading = false;
      },
    );
    return () => this.#loads.cancel();
  }

  /** A board another view handed over (the run page's Replace placement): one undoable edit, as Load run. */
  #loadGiven(given: BoardHandOff): void {
    const puzzle = this.#puzzle;
    const res = boardFromRun(puzzle, given.runPuzzle, given.solution);
    if ('error' in res) {
      this.#d.say(`Could not load ${given.what}: ${res.error}`, 'error');
      return;
    }
    this.#mode = 'play';
    const before = this.placements.value;
    this.placements.edit(res.board);
    if (this.placements.value === before) {
      this.#d.say(`${given.what[0]!.toUpperCase()}${given.what.slice(1)} is already on the board.`);
      return;
    }
    const score = scoreText(scoreBoard(puzzle, res.board), maxScore(puzzle.rows, puzzle.cols));
    this.#d.say(`Loaded ${given.what} (score ${score}) as the placement.${res.warning ? ` Note: ${res.warning}.` : ''}`, 'info', {
      label: 'Undo',
      run: () => this.placements.undo(),
    });
  }

  /** Resolves once every edit is in the library (an analysis reads the puzzle from there). */
  async saved(): Promise<void> {
    await Promise.all([this.placements.flush(), this.drawings.flush()]);
  }

  /** Leaving with a save pending (e.g. the app switched view): send it now. */
  flushPending(): void {
    if (this.placements.unsaved) void this.placements.flush();
    if (this.drawings.unsaved) void this.drawings.flush();
  }

  /** Leaving (Back, another tab): what is pending is written first; asks only when that failed. */
  leave(proceed: () => void): boolean {
    void Promise.all([this.placements.flush(), this.drawings.flush()]).then(() => {
      if (this.placements.saveState !== 'error' && this.drawings.saveState !== 'error') proceed();
      else this.#d.ask('The last change could not be saved to the library; it is lost when you leave.', 'Leave', proceed);
    });
    return true;
  }

  async exportPng(): Promise<void> {
    if (this.#loading || this.#loadError) return;
    try {
      const blob = await documentPng(edgeDocument(this.#name, this.#puzzle, this.board, this.#known), () => erasedDraw(edgeView));
      downloadBlob(blob, `${safeFileName(this.#name)}.png`);
      this.#d.say('Exported the board as PNG.');
    } catch (e) {
      this.#d.say(`Could not export: ${(e as Error).message}`, 'error');
    }
  }

  undo(): void {
    if (this.#mode === 'play') {
      this.placements.undo();
      this.#followHints();
    } else this.undoDrawing();
  }

  redo(): void {
    if (this.#mode === 'play') {
      this.placements.redo();
      this.#followHints();
    } else {
      this.drawings.redo();
      this.#drawing = this.drawings.value;
    }
  }

  // ---- placement -----------------------------------------------------------------------------------
  commitBoard(next: EdgeBoard): void {
    this.placements.edit(next);
  }

  toggleFixed(cell: number): void {
    const board = this.board;
    const puzzle = this.#puzzle;
    const pc = board.piece[cell]!;
    if (pc < 0) return;
    const row = Math.floor(cell / puzzle.cols);
    const col = cell % puzzle.cols;
    const existing = puzzle.fixed.find((f) => f.row === row && f.col === col);
    const fixed = existing ? puzzle.fixed.filter((f) => f !== existing) : [...puzzle.fixed, { piece: pc, row, col, rotation: board.rotation[cell]! }];
    this.#puzzle = { ...puzzle, fixed };
    this.#d.say(existing ? `Piece ${pc + 1} is no longer fixed.` : `Piece ${pc + 1} is now a fixed hint at row ${row + 1}, column ${col + 1}.`);
    this.placements.schedule(200);
  }

  /**
   * Fix hints on the puzzle (the Analyze panel's Make unique): its fixed pieces there are replaced,
   * the placement makes room for them (one undo step, which takes the hints off with it), and it
   * is saved at once (a new analysis reads the library). The notice's Undo puts the puzzle and the
   * placement back as they were.
   */
  fixHints(hints: readonly FixedPiece[], what: string): void {
    const before = this.#puzzle;
    const at = (f: FixedPiece): number => f.row * before.cols + f.col;
    const cells = new Set(hints.map(at));
    const next: EdgePuzzle = { ...before, fixed: [...before.fixed.filter((f) => !cells.has(at(f))), ...hints] };
    this.#puzzle = next;
    const board = this.placements.value;
    const placed = normalize(next, board);
    // The placement may already hold the hints where they go: then no undo step is made.
    if (!sameBoard(placed, board)) this.placements.edit(placed);
    const made = this.placements.value;
    this.#hinted = made !== board ? { before, next, made } : null;
    void this.placements.saveNow();
    this.#d.say(what, 'info', {
      label: 'Undo',
      run: () => {
        // Undone already (the editor's Undo), or the fixed pieces changed since.
        if (this.#puzzle === before) return;
        if (this.#puzzle !== next) return this.#d.say('The fixed pieces were changed since: the hints are left as they are.');
        if (this.placements.value === made && made !== board) {
          this.placements.undo();
          this.#followHints();
        } else {
          // The placement changed since: it stays, without the hints.
          this.#puzzle = before;
          this.#hinted = null;
          void this.placements.saveNow();
        }
      },
    });
  }

  /**
   * Recolour the puzzle (the Analyze panel's Make unique by colours): the pieces keep their places,
   * so the placement as it is becomes an undo step of its own, which takes the colours with it; the
   * solution the colours keep becomes the known one. Saved at once; the notice's Undo puts the
   * colours back.
   */
  recolour(edges: Uint16Array, known: EdgeBoard, what: string): void {
    const before = this.#puzzle;
    const knownBefore = this.#known;
    const next: EdgePuzzle = { ...before, edges };
    this.#puzzle = next;
    this.#known = known;
    // A copy of the placement (normalize makes a new board): the step that changes only the colours.
    const made = normalize(next, this.placements.value);
    this.placements.edit(made);
    this.#hinted = { before, next, made, known: { before: knownBefore, next: known } };
    void this.placements.saveNow();
    this.#d.say(what, 'info', {
      label: 'Undo',
      run: () => {
        if (this.#puzzle === before) return;
        if (this.#puzzle !== next) return this.#d.say('The puzzle was changed since: its colours are left as they are.');
        if (this.placements.value === made) {
          this.placements.undo();
          this.#followHints();
        } else {
          // The placement changed since: it stays, with the colours as they were.
          this.#puzzle = before;
          this.#known = knownBefore;
          this.#hinted = null;
          void this.placements.saveNow();
        }
      },
    });
  }

  /**
   * After an undo or a redo of the placement: the hints go with the step that fixed them (the
   * puzzle has them exactly while that step is in the past or present). Given up once the fixed
   * pieces change otherwise.
   */
  #followHints(): void {
    const h = this.#hinted;
    if (!h) return;
    if (this.#puzzle !== h.before && this.#puzzle !== h.next) {
      this.#hinted = null;
      return;
    }
    // The undo or redo writes the placement soon, and the puzzle with it.
    const on = this.placements.value === h.made || this.placements.past.includes(h.made);
    this.#puzzle = on ? h.next : h.before;
    if (h.known) this.#known = on ? h.known.next : h.known.before;
  }

  // ---- design --------------------------------------------------------------------------------------
  /** A stroke in progress: shown, not an undo step yet. */
  liveDrawing(d: Drawing): void {
    this.#drawing = d;
  }

  commitDrawing(d: Drawing): void {
    this.drawings.edit(d);
    this.#drawing = this.drawings.value;
  }

  undoDrawing(): void {
    this.drawings.undo();
    this.#drawing = this.drawings.value;
  }

  cut(seed: number): void {
    this.#confirmReplace('Cutting', 'Cut', () => {
      // A puzzle whose pieces may not turn (Tetravex) is cut into upright pieces again.
      const { puzzle: p, solution } = cutDrawing(this.#drawing, seed, this.#puzzle.rotatable !== false);
      this.#adopt(p, solution, `Cut into pieces (seed ${seed})`);
    });
  }

  generate(o: GenerateOptions): void {
    this.#confirmReplace('Generating', 'Generate', () => {
      let made: ReturnType<typeof generateInstance>;
      try {
        made = generateInstance(o);
      } catch (e) {
        this.#d.say((e as Error).message, 'error');
        return;
      }
      const { puzzle: p, solution } = made;
      const d = drawingFromBoard(p, solution);
      if (d) this.commitDrawing(d);
      this.#adopt(p, solution, `Generated ${o.rows}×${o.cols}, ${o.frameColours}+${o.innerColours} colours, seed ${o.seed}`);
    });
  }

  resize(rows: number, cols: number): void {
    this.commitDrawing(resizeDrawing(this.#drawing, rows, cols));
  }

  fill(seed: number, frame: number, inner: number): void {
    const d = fillRandom(this.#drawing, seed, Math.max(1, frame), Math.max(1, inner));
    if (d) this.commitDrawing(d);
    else this.#d.say('Every join is painted already.');
  }

  clearDrawing(): void {
    this.commitDrawing(emptyDrawing(this.#drawing.rows, this.#drawing.cols));
    this.#d.say('Cleared the drawing.', 'info', { label: 'Undo', run: () => this.undoDrawing() });
  }

  #adopt(p: EdgePuzzle, solution: EdgeBoard, what: string): void {
    this.#puzzle = p;
    this.#known = solution;
    // A new piece set: earlier placements do not fit it, so the history starts again.
    this.placements.reset(startBoard(p));
    this.#mode = 'play';
    this.#d.say(`${what}: ${countNoun(pieceCount(p), 'piece')} in the tray. The drawing is the known solution ("Solution" shows it).`);
    void this.placements.saveNow();
  }

  #confirmReplace(what: string, action: string, run: () => void): void {
    const puzzle = this.#puzzle;
    if (isBlankPuzzle(puzzle)) return run();
    const n = placedCount(this.board);
    const placedNote = n > puzzle.fixed.length ? ` and clears your placement of ${countNoun(n, 'piece')}` : '';
    this.#d.ask(`${what} replaces the puzzle's ${countNoun(pieceCount(puzzle), 'piece')}${placedNote}.`, action, run);
  }
}
