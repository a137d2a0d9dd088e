/** Jump mazes as the shell shows them without an editor: the PNG board and the run-board caption. */
import { goalIndex, startIndex, type JumpMaze, type JumpPuzzle } from '../../../../core/families/jump/entry';
import { analyse, depthColour } from './maze-editor';
import { BG, FONT, TEXT, emptyCell, type Ctx } from '../../lib/canvas-kit';
import { textOn } from '../../lib/palette';
import type { FamilyView } from '../types';
import { jumpNewPuzzle, type JumpNewFields } from './new-puzzle';
import { JUMP_KEYS } from './keys';
import { familyLabel } from '../../lib/format';
import { countNoun } from '../../../../core/text/plural';

function drawBoard(ctx: Ctx, p: JumpPuzzle, maze: JumpMaze | undefined, ox: number, oy: number, s: number): string {
  if (!maze) {
    for (let i = 0; i < p.rows * p.cols; i++) emptyCell(ctx, ox + (i % p.cols) * s, oy + Math.floor(i / p.cols) * s, s);
    return ' · no maze yet';
  }
  const a = analyse(p, maze.cells);
  const goal = goalIndex(p);
  const centre = (i: number): [number, number] => [ox + (i % p.cols) * s + s / 2, oy + Math.floor(i / p.cols) * s + s / 2];
  const bgOf = (i: number): string => (a.depth[i]! < 0 ? '#2a2c31' : depthColour(a.depth[i]!, a.maxDepth));
  for (let i = 0; i < maze.cells.length; i++) {
    const x = ox + (i % p.cols) * s;
    const y = oy + Math.floor(i / p.cols) * s;
    ctx.fillStyle = bgOf(i);
    ctx.fillRect(x, y, s, s);
    if (a.depth[i]! < 0) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, s, s);
      ctx.clip();
      ctx.strokeStyle = 'rgba(230,159,0,0.45)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let k = -s; k < 2 * s; k += 6) {
        ctx.moveTo(x + k, y);
        ctx.lineTo(x + k + s, y + s);
      }
      ctx.stroke();
      ctx.restore();
    }
    ctx.strokeStyle = BG;
    ctx.lineWidth = 1;
    ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
  }
  // The path under the numbers: a thin white line with a dark casing.
  if (a.path && a.path.length > 1) {
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    for (const [w, colour] of [
      [Math.max(2.5, s / 12), 'rgba(0,0,0,0.5)'],
      [Math.max(1, s / 28), 'rgba(255,255,255,0.9)'],
    ] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = w;
      ctx.beginPath();
      a.path.forEach((cell, k) => {
        const [cx, cy] = centre(cell);
        if (k === 0) ctx.moveTo(cx, cy);
        else ctx.lineTo(cx, cy);
      });
      ctx.stroke();
    }
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `650 ${Math.round(s * 0.42)}px ${FONT}`;
  ctx.lineJoin = 'round';
  for (let i = 0; i < maze.cells.length; i++) {
    const [cx, cy] = centre(i);
    const bg = bgOf(i);
    // A 0 outside the goal is a dead end (no jump): a cross, not a length.
    const label = i === goal ? 'G' : maze.cells[i] === 0 ? '×' : String(maze.cells[i]);
    ctx.strokeStyle = bg;
    ctx.lineWidth = Math.max(2, s / 12);
    ctx.strokeText(label, cx, cy + 1);
    ctx.fillStyle = a.depth[i]! < 0 ? TEXT : textOn(bg);
    ctx.fillText(label, cx, cy + 1);
  }
  // The start is marked as the editor marks it: an S in its top-right corner.
  if (s >= 16) {
    const st = startIndex(p);
    ctx.font = `700 ${Math.max(8, Math.round(s * 0.22))}px ${FONT}`;
    ctx.textAlign = 'right';
    ctx.textBaseline = 'top';
    ctx.fillStyle = textOn(bgOf(st));
    ctx.fillText('S', ox + (st % p.cols) * s + s - 3, oy + Math.floor(st / p.cols) * s + 3);
  }
  return a.fitness > 0
    ? ` · fitness ${a.fitness} (goal in ${countNoun(a.fitness, 'move')})`
    : ` · fitness ${a.fitness} (${countNoun(a.unreachable, 'cell')} unreachable)`;
}

export const jumpView = {
  id: 'jump',
  label: familyLabel('jump'),
  drawBoard,
  importPreview: { unit: 'cells', columns: null, edgeOrder: false },
  newPuzzle: jumpNewPuzzle,
  keys: JUMP_KEYS,
  runCaption: (score) => (score.score > 0 ? `Fitness ${score.score} · goal in ${countNoun(score.score, 'move')}` : `Fitness ${score.score} · goal unreachable`),
} satisfies FamilyView<JumpNewFields, JumpPuzzle, JumpMaze>;
