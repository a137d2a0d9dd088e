import type { FamilyId } from '../families/family';
import type { ParamSchema, Params } from '../params/schema';
import { ParamError } from '../params/schema';
import { Rng } from '../rng/rng';
import type { LocalSearchProblem } from './local-search';
import type { SolverDef, SolverRun } from './solver';
import { HillClimb, hillClimbParams } from '../engines/hill-climb/hill-climb';
import { Annealing, annealingParams } from '../engines/annealing/annealing';
import { isTabuProblem, TabuSearch, tabuParams, type TabuProblem } from '../engines/tabu/tabu';
import type { ParamValue } from '../params/schema';
import * as v from 'valibot';
import { catalogued } from './catalogued';

/** A local-search engine: how to start it on a problem and how to continue from a checkpoint. */
export interface LocalSearchEngine {
  id: string;
  label: string;
  description: string;
  params: ParamSchema;
  create(problem: LocalSearchProblem, params: Params, rng: Rng): SolverRun;
  /** Reads `checkpoint` with the engine's own schema (engines are shared by families, so the schema lives with the engine). */
  restore(problem: LocalSearchProblem, params: Params, checkpoint: unknown): SolverRun;
}

/** An engine's run class: a constructor for a fresh run and a static `restore`. */
interface EngineRun<P extends LocalSearchProblem> {
  new (problem: P, params: Params, rng: Rng, fresh: boolean): SolverRun;
  restore(problem: P, params: Params, checkpoint: unknown): SolverRun;
}

/** An engine of run class `Run`; `accept` checks a problem offers what the engine needs. */
function engine<P extends LocalSearchProblem>(
  Run: EngineRun<P>,
  accept: (problem: LocalSearchProblem) => P,
  about: Omit<LocalSearchEngine, 'create' | 'restore'>,
): LocalSearchEngine {
  return {
    ...about,
    create: (problem, params, rng) => new Run(accept(problem), params, rng, true),
    restore: (problem, params, cp) => Run.restore(accept(problem), params, cp),
  };
}

const anyProblem = (problem: LocalSearchProblem): LocalSearchProblem => problem;

function tabuProblem(problem: LocalSearchProblem): TabuProblem {
  if (!isTabuProblem(problem)) throw new Error('tabu search needs a problem with moveAttribute, keepMove and applyKept');
  return problem;
}

export const hillClimbEngine = engine(HillClimb, anyProblem, {
  id: 'hill-climb',
  label: 'Hill climbing',
  description: 'Random moves, kept when not worse; optional restarts and random walk.',
  params: hillClimbParams,
});

export const annealingEngine = engine(Annealing, anyProblem, {
  id: 'sa',
  label: 'Simulated annealing',
  description: 'Random moves; a worse move of size d is accepted with probability exp(-d/T), T cooling geometrically.',
  params: annealingParams,
});

export const tabuEngine = engine(TabuSearch, tabuProblem, {
  id: 'tabu',
  label: 'Tabu search',
  description:
    'Samples random moves each iteration and applies the best one not tabu (even when worse); undoing a recent move is tabu unless it reaches a new best.',
  params: tabuParams,
});

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
  // Parameters arrive resolved against `schema` (catalogued resolves them once).
  const def: SolverDef<P, unknown, unknown, Params> & { params: ParamSchema } = {
    id: engine.id,
    family,
    label: engine.label,
    description: engine.description,
    params: schema,
    // Parameters checked together by the family (e.g. a move mix that sums to zero), before a run is stored.
    refuses(puzzle, params) {
      try {
        makeProblem(puzzle, params);
        return null;
      } catch (e) {
        if (e instanceof ParamError) return e.message;
        throw e;
      }
    },
    create(puzzle, params, seed) {
      return engine.create(makeProblem(puzzle, params), params, new Rng(seed));
    },
    restore(puzzle, params, checkpoint) {
      return engine.restore(makeProblem(puzzle, params), params, checkpoint);
    },
  };
  return catalogued(def, engineReads);
}

/** The engine reads its checkpoint itself (see `LocalSearchEngine.restore`). */
const engineReads = v.unknown();
