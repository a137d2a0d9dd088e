/**
 * The marks that follow the pointer and the keys (focus, the side under the pointer, drop target,
 * selection, cursor), drawn on the 2D canvas above the WebGL one in world units. Repainting this
 * layer alone is what keeps a drag smooth without a GPU (see board.ts).
 */
import type { BoardMarks } from './board-types';
import { CELL, ACCENT, DARK, REFUSED, WHITE, css } from './board-style';
import type { Grid, View } from './layout';

type Ctx2D = CanvasRenderingContext2D;

/** Clears the layer (`width` x `height` device pixels) and draws `marks` at the view's transform. */
export function drawMarksLayer(g: Ctx2D, width: number, height: number, dpr: number, grid: Grid, view: View, marks: BoardMarks): void {
  g.setTransform(1, 0, 0, 1, 0, 0);
  g.clearRect(0, 0, width, height);
  g.setTransform(dpr * view.zoom, 0, 0, dpr * view.zoom, dpr * view.x, dpr * view.y);
  const px = 1 / view.zoom;
  const cols = grid.cols;
  const n = grid.rows * cols;
  const cellXY = (i: number): [number, number] => [(i % cols) * CELL, Math.floor(i / cols) * CELL];
  const valid = (i: number | null | undefined): i is number => typeof i === 'number' && i >= 0 && i < n;
  const outline = (x: number, y: number, w: number, h: number, lineWidth: number, colour: string): void => {
    g.lineWidth = lineWidth;
    g.strokeStyle = colour;
    g.strokeRect(x, y, w, h);
  };

  for (const i of marks.focus ?? []) {
    if (!valid(i)) continue;
    const [x, y] = cellXY(i);
    outline(x + 2 * px, y + 2 * px, CELL - 4 * px, CELL - 4 * px, 2 * px, css(ACCENT, 0.9));
    outline(x + 5 * px, y + 5 * px, CELL - 10 * px, CELL - 10 * px, 1 * px, css(ACCENT, 0.5));
  }

  if (marks.side && marks.side.row >= 0 && marks.side.col >= 0 && marks.side.row < grid.rows && marks.side.col < cols) {
    drawSide(g, marks.side, px);
  }

  if (valid(marks.target)) {
    const [x, y] = cellXY(marks.target);
    const colour = marks.targetOk !== false ? ACCENT : REFUSED;
    g.fillStyle = css(colour, 0.22);
    g.fillRect(x, y, CELL, CELL);
    outline(x + 1.5 * px, y + 1.5 * px, CELL - 3 * px, CELL - 3 * px, 3 * px, css(colour));
  }

  if (valid(marks.selected)) {
    const [x, y] = cellXY(marks.selected);
    outline(x + 2 * px, y + 2 * px, CELL - 4 * px, CELL - 4 * px, 4 * px, css(ACCENT));
  }

  if (valid(marks.cursor)) {
    const [x, y] = cellXY(marks.cursor);
    // Two-tone outline: readable on any tile colour.
    outline(x + 1 * px, y + 1 * px, CELL - 2 * px, CELL - 2 * px, 3.5 * px, css(DARK));
    outline(x + 1 * px, y + 1 * px, CELL - 2 * px, CELL - 2 * px, 2 * px, css(WHITE));
  }
}

/** One side of a cell (the triangle between its centre and that edge), as design highlights a join. */
function drawSide(g: Ctx2D, s: { row: number; col: number; side: number }, px: number): void {
  const x = s.col * CELL;
  const y = s.row * CELL;
  const c = CELL / 2;
  const tri: number[] =
    s.side === 0
      ? [x, y, x + CELL, y, x + c, y + c]
      : s.side === 1
        ? [x + CELL, y, x + CELL, y + CELL, x + c, y + c]
        : s.side === 2
          ? [x + CELL, y + CELL, x, y + CELL, x + c, y + c]
          : [x, y + CELL, x, y, x + c, y + c];
  g.beginPath();
  g.moveTo(tri[0]!, tri[1]!);
  g.lineTo(tri[2]!, tri[3]!);
  g.lineTo(tri[4]!, tri[5]!);
  g.closePath();
  g.fillStyle = css(WHITE, 0.16);
  g.fill();
  g.lineJoin = 'round';
  g.lineWidth = 2 * px;
  g.strokeStyle = css(WHITE, 0.9);
  g.stroke();
}
