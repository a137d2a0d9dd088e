/**
 * The play view's state: cursor, "what fits" pin and hover, tray filter and turns, the solution
 * shown instead of the board, and the play tool (play-tool/machine.ts) mirrored into runes. The
 * view reads the getters and calls the methods; the board itself stays the editor's (props).
 */
import type { EdgeBoard, EdgePuzzle } from '../../../../../core/families/edge/model';
import type { BoardHandle, JoinMark } from '../../../board/board';
import { applyDrop, type DragSource, type DropTarget } from '../drop';
import { remove, rotate } from '../placement';
import { NO_FILTER, type TrayFilter, type TrayItem } from '../tray';
import { PlayTool } from '../play-tool/machine';
import type { PlayHost } from '../play-tool/types';

/** A board the Analyze panel shows: the cells it marks, and the cells with a lock badge in place of the puzzle's (hints proposed). */
export interface AnalysisShown {
  board: EdgeBoard;
  marked: number[];
  locked?: number[];
  /** A recolouring proposed: the pieces' edges to draw the board with, and the joins given a new colour. */
  edges?: Uint16Array;
  newJoins?: JoinMark[];
}

export interface PlayDeps {
  puzzle: () => EdgePuzzle;
  board: () => EdgeBoard;
  /** Cells holding a fixed piece. */
  locked: () => ReadonlyMap<number, number>;
  turnable: () => boolean;
  commit: (next: EdgeBoard) => void;
  message: (text: string) => void;
  handle: () => BoardHandle | null;
  /** The board's element (pointer capture while panning). */
  element: () => HTMLElement | null;
  focusTray: () => void;
  focusBoard: () => void;
}

/** How long the pointer rests on an empty cell before its fits show (ms). */
const HOVER_DELAY = 380;

export class PlayState {
  readonly #d: PlayDeps;
  readonly tool: PlayTool;
  #cursor = $state(0);
  #pinned = $state<number | null>(null);
  #hover = $state<number | null>(null);
  #hoverTimer: ReturnType<typeof setTimeout> | null = null;
  #filter = $state.raw<TrayFilter>(NO_FILTER);
  #autoOrient = $state(true);
  #trayRot = $state.raw<Record<number, number>>({});
  #showSolution = $state(false);
  #analysis = $state.raw<AnalysisShown | null>(null);
  // The tool's state as runes (the machine is plain TypeScript); the pointer apart, so that a
  // move within a cell redraws the drag ghost and nothing else.
  #held = $state.raw<DragSource | null>(null);
  #drag = $state.raw<{ src: DragSource; active: boolean; target: DropTarget } | null>(null);
  #pointer = $state.raw({ x: 0, y: 0 });

