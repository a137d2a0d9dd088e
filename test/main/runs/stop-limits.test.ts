/**
 * Issue 49, items 4 and 5: every run ends within its limit plus a small grace, whatever its
 * threads; work that cannot run (memory beyond the bound, an infeasible casse-tete, more threads
 * than cores, a limit that is no limit) is refused before anything is stored, at a launch (the
 * CLI's and the app's), through the API `serve` answers, and at study creation.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { findSolver } from '../../../src/core/catalogue/catalogue';
import { makeDocument } from '../../../src/core/document/document';
import { drive } from '../../../src/core/engine/driver';
import { ShardedRun } from '../../../src/core/engine/shards';
import { piecesFormat, puzzleToJson } from '../../../src/core/families/edge';
import { apiHandlers } from '../../../src/main/services/backend';
import { Workbench } from '../../../src/main/services/workbench';
import { Studies } from '../../../src/main/studies/studies';
import { liveShardThreads, threadShards } from '../../../src/main/worker/thread-shards';
import { inProcessSpawner } from './in-process';

const e2 = piecesFormat.read(readFileSync(new URL('../../../resources/instances/eternity2_256.txt', import.meta.url), 'utf8'), 'e2').puzzle;

/**
 * The grace a stop has (0.5 s or 10 % of the limit, the larger), stretched by how loaded this
 * machine is: on a machine running more than its cores' work, every step takes that much longer.
 */
function allowedMs(limitMs: number): number {
  const grace = Math.max(500, limitMs / 10);
  return limitMs + grace * Math.max(1, loadavg()[0] / availableParallelism());
}

const open: Workbench[] = [];
afterEach(async () => {
  for (const wb of open.splice(0)) await wb.dispose();
});

function workbench(cores?: number): Workbench {
  const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }), ...(cores ? { cores } : {}) });
  open.push(wb);
  return wb;
}

