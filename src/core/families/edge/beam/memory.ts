import { memoryRefusal } from '../../../engine/limits';
import type { EdgePuzzle } from '../model';

/**
 * Bytes a beam run takes at its widest (`maxWidth`, or `width` when larger): per kept board its
 * used-piece bits, front and right edges, score and history (parent and candidate at every cell),
 * and four children per kept board while a layer is extended; with dedupe the hash tables too.
 */
export function beamBytes(puzzle: EdgePuzzle, p: { width: number; maxWidth: number; balance: boolean; dedupe: boolean }): number {
  const n = puzzle.rows * puzzle.cols;
  const W = Math.max(1, p.width, p.maxWidth);
  let colours = 0;
  for (const e of puzzle.edges) if (e + 1 > colours) colours = e + 1;
  const words = Math.ceil(n / 32);
  const perBoard =
    2 * (4 + 4 * words + 2 * puzzle.cols + 2 * puzzle.rows) + 8 * n + 4 * 20 + (p.balance ? 2 * colours : 0) + (p.dedupe ? 16 + 4 * 8 + 8 * 12 : 0);
  return W * perBoard;
}

/**
 * The beam's refusal: a width whose boards do not fit in one run's memory. The `memory` parameter
 * (MB, 0 = none) cuts the widths to fit, so only the smaller of the two counts.
 */
export function beamRefuses(puzzle: EdgePuzzle, p: { width: number; maxWidth: number; balance: boolean; dedupe: boolean; memory?: number }): string | null {
  const W = Math.max(p.width, p.maxWidth);
  const bound = p.memory !== undefined && p.memory > 0 ? p.memory * 2 ** 20 : Infinity;
  const what = `a beam ${W.toLocaleString('en')} boards wide on ${puzzle.rows} x ${puzzle.cols}${bound < Infinity ? ` with a memory bound of ${p.memory} MB` : ''}`;
  return memoryRefusal(Math.min(beamBytes(puzzle, p), bound), what);
}
