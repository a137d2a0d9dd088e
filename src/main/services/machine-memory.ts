/**
 * A run's memory against this machine's. Core bounds each thread of a run (`RUN_MEMORY_LIMIT`)
 * but cannot see the machine, so a run of many wide threads is held here against the memory the
 * machine has, before it is stored: refused in one line rather than swapping or being killed.
 */
import { totalmem } from 'node:os';
import { runMemoryBytes } from '../../core/engine/shards';
import type { SolverDef } from '../../core/engine/solver';
import type { Params } from '../../core/params/schema';
import { bytesText } from '../../core/text/run-text';

/** Share of the machine's memory one run may hold: the rest is the system's, the app's and other runs'. */
export const MACHINE_SHARE = 0.75;

export function machineMemoryRefusal(def: SolverDef, puzzle: unknown, params: Params, machineBytes = totalmem()): string | null {
  const bytes = runMemoryBytes(def, puzzle, params);
  if (bytes === null || bytes <= MACHINE_SHARE * machineBytes) return null;
  const threads = typeof params.threads === 'number' && params.threads > 1 ? ` on ${params.threads} threads` : '';
  return `${def.label}${threads} needs about ${bytesText(bytes)} of memory, more than three quarters of this machine's ${bytesText(machineBytes)}: choose fewer threads or a lower memory bound`;
}
