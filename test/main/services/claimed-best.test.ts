import { describe, expect, it } from 'vitest';
import { makeDocument } from '../../../src/core/document/document';
import type { FromWorker, ToWorker } from '../../../src/core/engine/protocol';
import type { WorkerSpawner } from '../../../src/main/runs/worker-host';
import { Workbench } from '../../../src/main/services/workbench';
import { jump, until } from '../runs/in-process';

/**
 * A solver process that shows one true board (a 5x5 maze of single steps: 8 jumps to the goal)
 * and then, in every progress sample, claims a best of 1000 it never shows, until it is stopped.
 */
const boastingSpawner: WorkerSpawner = () => {
  const listeners: ((m: FromWorker) => void)[] = [];
  const exits: ((d: string) => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  const exit = (d: string): void => {
    clearInterval(timer);
    exits.forEach((l) => l(d));
  };
  const send = (m: FromWorker): void => void setImmediate(() => listeners.forEach((l) => l(m)));
  return {
    post(m: ToWorker) {
      if (m.type === 'stop') return exit('exited with code 0');
      const runId = m.spec.runId;
      const cells = Array.from({ length: 5 }, (_, r) => Array.from({ length: 5 }, (_, c) => (r === 4 && c === 4 ? 0 : 1)));
      send({ type: 'started', runId, maxScore: null });
      send({ type: 'improvement', runId, improvement: { elapsedMs: 1, evaluations: 1, score: 8, solution: { cells } } });
      let t = 2;
      timer = setInterval(
        () => send({ type: 'progress', runId, sample: { elapsedMs: t++, evaluations: t, iteration: t, bestScore: 1000, currentScore: 8, meanScore: null } }),
        10,
      );
    },
    onMessage: (l) => void listeners.push(l),
    onExit: (l) => void exits.push(l),
    dispose: () => exit('killed by SIGKILL'),
  };
};

describe('a solver that claims more in its progress than it shows', () => {
  it("leaves the run's and its puzzle's best at its checked board, and the run flags the claim", async () => {
    const wb = Workbench.open({ dbPath: ':memory:', spawn: boastingSpawner, concurrency: 1 });
    try {
      const puzzle = wb.createPuzzle(makeDocument('jump', 'j5', jump(5).puzzle));
      const run = wb.createRun({ target: { puzzleId: puzzle.id }, solver: 'hill-climb', seed: 1, stop: { seconds: 30 } });
      await until(() => wb.store.events(run.id, { kinds: ['progress'] }).length >= 3, 10_000, 'progress samples');
      const end = await wb.runs.stop(run.id);
      expect(end).toMatchObject({ status: 'stopped', bestScore: 8, claimedBest: 1000 });
      expect(wb.store.getRun(run.id)).toMatchObject({ bestScore: 8, claimedBest: 1000, bestSolution: { cells: expect.any(Array) } });
      expect(wb.store.getPuzzle(puzzle.id)!.bestScore).toBe(8);
      // The samples keep the solver's word.
      expect(wb.store.events(run.id, { kinds: ['progress'] }).every((e) => e.bestScore === 1000)).toBe(true);
    } finally {
      await wb.dispose();
    }
  });
});
