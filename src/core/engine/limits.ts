/**
 * What one run may take, checked before it is stored (`SolverDef.refuses`): parameters whose cost
 * cannot be bounded by the stop criteria are refused up front with the reason, instead of
 * becoming a run that fails, swaps or outlives its limits.
 */

import { bytesText } from '../text/run-text';

/**
 * Memory one run may use on each of its threads: its solver's buffers, and its checkpoint as it is
 * written and read. A run on N threads may hold N times this, as far as the machine's memory goes
 * (checked by the launcher, which knows the machine: core does not).
 */
export const RUN_MEMORY_LIMIT = 2 * 2 ** 30;

/**
 * Null when `bytes` (an estimate) fits in a run's memory; else the reason, naming what takes it
 * (`"a population of 1,000,000 grids of 100 x 100"`).
 */
export function memoryRefusal(bytes: number, what: string): string | null {
  if (!(bytes > RUN_MEMORY_LIMIT)) return null;
  const amount = Number.isFinite(bytes) && bytes < 2 ** 60 ? `about ${bytesText(bytes)}` : 'more memory than any machine has';
  return `${what} needs ${amount} of memory, over the ${bytesText(RUN_MEMORY_LIMIT)} a run may use on one thread: choose smaller parameters`;
}

/**
 * Elementary operations (a cell copied or scored, a move proposed, a search node) one indivisible
 * unit of a solver's work may take: a GA generation, an LNS move. The driver checks the stop
 * criteria between steps, so a unit above this (a second or more) would hold the run past them.
 */
export const STEP_WORK_LIMIT = 20_000_000;

/** Null when `units` fits in one step; else the reason, naming the unit and what makes it big. */
export function workRefusal(units: number, unit: string, why: string): string | null {
  if (!(units > STEP_WORK_LIMIT)) return null;
  const amount = Number.isFinite(units) ? units.toExponential(1) : 'unbounded';
  return `${unit} would be about ${amount} operations (${why}), more than the ${STEP_WORK_LIMIT.toExponential(0)} a run can do between two checks of its stop criteria: choose smaller parameters`;
}

/**
 * Characters of checkpoint text a run may write as it ends: its last checkpoint is made after its
 * limit is reached (so a resume goes on from there), and more text than this (16 MiB, about 0.2 s
 * to make on a free core, and a second on a busy 2-core machine) would hold the run past the grace
 * a stop has.
 */
export const CHECKPOINT_TEXT_LIMIT = 2 ** 24;

/** Null when a checkpoint of `chars` characters fits; else the reason, naming what makes it. */
export function checkpointRefusal(chars: number, what: string): string | null {
  if (!(chars > CHECKPOINT_TEXT_LIMIT)) return null;
  const amount = Number.isFinite(chars) && chars < 2 ** 60 ? `about ${bytesText(chars)}` : 'more';
  return `the checkpoint of ${what} would be ${amount} of text, over the ${bytesText(CHECKPOINT_TEXT_LIMIT)} a run can write in time as it stops: choose smaller parameters`;
}
