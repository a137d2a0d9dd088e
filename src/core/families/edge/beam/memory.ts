import { memoryRefusal } from '../../../engine/limits';
import type { EdgePuzzle } from '../model/model';
import { beamWidths, historyWidth, type BeamOptions } from './options';
import { countText } from '../../../text/numbers';

/**
 * The beam's refusal: two rankings of equal boards at once, or a width whose boards do not fit in
 * one run's memory. The `memory` parameter (MB, 0 = none) cuts the widths to fit, so only a bound
 * above what a run may use on one thread is refused.
 */
export function beamRefuses(puzzle: EdgePuzzle, o: BeamOptions): string | null {
  // Both fill the same place in a child's ranking.
  if (o.balance && (o.exhaust ?? 0) > 0) return 'balance and exhaust both rank partial boards with equal joins: choose one';
  const bound = o.memory !== undefined && o.memory > 0;
  const what = `a beam ${countText(o.maxWidth)} boards wide on ${puzzle.rows} x ${puzzle.cols}${bound ? ` with a memory bound of ${o.memory} MB` : ''}`;
  const widths = beamWidths(puzzle, o);
  const memory = memoryRefusal(widths.bytes, what);
  if (memory || widths.buffer <= historyWidth(puzzle)) return memory;
  return `${what} cannot number its boards in one word of history (at most ${countText(historyWidth(puzzle))} boards a cell, suffix passes included): choose a smaller width`;
}
