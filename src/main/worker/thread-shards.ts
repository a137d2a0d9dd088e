/**
 * Runs a sharded run's shards (core/engine/shards.ts) on worker threads of this solver process:
 * one thread per shard, each holding its solver run and playing rounds ahead of those
 * taken, posting each on its port. The main thread takes a shard's rounds in order, sleeping
 * (Atomics.wait on the shared block) while the shard has not ended the next one, so the driver's
 * synchronous `step` stays synchronous and no outcome depends on which thread ends first.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ShardExecutor, ShardExecutorFactory, ShardRound } from '../../core/engine/shards';
import {
  CHECKPOINT,
  CMD,
  CONTROL_WORDS,
  DONE,
  ENDED,
  FAILED,
  GEN,
  HALTED,
  QUIT,
  SHARD_WORDS,
  shardWord,
  STOP,
  TAKEN,
  WAKE,
  type ShardThreadData,
  type ShardThreadMessage,
} from './shard-layout';

/** Atomics.waitAsync (Node 16+, in the ES2024 library this project's settings do not take yet). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(a: Int32Array, index: number, value: number, timeoutMs: number): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** How often a waiting main thread looks whether a thread died without answering, in ms. */
const LIVENESS_MS = 1000;

/** How often a waiting main thread looks at the run's stop, in ms (a small part of the grace a stop has). */
const STOP_POLL_MS = 20;

/**
 * The thread's code: from sources (tests, the CLI and serve run through tsx) the TypeScript loader
 * is registered in the thread first; the electron-vite build puts shard-thread.js next to worker.js.
 */
function threadSource(): { code: string } | { file: URL } {
  if (!import.meta.url.endsWith('.ts')) return { file: new URL('./shard-thread.js', import.meta.url) };
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const file = JSON.stringify(pathToFileURL(fileURLToPath(new URL('./shard-thread.ts', import.meta.url))).href);
  return { code: `import(${JSON.stringify(api)}).then(({ tsImport }) => tsImport(${file}, ${file}));` };
}

/** The executor factory for runs of `puzzle` (its JSON form, as the run spec carries it). */
export function threadShards(puzzle: unknown): ShardExecutorFactory {
  return (def, params, starts, round) => new ThreadShards(def.family, def.id, puzzle, params, starts, round);
}

/** Worker threads alive in this process for sharded runs (for tests). */
export let liveShardThreads = 0;

class ThreadShards implements ShardExecutor {
  readonly count: number;
  private readonly control: Int32Array;
  private readonly workers: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  /** Per shard: rounds received from its thread and not yet given, and rounds given so far. */
  private readonly received: ShardRound[][];
  private readonly given: number[];
  private readonly first: ShardRound[] = [];
  /** Per shard, the checkpoint it posted (and how many rounds it had posted before it, counted from the run's start here), until taken. */
  private readonly saved: ({ state: unknown; upTo: number } | null)[];
  /** A checkpoint asked of every thread (see `ready`) and not yet taken. */
  private asked = false;
  private closed = false;
  /** The driver's look at the run's stop (see `watch`): none before the run is driven. */
  private stopDue: () => boolean = () => false;

  constructor(
    family: string,
    solver: string,
    puzzle: unknown,
    params: ShardThreadData['params'],
    starts: readonly ({ seed: number } | { state: unknown })[],
    round: number,
  ) {
    this.count = starts.length;
    this.control = new Int32Array(new SharedArrayBuffer((CONTROL_WORDS + this.count * SHARD_WORDS) * 4));
    this.received = Array.from({ length: this.count }, () => []);
    this.given = Array.from({ length: this.count }, () => 0);
    this.saved = Array.from({ length: this.count }, () => null);
    const source = threadSource();
    for (let index = 0; index < this.count; index++) {
      const { port1, port2 } = new MessageChannel();
      const workerData: ShardThreadData = {
        index,
        family,
        solver,
        puzzle,
        params,
        start: starts[index],
        round,
        control: this.control.buffer as SharedArrayBuffer,
        port: port2 as unknown as ShardThreadData['port'],
      };
      const options = { workerData, transferList: [port2] };
      const worker = 'code' in source ? new Worker(source.code, { ...options, eval: true }) : new Worker(source.file, options);
      liveShardThreads++;
      worker.once('exit', () => liveShardThreads--);
      this.workers.push(worker);
      this.ports.push(port1);
    }
    try {
      this.waitAll();
      for (let i = 0; i < this.count; i++) {
        this.drain(i);
        if (!this.first[i]) throw new Error(`thread ${i + 1} of ${this.count} sent no start`);
      }
    } catch (e) {
      this.close();
      throw e;
    }
  }

