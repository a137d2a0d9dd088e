/**
 * What the PNG drawers of the families share (lib/board-image.ts draws the frame, each family's
 * view draws its board): the canvas context they draw on, the image colours, an empty slot.
 */
import { cssColor } from '../board/painter';

/** The part of CanvasRenderingContext2D this module uses (so tests can pass a recorder). */
export type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'lineJoin'
  | 'lineCap'
  | 'fillRect'
  | 'strokeRect'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'arc'
  | 'fillText'
  | 'save'
  | 'restore'
  | 'clip'
  | 'setLineDash'
  | 'rect'
  | 'strokeText'
  | 'measureText'
>;

export const BG = '#141518';
export const PANEL = '#1b1c20';
export const TEXT = '#e6e7ea';
export const DIM = '#9a9ca4';
export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, sans-serif";

export function emptyCell(ctx: Ctx, x: number, y: number, s: number, colour = 0x202227): void {
  ctx.fillStyle = cssColor(colour);
  ctx.fillRect(x, y, s, s);
  ctx.strokeStyle = '#34373e';
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
}
