import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from '../../../src/core/engine/protocol';
import type { RunSpec } from '../../../src/core/engine/run-types';
import { readFileSync } from 'node:fs';
import { drive } from '../../../src/core/engine/driver';
import { createRun, localShards, playRound, ShardedRun } from '../../../src/core/engine/shards';
import { edgeSolvers, piecesFormat, puzzleToJson } from '../../../src/core/families/edge';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { serveWorker } from '../../../src/main/worker/runner';
import { AHEAD, mayRunAhead } from '../../../src/main/worker/shard-layout';
import { liveShardThreads, threadShards } from '../../../src/main/worker/thread-shards';

const puzzle = generateEdgePuzzle({ rows: 7, cols: 7, frameColours: 3, innerColours: 5, seed: 4 }).puzzle;

/** One run through the worker body in this process, noting how many shard threads were alive at each message. */
function runInProcess(spec: RunSpec): Promise<{ messages: FromWorker[]; threads: number[] }> {
  return new Promise((resolve) => {
    const messages: FromWorker[] = [];
    const threads: number[] = [];
    const listeners: ((m: ToWorker) => void)[] = [];
    serveWorker(
      {
        post: (m) => {
          messages.push(m);
          threads.push(liveShardThreads);
        },
        onMessage: (l) => void listeners.push(l),
      },
      () => resolve({ messages, threads }),
    );
    for (const l of listeners) l({ type: 'start', spec });
  });
}

const spec = (solver: string, params: RunSpec['params'], evaluations: number): RunSpec => ({
  runId: 11,
  family: 'edge',
  solver,
  puzzle: puzzleToJson(puzzle),
  params,
  seed: 6,
  stop: { seconds: null, evaluations, target: null },
  checkpoint: null,
  progressIntervalMs: 0,
  checkpointIntervalMs: 0,
});

const done = (ms: FromWorker[]): Extract<FromWorker, { type: 'done' }> => {
  const d = ms.filter((m) => m.type === 'done');
  expect(d).toHaveLength(1);
  return d[0] as Extract<FromWorker, { type: 'done' }>;
};

describe('a run with threads=2 in the solver process', () => {
  it('runs its shards on 2 worker threads and ends with one best board, the same as its shards run one after the other', async () => {
    const s = spec('beam', { maxWidth: 64, threads: 2 }, 600_000);
    const { messages, threads } = await runInProcess(s);
    expect(messages.find((m) => m.type === 'error')).toBeUndefined();
    expect(Math.max(...threads)).toBe(2);
    const end = done(messages);
    const improvements = messages.flatMap((m) => (m.type === 'improvement' ? [m.improvement] : []));
    expect(improvements.at(-1)!.score).toBe(end.bestScore);
    // The same run in this thread: the same figures and board.
    const def = edgeSolvers.find((d) => d.id === 'beam')!;
    const local = createRun(def, puzzle, s.params, { seed: s.seed }, localShards(puzzle));
    while (local.evaluations < 600_000) local.step(600_000 - local.evaluations);
    expect([end.evaluations, end.bestScore]).toEqual([local.evaluations, local.bestScore]);
    expect(improvements.at(-1)!.solution).toEqual(local.bestSolution());
  });

  it('resumes from its checkpoint with the same threads and ends where an uninterrupted run ends', async () => {
    // Several rounds (a round is 2^23 budget units shared by the threads), so a checkpoint falls between two.
    const s = { ...spec('lns', { beamWidth: 16, nodeLimit: 500, threads: 2 }, 12_000_000), checkpointIntervalMs: 1 };
    const first = await runInProcess(s);
    const end = done(first.messages);
    const cps = first.messages.flatMap((m) => (m.type === 'checkpoint' ? [m.checkpoint] : []));
    // One taken while a thread had ended rounds ahead of those taken: the resume takes them first.
    const ahead = (c: (typeof cps)[number]): boolean => (c.state as { pending: unknown[][] }).pending.some((p) => p.length > 0);
    const mid = cps.find((c) => c.evaluations > 0 && c.evaluations < end.evaluations && ahead(c));
    expect(mid?.state).toMatchObject({ threads: 2 });
    const again = await runInProcess({ ...s, checkpoint: JSON.parse(JSON.stringify(mid)) });
    const end2 = done(again.messages);
    expect([end2.evaluations, end2.bestScore]).toEqual([end.evaluations, end.bestScore]);
    const other = await runInProcess({ ...s, params: { ...s.params, threads: 3 }, checkpoint: mid! });
    expect(other.messages.find((m) => m.type === 'error')).toMatchObject({ message: expect.stringMatching(/made with 2 threads/) });
  });
});

