/** The Painter primitives (painter.ts) drawn into a Pixi Graphics: how tile faces become textures. */
import type { Graphics } from 'pixi.js';
import type { Painter } from './painter';

export function pixiPainter(g: Graphics): Painter {
  return {
    poly(points, color, alpha = 1) {
      g.poly(points, true).fill({ color, alpha });
    },
    circle(x, y, r, color, alpha = 1) {
      g.circle(x, y, r).fill({ color, alpha });
    },
    line(points, width, color, alpha = 1) {
      g.moveTo(points[0], points[1]);
      for (let i = 2; i < points.length; i += 2) g.lineTo(points[i], points[i + 1]);
      g.stroke({ width, color, alpha, cap: 'round', join: 'round' });
    },
    ring(x, y, r, width, color, alpha = 1) {
      g.circle(x, y, r).stroke({ width, color, alpha });
    },
  };
}
