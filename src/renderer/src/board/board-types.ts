/**
 * What views give the board (cells, marks, options) and get back (its handle). The renderer
 * itself is board.ts; the types live apart so that views and pure modules import them without Pixi.
 */
import type { Grid, View } from './layout';
import type { FaceDrawer } from './painter';

export interface BoardCell {
  face: string;
  /** Clockwise quarter turns. */
  rotation: number;
  /** Drawn faded (e.g. a preview). */
  alpha?: number;
}

export interface JoinMark {
  row: number;
  col: number;
  /** The join on the right of, or below, the cell. */
  dir: 'right' | 'down';
}

export interface BoardMarks {
  /** The keyboard cursor. */
  cursor?: number | null;
  /** A cell picked up (by keyboard) or otherwise selected. */
  selected?: number | null;
  /** The drop target under a dragged piece; `targetOk` false draws it as refused. */
  target?: number | null;
  targetOk?: boolean;
  /** A cell whose piece is being dragged: drawn as an empty slot. */
  hidden?: number | null;
  /** Cells with a lock badge (fixed pieces, hint cells). */
  locked?: readonly number[];
  /** Joins drawn as mismatched. */
  badJoins?: readonly JoinMark[];
  /** Joins drawn as given a new colour (a recolouring proposed). */
  newJoins?: readonly JoinMark[];
  /** Cells outlined as "looked at" (the cell whose fits are listed). */
  focus?: readonly number[];
  /** One side of one cell highlighted (design: the join under the pointer). */
  side?: { row: number; col: number; side: number } | null;
  /** A face shown faded on a cell (e.g. the piece held by the keyboard, over the cursor). */
  preview?: { cell: number; face: string; rotation: number } | null;
}

export interface BoardOptions {
  rows: number;
  cols: number;
  drawFace: FaceDrawer;
  /** Texture size in pixels (power of two for mipmaps). Default 128. */
  textureSize?: number;
  /** Colour of an empty cell; by default border cells are a shade lighter. */
  slotColor?: (row: number, col: number, rows: number, cols: number) => number;
  background?: number;
  /** Force a renderer ('webgl', 'webgpu', 'canvas'); default: defaultRenderer(). */
  preference?: 'webgl' | 'webgpu' | 'canvas';
  /** Called after every zoom or pan (from any source). */
  onViewChange?: (view: View) => void;
  /** Called once the renderer is up (with its name), or with an error message. */
  onReady?: (info: { renderer: string } | { error: string }) => void;
}

export interface BoardHandle {
  readonly grid: Grid;
  /** Resolves true when the renderer is up, false when it failed or the board was destroyed first. */
  readonly ready: Promise<boolean>;
  view(): View;
  setView(v: View): void;
  /** Show the whole board; views re-fit on resize until the user zooms or pans. */
  fit(): void;
  zoomBy(factor: number, sx?: number, sy?: number): void;
  panBy(dx: number, dy: number): void;
  /** Pan the least needed to show a cell. */
  reveal(cell: number): void;
  /** Host size in CSS pixels. */
  size(): { width: number; height: number };
  setGrid(rows: number, cols: number): void;
  /** One entry per cell, row-major; null = empty. Only changed cells are touched. */
  setCells(cells: readonly (BoardCell | null)[]): void;
  setMarks(marks: BoardMarks): void;
  /** Forget cached textures (e.g. the face drawer's look changed). */
  clearTextures(): void;
  destroy(): void;
}
