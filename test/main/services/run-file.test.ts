import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeDocument } from '../../../src/core/document/document';
import { generateEdgePuzzle } from '../../../src/core/families/edge/design/generator';
import { durationText } from '../../../src/core/text/run-text';
import { importRunFile, runToFile, type RunFile } from '../../../src/main/services/run-file';
import { Workbench } from '../../../src/main/services/workbench';
import { readSpreadInfo, writeSpreadInfo } from '../../../src/main/spread/info';
import { cli, tempDb } from '../../helpers/cli';
import { inProcessSpawner, jump, until } from '../runs/in-process';
import { sampleSpreadInfo } from '../spread/sample-info';

const open = (): Workbench =>
  Workbench.open({
    dbPath: ':memory:',
    spawn: inProcessSpawner({ spawned: 0, handles: [] }),
    concurrency: 1,
    checkpointIntervalMs: 50,
    progressIntervalMs: 20,
  });

/** A run stopped part way, with a checkpoint: what a person carries to another machine. */
async function stoppedRun(wb: Workbench): Promise<number> {
  const run = wb.createRun({ target: jump(9), solver: 'hill-climb', seed: 7, stop: { evaluations: 400_000 } });
  await until(() => wb.store.latestCheckpoint(run.id), 20_000, 'a checkpoint');
  const end = await wb.runs.stop(run.id);
  expect(end.status).toBe('stopped');
  return run.id;
}

const text = (f: RunFile): string => JSON.stringify(f);

/** Two databases: the one a run was made in, and the one it is carried to. */
async function withTwo(fn: (home: Workbench, away: Workbench) => Promise<void>): Promise<void> {
  const home = open();
  const away = open();
  try {
    await fn(home, away);
  } finally {
    await home.dispose();
    await away.dispose();
  }
}

