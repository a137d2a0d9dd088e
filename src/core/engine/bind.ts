import type { FamilyId } from '../families/family';
import type { ParamSchema, Params } from '../params/schema';
import { resolveParams } from '../params/schema';
import { Rng } from '../rng/rng';
import type { LocalSearchProblem } from './local-search';
import type { SolverDef, SolverRun } from './solver';
import { HillClimb, hillClimbParams } from '../engines/hill-climb/hill-climb';
import { Annealing, annealingParams } from '../engines/annealing/annealing';
import { isTabuProblem, TabuSearch, tabuParams, type TabuProblem } from '../engines/tabu/tabu';
import type { ParamValue } from '../params/schema';

/** A local-search engine: how to start it on a problem and how to continue from a checkpoint. */
export interface LocalSearchEngine {
  id: string;
  label: string;
  description: string;
  params: ParamSchema;
  create(problem: LocalSearchProblem, params: Params, rng: Rng): SolverRun;
  restore(problem: LocalSearchProblem, params: Params, checkpoint: unknown): SolverRun;
}

export const hillClimbEngine: LocalSearchEngine = {
  id: 'hill-climb',
  label: 'Hill climbing',
  description: 'Random moves, kept when not worse; optional restarts and random walk.',
  params: hillClimbParams,
  create: (problem, params, rng) => new HillClimb(problem, params, rng, true),
  restore: (problem, params, cp) => HillClimb.restore(problem, params, cp),
};

export const annealingEngine: LocalSearchEngine = {
  id: 'sa',
  label: 'Simulated annealing',
  description: 'Random moves; a worse move of size d is accepted with probability exp(-d/T), T cooling geometrically.',
  params: annealingParams,
  create: (problem, params, rng) => new Annealing(problem, params, rng, true),
  restore: (problem, params, cp) => Annealing.restore(problem, params, cp),
};

function tabuProblem(problem: LocalSearchProblem): TabuProblem {
  if (!isTabuProblem(problem)) throw new Error('tabu search needs a problem with moveAttribute, keepMove and applyKept');
  return problem;
}

export const tabuEngine: LocalSearchEngine = {
  id: 'tabu',
  label: 'Tabu search',
  description: 'Samples random moves each iteration and applies the best one not tabu (even when worse); undoing a recent move is tabu unless it reaches a new best.',
  params: tabuParams,
  create: (problem, params, rng) => new TabuSearch(tabuProblem(problem), params, rng, true),
  restore: (problem, params, cp) => TabuSearch.restore(tabuProblem(problem), params, cp),
};

/** The schema with some defaults replaced (a family's own sensible defaults for an engine). */
export function withDefaults(schema: ParamSchema, defaults: Readonly<Record<string, ParamValue>>): ParamSchema {
  const out: Record<string, ParamSchema[string]> = { ...schema };
  for (const [k, v] of Object.entries(defaults)) {
    const spec = schema[k];
    if (!spec) throw new Error(`withDefaults: no parameter ${k}`);
    out[k] = { ...spec, default: v } as ParamSchema[string];
  }
  return out;
}

/**
 * Binds a family-agnostic local-search engine to one family's problem. `extraParams` are the
 * family's own (e.g. move mix) and are passed to `makeProblem`.
 */
export function localSearchSolver<P>(
  family: FamilyId,
  engine: LocalSearchEngine,
  makeProblem: (puzzle: P, params: Params) => LocalSearchProblem,
  extraParams: ParamSchema = {},
  defaults: Readonly<Record<string, ParamValue>> = {},
): SolverDef {
  const schema: ParamSchema = withDefaults({ ...engine.params, ...extraParams }, defaults);
  return {
    id: engine.id,
    family,
    label: engine.label,
    description: engine.description,
    params: schema,
    create(puzzle, params, seed) {
      const full = resolveParams(schema, params);
      return engine.create(makeProblem(puzzle as P, full), full, new Rng(seed));
    },
    restore(puzzle, params, checkpoint) {
      const full = resolveParams(schema, params);
      return engine.restore(makeProblem(puzzle as P, full), full, checkpoint);
    },
  };
}
