/**
 * The generic grid view without its components: the board drawn from a solution's JSON form alone
 * (`{ cells }`, see ./cells.ts), for a family the renderer has no code of. Cells are shaded by value
 * (viridis, from the board's lowest to its highest value) and numbered where they hold more than two.
 */
import { FONT, emptyCell, type Ctx } from '../../lib/canvas-kit';
import { textOn, viridis } from '../../lib/palette';
import { countText } from '../../../../core/text/run-text';
import type { FamilyView } from '../types';
import type { NewPuzzleRules } from '../new-puzzle-rules';
import { anyCells, gridShape } from './cells';
import { GRID_KEYS } from './keys';
import { largest, smallest } from '../../../../core/numbers/extremes';

/** A value's shade on a board whose values run from lo to hi (all alike: dark for 0 and below, bright above). */
export function cellShade(value: number, lo: number, hi: number): string {
  return viridis(hi > lo ? (value - lo) / (hi - lo) : value > 0 ? 1 : 0);
}

function drawBoard(ctx: Ctx, puzzle: unknown, solution: unknown, ox: number, oy: number, s: number): string {
  const cells = anyCells(solution);
  if (!cells) {
    const { rows, cols } = gridShape(puzzle, 0);
    for (let i = 0; i < rows * cols; i++) emptyCell(ctx, ox + (i % cols) * s, oy + Math.floor(i / cols) * s, s);
    return ' · no cells yet';
  }
  const { cols } = gridShape(puzzle, cells.length);
  const lo = smallest(cells);
  const hi = largest(cells);
  const numbered = hi - lo > 1 && s >= 14;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.font = `650 ${Math.round(s * 0.42)}px ${FONT}`;
  cells.forEach((v, i) => {
    const x = ox + (i % cols) * s;
    const y = oy + Math.floor(i / cols) * s;
    const shade = cellShade(v, lo, hi);
    ctx.fillStyle = shade;
    ctx.fillRect(x + 1, y + 1, s - 2, s - 2);
    if (numbered) {
      ctx.fillStyle = textOn(shade);
      ctx.fillText(String(v), x + s / 2, y + s / 2 + 1);
    }
  });
  return ` · ${cellsCaption(cells)}`;
}

/** "6 cells, 4 not 0" (a run board knows no range of values). */
export function cellsCaption(cells: readonly number[]): string {
  return `${countText(cells.length)} cells, ${countText(cells.filter((v) => v !== 0).length)} not 0`;
}

/** Puzzles of a family the renderer has no view of come from files: the New-puzzle dialog lists the renderer's own families only. */
const gridNewPuzzle: NewPuzzleRules = {
  limits: { min: 1, max: 1 },
  defaults: () => null,
  name: () => 'Grid',
  problems: () => [{ field: 'name', message: 'Puzzles of this family are made by importing a file' }],
  document: () => {
    throw new Error('puzzles of this family are made by importing a file');
  },
};

export const gridView = {
  id: 'grid',
  label: 'Grid puzzle',
  drawBoard,
  importPreview: { unit: 'cells', columns: null, edgeOrder: false },
  newPuzzle: gridNewPuzzle,
  keys: GRID_KEYS,
  // Scores are core's, in the backend (the run's figures): the board's line says what it holds.
  unscoredCaption: (solution) => {
    const cells = anyCells(solution);
    return cells ? `The board: ${cellsCaption(cells)}` : 'This board cannot be read';
  },
  runCaption: (score) => `Score ${countText(score.score)}${score.maxScore === null ? '' : ` / ${countText(score.maxScore)}`}${score.solved ? ' · solved' : ''}`,
} satisfies FamilyView;
