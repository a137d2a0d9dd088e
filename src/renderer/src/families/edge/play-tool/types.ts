/**
 * What the play tool's state machine hears and what it asks of its host. The view turns DOM events
 * into these plain records (hit-testing included), so the machine needs neither Pixi nor the DOM.
 */
import type { DragSource, DropTarget } from '../drop';

export interface PointerInfo {
  pointerId: number;
  /** The button that changed (PointerEvent.button): 0 main, 1 middle, 2 secondary. */
  button: number;
  /** Buttons held down (PointerEvent.buttons). */
  buttons: number;
  shiftKey: boolean;
  /** Client coordinates (CSS pixels). */
  x: number;
  y: number;
  /** The board cell under the pointer, or -1. */
  cell: number;
  overTray: boolean;
}

export interface WheelInfo {
  deltaX: number;
  deltaY: number;
  deltaMode?: number;
  /** Ctrl or Meta: zoom. */
  ctrlKey: boolean;
  shiftKey: boolean;
  /** The point to zoom at, relative to the board. */
  x: number;
  y: number;
  cell: number;
}

/** The board and view the tool works on: queries and effects, all synchronous. */
export interface PlayHost {
  /** Tiles that may turn (not a Tetravex): only then does a pick say that R turns it. */
  readonly turnable: boolean;
  hasPiece(cell: number): boolean;
  /** A cell holding one of the puzzle's fixed pieces. */
  isLocked(cell: number): boolean;
  cursor(): number;
  setCursor(cell: number): void;
  /** Carry out a drop (the placement rules decide what it does; refusals are reported there). */
  drop(src: DragSource, target: DropTarget): void;
  /** Turn the piece on a cell (refused, with a message, on a fixed cell). */
  rotateCell(cell: number, delta: number): void;
  /** Enter on a fixed piece: say it stays. */
  refuseFixed(cell: number): void;
  /** Enter on an empty cell with nothing held: list what fits there and go to the tray. */
  showFits(cell: number): void;
  /** A tray piece turned while held keeps its rotation in the tray. */
  rememberTrayRotation(piece: number, rotation: number): void;
  panBy(dx: number, dy: number): void;
  zoomAt(factor: number, x: number, y: number): void;
  /** The empty cell the pointer rests on (its fits popover), or null. */
  hover(cell: number | null): void;
  /** Keep the pointer's moves while panning (pointer capture). */
  capture(pointerId: number): void;
  message(text: string): void;
}

export type { DragSource, DropTarget };
