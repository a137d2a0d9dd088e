/**
 * Marks that change with the board, not with the pointer (mismatched joins, lock badges): part of
 * the WebGL scene, redrawn when the board or the zoom changes.
 */
import type { Graphics } from 'pixi.js';
import type { BoardMarks, JoinMark } from './board-types';
import { CELL, DARK, WHITE } from './board-style';
import { drawJoinMark, drawNewJoinMark } from './join-mark';
import type { Grid } from './layout';
import { pixiPainter } from './pixi-painter';

export function drawSceneMarks(g: Graphics, grid: Grid, zoom: number, marks: BoardMarks): void {
  g.clear();
  const px = 1 / zoom; // one screen pixel in world units
  const cols = grid.cols;
  const n = grid.rows * cols;

  // Mismatched joins: the same mark as the PNG export (join-mark.ts).
  const markPainter = pixiPainter(g);
  for (const m of marks.badJoins ?? []) drawJoinMark(markPainter, m.col * CELL, m.row * CELL, m.dir, CELL, px);
  for (const m of marks.newJoins ?? []) drawNewJoinMark(markPainter, m.col * CELL, m.row * CELL, m.dir, CELL, px);

  for (const i of marks.locked ?? []) {
    if (i < 0 || i >= n) continue;
    const x = (i % cols) * CELL;
    const y = Math.floor(i / cols) * CELL;
    // A small padlock in the top-left corner.
    const s = Math.max(CELL * 0.2, 11 * px);
    const bx = x + CELL * 0.06;
    const by = y + CELL * 0.06;
    g.roundRect(bx, by, s * 1.25, s * 1.35, s * 0.3).fill({ color: DARK, alpha: 0.82 });
    const lx = bx + s * 0.625;
    g.roundRect(lx - s * 0.38, by + s * 0.58, s * 0.76, s * 0.56, s * 0.1).fill({ color: WHITE });
    g.moveTo(lx - s * 0.24, by + s * 0.58)
      .arc(lx, by + s * 0.58, s * 0.24, Math.PI, 2 * Math.PI)
      .stroke({ width: Math.max(1 * px, s * 0.13), color: WHITE });
  }
}

const sameList = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined, same: (x: T, y: T) => boolean = (x, y) => x === y): boolean => {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return (a?.length ?? 0) === 0 && (b?.length ?? 0) === 0;
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false;
  return true;
};
const sameJoin = (x: JoinMark, y: JoinMark): boolean => x.row === y.row && x.col === y.col && x.dir === y.dir;

/** Whether new marks change the scene's part (joins or locks): only then is the WebGL scene redrawn. */
export function sceneMarksChanged(a: BoardMarks, b: BoardMarks): boolean {
  return !sameList(a.badJoins, b.badJoins, sameJoin) || !sameList(a.newJoins, b.newJoins, sameJoin) || !sameList(a.locked, b.locked);
}