  constructor(deps: PlayDeps) {
    this.#d = deps;
    this.tool = new PlayTool(this.#host(), {
      onchange: (what) => {
        if (what === 'pointer') this.#pointer = this.tool.pointer;
        else {
          this.#held = this.tool.held;
          this.#drag = this.tool.drag;
        }
      },
    });
  }

  get cursor(): number {
    return this.#cursor;
  }
  /** The cell whose fits filter the tray (pinned with H or Enter on an empty cell). */
  get pinned(): number | null {
    return this.#pinned;
  }
  /** The empty cell the pointer rests on (fits popover). */
  get hoverCell(): number | null {
    return this.#hover;
  }
  get filter(): TrayFilter {
    return this.#filter;
  }
  set filter(f: TrayFilter) {
    this.#filter = f;
  }
  /** Turn pieces dropped from the tray to suit their cell. */
  get autoOrient(): boolean {
    return this.#autoOrient;
  }
  set autoOrient(on: boolean) {
    this.#autoOrient = on;
  }
  /** Rotations the tray shows its pieces in (turned in the tray or while held). */
  get trayRot(): Readonly<Record<number, number>> {
    return this.#trayRot;
  }
  get showSolution(): boolean {
    return this.#showSolution;
  }
  set showSolution(on: boolean) {
    this.#showSolution = on;
  }
  /** A solution the Analyze panel shows in place of the board, with the cells it marks. */
  get analysis(): AnalysisShown | null {
    return this.#analysis;
  }
  set analysis(a: AnalysisShown | null) {
    this.#analysis = a;
  }
  get held(): DragSource | null {
    return this.#held;
  }
  get drag(): { src: DragSource; active: boolean; target: DropTarget } | null {
    return this.#drag;
  }
  get pointer(): { x: number; y: number } {
    return this.#pointer;
  }
  /** Esc has something to undo. */
  get cancellable(): boolean {
    return this.#drag !== null || this.#held !== null || this.#pinned !== null || this.#showSolution;
  }

  rc(cell: number): string {
    const cols = this.#d.puzzle().cols;
    return `row ${Math.floor(cell / cols) + 1}, column ${(cell % cols) + 1}`;
  }

  // ---- edits ---------------------------------------------------------------------------------------
  commit(next: EdgeBoard | null): boolean {
    if (!next) return false;
    this.#showSolution = false;
    this.#d.commit(next);
    return true;
  }

  rotateCell(cell: number, delta: number): void {
    if (this.#refused(cell)) return;
    this.commit(rotate(this.#d.puzzle(), this.#d.board(), cell, delta));
  }

  removeCell(cell: number): void {
    if (this.#refused(cell)) return;
    this.commit(remove(this.#d.puzzle(), this.#d.board(), cell));
  }

  drop(src: DragSource, target: DropTarget): void {
    const d = this.#d;
    const locked = d.locked();
    const next = applyDrop(d.puzzle(), d.board(), src, target, { autoOrient: this.#autoOrient });
    if (!next && target.kind === 'cell' && (locked.has(target.cell) || (src.kind === 'cell' && locked.has(src.cell))))
      d.message('Fixed pieces stay where the puzzle puts them.');
    if (this.commit(next) && this.#pinned !== null && d.board().piece[this.#pinned]! >= 0) this.#pinned = null;
  }

  // ---- cursor and fits ---------------------------------------------------------------------------
  moveCursor(dr: number, dc: number): void {
    const p = this.#d.puzzle();
    const r = Math.min(p.rows - 1, Math.max(0, Math.floor(this.#cursor / p.cols) + dr));
    const c = Math.min(p.cols - 1, Math.max(0, (this.#cursor % p.cols) + dc));
    this.#cursor = r * p.cols + c;
    this.#d.handle()?.reveal(this.#cursor);
    if (this.#pinned !== null) this.#pinned = this.#d.board().piece[this.#cursor]! < 0 ? this.#cursor : null;
  }

  /** Home / End: the cursor to the first or last cell of its row. */
  toRowEdge(end: boolean): void {
    const cols = this.#d.puzzle().cols;
    this.#cursor = Math.floor(this.#cursor / cols) * cols + (end ? cols - 1 : 0);
    this.#d.handle()?.reveal(this.#cursor);
  }

  toggleHint(): void {
    if (this.#pinned !== null) this.#pinned = null;
    else if (this.#d.board().piece[this.#cursor]! >= 0) this.#d.message('That cell is filled: "what fits" is for empty cells.');
    else this.#pinned = this.#cursor;
  }

  unpin(): void {
    this.#pinned = null;
  }

  clearHover(): void {
    if (this.#hoverTimer) clearTimeout(this.#hoverTimer);
    this.#hoverTimer = null;
    this.#hover = null;
  }

  /** Esc: the drag, the held piece, the pin, then the solution, one at a time. */
  cancel(): void {
    if (this.tool.cancel()) return;
    if (this.#pinned !== null) this.#pinned = null;
    else this.#showSolution = false;
  }

  // ---- tray ----------------------------------------------------------------------------------------
  /** Enter or Space on a tray piece: into the pinned cell at once, else into the hand. */
  trayActivate(item: TrayItem): void {
    const d = this.#d;
    const pinned = this.#pinned;
    if (pinned !== null && d.board().piece[pinned]! < 0) {
      // Picked from "what fits": placed at once, in the fitting rotation.
      this.#cursor = pinned;
      this.drop({ kind: 'tray', piece: item.piece, rotation: item.rotation }, { kind: 'cell', cell: pinned });
      this.tool.release();
      d.focusBoard();
      return;
    }
    this.tool.pick({ kind: 'tray', piece: item.piece, rotation: item.rotation });
    d.message(`Piece ${item.piece + 1} picked: move the cursor and press Enter to place it;${d.turnable() ? ' R turns it,' : ''} Esc cancels.`);
    d.focusBoard();
  }

  trayRotate(item: TrayItem, delta: number): void {
    const r = ((this.#trayRot[item.piece] ?? item.rotation) + delta + 4) & 3;
    this.#trayRot = { ...this.#trayRot, [item.piece]: r };
    this.tool.trayTurned(item.piece, r);
  }

  /** A held piece that an undo (or anything else) moved away leaves the hand. */
  checkHeld(free: readonly number[]): void {
    const h = this.#held;
    if (!h) return;
    const d = this.#d;
    if (h.kind === 'cell' ? d.board().piece[h.cell]! < 0 || d.locked().has(h.cell) : !free.includes(h.piece)) this.tool.release();
  }

  // ---- the tool's host -----------------------------------------------------------------------------
  #refused(cell: number): boolean {
    if (!this.#d.locked().has(cell)) return false;
    this.#d.message(`The piece at ${this.rc(cell)} is fixed by the puzzle.`);
    return true;
  }

  #host(): PlayHost {
    const d = this.#d;
    return {
      get turnable() {
        return d.turnable();
      },
      hasPiece: (cell) => d.board().piece[cell]! >= 0,
      isLocked: (cell) => d.locked().has(cell),
      cursor: () => this.#cursor,
      setCursor: (cell) => (this.#cursor = cell),
      drop: (src, target) => this.drop(src, target),
      rotateCell: (cell, delta) => this.rotateCell(cell, delta),
      refuseFixed: (cell) => this.#refused(cell),
      showFits: (cell) => {
        // Nothing held on an empty cell: show what fits, and go pick from the tray.
        this.#pinned = cell;
        d.focusTray();
      },
      rememberTrayRotation: (piece, rotation) => (this.#trayRot = { ...this.#trayRot, [piece]: rotation }),
      panBy: (dx, dy) => d.handle()?.panBy(dx, dy),
      zoomAt: (factor, x, y) => d.handle()?.zoomBy(factor, x, y),
      hover: (cell) => {
        if (cell === null) return this.clearHover();
        if (cell === this.#hover) return;
        if (this.#hoverTimer) clearTimeout(this.#hoverTimer);
        this.#hover = null;
        this.#hoverTimer = setTimeout(() => (this.#hover = cell), HOVER_DELAY);
      },
      capture: (pointerId) => d.element()?.setPointerCapture(pointerId),
      message: (text) => d.message(text),
    };
  }
}