describe('shard threads', () => {
  it('run ahead of the rounds taken, within bounds, and go on once they are taken', async () => {
    const def = edgeSolvers.find((d) => d.id === 'lns')!;
    const exec = threadShards(puzzleToJson(puzzle))(def, { beamWidth: 16, nodeLimit: 500 }, [{ seed: 1 }, { seed: 2 }], 2_000);
    try {
      const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
      const first = exec.next(0);
      await sleep(1500);
      // Thread 2 ended rounds nobody took, up to its bound.
      const ahead = exec.ahead(1);
      expect(ahead.length).toBeGreaterThan(1);
      expect(ahead.length).toBeLessThanOrEqual(AHEAD.rounds);
      // Rounds come in order: the iteration count never goes back.
      const its = ahead.map((r) => r.report.iteration);
      expect(its).toEqual([...its].sort((a, b) => a - b));
      await sleep(300);
      expect(exec.ahead(1).length).toBeGreaterThan(0);
      expect(exec.next(0).report.iteration).toBeGreaterThanOrEqual(first.report.iteration);
    } finally {
      exec.close();
    }
  });

  it('stop running ahead at the bound in rounds, or once the oldest round not taken is too old', () => {
    const limits = { rounds: 4, ms: 1000 };
    const at = (round: number): number => 100 * round;
    expect(mayRunAhead(0, 0, 0, at, limits)).toBe(true);
    expect(mayRunAhead(3, 0, 250, at, limits)).toBe(true);
    expect(mayRunAhead(4, 0, 350, at, limits)).toBe(false);
    // Round 2 (the oldest not taken) ended at 200: 1000 later is too old.
    expect(mayRunAhead(3, 2, 1199, at, limits)).toBe(true);
    expect(mayRunAhead(3, 2, 1200, at, limits)).toBe(false);
    expect(mayRunAhead(5, 5, 1e9, at, limits)).toBe(true);
  });
});

describe("a user's stop on a run on threads", () => {
  const e2 = piecesFormat.read(readFileSync(new URL('../../../resources/instances/eternity2_256.txt', import.meta.url), 'utf8'), 'e2').puzzle;
  const beam = edgeSolvers.find((d) => d.id === 'beam')!;
  /** Rounds of 2^25 budget units a thread (beam on e2: more than half a second of a core). */
  const round = 2 ** 25;
  const seeds = [1, 2];

  /**
   * The run driven as the solver process drives it, its stop a flag the event loop sets (as the
   * worker's message handler does when the user's Stop arrives), due `when` the run asks for it.
   */
  async function stoppedRun(checkpointIntervalMs: number): Promise<{ run: ShardedRun; reason: string; checkpoints: unknown[] }> {
    const exec = threadShards(puzzleToJson(e2))(
      beam,
      {},
      seeds.map((seed) => ({ seed })),
      round,
    );
    const run = new ShardedRun(exec, { rounds: 0, best: null });
    let stop = false;
    const checkpoints: unknown[] = [];
    try {
      // The Stop is on its way as the run starts: a timer the event loop runs at its first chance.
      setTimeout(() => (stop = true), 0);
      const { reason } = await drive(
        run,
        { seconds: null, evaluations: null, target: null },
        {
          now: () => performance.now(),
          pause: () => new Promise<void>((r) => setImmediate(r)),
          stopRequested: () => stop,
          onProgress: () => {},
          onImprovement: () => {},
          onCheckpoint: (c) => void checkpoints.push(c.state),
        },
        { elapsedMs: 0, maxScore: 480, progressIntervalMs: 1e9, checkpointIntervalMs },
      );
      return { run, reason, checkpoints };
    } finally {
      run.close();
    }
  }

  it('reaches the threads in their first round: the run ends stopped with a small part of one round of work', async () => {
    // One whole round of each thread, played here: what a stop seen only at the round's end lets them do at least.
    const whole = seeds.map((seed) => playRound(createRun(beam, e2, {}, { seed }, localShards(e2)), round).report.evaluations).reduce((a, b) => a + b);
    expect(whole).toBeGreaterThan(0);
    const { run, reason, checkpoints } = await stoppedRun(1e9);
    expect(reason).toBe('stopped');
    // No round was waited out: the threads ended theirs at their next piece (a sixteenth of it).
    expect(run.rounds).toBe(0);
    expect(run.evaluations).toBeLessThan(whole / 2);
    expect(checkpoints.at(-1)).toMatchObject({ threads: 2 });
    await new Promise((r) => setTimeout(r, 200));
    expect(liveShardThreads).toBe(0);
  }, 60_000);

  it('reaches them while the run waits for a checkpoint at their round ends, and the last checkpoint is taken after the stop', async () => {
    const { run, reason, checkpoints } = await stoppedRun(0);
    expect(reason).toBe('stopped');
    expect(run.rounds).toBe(0);
    // One checkpoint: the run's last, with the rounds its threads cut short taken.
    expect(checkpoints).toHaveLength(1);
    expect(checkpoints[0]).toMatchObject({ threads: 2, rounds: 0, taken: [1, 1], pending: [[], []] });
  }, 60_000);
});