describe('run files', () => {
  it(
    'a run moved to another database resumes there exactly as it would have at home',
    () =>
      withTwo(async (home, away) => {
        const id = await stoppedRun(home);
        const file = runToFile(home, id);
        const before = home.store.getRun(id)!;
        const moved = importRunFile(away, text(file), 'run.json');
        // Its history came along, and the best board was re-checked on the way in.
        expect(moved).toMatchObject({ status: 'stopped', solver: 'hill-climb', seed: 7, bestScore: before.bestScore, evaluations: before.evaluations });
        expect(away.store.events(moved.id).map(({ id: _, runId: __, ...e }) => e)).toEqual(home.store.events(id).map(({ id: _, runId: __, ...e }) => e));
        expect(away.store.latestCheckpoint(moved.id)).toEqual(home.store.latestCheckpoint(id));
        // Both go on from the same checkpoint to the same stop: the same run.
        // One after the other: in-process workers share this thread, and one's long slice could delay another's last message past its exit.
        home.runs.resume(id);
        const a = await home.runs.waitFor(id);
        away.runs.resume(moved.id);
        const b = await away.runs.waitFor(moved.id);
        expect(a.status, a.error ?? '').toBe('done');
        expect(b).toMatchObject({ status: 'done', evaluations: a.evaluations, bestScore: a.bestScore });
        expect(away.store.getRun(moved.id)!.bestSolution).toEqual(home.store.getRun(id)!.bestSolution);
        expect(b.evaluations).toBeGreaterThan(before.evaluations);
      }),
    60_000,
  );

  it(
    'refuses a file that does not hold, in one line naming it, and stores nothing',
    () =>
      withTwo(async (home, away) => {
        const file = runToFile(home, await stoppedRun(home));
        const improvement = file.events.findLast((e) => e.kind === 'improvement');
        if (improvement?.kind !== 'improvement') throw new Error('the run made no improvement');
        const { puzzleName: _name, ...nameless } = file.run;
        const cases: [string, string, RegExp][] = [
          ['not JSON', '{"format": "puzzle-workbench-run", ', /^run\.json: not JSON/],
          ['a newer version', text({ ...file, version: 2 } as unknown as RunFile), /^run\.json: version: expected "version": 1/],
          ['an unknown solver', text({ ...file, run: { ...file.run, solver: 'nope' } }), /^run\.json: .*nope/],
          ['an absurd setting', text({ ...file, run: { ...file.run, params: { restarts: -5 } } }), /^run\.json: /],
          [
            'no stop criterion that holds',
            text({ ...file, run: { ...file.run, stop: { seconds: -1, evaluations: null, target: null } } }),
            /^run\.json: seconds/,
          ],
          [
            'a false score',
            text({ ...file, events: [...file.events, { ...improvement, score: improvement.score + 1 }] }),
            /^run\.json: improvement \d+ \(at .+\) claims score \d+, but its board scores \d+$/,
          ],
          [
            'a board of another puzzle',
            text({ ...file, run: { ...file.run, puzzle: { rows: 4, cols: 4 } } }),
            /^run\.json: improvement 1 \(at .+\) claims score /,
          ],
          ['an event with a negative time', text({ ...file, events: [{ ...improvement, elapsedMs: -1 }] }), /^run\.json: events\[0\]\.elapsedMs: /],
          // valibot's own words for a missing key ('Invalid key: Expected "puzzleName" but received undefined') are not shown.
          ['a run without its name', JSON.stringify({ ...file, run: nameless }), /^run\.json: run\.puzzleName: missing$/],
        ];
        for (const [what, t, message] of cases) {
          let thrown: unknown;
          try {
            importRunFile(away, t, 'run.json');
          } catch (e) {
            thrown = e;
          }
          expect(thrown, what).toBeInstanceOf(Error);
          expect((thrown as Error).message, what).toMatch(message);
          expect((thrown as Error).message.includes('\n'), what).toBe(false);
        }
        expect(away.store.countRuns()).toBe(0);
      }),
    60_000,
  );

  it(
    'only checked boards set the best of an imported run: a forged improvement is refused naming it, a forged sample is only a claim',
    () =>
      withTwo(async (home, away) => {
        const id = await stoppedRun(home);
        const file = runToFile(home, id);
        const checked = home.store.getRun(id)!.bestScore!;
        const library = away.createPuzzle(makeDocument('jump', 'j9', jump(9).puzzle));
        const nth = (kind: 'improvement' | 'progress', n: number): number =>
          file.events.map((e, i) => (e.kind === kind ? i : -1)).filter((i) => i >= 0)[n - 1]!;

        // An improvement's score raised: its board does not score it.
        const forged = structuredClone(file);
        const k = file.events.filter((e) => e.kind === 'improvement').length;
        const last = forged.events[nth('improvement', k)]!;
        if (last.kind !== 'improvement') throw new Error('not an improvement');
        last.score = 999;
        expect(() => importRunFile(away, text(forged), 'x.run.json')).toThrow(
          `x.run.json: improvement ${k} (at ${durationText(last.elapsedMs)}) claims score 999, but its board scores ${checked}`,
        );
        expect(away.store.countRuns()).toBe(0);

        // A progress sample's best raised: imported, with the checked best, and the claim flagged.
        const claimed = structuredClone(file);
        const sample = claimed.events[nth('progress', 1)]!;
        if (sample.kind !== 'progress') throw new Error('not a progress sample');
        sample.bestScore = 999;
        const moved = importRunFile(away, text(claimed), 'y.run.json');
        expect(moved).toMatchObject({ puzzleId: library.id, bestScore: checked, claimedBest: 999 });
        expect(away.store.getPuzzle(library.id)!.bestScore).toBe(checked);
        expect(away.store.events(moved.id, { kinds: ['progress'] })[0]!.bestScore).toBe(999);
      }),
    60_000,
  );

  it(
    'a run that was live where it was written arrives interrupted, ready to resume',
    () =>
      withTwo(async (home, away) => {
        const file = runToFile(home, await stoppedRun(home));
        const moved = importRunFile(away, text({ ...file, run: { ...file.run, status: 'running' } }), 'run.json');
        expect(moved.status).toBe('interrupted');
        expect(moved.endedAt).toBeNull();
      }),
    60_000,
  );

  it('a spread run carries its workers, clocks and pool to the other database; a plain run has no such record', () =>
    withTwo(async (home, away) => {
      const id = await stoppedRun(home);
      expect('spread' in runToFile(home, id)).toBe(false);
      const info = sampleSpreadInfo();
      writeSpreadInfo(home.store, id, info);
      const file = runToFile(home, id);
      expect(file.spread).toEqual(info);
      const moved = importRunFile(away, text(file), 'run.json');
      expect(readSpreadInfo(away.store, moved.id)).toEqual(info);
      expect(() => importRunFile(away, text({ ...file, spread: { ...info, pool: 'high' } } as unknown as RunFile), 'run.json')).toThrow(
        /^run\.json: spread\.pool: /,
      );
    }));

  it('a run on more threads than this machine has cores is imported, and its resume refused in one line (it keeps its threads)', async () => {
    const spawned = { spawned: 0, handles: [] };
    const home = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner(spawned), concurrency: 1, checkpointIntervalMs: 50, cores: 3 });
    const away = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner(spawned), concurrency: 1, cores: 2 });
    try {
      // Big enough not to be solved before it is stopped.
      const puzzle = generateEdgePuzzle({ rows: 12, cols: 12, frameColours: 5, innerColours: 14, seed: 1 }).puzzle;
      const run = home.createRun({ target: { family: 'edge', name: 'g', puzzle }, solver: 'lns', params: { threads: 3 }, seed: 2, stop: { seconds: 60 } });
      await until(() => home.store.latestCheckpoint(run.id), 20_000, 'a checkpoint');
      expect((await home.runs.stop(run.id)).status).toBe('stopped');
      const moved = importRunFile(away, text(runToFile(home, run.id)), 'run.json');
      expect(moved.status).toBe('stopped');
      const before = spawned.spawned;
      expect(() => away.resumeRun(moved.id)).toThrow(
        new RegExp(
          `^run ${moved.id}: threads: 3 is more than the 2 cores of this machine, and a run resumes on the threads it started with: resume it on a machine with at least 3 cores$`,
        ),
      );
      expect(away.store.getRun(moved.id)!.status).toBe('stopped');
      expect(spawned.spawned).toBe(before);
    } finally {
      await home.dispose();
      await away.dispose();
    }
  }, 60_000);

  it('export --format run and import carry a run between databases on the command line', async () => {
    const db = tempDb();
    const wb = Workbench.open({ dbPath: db, spawn: inProcessSpawner({ spawned: 0, handles: [] }), concurrency: 1, checkpointIntervalMs: 50 });
    try {
      await stoppedRun(wb);
    } finally {
      await wb.dispose();
    }
    const out = join(dirname(db), 'moved.run.json');
    const exported = cli(['export', '1', '--format', 'run', '--out', out, '--db', db]);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const other = tempDb();
    const imported = cli(['import', out, '--db', other]);
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(/^run 1: .* on j9, stopped, best .* \(workbench resume 1 goes on with it\)\n$/);
    // A run file among puzzle files is refused: each is stored its own way.
    const puzzle = join(dirname(db), 'm.maze');
    writeFileSync(puzzle, '3\n1 2 1\n1 1 1\n2 1 0\n');
    const mixed = cli(['import', out, puzzle, '--db', other]);
    expect(mixed.code).not.toBe(0);
    expect(mixed.stderr).toMatch(/^workbench import: import run files on their own, not with puzzle files\n$/);
  }, 60_000);
});
