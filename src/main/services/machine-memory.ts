/**
 * A run's memory against this machine's. Core bounds each thread of a run (`RUN_MEMORY_LIMIT`)
 * but cannot see the machine, so a run of many wide threads is held here against the memory the
 * machine has, before it is stored: refused in one line rather than swapping or being killed.
 */
import { totalmem } from 'node:os';
import { runMemoryBytes, threadsOf } from '../../core/engine/shards';
import type { SolverDef } from '../../core/engine/solver';
import type { Params } from '../../core/params/schema';
import { bytesText } from '../../core/text/run-text';

/** Share of the machine's memory one run may hold: the rest is the system's, the app's and other runs'. */
export const MACHINE_SHARE = 0.75;

export function machineMemoryRefusal(def: SolverDef, puzzle: unknown, params: Params, machineBytes = totalmem()): string | null {
  const bytes = runMemoryBytes(def, puzzle, params);
  if (bytes === null || bytes <= MACHINE_SHARE * machineBytes) return null;
  const n = threadsOf(params);
  const threads = n > 1 ? ` on ${n} threads` : '';
  return `${def.label}${threads} needs about ${bytesText(bytes)} of memory, more than three quarters of this machine's ${bytesText(machineBytes)}: choose fewer threads or a lower memory bound`;
}

/**
 * Why a run of these (resolved) params cannot be launched here, as every launch and import asks it:
 * the solver's own refusal, then the run's memory against this machine (null when it can run).
 */
export function launchRefusal(def: SolverDef, puzzle: unknown, params: Params): string | null {
  return def.refuses?.(puzzle, params) ?? machineMemoryRefusal(def, puzzle, params);
}
