/**
 * The few drawing primitives tile faces are made of, so one face description can be drawn by
 * Pixi (textures for the board) and by a 2D canvas (thumbnails for trays, drag ghosts, PNG
 * export) alike. Colours are 0xRRGGBB numbers.
 */
export interface Painter {
  /** A filled polygon, points as [x0, y0, x1, y1, ...]. */
  poly(points: number[], color: number, alpha?: number): void;
  circle(x: number, y: number, r: number, color: number, alpha?: number): void;
  /** A stroked open polyline. */
  line(points: number[], width: number, color: number, alpha?: number): void;
  /** A stroked circle. */
  ring(x: number, y: number, r: number, width: number, color: number, alpha?: number): void;
}

/** Draws a face of `size` x `size` pixels for a face key. */
export type FaceDrawer = (painter: Painter, face: string, size: number) => void;

export function cssColor(color: number, alpha = 1): string {
  const r = (color >> 16) & 255;
  const g = (color >> 8) & 255;
  const b = color & 255;
  return alpha >= 1 ? `rgb(${r} ${g} ${b})` : `rgb(${r} ${g} ${b} / ${alpha})`;
}

/** An empty board slot: the frame ring a shade lighter than the inside (screen and PNG alike). */
export function slotColor(row: number, col: number, rows: number, cols: number): number {
  return row === 0 || col === 0 || row === rows - 1 || col === cols - 1 ? 0x2a2c32 : 0x222429;
}

/** The part of a 2D canvas context a painter draws with (tests pass a recorder). */
export type PainterContext = Pick<
  CanvasRenderingContext2D,
  'beginPath' | 'moveTo' | 'lineTo' | 'closePath' | 'fill' | 'stroke' | 'arc' | 'fillStyle' | 'strokeStyle' | 'lineWidth' | 'lineCap' | 'lineJoin'
>;

/** A painter over a 2D canvas context, drawing at (dx, dy). */
export function canvasPainter(ctx: PainterContext, dx = 0, dy = 0): Painter {
  const path = (points: number[]): void => {
    ctx.beginPath();
    ctx.moveTo(points[0] + dx, points[1] + dy);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i] + dx, points[i + 1] + dy);
  };
  return {
    poly(points, color, alpha = 1) {
      path(points);
      ctx.closePath();
      ctx.fillStyle = cssColor(color, alpha);
      ctx.fill();
    },
    circle(x, y, r, color, alpha = 1) {
      ctx.beginPath();
      ctx.arc(x + dx, y + dy, r, 0, 2 * Math.PI);
      ctx.fillStyle = cssColor(color, alpha);
      ctx.fill();
    },
    line(points, width, color, alpha = 1) {
      path(points);
      ctx.lineWidth = width;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = cssColor(color, alpha);
      ctx.stroke();
    },
    ring(x, y, r, width, color, alpha = 1) {
      ctx.beginPath();
      ctx.arc(x + dx, y + dy, r, 0, 2 * Math.PI);
      ctx.lineWidth = width;
      ctx.strokeStyle = cssColor(color, alpha);
      ctx.stroke();
    },
  };
}

/**
 * Image URLs of faces drawn on a 2D canvas, cached per face and size (trays and drag ghosts show
 * hundreds of pieces; each distinct face is drawn once).
 */
export function createThumbnailCache(draw: FaceDrawer, limit = 4096): { get(face: string, size: number): string; clear(): void } {
  const cache = new Map<string, string>();
  let canvas: HTMLCanvasElement | null = null;
  return {
    get(face, size) {
      const ratio = typeof window === 'undefined' ? 1 : Math.min(2, window.devicePixelRatio || 1);
      const px = Math.max(8, Math.round(size * ratio));
      const key = `${px}|${face}`;
      const hit = cache.get(key);
      if (hit) return hit;
      canvas ??= document.createElement('canvas');
      canvas.width = px;
      canvas.height = px;
      const ctx = canvas.getContext('2d');
      if (!ctx) return '';
      ctx.clearRect(0, 0, px, px);
      draw(canvasPainter(ctx), face, px);
      const url = canvas.toDataURL('image/png');
      if (cache.size >= limit) cache.clear();
      cache.set(key, url);
      return url;
    },
    clear() {
      cache.clear();
    },
  };
}