describe('a run on threads stops within its limit and grace', () => {
  it('cuts the round its threads are in once the clock has run out, instead of waiting for its end', async () => {
    // Rounds of 2^28 units (beam: about 5 s of one core, 2.5 s a thread): before a stop was seen
    // inside a round, a 1 s run ended with its first round, and its last checkpoint waited for another.
    const def = findSolver('edge', 'beam');
    const exec = threadShards(puzzleToJson(e2))(def, {}, [{ seed: 1 }, { seed: 2 }], 2 ** 28);
    const run = new ShardedRun(exec, { rounds: 0, best: null });
    let checkpoint: unknown = null;
    try {
      const { reason, elapsedMs } = await drive(
        run,
        { seconds: 1, evaluations: null, target: null },
        {
          now: () => performance.now(),
          pause: () => new Promise<void>((r) => setImmediate(r)),
          stopRequested: () => false,
          onProgress: () => {},
          onImprovement: () => {},
          onCheckpoint: (c) => void (checkpoint = c.state),
        },
        { elapsedMs: 0, maxScore: 480, progressIntervalMs: 1000, checkpointIntervalMs: 1e9 },
      );
      expect(reason).toBe('seconds');
      expect(elapsedMs).toBeLessThanOrEqual(allowedMs(1000));
      // What the threads did in the rounds they cut is the run's: taken, and in its checkpoint.
      expect(run.evaluations).toBeGreaterThan(0);
      expect(checkpoint).toMatchObject({ threads: 2, shards: [expect.anything(), expect.anything()] });
    } finally {
      run.close();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(liveShardThreads).toBe(0);
  });

  it('beam on 2 threads ends within its limit through the solver process', async () => {
    const wb = workbench();
    const run = wb.createRun({ target: { family: 'edge', name: 'e2', puzzle: e2 }, solver: 'beam', params: { threads: 2 }, seed: 3, stop: { seconds: 3 } });
    const end = await wb.runs.waitFor(run.id);
    expect(end.status).toBe('done');
    expect(end.elapsedMs).toBeLessThanOrEqual(allowedMs(3000));
  });
});

describe('work that cannot run is refused before anything is stored', () => {
  it('refuses threads beyond the machine`s cores, naming them', () => {
    const wb = workbench(2);
    for (const solver of ['beam', 'lns', 'backtrack'])
      expect(() => wb.createRun({ target: { family: 'edge', name: 'e2', puzzle: e2 }, solver, params: { threads: 64 }, stop: { seconds: 3 } })).toThrow(
        /^e2: threads: 64 is more than the 2 cores of this machine: choose at most 2$/,
      );
    expect(wb.store.listRuns()).toHaveLength(0);
  });

  it('refuses a GA whose populations do not fit in memory, with the estimate (the CLI and serve alike)', async () => {
    const wb = workbench();
    for (const size of [200, 1000])
      expect(() => wb.createRun({ target: { family: 'jump', name: 'maze', puzzle: { rows: size, cols: size } }, solver: 'ga', stop: { seconds: 2 } })).toThrow(
        new RegExp(
          `^maze: a population of [\\d,]+ mazes of ${size} x ${size} needs about [\\d,.]+ GB of memory, over the 2\\.00 GB a run may use on one thread`,
        ),
      );
    const h = apiHandlers(wb);
    const { id } = wb.createPuzzle(makeDocument('jump', 'big maze', { rows: 1000, cols: 1000 }));
    await expect(async () => h.startRuns({ puzzleId: id, solver: 'ga', seconds: 2 })).rejects.toThrow(
      /^big maze: a population of 2,000,000 mazes of 1000 x 1000 needs about/,
    );
    expect(wb.store.listRuns()).toHaveLength(0);
  });

  it('refuses an infeasible casse-tete for every solver, at a launch and through the API', async () => {
    const wb = workbench();
    const h = apiHandlers(wb);
    const { id } = wb.createPuzzle(makeDocument('parity', 'ct 3 2', { n: 3, m: 2 }));
    for (const solver of ['hill-climb', 'ga', 'sa', 'exact']) {
      expect(() => wb.createRun({ target: { family: 'parity', name: 'ct', puzzle: { n: 3, m: 2 } }, solver, stop: { seconds: 1 } })).toThrow(
        /^ct: n = 3, m = 2 has no solution: 7 tokens would remain, an odd number/,
      );
      await expect(async () => h.startRuns({ puzzleId: id, solver, seconds: 1 })).rejects.toThrow(/^ct 3 2: n = 3, m = 2 has no solution/);
    }
    expect(wb.store.listRuns()).toHaveLength(0);
  });

  it('refuses a limit that is no limit, naming the field', () => {
    const wb = workbench();
    const launch = (stop: Record<string, number>) => () =>
      wb.createRun({ target: { family: 'parity', name: 'ct', puzzle: { n: 4, m: 4 } }, solver: 'sa', stop });
    expect(launch({ seconds: 1e308 })).toThrow(/^seconds must be at most 1e\+7 \(about 116 days\), got 1e\+308; give no seconds/);
    expect(launch({ seconds: 2e7 })).toThrow(/^seconds must be at most/);
    expect(launch({ seconds: Infinity })).toThrow(/^seconds must be a positive number, got Infinity$/);
    expect(launch({ evaluations: 1e300 })).toThrow(/^evaluations must be a positive whole number up to 9007199254740991, got 1e\+300$/);
    expect(wb.store.listRuns()).toHaveLength(0);
  });

  it('refuses a study with a run that cannot run before the study is stored', () => {
    const wb = workbench(2);
    const studies = new Studies(wb);
    const text = (
      solver: Record<string, unknown>,
      puzzles: { family: string; name: string; puzzle: unknown }[] = [
        { family: 'parity', name: 'ct 4 4', puzzle: { n: 4, m: 4 } },
        { family: 'parity', name: 'ct 3 2', puzzle: { n: 3, m: 2 } },
      ],
    ) => JSON.stringify({ name: 's', puzzles, solvers: [solver], seeds: [1], stop: { seconds: 1 } });
    const create = (t: string) => () => studies.create(t, 'study.json', { readFile: () => '' });
    expect(create(text({ solver: 'exact' }))).toThrow(/^study\.json: solvers\[0\] \(exact\) on puzzles\[1\] \(ct 3 2\): n = 3, m = 2 has no solution/);
    expect(create(text({ solver: 'sa' }))).toThrow(/^study\.json: solvers\[0\] \(sa\) on puzzles\[1\] \(ct 3 2\): n = 3, m = 2 has no solution/);
    const maze = [{ family: 'jump', name: 'maze', puzzle: { rows: 1000, cols: 1000 } }];
    expect(create(text({ solver: 'ga' }, maze))).toThrow(/^study\.json: solvers\[0\] \(ga\) on puzzles\[0\] \(maze\): a population of 2,000,000 mazes/);
    const edge = [{ family: 'edge', name: 'e2', puzzle: puzzleToJson(e2) }];
    expect(create(text({ solver: 'lns', params: { threads: 64 } }, edge))).toThrow(/threads: 64 is more than the 2 cores of this machine/);
    expect(studies.list()).toHaveLength(0);
    expect(wb.store.listRuns()).toHaveLength(0);
  });
});
