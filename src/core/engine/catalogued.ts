import { readCheckpoint, type CheckpointSchema } from './checkpoint';
import type { SolverDef } from './solver';

/**
 * A family's solver as the catalogue holds it, with its types erased: the one place a puzzle
 * arriving as `unknown` becomes the family's model, and where a stored checkpoint is read with the
 * solver's schema before `restore` gets it. The catalogue pairs a solver with puzzles of its own
 * family (runs, services and the CLI look solvers up by family, and the family has validated the
 * puzzle), which is what makes the one conversion below sound.
 */
export function catalogued<P, S, C>(def: SolverDef<P, S, C>, checkpoint: CheckpointSchema<C>): SolverDef {
  const own = (puzzle: unknown): P => puzzle as P;
  const { refuses, memoryBytes, stepWork } = def;
  return {
    id: def.id,
    family: def.family,
    label: def.label,
    description: def.description,
    params: def.params,
    ...(def.memoryParam ? { memoryParam: def.memoryParam } : {}),
    ...(refuses ? { refuses: (puzzle: unknown, params) => refuses(own(puzzle), params) } : {}),
    ...(memoryBytes ? { memoryBytes: (puzzle: unknown, params) => memoryBytes(own(puzzle), params) } : {}),
    ...(stepWork ? { stepWork: (puzzle: unknown, params) => stepWork(own(puzzle), params) } : {}),
    create: (puzzle, params, seed) => def.create(own(puzzle), params, seed),
    restore: (puzzle, params, cp) => def.restore(own(puzzle), params, readCheckpoint(def.id, checkpoint, cp)),
  };
}
