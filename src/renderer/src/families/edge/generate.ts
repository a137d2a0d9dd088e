/**
 * E2-style instance generation for the editor: core's generator (Harris et al. 2018, as Aspinall
 * et al. 2020 describe it), behind one function so the view does not care where it comes from.
 */
import { generateEdgePuzzle, type GenerateOptions, type GeneratedPuzzle } from '../../../../core/families/edge/design';

export type { GenerateOptions };

export function generateInstance(o: GenerateOptions): GeneratedPuzzle {
  return generateEdgePuzzle(o);
}
