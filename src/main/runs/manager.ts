import { availableParallelism } from 'node:os';
import type { FromWorker } from '../../core/engine/protocol';
import type { RunSpec, StopReason } from '../../core/engine/run-types';
import type { Store } from '../store/store';
import type { RunRecord, RunStatus } from '../store/types';
import type { WorkerHandle, WorkerSpawner } from './worker-host';

export interface RunManagerOptions {
  store: Store;
  spawn: WorkerSpawner;
  /** Runs at once; default cores - 1, at least 1. */
  concurrency?: number;
  checkpointIntervalMs?: number;
  progressIntervalMs?: number;
  /** How long a worker may take to wind down after `stop` before it is killed. */
  stopGraceMs?: number;
}

export type RunManagerEvent =
  | { type: 'status'; runId: number; status: RunStatus }
  | { type: 'progress'; runId: number; elapsedMs: number; evaluations: number; bestScore: number; currentScore: number }
  | { type: 'improvement'; runId: number; score: number };

interface Active {
  worker: WorkerHandle;
  ended: boolean;
  stopping: boolean;
  /** Set when the manager itself ends the run on shutdown: it must be resumable. */
  shuttingDown: boolean;
  killTimer?: NodeJS.Timeout;
}

const TERMINAL: readonly RunStatus[] = ['done', 'stopped', 'interrupted', 'failed'];

/**
 * Queues runs, starts one worker process per run, and turns the worker's messages into store
 * writes and events. The store is the single source of truth: a crash of either side loses at
 * most the work since the last checkpoint.
 */
export class RunManager {
  private readonly store: Store;
  private readonly spawn: WorkerSpawner;
  readonly concurrency: number;
  private readonly checkpointIntervalMs: number;
  private readonly progressIntervalMs: number;
  private readonly stopGraceMs: number;
  private readonly queue: number[] = [];
  private readonly active = new Map<number, Active>();
  private readonly listeners = new Set<(e: RunManagerEvent) => void>();
  private readonly waiters = new Map<number, ((r: RunRecord) => void)[]>();

  constructor(opts: RunManagerOptions) {
    this.store = opts.store;
    this.spawn = opts.spawn;
    this.concurrency = Math.max(1, opts.concurrency ?? availableParallelism() - 1);
    this.checkpointIntervalMs = opts.checkpointIntervalMs ?? 30_000;
    this.progressIntervalMs = opts.progressIntervalMs ?? 1_000;
    this.stopGraceMs = opts.stopGraceMs ?? 5_000;
  }

