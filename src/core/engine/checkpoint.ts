import * as v from 'valibot';
import type { RngState } from '../rng/rng';

/**
 * Checkpoints are stored in users' databases and read back after an upgrade or a crash, so each
 * solver describes its checkpoint once, as a schema beside the solver; its type is inferred from
 * the schema (`v.InferOutput`) and `checkpoint()` must return it. A damaged one is refused in one
 * line naming the solver, the field and the fault, before any search state is touched.
 */
export type CheckpointSchema<C> = v.GenericSchema<unknown, C>;

/** A whole number (JSON has no other kind); counters, indices, iteration numbers. */
export const int = v.pipe(v.number(), v.integer());
/** A whole number at least 0. */
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
/** A finite number. */
export const num = v.pipe(v.number(), v.finite());
/** A score that may be -Infinity before anything is scored, which JSON writes as null. */
export const scoreOrNull = v.nullable(v.number());

const u32 = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 32 - 1));
/** An `Rng` state (`Rng.getState()`). */
export const rngState: v.GenericSchema<RngState> = v.tuple([u32, u32, u32, u32]);

/** The error of a checkpoint that is not what its solver wrote: `<solver> checkpoint is damaged: <where>: <why>`. */
export function damaged(solver: string, where: string, why: string): Error {
  return new Error(`${solver} checkpoint is damaged: ${where}: ${why}`);
}

/** `x` read with `schema`, or the one-line `damaged` error for its first fault. */
export function readCheckpoint<C>(solver: string, schema: CheckpointSchema<C>, x: unknown): C {
  const r = v.safeParse(schema, x);
  if (r.success) return r.output;
  const issue = r.issues[0];
  return fail(solver, v.getDotPath(issue) ?? 'checkpoint', issue.message);
}

function fail(solver: string, where: string, why: string): never {
  throw damaged(solver, where, why);
}
