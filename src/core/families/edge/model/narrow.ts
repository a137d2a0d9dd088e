/**
 * The one place a read named edge becomes the edge family's models, for the work that only edge
 * puzzles have (boards placed on pieces, making a puzzle unique, recolouring): callers narrow with
 * this guard rather than cast. Sound because every reader builds a puzzle with the family its id names.
 */
import type { EdgeBoard, EdgePuzzle } from './model';

export function isEdgeRead<R extends { family: string; puzzle: unknown }>(
  read: R,
): read is R & { family: 'edge'; puzzle: EdgePuzzle; solution?: EdgeBoard | null; reference?: EdgeBoard | null } {
  return read.family === 'edge';
}
