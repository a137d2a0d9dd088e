/**
 * The memory a sharded run's threads share with the solver process's main thread
 * (thread-shards.ts and shard-thread.ts): a control block the main thread sets a command in and
 * the threads count their answers in, and each shard's figures after its last command.
 */

/** Control block (Int32Array): command generation, command, its argument, answers so far. */
export const GEN = 0;
export const CMD = 1;
export const ARG = 2;
export const DONE = 3;
export const CONTROL_WORDS = 4;

/** Commands. Advance: every unfinished shard does one step of ARG evaluations; Best: shard ARG posts its best solution; Checkpoint: every shard posts its checkpoint. */
export const ADVANCE = 1;
export const BEST = 2;
export const CHECKPOINT = 3;
export const QUIT = 4;

/** Figures per shard (Float64Array): evaluations, best, current, iteration, finished (0/1), failed (0/1). */
export const FIGURES = 6;

/** What a thread is given to start. */
export interface ShardThreadData {
  index: number;
  family: string;
  solver: string;
  puzzle: unknown;
  params: Record<string, number | boolean | string>;
  start: { seed: number } | { state: unknown };
  control: SharedArrayBuffer;
  figures: SharedArrayBuffer;
  port: MessagePort;
}

/** What a thread posts on its port: an answer to Best or Checkpoint, or why it failed. */
export type ShardThreadMessage = { value: unknown } | { error: string };
