/**
 * Board geometry, shared by the Pixi renderer and the pointer handling of every family's views:
 * world coordinates (a cell is `cell` units wide, the board's top-left corner at 0,0), a view
 * transform to screen pixels (screen = offset + world * zoom, relative to the board's host
 * element), hit tests and zoom/pan arithmetic. No DOM, no Pixi: everything here is unit-tested.
 */

export interface Grid {
  rows: number;
  cols: number;
  /** Cell size in world units (the size tile textures are drawn at). */
  cell: number;
}

/** screen = (x, y) + world * zoom, in CSS pixels relative to the host element. */
export interface View {
  zoom: number;
  x: number;
  y: number;
}

export interface CellRef {
  row: number;
  col: number;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Sides clockwise from the top, as in the edge family's model. */
export const SIDE_TOP = 0;
export const SIDE_RIGHT = 1;
export const SIDE_BOTTOM = 2;
export const SIDE_LEFT = 3;

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;

export function screenToWorld(view: View, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - view.x) / view.zoom, y: (sy - view.y) / view.zoom };
}

export function worldToScreen(view: View, wx: number, wy: number): { x: number; y: number } {
  return { x: view.x + wx * view.zoom, y: view.y + wy * view.zoom };
}

/** The cell under a screen point, or null off the board. */
export function cellAt(grid: Grid, view: View, sx: number, sy: number): CellRef | null {
  const w = screenToWorld(view, sx, sy);
  const col = Math.floor(w.x / grid.cell);
  const row = Math.floor(w.y / grid.cell);
  if (row < 0 || col < 0 || row >= grid.rows || col >= grid.cols) return null;
  return { row, col };
}

/** Row-major index of the cell under a screen point, or -1. */
export function cellIndexAt(grid: Grid, view: View, sx: number, sy: number): number {
  const c = cellAt(grid, view, sx, sy);
  return c ? c.row * grid.cols + c.col : -1;
}

/** The cell's rectangle on screen. */
export function cellRect(grid: Grid, view: View, row: number, col: number): Rect {
  const s = grid.cell * view.zoom;
  return { x: view.x + col * s, y: view.y + row * s, w: s, h: s };
}

export function cellCenter(grid: Grid, view: View, row: number, col: number): { x: number; y: number } {
  const r = cellRect(grid, view, row, col);
  return { x: r.x + r.w / 2, y: r.y + r.h / 2 };
}

/**
 * Which of the cell's four triangles (split by its diagonals) a point falls in: the side of the
 * cell it is nearest to. Points exactly on a diagonal go to the earlier side (top, right, bottom).
 */
export function sideOfPoint(fx: number, fy: number): number {
  // fx, fy in [0, 1) inside the cell.
  const belowMain = fy > fx; // below the top-left to bottom-right diagonal
  const belowAnti = fy > 1 - fx; // below the top-right to bottom-left diagonal
  if (!belowMain && !belowAnti) return SIDE_TOP;
  if (!belowMain && belowAnti) return SIDE_RIGHT;
  if (belowMain && belowAnti) return SIDE_BOTTOM;
  return SIDE_LEFT;
}

/** The cell and the side of it nearest to a screen point, or null off the board. */
export function sideAt(grid: Grid, view: View, sx: number, sy: number): (CellRef & { side: number }) | null {
  const c = cellAt(grid, view, sx, sy);
  if (!c) return null;
  const w = screenToWorld(view, sx, sy);
  const fx = w.x / grid.cell - c.col;
  const fy = w.y / grid.cell - c.row;
  return { ...c, side: sideOfPoint(fx, fy) };
}

/** The neighbour across a side, or null at the board's edge. */
export function neighbour(grid: { rows: number; cols: number }, row: number, col: number, side: number): CellRef | null {
  const dr = side === SIDE_TOP ? -1 : side === SIDE_BOTTOM ? 1 : 0;
  const dc = side === SIDE_LEFT ? -1 : side === SIDE_RIGHT ? 1 : 0;
  const r = row + dr;
  const c = col + dc;
  if (r < 0 || c < 0 || r >= grid.rows || c >= grid.cols) return null;
  return { row: r, col: c };
}

function clampZoom(z: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
}

/**
 * The view that shows the whole board centred in a width x height area with `pad` pixels around,
 * plus `margin` world units around the cells (a frame drawn outside them).
 */
