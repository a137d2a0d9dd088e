import type { StopCriteria } from '../../core/engine/run-types';

/**
 * The longest `seconds` a run may be given (about 116 days): above it a limit is no limit, and a
 * run meant to go on until stopped says so by giving none.
 */
export const MAX_STOP_SECONDS = 1e7;

/** Why a target no run can reach is refused (above the puzzle's best possible score), or null. */
export function targetRefusal(target: number | null, maxScore: number | null): string | null {
  return target !== null && maxScore !== null && target > maxScore
    ? `target ${target} is above the puzzle's best possible score, ${maxScore}: no run could reach it`
    : null;
}

/** The stop criteria of every launch, resume of a run file and study cell, checked in one place: one line naming the field. */
export function checkStop(stop: Partial<StopCriteria>): StopCriteria {
  const seconds = stop.seconds ?? null;
  const evaluations = stop.evaluations ?? null;
  const target = stop.target ?? null;
  if (seconds !== null && !(typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0))
    throw new Error(`seconds must be a positive number, got ${seconds}`);
  if (seconds !== null && seconds > MAX_STOP_SECONDS)
    throw new Error(
      `seconds must be at most ${MAX_STOP_SECONDS.toExponential(0)} (about 116 days), got ${seconds}; give no seconds for a run that goes on until stopped`,
    );
  if (evaluations !== null && !(Number.isSafeInteger(evaluations) && evaluations > 0))
    throw new Error(`evaluations must be a positive whole number up to ${Number.MAX_SAFE_INTEGER}, got ${evaluations}`);
  if (target !== null && !Number.isFinite(target)) throw new Error(`target must be a number, got ${target}`);
  const clock = stop.clock ?? 'wall';
  if (clock !== 'wall' && clock !== 'cpu') throw new Error(`clock must be wall or cpu, got ${String(clock)}`);
  return clock === 'cpu' ? { seconds, evaluations, target, clock } : { seconds, evaluations, target };
}
