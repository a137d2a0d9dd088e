/** Generating to order in words (the CLI's `generate --difficulty` and the New-puzzle dialog's order). */
import { countText } from '../../../text/numbers';
import { bandText } from './difficulty';
import type { Ordered } from './generate';

/** "exactly one solution (the exact count says so, ...); rating 4.2: medium (4 to 6, ...); found at try 60". */
export function orderedText(o: Ordered): string {
  return `exactly one solution (the exact count says so, ${countText(o.nodes)} placements in all); rating ${o.rating.toFixed(1)}: ${o.difficulty} (${bandText(o.difficulty)}, log10 of the exact search's placements over its solving boards + 1, a solver's expected effort to a first one); found at try ${o.tried}`;
}
