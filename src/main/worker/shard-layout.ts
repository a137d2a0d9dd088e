/**
 * The memory a sharded run's threads share with the solver process's main thread
 * (thread-shards.ts and shard-thread.ts), all Int32: a control block the main thread sets a
 * command in and the threads count their answers in, then a few words per shard.
 */
import type { ShardRound } from '../../core/engine/shards';

/** Control block: command generation, command, answers so far. */
export const GEN = 0;
export const CMD = 1;
export const DONE = 2;
export const CONTROL_WORDS = 3;

/** Commands. Checkpoint: every shard posts its checkpoint at the end of its round; Quit: the run is over. */
export const CHECKPOINT = 1;
export const QUIT = 2;

/** Words per shard, after the control block: rounds it has ended, rounds the main thread has taken, a counter it sleeps on, failed (0/1). */
export const ENDED = 0;
export const TAKEN = 1;
export const WAKE = 2;
export const FAILED = 3;
export const SHARD_WORDS = 4;

/** Index of shard i's word `w`. */
export const shardWord = (i: number, w: number): number => CONTROL_WORDS + i * SHARD_WORDS + w;

/**
 * How many rounds a thread may end ahead of those the main thread has taken: enough that a thread
 * held up by the machine for a while does not stall the others, few enough that a best found ahead
 * reaches the run within seconds (a round is about 0.1-0.6 s).
 */
export const LAG = 16;

/** What a thread is given to start. */
export interface ShardThreadData {
  index: number;
  family: string;
  solver: string;
  puzzle: unknown;
  params: Record<string, number | boolean | string>;
  start: { seed: number } | { state: unknown };
  /** Step budget of one round. */
  round: number;
  control: SharedArrayBuffer;
  port: MessagePort;
}

/** What a thread posts on its port: how it starts, a round it ended, its checkpoint, or why it failed. */
export type ShardThreadMessage = { start: ShardRound } | { round: ShardRound } | { value: unknown } | { error: string };
