/**
 * The memory a sharded run's threads share with the solver process's main thread
 * (thread-shards.ts and shard-thread.ts), all Int32: a control block the main thread sets a
 * command in and the threads count their answers in, then a few words per shard.
 */
import type { ShardRound } from '../../core/engine/shards';

/** Control block: command generation, command, answers so far, and the run's stop (0/1: every thread ends its round where it is and plays no more). */
export const GEN = 0;
export const CMD = 1;
export const DONE = 2;
export const STOP = 3;
export const CONTROL_WORDS = 4;

/** Commands. Checkpoint: every shard posts its checkpoint at the end of its round; Quit: the run is over. */
export const CHECKPOINT = 1;
export const QUIT = 2;

/**
 * Words per shard, after the control block: rounds it has ended, rounds the main thread has taken,
 * a counter it sleeps on, failed (0/1), halted (0/1: it has seen the stop and posted all it did).
 */
export const ENDED = 0;
export const TAKEN = 1;
export const WAKE = 2;
export const FAILED = 3;
export const HALTED = 4;
export const SHARD_WORDS = 5;

/** Index of shard i's word `w`. */
export const shardWord = (i: number, w: number): number => CONTROL_WORDS + i * SHARD_WORDS + w;

/**
 * How far a thread may run ahead of the rounds the main thread has taken: a few rounds let it go on
 * while another is held up, many absorb a search whose rounds take longer than its sister's for a
 * while. The bound in time keeps a best found ahead from reaching the run late (it is taken, and
 * recorded, with its round); the bound in rounds keeps the posted rounds few.
 */
export const AHEAD = { rounds: 1024, ms: 10_000 };

/**
 * Whether a thread that has ended `ended` rounds may play another while the main thread has taken
 * `taken`: not when it is `limits.rounds` ahead, nor once the oldest round not taken ended
 * `limits.ms` ago (`endedAt(r)`: when round r, counted from 0, ended).
 */
export function mayRunAhead(ended: number, taken: number, now: number, endedAt: (round: number) => number, limits = AHEAD): boolean {
  const lead = ended - taken;
  return lead <= 0 || (lead < limits.rounds && now - endedAt(taken) < limits.ms);
}

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
