/** Casse-tête as the shell shows it without an editor: the PNG board and the run-board caption. */
import type { ParityGrid, ParityPuzzle } from '../../../../core/families/parity/entry';
import { lineCounts, parityStatus } from './grid-editor';
import { STATUS_COLOURS } from '../../lib/palette';
import type { Ctx } from '../../lib/canvas-kit';
import type { FamilyView } from '../types';
import { parityNewPuzzle, type ParityNewFields } from './new-puzzle';
import { PARITY_KEYS } from './keys';
import { familyLabel } from '../../lib/format';
import { countNoun } from '../../../../core/text/plural';

function drawBoard(ctx: Ctx, p: ParityPuzzle, grid: ParityGrid | undefined, ox: number, oy: number, s: number): string {
  const cells = grid?.cells ?? new Uint8Array(p.n * p.n).fill(1);
  const lines = lineCounts(p.n, cells);
  for (let r = 0; r < p.n; r++)
    for (let c = 0; c < p.n; c++) {
      const x = ox + c * s;
      const y = oy + r * s;
      const odd = lines.rows[r]! % 2 === 1 || lines.cols[c]! % 2 === 1;
      ctx.fillStyle = odd ? 'rgba(230,159,0,0.22)' : '#202227';
      ctx.fillRect(x, y, s, s);
      ctx.strokeStyle = '#34373e';
      ctx.lineWidth = 1;
      ctx.strokeRect(x + 0.5, y + 0.5, s - 1, s - 1);
      ctx.beginPath();
      ctx.arc(x + s / 2, y + s / 2, s * 0.32, 0, Math.PI * 2);
      if (cells[r * p.n + c]) {
        ctx.fillStyle = STATUS_COLOURS.good;
        ctx.fill();
      } else {
        ctx.setLineDash([3, 3]);
        ctx.strokeStyle = '#6c6f78';
        ctx.stroke();
        ctx.setLineDash([]);
      }
    }
  const st = parityStatus(p, cells);
  return ` · remove ${p.m} · ${st.solved ? 'solved' : `${st.removed} removed, ${countNoun(st.oddRows + st.oddCols, 'odd line')}`}`;
}

export const parityView = {
  id: 'parity',
  label: familyLabel('parity'),
  drawBoard,
  importPreview: { unit: 'cells', columns: null, edgeOrder: false },
  newPuzzle: parityNewPuzzle,
  keys: PARITY_KEYS,
  // Minus the odd lines: 0 is the best any size allows (the library then says "solved").
  maxScoreOf: () => 0,
  runCaption: (score) => (score.solved ? 'Solved · every line even' : `Score ${parityScoreText(score.score)}`),
} satisfies FamilyView<ParityNewFields, ParityPuzzle, ParityGrid>;

/** A casse-tête's score in its editor: "0 (best possible)" when no line is odd, else "-2 (0 is best)". */
export function parityScoreText(score: number): string {
  return score === 0 ? '0 (best possible)' : `${score} (0 is best)`;
}
