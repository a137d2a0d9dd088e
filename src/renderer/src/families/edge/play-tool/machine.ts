/**
 * The play view's pointer, wheel and key handling as a small state machine (in the manner of
 * tldraw's tools). One gesture at a time:
 *
 *   idle ──down on a movable piece / a tray piece──▶ pointing ──moved > 4 px──▶ dragging
 *   idle ──down elsewhere, middle button, Shift+down──▶ panning
 *   pointing ──up──▶ idle (a click: pick the tray piece, or put the held piece on the cell)
 *   dragging ──up──▶ idle (drop where the pointer is: a cell, the tray, or nowhere)
 *   panning ──up──▶ idle (no move: the cursor goes to the cell)
 *   pointing / dragging ──cancel (Esc, pointercancel)──▶ idle, nothing changed
 *
 * Beside the gesture, a piece may be held (picked with a click or Enter, placed with a click or
 * Enter, turned with R). The machine decides; the host (the view) hit-tests, draws and applies the
 * placement rules. No Pixi, no DOM: every transition is unit-tested.
 */
import { createWheelStepper, type WheelLike } from '../../../board/wheel';
import type { DragSource, DropTarget, PlayHost, PointerInfo, WheelInfo } from './types';

export type Gesture =
  | { kind: 'idle' }
  | { kind: 'pointing'; src: DragSource; pointerId: number; startX: number; startY: number }
  | { kind: 'dragging'; src: DragSource; pointerId: number; target: DropTarget }
  | { kind: 'panning'; pointerId: number; x: number; y: number; moved: boolean; cell: number };

export type GestureKind = Gesture['kind'];

/** What changed: `state` (gesture, held piece, drop target) or only the dragged piece's position. */
export type Change = 'state' | 'pointer';

/** A press turns into a drag past this distance (CSS pixels); a pan past PAN_SLOP. */
const DRAG_SLOP = 4;
const PAN_SLOP = 3;

const IDLE: Gesture = { kind: 'idle' };

const turned = (src: DragSource, d: number): DragSource =>
  src.kind === 'tray' ? { ...src, rotation: (src.rotation + d + 4) & 3 } : { ...src, turns: (src.turns + d + 4) & 3 };

const sameTarget = (a: DropTarget, b: DropTarget): boolean => a.kind === b.kind && (a.kind !== 'cell' || (b.kind === 'cell' && a.cell === b.cell));

function targetOf(p: PointerInfo): DropTarget {
  if (p.cell >= 0) return { kind: 'cell', cell: p.cell };
  if (p.overTray) return { kind: 'tray' };
  return { kind: 'none' };
}

export class PlayTool {
  readonly #host: PlayHost;
  readonly #onchange: (what: Change) => void;
  readonly #wheelStep: (ev: WheelLike) => number;
  #g: Gesture = IDLE;
  #held: DragSource | null = null;
  #pointer = { x: 0, y: 0 };

  constructor(host: PlayHost, opts: { onchange?: (what: Change) => void; wheelStep?: (ev: WheelLike) => number } = {}) {
    this.#host = host;
    this.#onchange = opts.onchange ?? (() => {});
    this.#wheelStep = opts.wheelStep ?? createWheelStepper();
  }

  get gesture(): GestureKind {
    return this.#g.kind;
  }

  /** The piece picked up to place with a click or Enter. */
  get held(): DragSource | null {
    return this.#held;
  }

  /** The piece under the pointer while pressing or dragging (`active` once it is a drag), and its drop target. */
  get drag(): { src: DragSource; active: boolean; target: DropTarget } | null {
    const g = this.#g;
    if (g.kind === 'pointing') return { src: g.src, active: false, target: { kind: 'none' } };
    if (g.kind === 'dragging') return { src: g.src, active: true, target: g.target };
    return null;
  }

  /** The pointer's last position while pressing or dragging (client coordinates). */
  get pointer(): { x: number; y: number } {
    return this.#pointer;
  }

  /** Something Esc would undo: a press or drag, or a held piece. */
  get busy(): boolean {
    return this.#g.kind === 'pointing' || this.#g.kind === 'dragging' || this.#held !== null;
  }