export function fitView(grid: Grid, width: number, height: number, pad = 16, maxZoom = 2, margin = 0): View {
  const bw = grid.cols * grid.cell;
  const bh = grid.rows * grid.cell;
  const availW = Math.max(1, width - 2 * pad);
  const availH = Math.max(1, height - 2 * pad);
  const zoom = clampZoom(Math.min(availW / (bw + 2 * margin), availH / (bh + 2 * margin), maxZoom));
  return { zoom, x: Math.round((width - bw * zoom) / 2), y: Math.round((height - bh * zoom) / 2) };
}

/** Zoom by `factor` keeping the screen point (sx, sy) over the same world point. */
export function zoomAt(view: View, factor: number, sx: number, sy: number): View {
  const zoom = clampZoom(view.zoom * factor);
  const k = zoom / view.zoom;
  return { zoom, x: sx - (sx - view.x) * k, y: sy - (sy - view.y) * k };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { zoom: view.zoom, x: view.x + dx, y: view.y + dy };
}

/**
 * Keep at least `keep` pixels of the board inside the width x height area, so panning can never
 * lose the board entirely.
 */
export function clampView(grid: Grid, view: View, width: number, height: number, keep = 48): View {
  const bw = grid.cols * grid.cell * view.zoom;
  const bh = grid.rows * grid.cell * view.zoom;
  const kx = Math.min(keep, bw);
  const ky = Math.min(keep, bh);
  const x = Math.min(width - kx, Math.max(kx - bw, view.x));
  const y = Math.min(height - ky, Math.max(ky - bh, view.y));
  return { zoom: view.zoom, x, y };
}

/** The smallest pan that brings a cell fully into view (with a margin); the view itself when it already is. */
export function revealCell(grid: Grid, view: View, row: number, col: number, width: number, height: number, margin = 12): View {
  const r = cellRect(grid, view, row, col);
  let dx = 0;
  let dy = 0;
  if (r.x < margin) dx = margin - r.x;
  else if (r.x + r.w > width - margin) dx = width - margin - (r.x + r.w);
  if (r.y < margin) dy = margin - r.y;
  else if (r.y + r.h > height - margin) dy = height - margin - (r.y + r.h);
  return dx === 0 && dy === 0 ? view : panBy(view, dx, dy);
}

// ---- trays --------------------------------------------------------------------------------

/** A tray: fixed-size slots in rows, left to right, scrolled vertically. */
export interface TrayLayout {
  /** Slot size and the gap between slots, in CSS pixels. */
  slot: number;
  gap: number;
  /** Inner padding of the tray's scrolling area. */
  pad: number;
  columns: number;
}

export function trayLayout(width: number, slot: number, gap: number, pad: number): TrayLayout {
  const columns = Math.max(1, Math.floor((width - 2 * pad + gap) / (slot + gap)));
  return { slot, gap, pad, columns };
}

/** Height of the tray's content for `count` slots. */
export function trayHeight(t: TrayLayout, count: number): number {
  const rows = Math.ceil(count / t.columns);
  return rows === 0 ? 2 * t.pad : 2 * t.pad + rows * t.slot + (rows - 1) * t.gap;
}

/** Slot index under a point relative to the tray's visible top-left, or -1 (a gap, padding or past the end). */
export function traySlotAt(t: TrayLayout, count: number, x: number, y: number, scrollTop = 0): number {
  const cx = x - t.pad;
  const cy = y + scrollTop - t.pad;
  if (cx < 0 || cy < 0) return -1;
  const step = t.slot + t.gap;
  const col = Math.floor(cx / step);
  const row = Math.floor(cy / step);
  if (col >= t.columns) return -1;
  if (cx - col * step >= t.slot || cy - row * step >= t.slot) return -1;
  const i = row * t.columns + col;
  return i < count ? i : -1;
}

/** The slot's rectangle relative to the tray's content (add the tray's position, minus its scroll). */
export function traySlotRect(t: TrayLayout, index: number): Rect {
  const step = t.slot + t.gap;
  const col = index % t.columns;
  const row = Math.floor(index / t.columns);
  return { x: t.pad + col * step, y: t.pad + row * step, w: t.slot, h: t.slot };
}

/** Keyboard movement through a tray of `count` slots: the index after an arrow key, clamped. */
export function trayMove(t: TrayLayout, count: number, index: number, key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown'): number {
  if (count === 0) return -1;
  let i = index < 0 ? 0 : index;
  if (key === 'ArrowLeft') i -= 1;
  else if (key === 'ArrowRight') i += 1;
  else if (key === 'ArrowUp') i -= t.columns;
  else i += t.columns;
  return Math.max(0, Math.min(count - 1, i));
}
