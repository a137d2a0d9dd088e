/**
 * The joins a board marks: core's mismatched inner joins, and on a puzzle with a grey frame every
 * outer edge that shows a colour (core's borderFaults), e.g. a side piece in a corner with its
 * colour facing out. An outer edge is marked as the join with the cell beyond the board.
 */
import { hasGreyBorder, type EdgeBoard, type EdgePuzzle, borderFaults, mismatches } from '../../../../core/families/edge/model';
import type { JoinMark } from '../../board/board';

export function edgeMarks(p: EdgePuzzle, b: EdgeBoard): JoinMark[] {
  const out: JoinMark[] = mismatches(p, b).map((m) => ({ row: m.row, col: m.col, dir: m.dir }));
  if (!hasGreyBorder(p)) return out;
  for (const f of borderFaults(p, b)) {
    if (f.side === 0) out.push({ row: f.row - 1, col: f.col, dir: 'down' });
    else if (f.side === 1) out.push({ row: f.row, col: f.col, dir: 'right' });
    else if (f.side === 2) out.push({ row: f.row, col: f.col, dir: 'down' });
    else out.push({ row: f.row, col: f.col - 1, dir: 'right' });
  }
  return out;
}