  starts(): readonly ShardRound[] {
    return this.first;
  }

  next(shard: number): ShardRound {
    this.alive();
    const w = shardWord(shard, ENDED);
    for (;;) {
      // Read before draining: a thread posts all it did before it says it has halted.
      const halted = Atomics.load(this.control, shardWord(shard, HALTED));
      const ended = Atomics.load(this.control, w);
      this.drain(shard);
      if (this.received[shard].length > 0) break;
      this.failed(shard);
      if (halted) throw new Error(`thread ${shard + 1} of ${this.count} has stopped`);
      this.wait(w, ended);
    }
    return this.give(shard, 1)[0];
  }

  watch(stopDue: () => boolean): void {
    this.stopDue = stopDue;
  }

  halt(): void {
    this.alive();
    this.signalStop();
    for (let i = 0; i < this.count; i++) {
      const w = shardWord(i, HALTED);
      while (!Atomics.load(this.control, w)) {
        this.failed(i);
        if (Atomics.wait(this.control, w, 0, LIVENESS_MS) === 'timed-out') this.dead();
      }
    }
  }

  /**
   * Sleep until `word` changes from `seen`, or a while: a run's stop, once due, is passed to every
   * thread at once (each ends its round at its next piece, see `stepShard`), and a thread gone
   * without answering fails the run.
   */
  private wait(word: number, seen: number): void {
    const stopping = Atomics.load(this.control, STOP) !== 0;
    if (Atomics.wait(this.control, word, seen, stopping ? LIVENESS_MS : STOP_POLL_MS) !== 'timed-out') return;
    if (!stopping && this.stopDue()) this.signalStop();
    this.dead();
  }

  /** Every thread ends its round where it is and plays no more (the run is ending). */
  private signalStop(): void {
    if (Atomics.load(this.control, STOP)) return;
    Atomics.store(this.control, STOP, 1);
    for (let i = 0; i < this.count; i++) {
      Atomics.add(this.control, shardWord(i, WAKE), 1);
      Atomics.notify(this.control, shardWord(i, WAKE));
    }
  }

  ahead(shard: number): ShardRound[] {
    this.alive();
    this.drain(shard);
    return this.give(shard, this.received[shard].length);
  }

  checkpoints(): { state: unknown; ahead: ShardRound[] }[] {
    this.alive();
    this.ask();
    this.waitAll();
    this.asked = false;
    for (let i = 0; i < this.count; i++) this.drain(i);
    // Asked early (see `ready`), then rounds past it taken (a stop came): saved again, as they are now.
    if (this.saved.some((saved, i) => saved !== null && saved.upTo < this.given[i])) {
      this.saved.fill(null);
      this.ask();
      this.waitAll();
      this.asked = false;
    }
    return this.ports.map((_, i) => {
      this.drain(i);
      const saved = this.saved[i];
      if (!saved) throw new Error(`thread ${i + 1} of ${this.count} sent no checkpoint`);
      this.saved[i] = null;
      return { state: saved.state, ahead: this.received[i].slice(0, Math.max(0, saved.upTo - this.given[i])) };
    });
  }

