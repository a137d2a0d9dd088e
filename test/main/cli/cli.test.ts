import { readFileSync, writeFileSync } from 'node:fs';
import { readPuzzleFile } from '../../../src/core/document/read-file';
import { boardFormat } from '../../../src/core/families/edge/files/formats';
import type { EdgePuzzle } from '../../../src/core/families/edge/model/model';
import { scoreBoard } from '../../../src/core/families/edge/model/score';
import { validateEdgePuzzle } from '../../../src/core/families/edge/model/validate';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationText } from '../../../src/core/text/numbers';
import { childPids, cli, instances, solveJump, tempDb } from '../../helpers/cli';

describe('workbench CLI', () => {
  it('solve on clue 1 stores a run that runs --json lists', () => {
    const db = tempDb();
    const r = cli(['solve', join(instances, 'e2_clue1_6x6.txt'), '--solver', 'hill-climb', '--evaluations', '20000', '--seed', '5', '--json', '--db', db]);
    // After the result: how the file was read and its validation warnings, one line each.
    expect(r.stderr).toMatch(/^note: read as top right bottom left\nwarning: .*e2_clue1_6x6\.txt: 8 duplicate pieces .*\n$/);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({ runId: 1, family: 'edge', solver: 'hill-climb', seed: 5, maxScore: 60, evaluations: 20000 });
    expect(Object.keys(out)).toEqual(
      expect.arrayContaining(['runId', 'family', 'solver', 'seed', 'score', 'maxScore', 'solved', 'seconds', 'evaluations', 'cells']),
    );
    // The solver process's peak memory, measured in it (issue 23 item 4).
    expect(out.peakRssBytes).toBeGreaterThan(10 * 2 ** 20);
    const shown = cli(['show', String(out.runId), '--db', db]).stdout;
    expect(shown).toMatch(/ evaluations in .*, peak memory \d[\d,]* MB$/m);
    // Its improvements, numbered, each with its best (the last is the run's); the samples in one line.
    const imps = (JSON.parse(cli(['show', String(out.runId), '--json', '--db', db]).stdout) as { events: { kind: string; bestScore: number }[] }).events.filter(
      (e) => e.kind === 'improvement',
    );
    const rows = shown.split('\n').filter((l) => /^\d+ {2,}/.test(l));
    expect(rows).toHaveLength(imps.length);
    expect(rows.at(-1)).toMatch(new RegExp(` ${out.score as number}$`));
    expect(shown).toMatch(/^[\d,]+ progress samples from .* to .*, the last at current -?\d+ \(all of them: show 1 --json\)$/m);
    const cells = out.cells as [number, number][];
    expect(cells).toHaveLength(36);
    expect(new Set(cells.map((c) => c[0])).size).toBe(36);
    const runs = JSON.parse(cli(['runs', '--json', '--db', db]).stdout) as { id: number; status: string; bestScore: number }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: 1, status: 'done', bestScore: out.score });
    // The table says it in the app's words (core/text/run-text.ts); --json keeps the ids.
    const text = cli(['runs', '--db', db]).stdout;
    expect(text).toMatch(/Edge matching\s+Hill climbing\s+5\s+Done · evaluation limit/);
    expect(text).not.toMatch(/hill-climb/);
  });

  it("show counts a beam run's passes by score from its last checkpoint, not only its records", () => {
    const db = tempDb();
    const r = cli([
      'solve',
      join(instances, 'e2_clue1_6x6.txt'),
      '--solver',
      'beam',
      '--set',
      'maxWidth=64',
      '--evaluations',
      '3000000',
      '--seed',
      '2',
      '--db',
      db,
    ]);
    expect(r.code, r.stderr).toBe(0);
    type Work = { tally: { kinds: string[]; totals: number[]; all: number; rows: { label: string; counts: number[] }[] }; atMs: number };
    const { tally: work, atMs } = (JSON.parse(cli(['show', '1', '--json', '--db', db]).stdout) as { work: Work }).work;
    // To the point of the run its last checkpoint holds: here its end, to the checkpoint's millisecond.
    expect(atMs).toBeGreaterThan(0);
    expect(atMs).toBeLessThanOrEqual((JSON.parse(cli(['show', '1', '--json', '--db', db]).stdout) as { elapsedMs: number }).elapsedMs);
    // Full and suffix passes, and of the suffix passes those above the board they started from.
    expect(work.kinds).toEqual(['full passes', 'suffix passes', 'of them above their board']);
    const [full, suffix] = work.totals as [number, number];
    expect(full).toBeGreaterThan(0);
    expect(work.all).toBe(full + suffix);
    const shown = cli(['show', '1', '--db', db]).stdout;
    const kinds = work.kinds.map((k, i) => `${work.totals[i]} ${k}`).join(', ');
    expect(shown).toContain(
      `passes at the top width in the first ${durationText(atMs)}: ${work.all} (${kinds})\nscore  full passes  suffix passes  of them above their board\n`,
    );
    // Under it, how to read a suffix pass's score (mostly the board it started from, found again).
    expect(shown).toMatch(/^A full pass builds a whole board from the empty one; a suffix pass keeps the first rows .* new boards\.$/m);
    for (const row of work.rows) expect(shown).toMatch(new RegExp(`^${row.label} +${row.counts.join(' +')}$`, 'm'));
    // A solver that counts nothing: no such lines.
    cli(['solve', join(instances, 'e2_clue1_6x6.txt'), '--solver', 'hill-climb', '--evaluations', '2000', '--db', db]);
    expect(cli(['show', '2', '--db', db]).stdout).not.toContain('passes at the top width');
    expect(JSON.parse(cli(['show', '2', '--json', '--db', db]).stdout)).toMatchObject({ work: null });
  });

  it('counts --seconds as CPU time with --cpu', () => {
    const db = tempDb();
    const r = JSON.parse(
      cli(['solve', '--family', 'jump', '--size', '6', '--solver', 'hill-climb', '--seconds', '0.2', '--cpu', '--json', '--db', db]).stdout,
    ) as {
      runId: number;
      seconds: number;
    };
    expect(r.seconds).toBeGreaterThanOrEqual(0.2);
    const shown = JSON.parse(cli(['show', String(r.runId), '--json', '--db', db]).stdout) as { stop: unknown; stopReason: string };
    expect(shown).toMatchObject({ stop: { seconds: 0.2, clock: 'cpu' }, stopReason: 'seconds' });
    expect(cli(['show', String(r.runId), '--db', db]).stdout).toMatch(/^stop 0\.2 s of CPU time$/m);
    // Its time is CPU time, and says so: in the sentence and in the table's column.
    expect(cli(['show', String(r.runId), '--db', db]).stdout).toMatch(/ evaluations in \d\.\d s of CPU time/);
    expect(cli(['runs', '--db', db]).stdout).toMatch(/\d\.\d s CPU /);
  });

  it('is deterministic for a seed', () => {
    const db = tempDb();
    const args = ['solve', '--family', 'jump', '--size', '6', '--solver', 'hill-climb', '--evaluations', '5000', '--seed', '11', '--json', '--db', db];
    const a = JSON.parse(cli(args).stdout) as { cells: unknown; score: number };
    const b = JSON.parse(cli(args).stdout) as { cells: unknown; score: number };
    expect(b.cells).toEqual(a.cells);
    expect(b.score).toBe(a.score);
  });

  it('solves parity grids and lists the catalogue', () => {
    const db = tempDb();
    const r = JSON.parse(
      cli(['solve', '--family', 'parity', '--size', '8', '--remove', '20', '--solver', 'hill-climb', '--seconds', '10', '--seed', '1', '--json', '--db', db])
        .stdout,
    ) as {
      solved: boolean;
      cells: number[][];
    };
    expect(r.solved).toBe(true);
    expect(r.cells.flat().filter((x) => x === 0)).toHaveLength(20);
    const solvers = JSON.parse(cli(['solvers', '--json']).stdout) as {
      family: string;
      id: string;
      params: Record<string, { type: string; default: unknown }>;
    }[];
    for (const f of ['edge', 'jump', 'parity']) expect(solvers.some((s) => s.family === f)).toBe(true);
    expect(solvers[0].params.restartAfter.type).toBe('int');
  });

  it('exports a run as text, bucas and json', () => {
    const db = tempDb();
    cli(['solve', join(instances, 'e2_clue1_6x6.txt'), '--solver', 'hill-climb', '--evaluations', '1000', '--seed', '2', '--db', db]);
    const text = cli(['export', '1', '--format', 'text', '--db', db]);
    expect(text.code).toBe(0);
    const lines = text.stdout
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#'));
    expect(lines[0]).toBe('6 6');
    expect(lines.slice(1).filter((l) => /^\d+ [0-3]$/.test(l.trim()))).toHaveLength(36);
    expect(cli(['export', '1', '--format', 'bucas', '--db', db]).stdout).toMatch(/board_edges=[a-z]{144}/);
    const doc = JSON.parse(cli(['export', '1', '--format', 'json', '--db', db]).stdout) as { format: string; solution: { cells: unknown[] } };
    expect(doc.format).toBe('puzzle-workbench');
    expect(doc.solution.cells).toHaveLength(36);
  });

  it('generates an E2-style instance with its known solution', () => {
    const db = tempDb();
    const dir = dirname(db);
    const r = cli([
      'generate',
      '--family',
      'edge',
      '--size',
      '5x6',
      '--frame-colours',
      '3',
      '--inner-colours',
      '4',
      '--seed',
      '9',
      '--out',
      join(dir, 'g.txt'),
      '--solution',
      join(dir, 's.txt'),
      '--import',
      '--db',
      db,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const again = cli(['generate', '--size', '5x6', '--frame-colours', '3', '--inner-colours', '4', '--seed', '9']);
    expect(again.stdout).toBe(readFileSync(join(dir, 'g.txt'), 'utf8'));
    const read = readPuzzleFile('g.txt', readFileSync(join(dir, 'g.txt'), 'utf8'));
    const board = boardFormat.readSolution!(readFileSync(join(dir, 's.txt'), 'utf8'), 's.txt', read.puzzle as EdgePuzzle);
    expect(scoreBoard(read.puzzle as EdgePuzzle, board)).toBe(2 * 5 * 6 - 5 - 6);
    expect(validateEdgePuzzle(read.puzzle as EdgePuzzle).errors).toEqual([]);
    expect(JSON.parse(cli(['puzzles', '--json', '--db', db]).stdout)).toHaveLength(1);
  });

  it('gives one line on stderr and a non-zero exit for bad input', () => {
    const db = tempDb();
    const dir = dirname(db);
    const bad: [string, string][] = [
      ['pieces_3x3.txt', '0 0 1 1\n1 0 0 1\nx y z\n'],
      ['maze.txt', '5\n1 1 1\n'],
      ['grid.txt', '4 4\n1 1 1 1\n1 2 1 1\n'],
      ['doc.json', '{"format":"puzzle-workbench","version":1,"family":"edge","puzzle":{"rows":2}}'],
      ['broken.json', '{"format": '],
    ];
    for (const [name, text] of bad) {
      const file = join(dir, name);
      writeFileSync(file, text);
      const r = cli(['solve', file, '--solver', 'hill-climb', '--seconds', '1', '--db', db]);
      expect(r.code, name).toBe(2);
      expect(r.stderr.trim().split('\n'), `${name}: ${r.stderr}`).toHaveLength(1);
      expect(r.stderr).toContain(name);
      expect(r.stderr).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    }
    const cases: string[][] = [
      ['solve', '--family', 'jump', '--solver', 'hill-climb'],
      ['solve', '--family', 'parity', '--size', '4', '--solver', 'hill-climb'],
      ['solve', '--family', 'jump', '--size', '5', '--solver', 'nope'],
      ['solve', '--family', 'jump', '--size', '5', '--solver', 'hill-climb', '--set', 'randomWalk=2'],
      ['solve', '--family', 'jump', '--size', '5', '--solver', 'hill-climb', '--seconds', '-1'],
      ['solve', join(dir, 'missing.txt'), '--solver', 'hill-climb'],
      ['solve', '--bogus'],
      ['show', '99'],
      ['resume', 'abc'],
      ['frobnicate'],
    ];
    for (const args of cases) {
      const r = cli([...args, '--db', db]);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.stderr.trim().split('\n'), `${args.join(' ')}: ${r.stderr}`).toHaveLength(1);
    }
  });

  it('a worker killed mid-run leaves the run interrupted and resume finishes it from its checkpoint', async () => {
    const db = tempDb();
    const solve = solveJump(db, 6);
    // Wait for a checkpoint, then kill the solver process (the CLI's child), not the CLI.
    let killed = false;
    for (let i = 0; i < 200 && !killed; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const show = cli(['show', '1', '--json', '--db', db]);
      if (show.code !== 0) continue;
      const run = JSON.parse(show.stdout) as { status: string; elapsedMs: number; evaluations: number };
      if (run.status === 'running' && run.elapsedMs >= 1000) {
        const pids = childPids(solve.child.pid!);
        expect(pids.length).toBeGreaterThan(0);
        for (const pid of pids) process.kill(pid, 'SIGKILL');
        killed = true;
      }
    }
    expect(killed).toBe(true);
    // Not the run's stop criteria: a non-zero exit, and why in one line.
    expect(await solve.exited).toBe(1);
    expect(solve.stderr).toMatch(/^run 1 interrupted: solver process killed by SIGKILL \(continue it with `workbench resume 1`\)\n$/);
    type Shown = { status: string; elapsedMs: number; evaluations: number; bestScore: number; events: { elapsedMs: number; evaluations: number }[] };
    const before = JSON.parse(cli(['show', '1', '--json', '--db', db]).stdout) as Shown;
    expect(before.status).toBe('interrupted');
    expect(before.elapsedMs).toBeGreaterThanOrEqual(1000);
    const r = cli(['resume', '1', '--json', '--db', db]);
    expect(r.stderr).toBe('');
    const after = JSON.parse(r.stdout) as { status: string; seconds: number; evaluations: number; score: number };
    expect(after.status).toBe('done');
    expect(after.seconds).toBeGreaterThanOrEqual(6);
    // It continued from the checkpoint, not from the start: the run's time and evaluations go on
    // from where they were (a restart would record events from 0 s again), whatever the machine's load.
    const events = (JSON.parse(cli(['show', '1', '--json', '--db', db]).stdout) as Shown).events;
    const resumed = events.slice(before.events.length);
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed[0].elapsedMs).toBeGreaterThan(0);
    for (let i = 1; i < events.length; i++) {
      expect(events[i].elapsedMs).toBeGreaterThanOrEqual(events[i - 1].elapsedMs);
      expect(events[i].evaluations).toBeGreaterThanOrEqual(events[i - 1].evaluations);
    }
    expect(after.evaluations).toBeGreaterThan(before.evaluations);
    expect(after.score).toBeGreaterThanOrEqual(before.bestScore);
  });
});
