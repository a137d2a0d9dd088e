/**
 * Runs a sharded run's shards (core/engine/shards.ts) on worker threads of this solver process:
 * one thread per shard, each holding its solver run, driven through a SharedArrayBuffer control
 * block. The main thread sets a command and sleeps (Atomics.wait) until every thread has answered,
 * so the driver's synchronous `step` stays synchronous and a round's outcome never depends on
 * which thread ends first.
 */
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { ShardExecutor, ShardExecutorFactory, ShardReport } from '../../core/engine/shards';
import { ADVANCE, ARG, BEST, CHECKPOINT, CMD, CONTROL_WORDS, DONE, FIGURES, GEN, QUIT, type ShardThreadData, type ShardThreadMessage } from './shard-layout';

/** How often a waiting main thread looks whether a thread died without answering, in ms. */
const LIVENESS_MS = 1000;

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
  return (def, params, starts) => new ThreadShards(def.family, def.id, puzzle, params, starts);
}

/** Worker threads alive in this process for sharded runs (for tests). */
export let liveShardThreads = 0;

class ThreadShards implements ShardExecutor {
  readonly count: number;
  private readonly control: Int32Array;
  private readonly figures: Float64Array;
  private readonly workers: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  private closed = false;

  constructor(family: string, solver: string, puzzle: unknown, params: ShardThreadData['params'], starts: readonly ({ seed: number } | { state: unknown })[]) {
    this.count = starts.length;
    this.control = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * 4));
    this.figures = new Float64Array(new SharedArrayBuffer(this.count * FIGURES * 8));
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
        control: this.control.buffer as SharedArrayBuffer,
        figures: this.figures.buffer as SharedArrayBuffer,
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
    } catch (e) {
      this.close();
      throw e;
    }
  }

  reports(): readonly ShardReport[] {
    const f = this.figures;
    return Array.from({ length: this.count }, (_, i) => ({
      evaluations: f[i * FIGURES],
      bestScore: f[i * FIGURES + 1],
      currentScore: f[i * FIGURES + 2],
      iteration: f[i * FIGURES + 3],
      finished: f[i * FIGURES + 4] === 1,
    }));
  }

  advance(budget: number): readonly ShardReport[] {
    this.command(ADVANCE, budget);
    return this.reports();
  }

  bestSolution(shard: number): unknown {
    this.command(BEST, shard);
    return this.take(shard);
  }

  checkpoints(): unknown[] {
    this.command(CHECKPOINT, 0);
    return this.ports.map((_, i) => this.take(i));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    Atomics.store(this.control, CMD, QUIT);
    Atomics.add(this.control, GEN, 1);
    Atomics.notify(this.control, GEN);
    // A thread stuck in a long step would hold the process: end them all.
    for (const w of this.workers) void w.terminate();
    for (const p of this.ports) p.close();
  }

  private command(cmd: number, arg: number): void {
    if (this.closed) throw new Error('the run has ended its threads');
    Atomics.store(this.control, DONE, 0);
    Atomics.store(this.control, CMD, cmd);
    Atomics.store(this.control, ARG, arg);
    Atomics.add(this.control, GEN, 1);
    Atomics.notify(this.control, GEN);
    this.waitAll();
  }

  /** Sleep until every thread has answered the command; a failed or dead thread fails the run. */
  private waitAll(): void {
    for (;;) {
      const done = Atomics.load(this.control, DONE);
      if (done >= this.count) break;
      if (Atomics.wait(this.control, DONE, done, LIVENESS_MS) === 'timed-out') {
        // threadId is -1 as soon as a thread is gone, before its exit event could be delivered.
        const dead = this.workers.findIndex((w) => w.threadId === -1);
        if (dead >= 0 && Atomics.load(this.control, DONE) < this.count) throw new Error(`solver thread ${dead + 1} of ${this.count} ended without answering`);
      }
    }
    for (let i = 0; i < this.count; i++) if (this.figures[i * FIGURES + 5] === 1) throw new Error(`thread ${i + 1} of ${this.count}: ${this.failure(i)}`);
  }

  private failure(i: number): string {
    for (let m = receiveMessageOnPort(this.ports[i]); m; m = receiveMessageOnPort(this.ports[i])) {
      const msg = m.message as ShardThreadMessage;
      if ('error' in msg) return msg.error;
    }
    return 'failed';
  }

  private take(i: number): unknown {
    const m = receiveMessageOnPort(this.ports[i]);
    if (!m) throw new Error(`thread ${i + 1} of ${this.count} sent no answer`);
    const msg = m.message as ShardThreadMessage;
    if ('error' in msg) throw new Error(`thread ${i + 1} of ${this.count}: ${msg.error}`);
    return msg.value;
  }
}
