import { findSolver } from '../../core/catalogue/catalogue';
import { drive } from '../../core/engine/driver';
import type { FromWorker, MessagePortLike, ToWorker } from '../../core/engine/protocol';
import type { RunClock, RunSpec } from '../../core/engine/run-types';
import { createRun, ShardedRun } from '../../core/engine/shards';
import type { SolverRun } from '../../core/engine/solver';
import { getFamily } from '../../core/families';
import { memoryMeter } from './memory';
import { threadShards } from './thread-shards';

/**
 * The body of a solver worker: waits for `start`, runs the solver through the driver, streams
 * events, and ends with `done` or `error`. Transport-agnostic so tests can run it in-process.
 */
export function serveWorker(port: MessagePortLike<ToWorker, FromWorker>, onFinished: () => void): void {
  let stopRequested = false;
  let started = false;
  port.onMessage((msg) => {
    if (msg.type === 'stop') {
      stopRequested = true;
      return;
    }
    if (msg.type === 'start' && !started) {
      started = true;
      void runOne(msg.spec, port, () => stopRequested).finally(onFinished);
    }
  });
}

/**
 * The clock a run counts its time on, in ms. CPU time is this process's: a solver process runs one
 * run, so it is the run's own time on a core.
 */
export function runClock(clock: RunClock | undefined): () => number {
  if (clock !== 'cpu') return () => performance.now();
  return () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
}

async function runOne(spec: RunSpec, port: MessagePortLike<ToWorker, FromWorker>, stopRequested: () => boolean): Promise<void> {
  const runId = spec.runId;
  const memory = memoryMeter();
  let run: SolverRun | null = null;
  try {
    const family = getFamily(spec.family);
    const puzzle = family.puzzleFromJson(spec.puzzle, 'run puzzle');
    const def = findSolver(spec.family, spec.solver);
    // A run with threads > 1 runs its shards on worker threads of this process (thread-shards.ts).
    run = createRun(def, puzzle, spec.params, spec.checkpoint ? { checkpoint: spec.checkpoint.state } : { seed: spec.seed }, threadShards(spec.puzzle));
    const maxScore = family.maxScore(puzzle);
    port.post({ type: 'started', runId, maxScore });
    const { reason, elapsedMs } = await drive(
      run,
      spec.stop,
      {
        now: runClock(spec.stop.clock),
        pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
        stopRequested,
        onProgress: (sample) => port.post({ type: 'progress', runId, sample, memory: memory() }),
        onImprovement: (improvement) => port.post({ type: 'improvement', runId, improvement }),
        onCheckpoint: (checkpoint) => port.post({ type: 'checkpoint', runId, checkpoint }),
      },
      {
        elapsedMs: spec.checkpoint?.elapsedMs ?? 0,
        recordedBest: spec.recordedBest ?? null,
        maxScore,
        progressIntervalMs: spec.progressIntervalMs,
        checkpointIntervalMs: spec.checkpointIntervalMs,
      },
    );
    port.post({ type: 'done', runId, reason, elapsedMs, evaluations: run.evaluations, bestScore: run.bestScore, memory: memory() });
  } catch (e) {
    port.post({ type: 'error', runId, message: e instanceof Error ? e.message : String(e) });
  } finally {
    if (run instanceof ShardedRun) run.close();
  }
}
