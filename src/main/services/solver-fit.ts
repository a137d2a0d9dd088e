/**
 * Which solvers accept a library puzzle: the catalogue of its family, each with the reason its
 * `refuses` gives for this puzzle at its default parameters (null when it takes it). The launch
 * form offers only those that take it (a Tetravex refuses the 2x2 transform).
 */
import { parseDocument } from '../../core/document/document';
import { resolveParams } from '../../core/params/schema';
import type { SolverInfo } from '../api/contract';
import type { Workbench } from './workbench';
import { findSolver } from '../../core/catalogue/catalogue';

export function solversFor(wb: Workbench, puzzleId: number): SolverInfo[] {
  const rec = wb.store.getPuzzle(puzzleId);
  if (!rec) throw new Error(`no puzzle ${puzzleId} in the library`);
  const { doc, puzzle } = parseDocument(rec.document, `puzzle ${puzzleId}`);
  return wb
    .solvers()
    .filter((s) => s.family === doc.family)
    .map((s) => {
      const def = findSolver(s.family, s.id);
      let refused: string | null;
      try {
        refused = def.refuses?.(puzzle, resolveParams(def.params, {})) ?? null;
      } catch (e) {
        refused = (e as Error).message;
      }
      return { ...s, refused };
    });
}
