import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Workbench } from '../../../src/main/services/workbench';
import { Studies } from '../../../src/main/studies/studies';
import type { LeaseOwner } from '../../../src/main/store/leases';
import type { StudyRun } from '../../../src/main/store/studies';
import type { RunStatus, RunSummary } from '../../../src/main/store/types';
import type { RunClock } from '../../../src/core/engine/run-types';
import { studyProgress } from '../../../src/main/studies/results';
import type { StudySpec } from '../../../src/main/studies/spec';
import { inProcessSpawner, until } from '../runs/in-process';

const file = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: 'hc on mazes',
    puzzles: [
      { family: 'jump', puzzle: { rows: 5, cols: 5 } },
      { family: 'jump', puzzle: { rows: 6, cols: 6 } },
    ],
    solvers: [{ solver: 'hill-climb' }, { solver: 'hill-climb', preset: 'cs440-hc' }],
    seeds: 3,
    stop: { evaluations: 3000 },
    ...over,
  });
const noFiles = {
  readFile: (): string => {
    throw new Error('no files here');
  },
};

/** `hung`: a process whose workers never answer and that never renews its leases. */
function open(dbPath: string, concurrency = 1, owner?: LeaseOwner, o: { leaseTtlMs?: number; hung?: boolean } = {}) {
  const log = { spawned: 0, handles: [] as ReturnType<ReturnType<typeof inProcessSpawner>>[] };
  const silent = () => {
    const exits: ((d: string) => void)[] = [];
    return {
      alive: true,
      post: () => {},
      onMessage: () => {},
      onExit: (l: (d: string) => void) => void exits.push(l),
      dispose: () => exits.forEach((l) => l('killed by SIGKILL')),
    };
  };
  const wb = Workbench.open({
    dbPath,
    spawn: o.hung ? silent : inProcessSpawner(log as never),
    concurrency,
    checkpointIntervalMs: 20,
    progressIntervalMs: 20,
    lease: { heartbeatMs: o.hung ? 60_000 : 50, ...(owner ? { owner } : {}), ...(o.leaseTtlMs ? { leaseTtlMs: o.leaseTtlMs } : {}) },
  });
  return { wb, studies: new Studies(wb), log };
}

/**
 * Long enough that a run cannot end in the few slices between its first checkpoint and the close
 * (80,000 took about 100 ms here, and once in CI the run ended before the close).
 */
const MID_RUN_EVALUATIONS = 2_000_000;

/** A study of `seeds` hill climbs started and closed mid-run (as on quit), once its first run has a checkpoint. */
async function closedMidRun(seeds: number) {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'study-restart-')), 'w.db');
  const spec = file({
    puzzles: [{ family: 'jump', puzzle: { rows: 7, cols: 7 } }],
    solvers: [{ solver: 'hill-climb' }],
    seeds,
    stop: { evaluations: MID_RUN_EVALUATIONS },
  });
  const first = open(dbPath, 1);
  const study = first.studies.create(spec, 's.json', noFiles);
  first.studies.start(study.id);
  await until(() => first.wb.store.latestCheckpoint(first.studies.runs(study.id)[0]!.run.id), 20_000, 'a checkpoint');
  await first.wb.dispose();
  return { dbPath, spec, study };
}