  /**
   * Waits without holding this thread (Atomics.waitAsync): for a round of each of `shards`, or
   * with `checkpoint` for every thread's checkpoint (asked for here, at once, so the threads save
   * it at the end of their rounds while the host's event loop goes on). A thread that failed or
   * halted counts as ready: `next` or `checkpoints` then says why.
   */
  async ready(shards: readonly number[], ms: number, checkpoint: boolean): Promise<boolean> {
    this.alive();
    if (checkpoint) this.ask();
    const deadline = performance.now() + ms;
    for (;;) {
      let word = -1;
      let seen = 0;
      if (checkpoint) {
        seen = Atomics.load(this.control, DONE);
        if (seen < this.count) word = DONE;
      } else {
        for (const i of shards) {
          // Read before draining, as in `next`.
          const ended = Atomics.load(this.control, shardWord(i, ENDED));
          this.drain(i);
          if (this.received[i].length > 0 || Atomics.load(this.control, shardWord(i, FAILED)) || Atomics.load(this.control, shardWord(i, HALTED))) continue;
          word = shardWord(i, ENDED);
          seen = ended;
          break;
        }
      }
      if (word < 0) return true;
      const left = deadline - performance.now();
      if (left <= 0) {
        this.dead();
        return false;
      }
      const w = waitAsync(this.control, word, seen, left);
      if (w.async) await w.value;
    }
  }

  /** Has every thread save its checkpoint at the end of its round, unless that is asked already. */
  private ask(): void {
    if (this.asked) return;
    this.asked = true;
    Atomics.store(this.control, DONE, 0);
    Atomics.store(this.control, CMD, CHECKPOINT);
    this.wakeAll();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    Atomics.store(this.control, CMD, QUIT);
    this.wakeAll();
    // A thread stuck in a long step would hold the process: end them all.
    for (const w of this.workers) void w.terminate();
    for (const p of this.ports) p.close();
  }

  private alive(): void {
    if (this.closed) throw new Error('the run has ended its threads');
  }

  /** Hands out the oldest `n` rounds received from a shard, telling its thread it may run further ahead. */
  private give(shard: number, n: number): ShardRound[] {
    const out = this.received[shard].splice(0, n);
    this.given[shard] += n;
    Atomics.store(this.control, shardWord(shard, TAKEN), this.given[shard]);
    Atomics.add(this.control, shardWord(shard, WAKE), 1);
    Atomics.notify(this.control, shardWord(shard, WAKE));
    return out;
  }

  /** Everything a shard's thread has posted so far, sorted into its places. */
  private drain(i: number): void {
    for (let m = receiveMessageOnPort(this.ports[i]); m; m = receiveMessageOnPort(this.ports[i])) {
      const msg = m.message as ShardThreadMessage;
      if ('error' in msg) throw new Error(`thread ${i + 1} of ${this.count}: ${msg.error}`);
      if ('round' in msg) this.received[i].push(msg.round);
      else if ('start' in msg) this.first[i] = msg.start;
      else this.saved[i] = { state: msg.value, upTo: this.given[i] + this.received[i].length };
    }
  }

  /** A new command generation, and every thread woken to see it. */
  private wakeAll(): void {
    Atomics.add(this.control, GEN, 1);
    for (let i = 0; i < this.count; i++) {
      Atomics.add(this.control, shardWord(i, WAKE), 1);
      Atomics.notify(this.control, shardWord(i, WAKE));
    }
  }

  /** Sleep until every thread has answered the command; a failed or dead thread fails the run. */
  private waitAll(): void {
    for (;;) {
      const done = Atomics.load(this.control, DONE);
      if (done >= this.count) break;
      this.wait(DONE, done);
    }
    for (let i = 0; i < this.count; i++) this.failed(i);
  }

  /** A thread gone without answering (threadId is -1 as soon as it is, before its exit event could be delivered). */
  private dead(): void {
    const dead = this.workers.findIndex((w) => w.threadId === -1);
    if (dead >= 0) throw new Error(`solver thread ${dead + 1} of ${this.count} ended without answering`);
  }

  private failed(i: number): void {
    if (!Atomics.load(this.control, shardWord(i, FAILED))) return;
    this.drain(i);
    throw new Error(`thread ${i + 1} of ${this.count}: failed`);
  }
}
