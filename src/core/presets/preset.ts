import type { StopCriteria } from '../engine/run-types';
import type { FamilyId } from '../families/ids';
import type { Params } from '../params/schema';

/**
 * One named setting of a solver (see presets.ts). Its own module, apart from the lookups over the
 * registry, so each family's preset list names the type without importing the registry back.
 */
export interface SolverPreset {
  /** Unique within its solver. */
  id: string;
  family: FamilyId;
  solver: string;
  label: string;
  /** Where the settings come from: a paper, or "workbench" for our own suggestions. */
  source: string;
  description: string;
  /** Values that differ from the defaults (the rest stay at their defaults). */
  params: Params;
  /** Stop criteria the experiment used, when the paper gives them. */
  stop?: Partial<StopCriteria>;
}