describe('studies', () => {
  it('run their grid as ordinary runs and summarise each solver x puzzle cell', async () => {
    const { wb, studies } = open(':memory:');
    const study = studies.create(file(), 's.json', noFiles);
    expect(studies.progress(study.id)).toMatchObject({ planned: 12, notStarted: 12, done: 0 });
    const started = studies.start(study.id);
    expect(started.created).toHaveLength(12);
    const ended = await studies.waitFor(started.queued);
    expect(ended.every((r) => r.status === 'done')).toBe(true);
    // Ordinary runs: in the history with their settings; seed by seed, so every cell fills evenly.
    const runs = wb.store.listRuns({ limit: 100 }).reverse();
    expect(runs.map((r) => r.seed)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
    expect(runs.map((r) => r.puzzleName).slice(0, 4)).toEqual(['jump 5x5', 'jump 5x5', 'jump 6x6', 'jump 6x6']);
    expect(runs[1]!.stop).toEqual({ seconds: null, evaluations: 3000, target: null });
    expect(runs[1]!.params).toMatchObject({ restartAfter: 0, randomWalk: 0 });
    expect(runs.every((r) => r.evaluations === 3000)).toBe(true);

    const { progress, cells } = studies.results(study.id);
    expect(progress).toMatchObject({ planned: 12, done: 12, running: 0, queued: 0, failed: 0, notStarted: 0, estimatedMsLeft: null });
    expect(cells.map((c) => [c.puzzle, c.solver, c.done, c.planned])).toEqual([
      ['jump 5x5', 'hill-climb', 3, 3],
      ['jump 5x5', 'hill-climb cs440-hc', 3, 3],
      ['jump 6x6', 'hill-climb', 3, 3],
      ['jump 6x6', 'hill-climb cs440-hc', 3, 3],
    ]);
    const scores = studies
      .runs(study.id)
      .filter((l) => l.puzzleIndex === 1 && l.configIndex === 0)
      .map((l) => l.run.bestScore!);
    const mean = scores.reduce((a, b) => a + b, 0) / 3;
    expect(cells[2]).toMatchObject({ n: 3, best: Math.max(...scores), worst: Math.min(...scores), median: [...scores].sort((a, b) => a - b)[1] });
    expect(cells[2]!.mean).toBeCloseTo(mean);
    expect(cells[2]!.sd).toBeCloseTo(Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / 2));
    // Jump mazes have no known maximum, so no success rate without a target.
    expect(cells[2]).toMatchObject({ target: null, successRate: null, timeToTargetMs: null });

    // Deterministic for a seed: the same run outside the study scores the same.
    const lone = wb.createRun({
      target: { family: 'jump', name: 'x', puzzle: { rows: 6, cols: 6 } },
      solver: 'hill-climb',
      seed: 2,
      stop: { evaluations: 3000 },
    });
    const end = await wb.runs.waitFor(lone.id);
    expect(end.bestScore).toBe(studies.runs(study.id).find((l) => l.puzzleIndex === 1 && l.configIndex === 0 && l.seed === 2)!.run.bestScore);
    // Running a finished study again starts nothing.
    expect(studies.start(study.id).queued).toEqual([]);
    await wb.dispose();
  });

  it('count successes and time to target against a stop target', async () => {
    const { wb, studies } = open(':memory:');
    const study = studies.create(
      file({ puzzles: [{ family: 'jump', puzzle: { rows: 5, cols: 5 } }], solvers: [{ solver: 'hill-climb' }], stop: { evaluations: 3000, target: 5 } }),
      's.json',
      noFiles,
    );
    await studies.waitFor(studies.start(study.id).queued);
    const [cell] = studies.results(study.id).cells;
    const runs = studies.runs(study.id).map((l) => l.run);
    const hits = runs.filter((r) => r.bestScore! >= 5);
    expect(cell).toMatchObject({ target: 5, successRate: hits.length / runs.length });
    if (hits.length > 0) {
      const times = hits.map((r) => wb.store.events(r.id, { kinds: ['improvement'] }).find((e) => e.bestScore >= 5)!.elapsedMs).sort((a, b) => a - b);
      expect(cell!.timeToTargetMs).toBe(times.length % 2 ? times[times.length >> 1] : (times[times.length / 2 - 1]! + times[times.length / 2]!) / 2);
    }
    await wb.dispose();
  });

  it("give each puzzle's runs its own stop criteria, and put a paper's figures beside the cells", async () => {
    const { wb, studies } = open(':memory:');
    const study = studies.create(
      file({
        puzzles: [
          { family: 'jump', puzzle: { rows: 5, cols: 5 }, stop: { evaluations: 700 } },
          { family: 'jump', puzzle: { rows: 6, cols: 6 } },
        ],
        solvers: [{ solver: 'hill-climb' }],
        seeds: 1,
        published: { source: 'a paper', cells: [{ puzzle: 1, solver: 0, mean: 12.5 }] },
      }),
      's.json',
      noFiles,
    );
    await studies.waitFor(studies.start(study.id).queued);
    expect(studies.runs(study.id).map((l) => l.run.evaluations)).toEqual([700, 3000]);
    expect(studies.results(study.id).cells.map((c) => c.published)).toEqual([null, { mean: 12.5 }]);
    await wb.dispose();
  });

  it('survive a restart: queued runs continue, interrupted ones resume from their checkpoints, done ones are kept', async () => {
    const { dbPath, spec, study } = await closedMidRun(4);
    // One worker at a time: in-process workers share this thread, and a long slice of one can
    // delay another's last message past its exit (real worker processes have no such race).
    const second = open(dbPath, 1);
    const before = second.studies.progress(study.id);
    expect(before.interrupted).toBe(1);
    expect(before.queued).toBeGreaterThanOrEqual(2);

    const again = second.studies.start(study.id);
    expect(again.created).toEqual([]);
    expect(again.resumed.length).toBe(4 - before.done);
    await second.studies.waitFor(again.queued);
    expect(second.studies.progress(study.id)).toMatchObject({ planned: 4, done: 4 });
    const runs = second.studies.runs(study.id).map((l) => l.run);
    expect(runs).toHaveLength(4);
    expect(runs.every((r) => r.evaluations === MID_RUN_EVALUATIONS)).toBe(true);

    // The resumed run ends as if it had never been interrupted (same random stream from its checkpoint).
    const fresh = open(':memory:');
    const control = fresh.studies.create(spec, 's.json', noFiles);
    await fresh.studies.waitFor(fresh.studies.start(control.id).queued);
    expect(runs.map((r) => r.bestScore)).toEqual(fresh.studies.runs(control.id).map((l) => l.run.bestScore));
    await second.wb.dispose();
    await fresh.wb.dispose();
  });

  it('resume their interrupted runs at the start of the app or serve (resumeInterrupted), and only those', async () => {
    const { dbPath, study } = await closedMidRun(2);
    const second = open(dbPath, 1);
    const interrupted = second.studies
      .runs(study.id)
      .filter((l) => l.run.status === 'interrupted')
      .map((l) => l.run.id);
    expect(interrupted).toHaveLength(1);
    expect(second.studies.resumeInterrupted()).toEqual(interrupted);
    const [done] = await second.studies.waitFor(interrupted);
    expect(done).toMatchObject({ status: 'done', evaluations: MID_RUN_EVALUATIONS });
    expect(second.studies.resumeInterrupted()).toEqual([]);
    await second.wb.dispose();
  });

  it('run once when two processes start the same study: the second waits for the runs the first holds', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'study-two-')), 'w.db');
    const a = open(dbPath, 1);
    // Another process on another machine, alive for as long as it renews its leases.
    const b = open(dbPath, 1, { host: 'worker-7.example', pid: 77, startedAt: 1 });
    const study = a.studies.create(file({ seeds: 2 }), 's.json', noFiles);
    const first = a.studies.start(study.id);
    const second = b.studies.start(study.id);
    expect(first.created).toHaveLength(8);
    expect(second).toMatchObject({ created: [], resumed: [], queued: [] });
    expect(second.elsewhere.sort((x, y) => x - y)).toEqual(first.created);
    const ended = await b.studies.waitFor(second.elsewhere);
    expect(ended.every((r) => r.status === 'done')).toBe(true);
    expect(a.wb.store.countRuns()).toBe(8);
    await a.wb.dispose();
    await b.wb.dispose();
  });

  it('run to the end when the process holding the runs hangs or quits: the second takes its runs over', async () => {
    for (const how of ['hangs', 'quits'] as const) {
      const dbPath = join(mkdtempSync(join(tmpdir(), 'study-takeover-')), 'w.db');
      const a = open(dbPath, 1, { host: 'worker-7.example', pid: 77, startedAt: 1 }, how === 'hangs' ? { hung: true, leaseTtlMs: 300 } : {});
      const b = open(dbPath, 1, undefined, { leaseTtlMs: 600 });
      const study = a.studies.create(file({ seeds: 2 }), 's.json', noFiles);
      const first = a.studies.start(study.id);
      expect(first.created).toHaveLength(8);
      const running = b.studies.run(study.id);
      if (how === 'quits') await a.wb.dispose();
      const started = await running;
      expect(started.elsewhere.sort((x, y) => x - y)).toEqual(first.created);
      const runs = b.studies.runs(study.id).map((l) => l.run);
      expect(runs.map((r) => r.status)).toEqual(Array(8).fill('done'));
      // b ran the runs a had only queued.
      expect(b.log.spawned).toBeGreaterThanOrEqual(7);
      if (how === 'hangs') await a.wb.dispose();
      await b.wb.dispose();
    }
  });

  it('leave the runs of a live process to it however long they take', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'study-live-')), 'w.db');
    const a = open(dbPath, 1, { host: 'worker-7.example', pid: 77, startedAt: 1 });
    const b = open(dbPath, 1, undefined, { leaseTtlMs: 150 });
    const study = a.studies.create(file({ seeds: 1, stop: { evaluations: 100_000 } }), 's.json', noFiles);
    a.studies.start(study.id);
    // b looks every 50 ms for runs to take over, for as long as a works through its four runs.
    await b.studies.run(study.id);
    expect(b.studies.runs(study.id).map((l) => l.run.status)).toEqual(Array(4).fill('done'));
    expect(b.log.spawned).toBe(0);
    expect(a.log.spawned).toBe(4);
    await a.wb.dispose();
    await b.wb.dispose();
  });

  it('take a finished run from its run file into the empty cell that is exactly its own, and refuse one that is not', async () => {
    const spec = file({ seeds: 2 });
    const a = open(':memory:');
    const first = a.studies.create(spec, 's.json', noFiles);
    await a.studies.waitFor(a.studies.start(first.id).queued);
    const kept = a.studies
      .runs(first.id)
      .map((l) => ({ cell: { puzzleIndex: l.puzzleIndex, configIndex: l.configIndex, seed: l.seed }, text: a.wb.exportRunFile(l.run.id).text }));
    await a.wb.dispose();

    // The database is lost; the same study in a new one takes the kept files back, cell for cell.
    const b = open(':memory:');
    const again = b.studies.create(spec, 's.json', noFiles);
    for (const k of kept) expect(b.studies.adopt(again.id, b.wb.importRunFile('kept.run.json', k.text).id)).toEqual(k.cell);
    expect(b.studies.progress(again.id)).toMatchObject({ planned: 8, done: 8, notStarted: 0 });
    expect(b.studies.start(again.id).queued).toEqual([]);
    // A cell holds one run; a run of other settings, or of a seed the study has not, fits no cell.
    const dup = b.wb.importRunFile('kept.run.json', kept[0]!.text).id;
    expect(() => b.studies.adopt(again.id, dup)).toThrow(/has a run for seed 1 of that cell already/);
    const other = b.studies.create(file({ seeds: 2, stop: { evaluations: 2000 } }), 's.json', noFiles);
    expect(() => b.studies.adopt(other.id, dup)).toThrow(/solver, settings or stop criteria are none of study/);
    const fewer = b.studies.create(file({ seeds: [2] }), 's.json', noFiles);
    expect(() => b.studies.adopt(fewer.id, dup)).toThrow(/seed 1 of run \d+ is not among/);
    const elsewhere = b.studies.create(file({ seeds: 2, puzzles: [{ family: 'jump', puzzle: { rows: 7, cols: 7 } }] }), 's.json', noFiles);
    expect(() => b.studies.adopt(elsewhere.id, dup)).toThrow(/on a puzzle study \d+ does not hold/);
    await b.wb.dispose();
  });

  it('take an unfinished run from its run file and resume it from its checkpoint to the same end', async () => {
    const { dbPath, spec } = await closedMidRun(1);
    const home = open(dbPath);
    const text = home.wb.exportRunFile(home.wb.store.listRuns()[0]!.id).text;
    await home.wb.dispose();
    const b = open(':memory:');
    const study = b.studies.create(spec, 's.json', noFiles);
    const moved = b.wb.importRunFile('kept.run.json', text);
    expect(moved.status).toBe('interrupted');
    b.studies.adopt(study.id, moved.id);
    const started = b.studies.start(study.id);
    expect(started).toMatchObject({ resumed: [moved.id], created: [] });
    const [end] = await b.studies.waitFor(started.queued);
    expect(end).toMatchObject({ id: moved.id, status: 'done', evaluations: MID_RUN_EVALUATIONS });
    await b.wb.dispose();
  });

  it('stop every run wherever it is, and continue when run again', async () => {
    const { wb, studies } = open(':memory:', 1);
    const study = studies.create(file({ stop: { seconds: 60 } }), 's.json', noFiles);
    const started = studies.start(study.id);
    await until(() => wb.runs.activeCount() === 1, 5_000, 'a running run');
    const stopped = await studies.stop(study.id);
    expect(stopped).toHaveLength(12);
    expect(stopped.every((r) => r.status === 'stopped')).toBe(true);
    expect(studies.progress(study.id)).toMatchObject({ stopped: 12, queued: 0, running: 0 });
    const again = studies.start(study.id);
    expect(again.resumed.sort((a, b) => a - b)).toEqual(started.created);
    await studies.stop(study.id);
    await wb.dispose();
  });
});

