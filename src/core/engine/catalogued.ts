import { readCheckpoint, type CheckpointSchema } from './checkpoint';
import type { SolverDef } from './solver';
import { resolveParams, type ParamSchema, type Params, type ResolvedParams } from '../params/schema';

/**
 * A family's solver as the catalogue holds it, with its types erased: the one place a puzzle
 * arriving as `unknown` becomes the family's model, and where a stored checkpoint is read with the
 * solver's schema before `restore` gets it. The catalogue pairs a solver with puzzles of its own
 * family (runs, services and the CLI look solvers up by family, and the family has validated the
 * puzzle), which is what makes the one conversion below sound. It is also where a solver's
 * parameters are resolved against its schema (defaults filled, every value checked by the one
 * checker, core/params/schema.ts), once per call, so a family's solver reads typed values. The
 * generic engines it hands them to (engines/) know no solver's schema: each picks its own keys
 * and types them against its own, which checks nothing twice that could fail (the values are
 * already resolved).
 */
export function catalogued<P, S, C, K extends ParamSchema>(
  def: SolverDef<P, S, C, ResolvedParams<K>> & { params: K },
  checkpoint: CheckpointSchema<C>,
): SolverDef {
  const own = (puzzle: unknown): P => puzzle as P;
  const resolved = (params: Params): ResolvedParams<K> => resolveParams(def.params, params);
  const { refuses, memoryBytes, stepWork, tally } = def;
  return {
    id: def.id,
    family: def.family,
    label: def.label,
    description: def.description,
    params: def.params,
    ...(def.memoryParam ? { memoryParam: def.memoryParam } : {}),
    ...(refuses ? { refuses: (puzzle: unknown, params) => refuses(own(puzzle), resolved(params)) } : {}),
    ...(memoryBytes ? { memoryBytes: (puzzle: unknown, params) => memoryBytes(own(puzzle), resolved(params)) } : {}),
    ...(stepWork ? { stepWork: (puzzle: unknown, params) => stepWork(own(puzzle), resolved(params)) } : {}),
    ...(tally ? { tally: (threads: readonly unknown[]) => tally(threads.map((t) => readCheckpoint(def.id, checkpoint, t))) } : {}),
    create: (puzzle, params, seed) => def.create(own(puzzle), resolved(params), seed),
    restore: (puzzle, params, cp) => def.restore(own(puzzle), resolved(params), readCheckpoint(def.id, checkpoint, cp)),
  };
}
