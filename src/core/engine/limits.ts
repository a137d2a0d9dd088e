/**
 * What one run may take, checked before it is stored (`SolverDef.refuses`): parameters whose cost
 * cannot be bounded by the stop criteria are refused up front with the reason, instead of
 * becoming a run that fails, swaps or outlives its limits.
 */

/** Memory one run may use: its solver's buffers, and its checkpoint as it is written and read. */
export const RUN_MEMORY_LIMIT = 2 * 2 ** 30;

function bytesText(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toPrecision(3)} GB`;
  return `${Math.ceil(bytes / 2 ** 20)} MB`;
}

/**
 * Null when `bytes` (an estimate) fits in a run's memory; else the reason, naming what takes it
 * (`"a population of 1,000,000 grids of 100 x 100"`).
 */
export function memoryRefusal(bytes: number, what: string): string | null {
  if (!(bytes > RUN_MEMORY_LIMIT)) return null;
  const amount = Number.isFinite(bytes) && bytes < 2 ** 60 ? `about ${bytesText(bytes)}` : 'more memory than any machine has';
  return `${what} needs ${amount} of memory, over the ${bytesText(RUN_MEMORY_LIMIT)} one run may use: choose smaller parameters`;
}
