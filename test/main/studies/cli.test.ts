import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliAsync, instances, repoRoot, tempDb } from '../../helpers/cli';
import { until } from '../runs/in-process';

function studyFile(db: string, over: Record<string, unknown> = {}, name = 'study.json'): string {
  const file = join(dirname(db), name);
  writeFileSync(
    file,
    JSON.stringify({
      name: 'clue 1: hill climbing vs annealing',
      puzzles: [join(instances, 'e2_clue1_6x6.txt')],
      solvers: [{ solver: 'hill-climb' }, { solver: 'sa', label: 'annealing' }],
      seeds: [1, 2],
      stop: { evaluations: 5000 },
      ...over,
    }),
  );
  return file;
}

describe('workbench study', () => {
  it('creates, runs, shows and lists a study; its runs are ordinary runs', () => {
    const db = tempDb();
    const created = cli(['study', 'create', studyFile(db), '--db', db]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toBe('1\n');
    expect(created.stderr).toMatch(/study 1 "clue 1: hill climbing vs annealing": 1 puzzle x 2 solvers x 2 seeds = 4 runs/);
    expect(cli(['study', 'list', '--db', db]).stdout).toMatch(/1\s+clue 1: hill climbing vs annealing\s+edge\s+.*\s+new\s+0\/4 done/);

    const ran = cli(['study', 'run', '1', '--concurrency', '2', '--db', db]);
    expect(ran.code, ran.stderr + cli(['runs', '--json', '--db', db]).stdout).toBe(0);
    expect(ran.stdout).toMatch(
      /^study 1: .*\ndone: 4\/4 done\n\npuzzle\s+solver\s+runs\s+mean\s+median\s+best\s+sd\s+reached\s+time to target \(reachers\)\s+evals to target \(reachers\)\s+mean 95% CI\s+median 95% CI\n/,
    );
    expect(ran.stdout).toMatch(/e2_clue1_6x6\s+annealing\s+2\/2 /);

    const json = JSON.parse(cli(['study', 'show', '1', '--json', '--db', db]).stdout) as {
      status: string;
      progress: { done: number };
      cells: { solver: string; n: number; best: number; maxScore: number }[];
    };
    expect(json).toMatchObject({ status: 'done', progress: { done: 4 } });
    expect(json.cells.map((c) => [c.solver, c.n, c.maxScore])).toEqual([
      ['hill-climb', 2, 60],
      ['annealing', 2, 60],
    ]);
    const runs = JSON.parse(cli(['runs', '--json', '--db', db]).stdout) as { solver: string; seed: number; evaluations: number; bestScore: number }[];
    expect(runs).toHaveLength(4);
    expect(Math.max(...runs.filter((r) => r.solver === 'sa').map((r) => r.bestScore))).toBe(json.cells[1]!.best);
    const md = cli(['study', 'show', '1', '--markdown', '--db', db]).stdout;
    expect(md).toMatch(/^## clue 1: hill climbing vs annealing\n/);
    expect(md).toMatch(
      /\n\| puzzle \| solver \| runs \| mean \| median \| best \| sd \| reached \| time to target \(reachers\) \| evals to target \(reachers\) \| mean 95% CI \| median 95% CI \|\n\| --- \| --- \| ---: \|/,
    );
    // The table, the setup (the program's version, the budget and its clock), then the comparisons: heading, note and a table of one pair.
    expect(md).toMatch(
      /\n### Setup\n\nPuzzle Workbench \d+\.\d+\.\d+\S*\. Stop budget of each setting's runs:\n\n- hill-climb: 5,000 evaluations, times on the wall clock\n- annealing: 5,000 evaluations, times on the wall clock\n/,
    );
    expect(md).toMatch(/\n### Comparisons\n\n.*\n\n\| puzzle \| first \| second \|.*\n\| --- .*\n\| e2_clue1_6x6 \| hill-climb \| annealing \| [^\n]*\|\n$/);
    expect(cli(['study', 'stop', '1', '--db', db]).stdout).toBe('study 1: nothing was running (4/4 done)\n');
    // Running a finished study again runs nothing.
    expect(cli(['study', 'run', '1', '--db', db]).code).toBe(0);
    expect(JSON.parse(cli(['runs', '--json', '--db', db]).stdout)).toHaveLength(4);
    // A dozen CLI processes and four solver processes: minutes on a loaded 2-core machine.
  }, 180_000);

  it('tells two clearly different settings apart (p < 0.05, A12 = 1) and two identical ones not (issue 24)', async () => {
    const db = tempDb();
    const file = studyFile(
      db,
      {
        name: 'hill climbing against a random walk',
        solvers: [
          { solver: 'hill-climb', label: 'climb' },
          { solver: 'hill-climb', label: 'climb again' },
          { solver: 'hill-climb', params: { randomWalk: 1 }, label: 'random walk' },
        ],
        seeds: 5,
        stop: { evaluations: 5000 },
      },
      'different.json',
    );
    expect(cli(['study', 'create', file, '--db', db]).code).toBe(0);
    // Fifteen solver processes: minutes on a loaded machine, past cli()'s two-minute limit.
    const child = cliAsync(['study', 'run', '1', '--concurrency', '2', '--db', db]);
    const ran = { stdout: '', stderr: '', code: null as number | null };
    child.stdout.on('data', (d: Buffer) => (ran.stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (ran.stderr += d.toString()));
    ran.code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(ran.code, ran.stderr).toBe(0);
    const json = JSON.parse(cli(['study', 'show', '1', '--json', '--db', db]).stdout) as {
      comparisons: { a: number; b: number; score: { p: number; pHolm: number; a12: number }; paired: { p: number } | null; winner: number | null }[];
      cells: { intervals: { mean: { low: number; high: number } } | null }[];
    };
    const pair = (a: number, b: number) => json.comparisons.find((c) => c.a === a && c.b === b)!;
    // The same solver, parameters and seeds: the same runs, no difference.
    expect(pair(0, 1).score).toMatchObject({ p: 1, a12: 0.5 });
    // No pairing declared in the study file: no paired test (issue 47).
    expect(pair(0, 1).paired).toBeNull();
    expect(pair(0, 1).winner).toBeNull();
    // Climbing against a random walk: every climb above every walk.
    expect(pair(0, 2).score.a12).toBe(1);
    expect(pair(0, 2).score.p).toBeLessThan(0.05);
    expect(pair(0, 2).score.pHolm).toBeLessThan(0.05);
    expect(pair(0, 2).winner).toBe(0);
    expect(json.cells.every((c) => c.intervals !== null)).toBe(true);
    expect(ran.stdout).toMatch(
      /climb vs random walk: score p 0\.0079 \(Holm 0\.024\), A12 1\.00.*\n {4}-> climb better than random walk \(Mann-Whitney p = 0\.0079, Holm 0\.024, A12 1\.00\)/,
    );
  }, 480_000);

  it('exports a study as CSV, markdown (its critical-difference diagram beside it) and JSON, with the budget, clock and version (issue 47)', () => {
    const db = tempDb();
    const file = studyFile(
      db,
      {
        name: 'three walks over two mazes',
        puzzles: [
          { family: 'jump', name: 'maze 5x5', puzzle: { rows: 5, cols: 5 } },
          { family: 'jump', name: 'maze 6x6', puzzle: { rows: 6, cols: 6 } },
        ],
        solvers: [
          { solver: 'hill-climb', label: 'climb' },
          { solver: 'sa', label: 'annealing' },
          { solver: 'hill-climb', params: { randomWalk: 1 }, label: 'random walk' },
        ],
        seeds: 1,
        stop: { evaluations: 2000, clock: 'cpu', seconds: 30 },
      },
      'export.json',
    );
    expect(cli(['study', 'create', file, '--db', db]).code).toBe(0);
    const ran = cli(['study', 'run', '1', '--concurrency', '2', '--db', db]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/\nover the puzzles: Friedman over 2 puzzles \(median best score\) p [=<] [\d.]+: /);
    // Two puzzles: the pairs' p counted over every reordering, as the Friedman p is.
    expect(ran.stdout).toMatch(/\n {2}post-hoc, the pairs' rank sums, Holm over the pairs, p exact \(every arrangement counted\): climb vs annealing p [=<] /);

    const out = join(dirname(db), 'report.md');
    const md = cli(['study', 'export', '1', '--format', 'markdown', '--out', out, '--db', db]);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stderr).toBe(`study 1: wrote ${out} and ${join(dirname(db), 'report-cd.svg')}\n`);
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('\n### Over the puzzles\n');
    expect(text).toContain('\n![Critical-difference diagram](report-cd.svg)\n');
    expect(text).toMatch(/Puzzle Workbench \d+\.\d+\.\d+\S*\. Stop budget of each setting's runs:\n\n- climb: 30 s \(cpu clock\), 2,000 evaluations\n/);
    expect(readFileSync(join(dirname(db), 'report-cd.svg'), 'utf8')).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>][\s\S]*random walk[\s\S]*<\/svg>\s*$/);
    // To stdout, the diagram is inline.
    expect(cli(['study', 'export', '1', '--db', db]).stdout).toMatch(/\n### Over the puzzles\n[\s\S]*\n<svg/);

    const json = JSON.parse(cli(['study', 'export', '1', '--format', 'json', '--db', db]).stdout) as {
      workbenchVersion: string;
      budget: { settings: { clock: string; seconds: number; evaluations: number }[] };
      overPuzzles: { test: string; averageRanks: number[]; diagram: string; verdict: string };
    };
    expect(json.workbenchVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(json.budget.settings.map((x) => [x.clock, x.seconds, x.evaluations])).toEqual([
      ['cpu', 30, 2000],
      ['cpu', 30, 2000],
      ['cpu', 30, 2000],
    ]);
    expect(json.overPuzzles.test).toBe('friedman');
    expect(json.overPuzzles.averageRanks).toHaveLength(3);
    expect(json.overPuzzles.diagram).toMatch(/<svg[\s>]/);
    const csvOut = join(dirname(db), 'cells.csv');
    expect(cli(['study', 'export', '1', '--format', 'csv', '--out', csvOut, '--db', db]).code).toBe(0);
    expect(existsSync(join(dirname(db), 'cells-cd.svg'))).toBe(false);
    const csv = readFileSync(csvOut, 'utf8').split('\n');
    expect(csv[0]).toMatch(/,stop_seconds,stop_evaluations,stop_target,clock,workbench_version,/);
    expect(csv[1]).toMatch(/,30,2000,,cpu,\d+\.\d+\.\d+/);
  }, 240_000);

  it('shows a template study with the published figures beside its cells before any run', () => {
    const db = tempDb();
    expect(cli(['study', 'create', join(repoRoot, 'resources', 'studies', 'msgvns-table1.json'), '--db', db]).stdout).toBe('1\n');
    const text = cli(['study', 'show', '1', '--db', db]).stdout;
    expect(text).toMatch(
      /^study 1: MS-GVNS table 1: META 2010 instances, 30 runs \(edge; 4 puzzles x 1 solver x 30 seeds = 120 runs\)\nnew: 0\/120 done\npublished: MS-GVNS, META 2010, table 1/,
    );
    expect(text).toMatch(/\nMETA 10x10\s+MS-GVNS \(paper settings\)\s+0\/30\s+(-\s+){9}mean 165\.67, median 166, best 167\n/);
    expect(cli(['study', 'show', '1', '--markdown', '--db', db]).stdout).toMatch(
      /\| META 16x16 \| MS-GVNS \(paper settings\) \| 0\/30 \| (- \| ){9}mean 419\.57, median 419\.50, best 425 \|/,
    );
  });

  it('shows a grouped template (Aspinall table 2) as one row per group, the paper beside it, as text, markdown and JSON', () => {
    const db = tempDb();
    expect(cli(['study', 'create', join(repoRoot, 'resources', 'studies', 'aspinall-table2.json'), '--db', db]).stdout).toBe('1\n');
    const text = cli(['study', 'show', '1', '--db', db]).stdout;
    expect(text).toMatch(/\(edge; 120 puzzles x 4 solvers x 1 seed = 480 runs\)/);
    expect(text).toMatch(/\n4x4 \(3:3\)\s+single tiles\s+0\/20\s+(-\s+){9}evals 88\n/);
    expect(cli(['study', 'show', '1', '--markdown', '--db', db]).stdout).toMatch(/\n\| 6x6 \(3:5\) \| heuristic 2 \| 0\/20 \| (- \| ){9}evals 83,689 \|\n/);
    const json = JSON.parse(cli(['study', 'show', '1', '--json', '--db', db]).stdout) as { cells: { puzzle: string; planned: number; published: unknown }[] };
    expect(json.cells).toHaveLength(24);
    expect(json.cells[23]).toMatchObject({ puzzle: '8x8 (3:6)', planned: 20, published: { evaluationsToTarget: 6_309_757 } });
  });

  it('refuses bad input in one line with exit 2, and stores nothing', () => {
    const db = tempDb();
    const cases: [string[], RegExp][] = [
      [['study'], /^workbench study: study needs a subcommand: create, run, show, export, stop, list\n$/],
      [['study', 'frob'], /^workbench study: unknown study subcommand "frob" \(try: create, run, show, export, stop, list\)\n$/],
      [['study', 'create'], /missing FILE/],
      [['study', 'create', join(dirname(db), 'nope.json')], /nope\.json: no such file\n$/],
      [['study', 'create', studyFile(db, { seeds: [1, 1] }, 'seeds.json')], /seeds\.json: seeds\[1\]: seed 1 is listed twice\n$/],
      [['study', 'create', studyFile(db, { puzzles: ['missing.txt'] }, 'missing.json')], /missing\.json: puzzles\[0\]: .*missing\.txt: no such file\n$/],
      [['study', 'show', '7'], /^workbench study: there is no study 7 in /],
      [
        ['study', 'create', studyFile(db, { stop: { evaluations: 5000, target: 61 } }, 'target.json')],
        /target\.json: solvers\[0\] \(hill-climb\) on puzzles\[0\] .*: target 61 is above the puzzle's best possible score, 60: no run could reach it\n$/,
      ],
      [['study', 'run', 'x'], /ID must be a whole number from 1 \(an id\), got "x"/],
      [['study', 'show', '1', '--json', '--markdown'], /give --json or --markdown, not both/],
      [['study', 'run', '1', '--concurrency', '0'], /--concurrency must be at least 1/],
      [['study', 'run', '1', '--concurrency', '100000'], /--concurrency must be at most 256, got 100000/],
      [['study', 'export', '1', '--format', 'xlsx'], /--format xlsx: give csv, markdown, json/],
    ];
    for (const [args, message] of cases) {
      const r = cli([...args, '--db', db]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(cli(['study', 'list', '--db', db]).stdout).toMatch(/^no studies yet/);
    // A dozen CLI processes (5-10 s each to start on a loaded 2-core machine): past the default minute.
  }, 300_000);

  it('stops from another process or with Ctrl+C (exit 1, 130), leaving its runs stopped and resumable', async () => {
    const db = tempDb();
    const file = studyFile(db, {
      puzzles: [{ family: 'jump', puzzle: { rows: 7, cols: 7 } }],
      solvers: [{ solver: 'hill-climb' }],
      seeds: 3,
      stop: { seconds: 120 },
    });
    expect(cli(['study', 'create', file, '--db', db]).code).toBe(0);
    const runs = () => JSON.parse(cli(['runs', '--json', '--db', db]).stdout) as { id: number; status: string }[];
    const follow = (child: ReturnType<typeof cliAsync>) => {
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      return new Promise<{ code: number | null; stderr: string }>((r) => child.on('exit', (code) => r({ code, stderr })));
    };
    // `study stop` from elsewhere: the runner's runs stop and it says the study is not complete.
    const first = cliAsync(['study', 'run', '1', '--concurrency', '1', '--db', db]);
    const firstEnd = follow(first);
    await until(() => runs().some((r) => r.status === 'running'), 60_000, 'a running run');
    const stopped = cli(['study', 'stop', '1', '--db', db]);
    expect(stopped.stdout).toMatch(/^study 1: 3 runs stopped \(0\/3 done, 3 stopped\)\n$/);
    const end1 = await firstEnd;
    expect(end1.code).toBe(1);
    expect(end1.stderr).toMatch(/study 1 is not complete: 0\/3 done, 3 stopped \(continue it with `workbench study run 1`\)/);
    // Ctrl+C stops the study the same way (exit 130); the runs are resumable.
    const second = cliAsync(['study', 'run', '1', '--concurrency', '1', '--db', db]);
    const secondEnd = follow(second);
    await until(() => runs().some((r) => r.status === 'running'), 60_000, 'a running run again');
    second.kill('SIGINT');
    expect((await secondEnd).code).toBe(130);
    expect(runs().map((r) => r.status)).toEqual(['stopped', 'stopped', 'stopped']);
    expect(JSON.parse(cli(['study', 'list', '--json', '--db', db]).stdout)).toMatchObject([{ id: 1, status: 'stopped', runs: 3 }]);
  }, 120_000);

  it('continues after the study process is killed: interrupted runs resume from their checkpoints, queued ones start', async () => {
    const db = tempDb();
    const file = studyFile(db, {
      puzzles: [{ family: 'jump', puzzle: { rows: 9, cols: 9 } }],
      solvers: [{ solver: 'hill-climb' }],
      seeds: 3,
      stop: { evaluations: 1_000_000 },
    });
    expect(cli(['study', 'create', file, '--db', db]).code).toBe(0);
    const child = cliAsync(['study', 'run', '1', '--concurrency', '1', '--checkpoint-every', '0.05', '--db', db]);
    const exited = new Promise((r) => child.on('exit', r));
    const runs = () => JSON.parse(cli(['runs', '--json', '--db', db]).stdout) as { id: number; status: string; evaluations: number }[];
    // Killed once the first run is under way (it has saved a checkpoint, so evaluations > 0).
    await until(() => runs().some((r) => r.status === 'running' && r.evaluations > 0), 60_000, 'a running run with a checkpoint');
    child.kill('SIGKILL');
    await exited;
    const again = cli(['study', 'run', '1', '--concurrency', '2', '--db', db]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/done: 3\/3 done/);
    const after = runs();
    expect(after).toHaveLength(3);
    expect(after.every((r) => r.status === 'done' && r.evaluations === 1_000_000)).toBe(true);
  }, 120_000);

  it('takes runs from their run files into a study made again on another database, and refuses a run that is not the study’s', () => {
    const db = tempDb();
    expect(cli(['study', 'create', studyFile(db), '--db', db]).code).toBe(0);
    expect(cli(['study', 'run', '1', '--db', db]).code).toBe(0);
    const files = [1, 2, 3, 4].map((id) => {
      const out = join(dirname(db), `r${id}.run.json`);
      expect(cli(['export', String(id), '--format', 'run', '--out', out, '--db', db]).code).toBe(0);
      return out;
    });
    const other = tempDb();
    expect(cli(['study', 'create', studyFile(other), '--db', other]).code).toBe(0);
    const taken = cli(['import', ...files, '--study', '1', '--db', other]);
    expect(taken.stderr).toBe('');
    expect(taken.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^run 1: Hill climbing on e2_clue1_6x6, done, best \d+\/60, in study 1 \(seed 1\)$/),
      expect.stringMatching(/^run 2: Simulated annealing on e2_clue1_6x6, done, best \d+\/60, in study 1 \(seed 1\)$/),
      expect.stringMatching(/, in study 1 \(seed 2\)$/),
      expect.stringMatching(/, in study 1 \(seed 2\)$/),
    ]);
    expect(JSON.parse(cli(['study', 'show', '1', '--json', '--db', other]).stdout)).toMatchObject({ status: 'done', progress: { done: 4 } });

    // Another budget: no cell of it is the run's; all or nothing, in one line naming the file.
    const third = tempDb();
    expect(cli(['study', 'create', studyFile(third, { stop: { evaluations: 4000 } }), '--db', third]).code).toBe(0);
    const refused = cli(['import', ...files, '--study', '1', '--db', third]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^workbench import: .*r1\.run\.json: run 1's solver, settings or stop criteria are none of study 1's \(nothing imported\)\n$/,
    );
    expect(JSON.parse(cli(['runs', '--json', '--db', third]).stdout)).toEqual([]);

    // A file whose improvement claims a score its board does not make, after a good one: with or
    // without --study, one line naming it, said once that nothing was imported.
    const forged = JSON.parse(readFileSync(files[1]!, 'utf8')) as { events: { kind: string; score?: number }[] };
    const last = forged.events.filter((e) => e.kind === 'improvement').at(-1)!;
    last.score = 999;
    const forgedFile = join(dirname(db), 'forged.run.json');
    writeFileSync(forgedFile, JSON.stringify(forged));
    for (const args of [[], ['--study', '1']]) {
      const fresh = tempDb();
      expect(cli(['study', 'create', studyFile(fresh), '--db', fresh]).code).toBe(0);
      const r = cli(['import', files[0]!, forgedFile, ...args, '--db', fresh]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(
        /^workbench import: .*forged\.run\.json: improvement \d+ \(at .+\) claims score 999, but its board scores \d+ \(nothing imported\)\n$/,
      );
      expect(JSON.parse(cli(['runs', '--json', '--db', fresh]).stdout)).toEqual([]);
    }
    const notRuns = cli(['import', join(instances, 'e2_clue1_6x6.txt'), '--study', '1', '--db', third]);
    expect(notRuns.stderr).toMatch(/^workbench import: --study ID takes run files \(export --format run\), not puzzle files\n$/);
  }, 120_000);
});
