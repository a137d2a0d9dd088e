/** Edge matching as the shell shows it without an editor: the PNG board and the run-board caption. */
import {
  edgeAt,
  isTetravex,
  maxScore as edgeMaxScore,
  pieceCount,
  type EdgeBoard,
  type EdgePuzzle,
  mismatches,
  scoreBoard,
} from '../../../../core/families/edge/model';
import { canvasPainter, slotColor } from '../../board/painter';
import { drawJoinMark } from '../../board/join-mark';
import { drawEdgeFaceColours } from './faces';
import { emptyCell, type Ctx } from '../../lib/canvas-kit';
import { countNoun, countText } from '../../runs/format';
import type { FamilyView } from '../types';
import { edgeNewPuzzle, type EdgeNewFields } from './new-puzzle';
import { EDGE_KEYS } from './keys';
import { familyLabel, kindLabel } from '../../lib/format';

function drawBoard(ctx: Ctx, p: EdgePuzzle, board: EdgeBoard | undefined, ox: number, oy: number, s: number): string {
  const n = pieceCount(p);
  const cells = p.rows * p.cols;
  const numbered = isTetravex(p);
  for (let i = 0; i < cells; i++) {
    const x = ox + (i % p.cols) * s;
    const y = oy + Math.floor(i / p.cols) * s;
    // With a placement: the board. Without: the piece set in its file order, unturned.
    const piece = board ? board.piece[i]! : i < n ? i : -1;
    const rot = board ? board.rotation[i]! : 0;
    // The board's own tile painter (edge/faces.ts): same palette, motifs and seams as on screen.
    if (piece < 0) emptyCell(ctx, x, y, s, slotColor(Math.floor(i / p.cols), i % p.cols, p.rows, p.cols));
    else
      drawEdgeFaceColours(
        canvasPainter(ctx, x, y),
        [0, 1, 2, 3].map((side) => edgeAt(p, piece, rot, side)),
        s,
        numbered,
      );
  }
  if (n === 0) return ' · no pieces yet';
  if (!board) return ` · ${countNoun(n, 'piece')} (unplaced)`;
  const bad = mismatches(p, board);
  const marks = canvasPainter(ctx, ox, oy);
  for (const m of bad) drawJoinMark(marks, m.col * s, m.row * s, m.dir, s, Math.max(0.5, s / 64));
  return ` · score ${scoreBoard(p, board)} / ${edgeMaxScore(p.rows, p.cols)}${bad.length ? ` · ${bad.length} mismatched` : ''}`;
}

export const edgeView = {
  id: 'edge',
  label: familyLabel('edge'),
  drawBoard,
  maxScoreOf: edgeMaxScore,
  importPreview: { unit: 'pieces', columns: ['top', 'right', 'bottom', 'left'], edgeOrder: true },
  newPuzzle: edgeNewPuzzle,
  keys: EDGE_KEYS,
  runCaption: (score, mismatched) =>
    `${countText(score.score)} / ${countText(score.maxScore ?? 0)} joins${score.solved ? ' · solved' : mismatched > 0 ? ` · ${mismatched} mismatched` : ''}`,
} satisfies FamilyView<EdgeNewFields, EdgePuzzle, EdgeBoard>;

/** What an edge puzzle is called (core decides: "Tetravex" for upright tiles without a frame). */
export function edgeKindLabel(p: Pick<EdgePuzzle, 'edges' | 'rotatable'>): string {
  return kindLabel('edge', p);
}
