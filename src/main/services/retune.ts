/**
 * New settings for a run that resumes. Only a setting that bounds what a run holds may change (a
 * solver's memory bound): the run goes on from its checkpoint as the same search with other room,
 * so an overnight beam that has reached the width its memory allows can be given more without
 * starting again. Any other setting would make it another run, and is refused.
 */
import type { SolverDef } from '../../core/engine/solver';
import { resolveParams, type Params } from '../../core/params/schema';
import type { Checkpoint } from '../../core/engine/run-types';
import type { ParamChange, RunSummary } from '../store/types';
import { launchRefusal } from './machine-memory';

/** The settings of `def` a resume may change. */
export function resumableKeys(def: SolverDef): string[] {
  return def.memoryParam ? [def.memoryParam] : [];
}

/**
 * The run's settings with `set` applied, and the changes to record at `from` (the checkpoint the
 * run goes on from); null when `set` changes nothing. Throws a one-line Error for a setting that
 * may not change, a value out of range, or settings this machine cannot run.
 */
export function retune(
  def: SolverDef,
  puzzle: unknown,
  run: Pick<RunSummary, 'id' | 'params'>,
  set: Readonly<Record<string, unknown>>,
  from: Pick<Checkpoint, 'elapsedMs' | 'evaluations'> | null,
): { params: Params; changes: ParamChange[] } | null {
  const allowed = resumableKeys(def);
  for (const key of Object.keys(set)) {
    if (!allowed.includes(key))
      throw new Error(
        `run ${run.id}: ${key} cannot change when a run resumes (${allowed.length ? `only ${allowed.join(', ')} can` : `no setting of ${def.label} can`}); start a new run for other settings`,
      );
  }
  const params = resolveParams(def.params, { ...run.params, ...set });
  const changes: ParamChange[] = [];
  for (const key of Object.keys(set)) {
    const before = run.params[key] ?? def.params[key]!.default;
    if (params[key] !== before) changes.push({ elapsedMs: from?.elapsedMs ?? 0, evaluations: from?.evaluations ?? 0, key, from: before, to: params[key]! });
  }
  if (changes.length === 0) return null;
  const refused = launchRefusal(def, puzzle, params);
  if (refused) throw new Error(`run ${run.id}: ${refused}`);
  return { params, changes };
}
