/**
 * Named settings for the solvers: the papers' own settings first, so a run can reproduce a
 * published experiment with one choice in the launch form. Pure data; parameters not named keep
 * their defaults (a preset is applied over the defaults, never over other edits). Each preset
 * names where its numbers come from (the paper and its table). Each family lists its own
 * (`Family.presets`, in its folder); this module gathers them.
 */
import { allFamilies, getFamily } from '../families';
import type { FamilyId } from '../families/family';
import type { SolverPreset } from './preset';

export type { SolverPreset };

/** Every family's presets, in registry order. */
export function allPresets(): SolverPreset[] {
  return allFamilies().flatMap((f) => f.presets ?? []);
}

/** The presets of one solver, in the order the launch form lists them. */
export function presetsFor(family: FamilyId, solver: string): SolverPreset[] {
  return (getFamily(family).presets ?? []).filter((p) => p.solver === solver);
}

/** The preset `id` of a solver; throws, naming the presets there are, when it has none of that name. */
export function findPreset(family: FamilyId, solver: string, id: string): SolverPreset {
  const list = presetsFor(family, solver);
  const preset = list.find((p) => p.id === id);
  if (!preset) throw new Error(`no preset "${id}" for ${solver} (presets: ${list.map((p) => p.id).join(', ') || 'none'})`);
  return preset;
}