  subscribe(listener: (e: RunManagerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** At start-up: runs a previous process left running are interrupted; queued ones start again. */
  recover(): number[] {
    const interrupted = this.store.interruptRunning();
    for (const r of this.store.listRuns({ status: 'queued', limit: 10_000 }).reverse()) this.enqueue(r.id);
    return interrupted;
  }

  /** Put a queued run in line. */
  enqueue(runId: number): void {
    if (!this.queue.includes(runId) && !this.active.has(runId)) this.queue.push(runId);
    this.pump();
  }

  /** Continue an interrupted or stopped run from its last checkpoint. */
  resume(runId: number): RunRecord {
    const run = this.mustGet(runId);
    if (run.status !== 'interrupted' && run.status !== 'stopped')
      throw new Error(`run ${runId} is ${run.status}; only interrupted or stopped runs can be resumed`);
    this.setStatus(runId, 'queued', { endedAt: null, stopReason: null, error: null });
    this.enqueue(runId);
    return this.mustGet(runId);
  }

  /** Ask a run to stop; queued runs stop at once, running ones after their last checkpoint. */
  async stop(runId: number): Promise<RunRecord> {
    const qi = this.queue.indexOf(runId);
    if (qi >= 0) {
      this.queue.splice(qi, 1);
      this.finish(runId, 'stopped', { stopReason: 'stopped' });
      return this.mustGet(runId);
    }
    const a = this.active.get(runId);
    if (!a) return this.mustGet(runId);
    if (!a.stopping) {
      a.stopping = true;
      a.worker.post({ type: 'stop' });
      a.killTimer = setTimeout(() => a.worker.kill(), this.stopGraceMs);
    }
    return this.waitFor(runId);
  }

  /** Resolves when the run reaches a terminal status. */
  waitFor(runId: number): Promise<RunRecord> {
    const run = this.mustGet(runId);
    if (TERMINAL.includes(run.status) && !this.active.has(runId)) return Promise.resolve(run);
    return new Promise((resolve) => {
      const list = this.waiters.get(runId) ?? [];
      list.push(resolve);
      this.waiters.set(runId, list);
    });
  }

  isActive(runId: number): boolean {
    return this.active.has(runId);
  }

  activeCount(): number {
    return this.active.size;
  }

  /** On quit: end every worker; their runs become interrupted so they can be resumed later. */
  async shutdown(): Promise<void> {
    this.queue.length = 0;
    const pending = [...this.active.keys()].map((id) => {
      const a = this.active.get(id)!;
      a.shuttingDown = true;
      a.stopping = true;
      a.worker.post({ type: 'stop' });
      a.killTimer = setTimeout(() => a.worker.kill(), Math.min(this.stopGraceMs, 2_000));
      return this.waitFor(id);
    });
    await Promise.all(pending);
  }

  private pump(): void {
    while (this.active.size < this.concurrency && this.queue.length > 0) {
      const runId = this.queue.shift()!;
      try {
        this.launch(runId);
      } catch (e) {
        this.finish(runId, 'failed', { error: e instanceof Error ? e.message : String(e) });
      }
    }
  }

  private launch(runId: number): void {
    const run = this.mustGet(runId);
    const spec: RunSpec = {
      runId,
      family: run.family,
      solver: run.solver,
      puzzle: run.puzzle,
      params: run.params,
      seed: run.seed,
      stop: run.stop,
      checkpoint: this.store.latestCheckpoint(runId),
      progressIntervalMs: this.progressIntervalMs,
      checkpointIntervalMs: this.checkpointIntervalMs,
    };
    const worker = this.spawn();
    const a: Active = { worker, ended: false, stopping: false, shuttingDown: false };
    this.active.set(runId, a);
    this.setStatus(runId, 'running', { startedAt: run.startedAt ?? Date.now() });
    worker.onMessage((m) => this.onMessage(runId, a, m));
    worker.onExit((description) => {
      if (a.killTimer) clearTimeout(a.killTimer);
      if (a.ended) return;
      // The process is gone without saying `done`: crash, kill or out of memory.
      if (a.stopping && !a.shuttingDown) this.end(runId, a, 'stopped', { stopReason: 'stopped' });
      else this.end(runId, a, 'interrupted', { error: a.shuttingDown ? null : `solver process ${description}` });
    });
    worker.post({ type: 'start', spec });
  }

  private onMessage(runId: number, a: Active, m: FromWorker): void {
    if (a.ended || m.runId !== runId) return;
    try {
      switch (m.type) {
        case 'started':
          break;
        case 'progress':
          this.store.recordProgress(runId, m.sample);
          this.emit({ type: 'progress', runId, elapsedMs: m.sample.elapsedMs, evaluations: m.sample.evaluations, bestScore: m.sample.bestScore, currentScore: m.sample.currentScore });
          break;
        case 'improvement':
          this.store.recordImprovement(runId, m.improvement);
          this.emit({ type: 'improvement', runId, score: m.improvement.score });
          break;
        case 'checkpoint':
          this.store.saveCheckpoint(runId, m.checkpoint);
          break;
        case 'done': {
          const status: RunStatus = a.shuttingDown ? 'interrupted' : m.reason === 'stopped' ? 'stopped' : 'done';
          this.end(runId, a, status, { stopReason: m.reason, elapsedMs: m.elapsedMs, evaluations: m.evaluations });
          break;
        }
        case 'error':
          this.end(runId, a, 'failed', { error: m.message });
          break;
      }
    } catch (e) {
      // A store write failed (disk full, database gone): stop this run rather than lose track of it.
      a.worker.kill();
      try {
        this.end(runId, a, 'failed', { error: `could not save the run: ${e instanceof Error ? e.message : String(e)}` });
      } catch {
        /* the store itself is unusable; the run stays 'running' and becomes interrupted at next start */
        a.ended = true;
        this.active.delete(runId);
      }
    }
  }

  /** The run's worker is finished with it: record the outcome and free the slot at once. */
  private end(runId: number, a: Active, status: RunStatus, extra: Parameters<RunManager['finish']>[2]): void {
    a.ended = true;
    if (this.active.get(runId) === a) this.active.delete(runId);
    this.finish(runId, status, extra);
    this.pump();
  }

  private finish(runId: number, status: RunStatus, extra: { stopReason?: StopReason; error?: string | null; elapsedMs?: number; evaluations?: number }): void {
    this.setStatus(runId, status, { ...extra, endedAt: Date.now() });
    this.resolveWaiters(runId);
  }

  private setStatus(runId: number, status: RunStatus, extra: Parameters<Store['setRunStatus']>[2]): void {
    this.store.setRunStatus(runId, status, extra);
    this.emit({ type: 'status', runId, status });
  }

  private resolveWaiters(runId: number): void {
    if (this.active.has(runId)) return;
    const run = this.store.getRun(runId);
    if (!run || !TERMINAL.includes(run.status)) return;
    const list = this.waiters.get(runId);
    if (!list) return;
    this.waiters.delete(runId);
    for (const w of list) w(run);
  }

  private emit(e: RunManagerEvent): void {
    for (const l of this.listeners) l(e);
  }

  private mustGet(runId: number): RunRecord {
    const r = this.store.getRun(runId);
    if (!r) throw new Error(`no run ${runId}`);
    return r;
  }
}
