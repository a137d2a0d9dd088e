import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { finishedRunFiles, fromEmptyReport, fromEmptyStudy, keepPartial, run, samePuzzle, type FromEmptyRun } from '../../bench/from-empty';
import { inProcessSpawner, until } from '../main/runs/in-process';
import { Workbench } from '../../src/main/services/workbench';
import { Studies } from '../../src/main/studies/studies';

const r = (seed: number, status: FromEmptyRun['status'], reach: Record<string, number>, refused: string | null = null): FromEmptyRun => ({
  seed,
  status,
  cpu: status === 'done' ? 14_400 : 900,
  best: 464,
  reach,
  refused,
});

describe('from-empty bench', () => {
  it('counts every finished run, a failed one as reaching nothing, and lists the unfinished without counting them', () => {
    const md = fromEmptyReport(
      [
        r(2, 'done', { 465: 1000 }),
        r(1, 'done', { 465: 300, 466: 4000 }),
        r(3, 'failed', {}),
        r(4, 'interrupted', { 465: 200 }),
        r(5, 'done', { 465: 50 }, 'it scores 460, not 465'),
      ],
      [465, 466, 467],
      14_400,
    );
    expect(md).toContain('| 465 | 2 of 3 | 1000 |');
    expect(md).toContain('| 466 | 1 of 3 | > 14400 |');
    expect(md).toContain('| 1 | done | 14400 | 464 | 300.0 | 4000.0 | - |  |');
    expect(md).toContain('| 4 | interrupted, not counted yet | 900 | 464 | 200.0 | - | - |  |');
    expect(md).toContain('| 5 | refused: it scores 460, not 465 |');
    expect(md).toContain('1 failed run counted as reaching nothing.');
    expect(md).toContain('No run counts all its passes');
    // Every counted run's CPU from its start to its first pass at the score: 465 at 300 and 1000,
    // the failed run's 900 CPU s reaching nothing; 466 at 4000, beside 14,400 and 900 without it.
    expect(md).toContain('| 465 | 2 | one per 1,100 (305 to 9,083) in 2,200 |');
    expect(md).toContain('| 466 | 1 | one per 19,300 (3,464 to 762,309) in 19,300 |');
    expect(md).toContain('| 467 | 0 | none in 29,700: one per 8,051 or more |');
    // Seeds in order.
    expect(md.indexOf('| 1 | done')).toBeLessThan(md.indexOf('| 2 | done'));
  });

  it('lists the finished runs kept beside every report of it in bench/results, not the unfinished ones', () => {
    const files = finishedRunFiles();
    // The bench was run on two codes, each into its own report and folder.
    for (const folder of ['from-empty', 'from-empty-floor']) expect(files).toContain(`bench/results/${folder}/seed1.run.json`);
    expect(files.every((f) => /^bench\/results\/from-empty[\w-]*\/seed\d+\.run\.json$/.test(f))).toBe(true);
    expect(finishedRunFiles('bench/results/from-empty-floor.md')).toHaveLength(5);
    expect(finishedRunFiles('bench/results/no-such-report.md')).toEqual([]);
  });

  it('says it was tuned on this puzzle for the puzzle, wherever its file lies, and not for another', () => {
    const dir = mkdtempSync(join(tmpdir(), 'from-empty-same-'));
    try {
      const copy = join(dir, 'e2.txt');
      copyFileSync('resources/studies/puzzles/eternity2_starter.txt', copy);
      expect(samePuzzle(copy, 'resources/studies/puzzles/eternity2_starter.txt')).toBe(true);
      expect(samePuzzle('resources/instances/e2_clue1_6x6.txt', 'resources/studies/puzzles/eternity2_starter.txt')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a study the study reader takes: one puzzle, the preset on its threads, the seeds, a CPU budget', () => {
    const o = { instance: 'resources/instances/e2_clue1_6x6.txt', preset: 'overnight', threads: 2, seeds: [1, 2], seconds: 60 };
    const json = fromEmptyStudy(o);
    const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }) });
    try {
      const study = new Studies(wb).create(JSON.stringify(json), 'from-empty.json', { readFile: (f) => readFileSync(f, 'utf8') });
      expect(study.spec.seeds).toEqual([1, 2]);
      expect(study.spec.configs[0]).toMatchObject({ solver: 'beam', preset: 'overnight', params: { threads: 2 }, stop: { seconds: 60, clock: 'cpu' } });
      // The name is how a bench run again finds its study: without overrides it is what it always was.
      expect(json.name).toBe('From empty: beam:overnight on 2 threads, 60 CPU s (e2_clue1_6x6.txt)');
      const set = new Studies(wb).create(JSON.stringify(fromEmptyStudy({ ...o, set: 'drift=1+driftAfter=1' })), 'from-empty.json', {
        readFile: (f) => readFileSync(f, 'utf8'),
      });
      expect(set.spec.name).toBe('From empty: beam:overnight+drift=1+driftAfter=1 on 2 threads, 60 CPU s (e2_clue1_6x6.txt)');
      expect(set.spec.configs[0]).toMatchObject({
        preset: 'overnight',
        params: { threads: 2, drift: 1, driftAfter: 1 },
        label: 'beam:overnight+drift=1+driftAfter=1',
      });
    } finally {
      void wb.dispose();
    }
  });

  it('refuses an override that is not one of the beam parameters, or not one of their values, in one line and before any run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'from-empty-set-'));
    try {
      const db = join(dir, 'x.db');
      await expect(run(['--set', 'drift', '--db', db])).rejects.toThrow(/^--set: "drift" is not name=value$/);
      await expect(run(['--set', 'drift=much', '--db', db])).rejects.toThrow(/drift.*number/);
      await expect(run(['--set', 'nosuch=1', '--db', db])).rejects.toThrow(/nosuch/);
      expect(existsSync(db)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a report from a database that holds no such study, in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'from-empty-none-'));
    try {
      await expect(run(['--report', '--db', join(dir, 'none.db'), '--out', join(dir, 'x.md')])).rejects.toThrow(
        /^--report: .*none\.db holds no such study yet$/,
      );
      expect(existsSync(join(dir, 'x.md'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps an unfinished run with its checkpoint, and a new database resumes it from there to its budget', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'from-empty-partial-'));
    try {
      const o = { instance: 'resources/studies/puzzles/eternity2_starter.txt', preset: 'overnight', threads: 1, seeds: [1], seconds: 3 };
      const keep = join(dir, 'night');
      // A night cut short: its run stopped part way, its file kept by the bench's timer.
      const home = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }), checkpointIntervalMs: 20 });
      try {
        const studies = new Studies(home);
        const study = studies.create(JSON.stringify(fromEmptyStudy(o)), 'from-empty.json', { readFile: (f) => readFileSync(f, 'utf8') });
        studies.start(study.id);
        const runId = studies.runs(study.id)[0]!.run.id;
        await until(() => home.store.latestCheckpoint(runId), 20_000, 'a checkpoint');
        await studies.stop(study.id);
        keepPartial(home, studies, study.id, keep);
      } finally {
        await home.dispose();
      }
      expect(existsSync(join(keep, 'seed1.partial.run.json'))).toBe(true);

      const said = vi.spyOn(process.stderr, 'write');
      let lines: string[];
      try {
        await run([
          '--instance',
          o.instance,
          '--seeds',
          '1',
          '--seconds',
          '3',
          '--threads',
          '1',
          '--targets',
          '400',
          '--db',
          join(dir, 'new.db'),
          '--out',
          join(dir, 'night.md'),
        ]);
      } finally {
        lines = said.mock.calls.map((c) => String(c[0]));
        said.mockRestore();
      }
      expect(lines).toContain('from-empty: seed 1 taken from its kept unfinished run file (stopped, resumed from its checkpoint)\n');
      expect(readFileSync(join(dir, 'night.md'), 'utf8')).toMatch(/\| 1 \| done \| 3 \| \d+ \|/);
      // Finished, it keeps its whole run file; the unfinished one's is gone.
      expect(existsSync(join(keep, 'seed1.run.json'))).toBe(true);
      expect(existsSync(join(keep, 'seed1.partial.run.json'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  describe('on a small puzzle, in a database kept between calls', () => {
    const dir = mkdtempSync(join(tmpdir(), 'from-empty-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const argv = ['--instance', 'resources/instances/e2_clue1_6x6.txt', '--seeds', '1,2', '--seconds', '0.5', '--threads', '1', '--targets', '50,60'];
    const db = join(dir, 'night.db');
    const out = join(dir, 'night.md');

    /** The database holds one study, and its two runs: nothing was made again. */
    const expectOneStudyOfTwoRuns = async (): Promise<void> => {
      const wb = Workbench.open({ dbPath: db, spawn: inProcessSpawner({ spawned: 0, handles: [] }) });
      try {
        expect(new Studies(wb).list()).toHaveLength(1);
        expect(wb.store.listRuns()).toHaveLength(2);
      } finally {
        await wb.dispose();
      }
    };

    it('runs every seed, and run again continues the same study instead of making another', async () => {
      await run([...argv, '--db', db, '--out', out]);
      const first = readFileSync(out, 'utf8');
      expect(first).toMatch(/\| 1 \| done \|/);
      expect(first).toMatch(/\| 2 \| done \|/);
      // Every finished run keeps its run file beside the report, whatever it reached.
      for (const seed of [1, 2]) {
        expect(first).toContain(`[run file](night/seed${seed}.run.json)`);
        expect(existsSync(join(dir, 'night', `seed${seed}.run.json`))).toBe(true);
      }
      await run([...argv, '--db', db, '--out', out, '--report']);
      await run([...argv, '--db', db, '--out', out]);
      await expectOneStudyOfTwoRuns();
    }, 120_000);

    it('goes on with its study from another checkout, where the puzzle file lies elsewhere', async () => {
      const moved = join(dir, 'moved', 'e2_clue1_6x6.txt');
      mkdirSync(join(dir, 'moved'));
      copyFileSync('resources/instances/e2_clue1_6x6.txt', moved);
      const there = argv.map((a) => (a === 'resources/instances/e2_clue1_6x6.txt' ? moved : a));
      await run([...there, '--db', db, '--out', out, '--report']);
      await run([...there, '--db', db, '--out', out]);
      await expectOneStudyOfTwoRuns();
    }, 120_000);

    it('goes on with a study made before a parameter was added at a default that keeps the old passes', async () => {
      // As an older code wrote it: beam had no driftAfter yet, so the resolved parameters lack it.
      const sql = new Database(db);
      try {
        const row = sql.prepare('SELECT id, spec FROM studies').get() as { id: number; spec: string };
        const spec = JSON.parse(row.spec) as { configs: { params: Record<string, unknown> }[] };
        expect(spec.configs[0]!.params).toHaveProperty('driftAfter', 0);
        delete spec.configs[0]!.params.driftAfter;
        sql.prepare('UPDATE studies SET spec = ? WHERE id = ?').run(JSON.stringify(spec), row.id);
      } finally {
        sql.close();
      }
      await run([...argv, '--db', db, '--out', out, '--report']);
      await run([...argv, '--db', db, '--out', out]);
      await expectOneStudyOfTwoRuns();
    }, 120_000);

    it('takes back its finished runs from the kept run files when its database is lost, running only the seeds it has none of', async () => {
      const kept = [1, 2].map((seed) => readFileSync(join(dir, 'night', `seed${seed}.run.json`), 'utf8'));
      const lost = join(dir, 'new.db');
      const said = vi.spyOn(process.stderr, 'write');
      let lines: string[];
      try {
        await run([...argv.map((a) => (a === '1,2' ? '1,2,3' : a)), '--db', lost, '--out', out]);
      } finally {
        lines = said.mock.calls.map((c) => String(c[0]));
        said.mockRestore();
      }
      expect(lines.filter((l) => /taken from its kept run file/.test(l))).toEqual([
        'from-empty: seed 1 taken from its kept run file\n',
        'from-empty: seed 2 taken from its kept run file\n',
      ]);
      const wb = Workbench.open({ dbPath: lost, spawn: inProcessSpawner({ spawned: 0, handles: [] }) });
      try {
        const runs = new Studies(wb).runs(new Studies(wb).list()[0]!.id);
        expect(runs.map((l) => [l.seed, l.run.status])).toEqual([
          [1, 'done'],
          [2, 'done'],
          [3, 'done'],
        ]);
      } finally {
        await wb.dispose();
      }
      // The kept files come back unchanged through the new database, and the new seed keeps its own.
      expect([1, 2].map((seed) => readFileSync(join(dir, 'night', `seed${seed}.run.json`), 'utf8'))).toEqual(kept);
      expect(readFileSync(out, 'utf8')).toContain('[run file](night/seed3.run.json)');
    }, 120_000);
  });
});
