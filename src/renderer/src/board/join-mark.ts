/**
 * The mark of a mismatched join: a white bar with a dark outline along the join and an X in a
 * dark disc at its middle. Drawn through a Painter, so the Pixi board and the PNG export draw the
 * very same mark.
 */
import type { Painter } from './painter';

const WHITE = 0xffffff;
const DARK = 0x0d0e10;
/** Sky blue (Okabe-Ito), apart from the mismatch mark's white. */
const NEW = 0x56b4e9;

/**
 * The join on the right of (`dir` 'right') or below ('down') the cell whose top-left corner is
 * (x0, y0), for cells `cell` pixels wide; `px` is one screen pixel in these units.
 */
export function drawJoinMark(p: Painter, x0: number, y0: number, dir: 'right' | 'down', cell: number, px = 1): void {
  const [mx, my] = outlinedBar(p, x0, y0, dir, cell, 0.62, WHITE, px);
  const r = Math.max(cell * 0.11, 6 * px);
  p.circle(mx, my, r, DARK);
  p.ring(mx, my, r, 1.5 * px, WHITE);
  const k = r * 0.5;
  const xw = Math.max(1.5 * px, r * 0.28);
  p.line([mx - k, my - k, mx + k, my + k], xw, WHITE);
  p.line([mx + k, my - k, mx - k, my + k], xw, WHITE);
}

/** A join given a colour of its own (Make unique by colours): a bright bar with a dark outline and a ring at its middle, no X. */
export function drawNewJoinMark(p: Painter, x0: number, y0: number, dir: 'right' | 'down', cell: number, px = 1): void {
  const [mx, my] = outlinedBar(p, x0, y0, dir, cell, 0.7, NEW, px);
  const r = Math.max(cell * 0.1, 5 * px);
  p.circle(mx, my, r, DARK);
  p.ring(mx, my, r * 0.7, Math.max(1.5 * px, r * 0.3), NEW);
}

/** A bar along the join, `share` of a cell long, in `colour` with a dark outline; its middle. */
function outlinedBar(p: Painter, x0: number, y0: number, dir: 'right' | 'down', cell: number, share: number, colour: number, px: number): [number, number] {
  const len = cell * share;
  const [mx, my] = dir === 'right' ? [x0 + cell, y0 + cell / 2] : [x0 + cell / 2, y0 + cell];
  const bar = dir === 'right' ? [mx, my - len / 2, mx, my + len / 2] : [mx - len / 2, my, mx + len / 2, my];
  const w = Math.max(cell * 0.06, 4 * px);
  p.line(bar, w + 3 * px, DARK);
  p.line(bar, w, colour);
  return [mx, my];
}