  // ---- pointer ---------------------------------------------------------------------------------
  pointerDown(p: PointerInfo): void {
    this.#abandon();
    const host = this.#host;
    if (p.button === 2) return; // the context menu turns the piece
    if (p.button === 1 || (p.button === 0 && p.shiftKey)) return this.#startPan(p);
    if (p.button !== 0) return;
    const cell = p.cell;
    if (cell >= 0 && host.hasPiece(cell) && !host.isLocked(cell) && !this.#held) return this.#startPointing({ kind: 'cell', cell, turns: 0 }, p);
    if (cell >= 0 && this.#held) {
      host.setCursor(cell);
      this.#placeHeld(cell);
      return;
    }
    // An empty cell, a fixed piece or off the board: the press pans.
    this.#startPan(p);
  }

  /** A press on a tray piece (main button only). */
  trayPointerDown(piece: { piece: number; rotation: number }, p: PointerInfo): void {
    if (p.button !== 0) return;
    this.#abandon();
    this.#startPointing({ kind: 'tray', piece: piece.piece, rotation: piece.rotation }, p);
  }

  pointerMove(p: PointerInfo): void {
    const g = this.#g;
    switch (g.kind) {
      case 'panning': {
        if (p.pointerId !== g.pointerId) return;
        const dx = p.x - g.x;
        const dy = p.y - g.y;
        if (g.moved || Math.hypot(dx, dy) > PAN_SLOP) {
          g.moved = true;
          this.#host.panBy(dx, dy);
          g.x = p.x;
          g.y = p.y;
        }
        return;
      }
      case 'pointing': {
        if (p.pointerId !== g.pointerId) return;
        this.#pointer = { x: p.x, y: p.y };
        if (Math.hypot(p.x - g.startX, p.y - g.startY) <= DRAG_SLOP) return;
        this.#g = { kind: 'dragging', src: g.src, pointerId: g.pointerId, target: targetOf(p) };
        this.#host.hover(null);
        this.#onchange('state');
        this.#onchange('pointer');
        return;
      }
      case 'dragging': {
        // The board and the window both report a move while dragging: the second is no news.
        if (p.pointerId !== g.pointerId || (p.x === this.#pointer.x && p.y === this.#pointer.y)) return;
        this.#pointer = { x: p.x, y: p.y };
        this.#onchange('pointer');
        // Only a new target is news: the board redraws its marks when it changes, not on every move.
        const t = targetOf(p);
        if (!sameTarget(t, g.target)) {
          this.#g = { ...g, target: t };
          this.#onchange('state');
        }
        return;
      }
      case 'idle':
        if (p.buttons !== 0) return;
        this.#host.hover(p.cell >= 0 && !this.#host.hasPiece(p.cell) ? p.cell : null);
    }
  }

  pointerUp(p: PointerInfo): void {
    const g = this.#g;
    if (g.kind === 'idle' || p.pointerId !== g.pointerId) return;
    this.#to(IDLE);
    const host = this.#host;
    switch (g.kind) {
      case 'panning':
        if (!g.moved && p.cell >= 0) host.setCursor(p.cell);
        return;
      case 'dragging':
        host.drop(g.src, targetOf(p));
        this.#setHeld(null);
        return;
      case 'pointing': {
        // A click.
        const src = g.src;
        if (src.kind === 'tray') {
          const h = this.#held;
          this.#setHeld(h?.kind === 'tray' && h.piece === src.piece ? null : { ...src });
          if (this.#held)
            host.message(
              `Piece ${src.piece + 1} picked: click a cell (or press Enter on the board) to place it;${host.turnable ? ' R turns it,' : ''} Esc cancels.`,
            );
        } else {
          host.setCursor(src.cell);
          if (this.#held) this.#placeHeld(src.cell);
        }
      }
    }
  }

  /** The browser took the pointer away (pointercancel): a press or drag ends without a drop. */
  pointerCancel(): void {
    if (this.#g.kind === 'pointing' || this.#g.kind === 'dragging') this.#to(IDLE);
  }

  /** The wheel over the board, or anywhere while dragging. */
  wheel(w: WheelInfo): void {
    const host = this.#host;
    if (w.ctrlKey) return host.zoomAt(Math.exp(-w.deltaY * 0.0025), w.x, w.y);
    if (this.#g.kind === 'dragging') {
      const d = this.#wheelStep(w);
      if (d !== 0) this.#turnDragged(d);
      return;
    }
    if (w.cell >= 0 && host.hasPiece(w.cell) && !w.shiftKey) {
      const d = this.#wheelStep(w);
      if (d !== 0) host.rotateCell(w.cell, d);
      return;
    }
    host.panBy(-w.deltaX, -w.deltaY);
  }

  /** A right click: turns the dragged piece, or the piece on the cell. */
  contextMenu(cell: number): void {
    if (this.#g.kind === 'dragging') return this.#turnDragged(1);
    if (cell >= 0 && this.#host.hasPiece(cell)) {
      this.#host.setCursor(cell);
      this.#host.rotateCell(cell, 1);
    }
  }

  // ---- keys --------------------------------------------------------------------------------------
  /** R / Shift+R: the dragged piece, else the held one, else the piece under the cursor. */
  turn(delta: number): void {
    if (this.#g.kind === 'dragging') return this.#turnDragged(delta);
    const h = this.#held;
    const host = this.#host;
    if (h?.kind === 'tray') {
      const rotation = (h.rotation + delta + 4) & 3;
      this.#setHeld({ ...h, rotation });
      host.rememberTrayRotation(h.piece, rotation);
    } else if (h?.kind === 'cell') this.#setHeld({ ...h, turns: (h.turns + delta + 4) & 3 });
    else if (host.hasPiece(host.cursor())) host.rotateCell(host.cursor(), delta);
  }

  /** Enter on the board: place the held piece at the cursor, or pick the cursor's piece up. */
  act(): void {
    const host = this.#host;
    const cursor = host.cursor();
    if (this.#held) return this.#placeHeld(cursor);
    if (host.hasPiece(cursor)) {
      if (host.isLocked(cursor)) host.refuseFixed(cursor);
      else this.#setHeld({ kind: 'cell', cell: cursor, turns: 0 });
    } else host.showFits(cursor);
  }

  /** Esc: drops the press or drag, else the held piece. False when there was neither. */
  cancel(): boolean {
    if (this.#g.kind === 'pointing' || this.#g.kind === 'dragging') {
      this.#to(IDLE);
      return true;
    }
    if (this.#held) {
      this.#setHeld(null);
      return true;
    }
    return false;
  }

  /** Hold a piece (picked from the tray with the keyboard). */
  pick(src: DragSource): void {
    this.#setHeld(src);
  }

  /** Let go of the held piece (it left the board or the tray, an undo). */
  release(): void {
    this.#setHeld(null);
  }

  /** A tray piece was turned in the tray: a held copy of it turns too. */
  trayTurned(piece: number, rotation: number): void {
    const h = this.#held;
    if (h?.kind === 'tray' && h.piece === piece) this.#setHeld({ ...h, rotation });
  }

  // ---- inner ---------------------------------------------------------------------------------------
  #to(g: Gesture): void {
    this.#g = g;
    this.#onchange('state');
  }

  #setHeld(h: DragSource | null): void {
    if (h === this.#held) return;
    this.#held = h;
    this.#onchange('state');
  }

  /** A new press while a gesture is still open (its release was lost): that gesture ends unfinished. */
  #abandon(): void {
    if (this.#g.kind !== 'idle') this.#to(IDLE);
  }

  #startPointing(src: DragSource, p: PointerInfo): void {
    this.#pointer = { x: p.x, y: p.y };
    this.#to({ kind: 'pointing', src, pointerId: p.pointerId, startX: p.x, startY: p.y });
  }

  #startPan(p: PointerInfo): void {
    this.#to({ kind: 'panning', pointerId: p.pointerId, x: p.x, y: p.y, moved: false, cell: p.cell });
    this.#host.capture(p.pointerId);
  }

  #placeHeld(cell: number): void {
    const h = this.#held;
    if (!h) return;
    this.#host.drop(h, { kind: 'cell', cell });
    this.#setHeld(null);
  }

  #turnDragged(d: number): void {
    const g = this.#g;
    if (g.kind !== 'dragging') return;
    this.#to({ ...g, src: turned(g.src, d) });
  }
}