describe('study progress', () => {
  it('estimates the time left from the done runs, shared among the running ones', () => {
    const spec = { puzzles: [{}, {}], configs: [{}], seeds: [1, 2, 3] } as unknown as StudySpec;
    const run = (id: number, status: RunStatus, elapsedMs: number, clock: RunClock = 'wall'): StudyRun => ({
      puzzleIndex: 0,
      configIndex: 0,
      seed: id,
      run: { id, status, elapsedMs, stop: { seconds: null, evaluations: null, target: null, clock } } as RunSummary,
    });
    // 6 planned: 2 done (10 s and 20 s: 15 s a run), 2 running (5 s and 20 s in), 1 queued, 1 not started.
    const runs = [run(1, 'done', 10_000), run(2, 'done', 20_000), run(3, 'running', 5_000), run(4, 'running', 20_000), run(5, 'queued', 0)];
    expect(studyProgress(spec, runs)).toEqual({
      planned: 6,
      done: 2,
      running: 2,
      queued: 1,
      stopped: 0,
      interrupted: 0,
      failed: 0,
      notStarted: 1,
      estimatedMsLeft: (2 * 15_000 + 10_000 + 0) / 2,
      estimateClock: 'wall',
    });
    expect(studyProgress(spec, runs.slice(2)).estimatedMsLeft).toBeNull();
    expect(studyProgress(spec, runs.slice(0, 2)).estimatedMsLeft).toBeNull();
  });

  it('turns runs’ CPU time into wall time at the pace their clocks go, and says CPU time while that pace is not known', () => {
    const spec = { puzzles: [{}], configs: [{}], seeds: [1, 2, 3, 4, 5] } as unknown as StudySpec;
    const run = (id: number, status: RunStatus, elapsedMs: number): StudyRun => ({
      puzzleIndex: 0,
      configIndex: 0,
      seed: id,
      run: { id, status, elapsedMs, stop: { seconds: 14_400, evaluations: null, target: null, clock: 'cpu' } } as RunSummary,
    });
    // Two-thread runs of 4 CPU hours: one done, one an hour in, three queued: 15 CPU hours left.
    const hour = 3_600_000;
    const runs = [run(1, 'done', 4 * hour), run(2, 'running', hour), run(3, 'queued', 0), run(4, 'queued', 0), run(5, 'queued', 0)];
    expect(studyProgress(spec, runs, (id) => (id === 2 ? 2 : null))).toMatchObject({ estimatedMsLeft: 7.5 * hour, estimateClock: 'wall' });
    expect(studyProgress(spec, runs)).toMatchObject({ estimatedMsLeft: 15 * hour, estimateClock: 'cpu' });
  });

  it('goes by the clocks of long runs, not by the pace of their ends, which counts the hours the study was not running', () => {
    const spec = { puzzles: [{}], configs: [{}], seeds: [1, 2, 3, 4, 5] } as unknown as StudySpec;
    const hour = 3_600_000;
    const run = (id: number, status: RunStatus, elapsedMs: number, endedAt: number | null): StudyRun => ({
      puzzleIndex: 0,
      configIndex: 0,
      seed: id,
      run: { id, status, elapsedMs, startedAt: 1, endedAt, stop: { seconds: 14_400, evaluations: null, target: null, clock: 'cpu' } } as RunSummary,
    });
    // Three 4-CPU-hour runs of two threads that ended a day apart (the machine off between sessions),
    // one an hour in, one queued: 7 CPU hours left, 3.5 hours at two threads, not 1.5 days.
    const runs = [
      run(1, 'done', 4 * hour, 10 * hour),
      run(2, 'done', 4 * hour, 34 * hour),
      run(3, 'done', 4 * hour, 58 * hour),
      run(4, 'running', hour, null),
      run(5, 'queued', 0, null),
    ];
    expect(studyProgress(spec, runs, () => 2)).toMatchObject({ estimatedMsLeft: 3.5 * hour, estimateClock: 'wall' });
  });

  it('does not take a pace from runs taken from run files, which all end at the moment they are imported', () => {
    const spec = { puzzles: [{}], configs: [{}], seeds: [1, 2, 3, 4, 5] } as unknown as StudySpec;
    const hour = 3_600_000;
    const imported = (id: number): StudyRun => ({
      puzzleIndex: 0,
      configIndex: 0,
      seed: id,
      run: {
        id,
        status: 'done',
        elapsedMs: 4 * hour,
        startedAt: null,
        endedAt: 1_000 + id,
        stop: { seconds: 14_400, evaluations: null, target: null, clock: 'cpu' },
      } as RunSummary,
    });
    const running: StudyRun = {
      puzzleIndex: 0,
      configIndex: 0,
      seed: 4,
      run: {
        id: 4,
        status: 'running',
        elapsedMs: hour,
        startedAt: 2_000,
        endedAt: null,
        stop: { seconds: 14_400, evaluations: null, target: null, clock: 'cpu' },
      } as RunSummary,
    };
    const queued: StudyRun = { ...running, seed: 5, run: { ...running.run, id: 5, status: 'queued', elapsedMs: 0, startedAt: null } };
    // Three 4-hour runs imported a millisecond apart, one an hour in at two threads, one queued: 7 CPU hours, 3.5 wall.
    const runs = [imported(1), imported(2), imported(3), running, queued];
    expect(studyProgress(spec, runs, () => 2)).toMatchObject({ estimatedMsLeft: 3.5 * hour, estimateClock: 'wall' });
  });
});
