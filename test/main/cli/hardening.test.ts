/** The findings of issue 12 (a hostile user's session), each as it was reported. */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dispatch, errorMessage } from '../../../src/main/serve/dispatch';
import { Store } from '../../../src/main/store';
import { apiHandlers } from '../../../src/main/services/backend';
import { Workbench } from '../../../src/main/services/workbench';
import { inProcessSpawner, sleep, until } from '../runs/in-process';
import { alive, childPids, cli, cliAsync, instances, repoRoot, solveJump, tempDb } from '../../helpers/cli';

const bin = join(repoRoot, 'bin', 'workbench.mjs');
const fixtures = fileURLToPath(new URL('../serve/fixtures', import.meta.url));

function oneLineError(r: { code: number | null; stdout: string; stderr: string }, code = 2): string {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\bat .*:\d+:\d+/);
  return r.stderr;
}

describe('workbench CLI under hostile use', () => {
  it('kill -9 of a CLI solve: its worker leaves quietly and the next command shows the run interrupted, resumable', async () => {
    const db = tempDb();
    const solve = solveJump(db, 60);
    const { child } = solve;
    const stderrClosed = new Promise((r) => child.stderr.on('close', r));
    let workers: number[] = [];
    await until(
      () => {
        const show = cli(['show', '1', '--json', '--db', db]);
        if (show.code !== 0 || (JSON.parse(show.stdout) as { status: string; elapsedMs: number }).elapsedMs < 500) return false;
        workers = childPids(child.pid!);
        return workers.length > 0;
      },
      30_000,
      'the run to make progress',
    );
    child.kill('SIGKILL');
    // The orphaned worker goes within moments, without a stack trace (its stderr is the CLI's).
    await until(() => workers.every((pid) => !alive(pid)), 10_000, 'the orphaned worker to exit');
    await stderrClosed;
    expect(solve.stderr).not.toMatch(/ERR_IPC_CHANNEL_CLOSED|Error|at /);
    const run = JSON.parse(cli(['show', '1', '--json', '--db', db]).stdout) as { status: string; error: string };
    expect(run.status).toBe('interrupted');
    expect(run.error).toBe(`process ${child.pid} on this machine ended without finishing it`);
  });

  it('a parity size without a solution is refused in one line before any run is stored, exit 2', () => {
    const db = tempDb();
    const r = cli(['solve', '--family', 'parity', '--size', '5', '--remove', '3', '--solver', 'exact', '--db', db]);
    expect(r.stdout).toBe('');
    expect(oneLineError(r, 2)).toMatch(/n = 5, m = 3 has no solution/);
    expect(cli(['runs', '--db', db]).stdout).toMatch(/^no runs yet/);
  });

  it('--seconds -1 is refused as a bad number of seconds; solvers takes --db like every command', () => {
    expect(oneLineError(cli(['solve', '--family', 'jump', '--size', '5', '--solver', 'hill-climb', '--seconds', '-1', '--db', tempDb()]))).toMatch(
      /seconds must be a positive number, got -1/,
    );
    const r = cli(['solvers', '--json', '--db', tempDb()]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).not.toHaveLength(0);
  });

  it('--numbering and --rows are checked when given, not only when a board is read (a piece file alone stores nothing)', () => {
    const db = tempDb();
    const pieces = join(instances, 'e2_clue1_6x6.txt');
    expect(oneLineError(cli(['import', pieces, '--numbering', '7', '--db', db]))).toMatch(/numbering option: expected 0 or 1 .*got "7"/);
    expect(oneLineError(cli(['import', pieces, '--rows', 'sideways', '--db', db]))).toMatch(/rows option: expected top or bottom .*got "sideways"/);
    expect(oneLineError(cli(['score', pieces, '--rows', 'up']))).toMatch(/rows option: expected top or bottom/);
    // Nothing stored: refused before the database was opened, so not even one was made.
    expect(existsSync(db)).toBe(false);
  });

  it('names every object has (toString, __proto__, constructor) are not solver parameters, on the CLI and over the API', async () => {
    const db = tempDb();
    for (const kv of ['toString=1', '__proto__=1', 'constructor=x', 'hasOwnProperty=true']) {
      const r = cli(['solve', '--family', 'jump', '--size', '5', '--solver', 'hill-climb', '--evaluations', '100', '--set', kv, '--db', db]);
      expect(oneLineError(r), kv).toMatch(new RegExp(`unknown parameter ${kv.split('=')[0]}`));
    }
    // No run: refused before the database was opened, so not even one was made.
    expect(existsSync(db)).toBe(false);
    const wb = Workbench.open({ dbPath: ':memory:', spawn: inProcessSpawner({ spawned: 0, handles: [] }), concurrency: 1 });
    try {
      const p = wb.importPuzzle('m.txt', '3\n1 1 1\n1 1 1\n1 1 0\n', { format: 'maze' });
      for (const key of ['__proto__', 'toString', 'constructor']) {
        const args = JSON.parse(`{"puzzleId": ${p.id}, "solver": "hill-climb", "params": {"${key}": 1}}`) as unknown;
        const reply = await dispatch({ handlers: apiHandlers(wb), subscribe: () => () => undefined }, 'startRuns', args);
        expect(reply, key).toEqual({ ok: false, error: expect.stringMatching(new RegExp(`unknown parameter ${key}`)) as unknown });
      }
      expect(wb.store.countRuns()).toBe(0);
    } finally {
      await wb.dispose();
    }
  });

  it('import of a named pipe is refused at once instead of hanging', () => {
    const db = tempDb();
    const fifo = join(dirname(db), 'pipe.txt');
    execFileSync('mkfifo', [fifo]);
    const t0 = Date.now();
    expect(oneLineError(cli(['import', fifo, '--db', db]))).toMatch(/pipe\.txt: not a regular file \(a named pipe\)/);
    expect(Date.now() - t0).toBeLessThan(20_000);
  });

  it('errors never echo terminal escapes or megabytes of a file; names are escaped on display and limited in length', () => {
    const db = tempDb();
    const dir = dirname(db);
    const evil = join(dir, 'evil_3x3.txt');
    writeFileSync(evil, '0 0 1 1\n\x1b]0;pwned\x07\x1b[31m 1 0 0 1\n');
    const e1 = oneLineError(cli(['import', evil, '--db', db]));
    expect(e1).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(e1).toContain('\\x1b');
    const huge = join(dir, 'huge_3x3.txt');
    writeFileSync(huge, `0 0 1 1\n${'7 '.repeat(2_500_000)}\n`);
    expect(oneLineError(cli(['import', huge, '--db', db])).length).toBeLessThan(400);
    // A 20 MB name is refused with a clear message; the library stays listable.
    const big = join(dir, 'big.json');
    writeFileSync(big, JSON.stringify({ format: 'puzzle-workbench', version: 1, family: 'jump', name: 'n'.repeat(20_000_000), puzzle: { rows: 3, cols: 3 } }));
    expect(oneLineError(cli(['import', big, '--db', db]))).toMatch(/name can have at most 200 characters; this one has 20,000,000/);
    const ctl = join(dir, 'ctl.json');
    writeFileSync(
      ctl,
      JSON.stringify({ format: 'puzzle-workbench', version: 1, family: 'jump', name: 'bell\x07 \x1b[2Jclear\u202eevil', puzzle: { rows: 3, cols: 3 } }),
    );
    expect(cli(['import', ctl, '--db', db]).code).toBe(0);
    const list = cli(['puzzles', '--db', db]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('bell\\x07 \\x1b[2Jclear\\u202eevil');
    expect(list.stdout).not.toMatch(/[\x07\x1b\u202e]/);
  });

  it('a 20 MB name already in a database (from before the limit) still lists, cut; API errors are one safe line too', () => {
    const db = tempDb();
    const store = Store.open(db);
    store.addPuzzle({
      name: `\x1b[31m${'n'.repeat(20_000_000)}`,
      family: 'jump',
      source: 'old',
      document: { format: 'puzzle-workbench', version: 1, family: 'jump', name: 'x', puzzle: { rows: 3, cols: 3 } },
      rows: 3,
      cols: 3,
    });
    store.dispose();
    const list = cli(['puzzles', '--db', db]);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout.length).toBeLessThan(1000);
    expect(list.stdout).toMatch(/\\x1b\[31mn+…/);
    const message = errorMessage(new Error(`line 2: expected a number, got "\x07\x1b]0;t\x07${'7 '.repeat(2_500_000)}"\nsecond line`));
    expect(message.length).toBeLessThanOrEqual(500);
    expect(message).not.toMatch(/[\x00-\x1f]/);
  });

  it('import refuses a damaged database that the other commands call damaged', () => {
    const db = tempDb();
    cli(['solve', '--family', 'jump', '--size', '6', '--solver', 'hill-climb', '--evaluations', '3000', '--db', db]);
    const conn = new Database(db);
    conn.pragma('wal_checkpoint(TRUNCATE)');
    const root = conn.prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'runs'`).pluck().get() as number;
    const pageSize = conn.pragma('page_size', { simple: true }) as number;
    conn.close();
    const bytes = readFileSync(db);
    bytes.fill(0x41, (root - 1) * pageSize + 8, root * pageSize);
    writeFileSync(db, bytes);
    expect(oneLineError(cli(['runs', '--db', db]))).toMatch(/is damaged/);
    expect(oneLineError(cli(['import', join(instances, 'e2_clue1_6x6.txt'), '--db', db]))).toMatch(/is damaged/);
  });

  it('serve --host 0.0.0.0 --token T prints a URL that works, with the token once', async () => {
    const child = spawn(process.execPath, [bin, 'serve', '--host', '0.0.0.0', '--port', '0', '--token', 's3cret', '--static', fixtures, '--db', tempDb()], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      await until(() => out.includes('\n'), 30_000, 'serve to start');
      const url = /serving (\S+)/.exec(out)![1]!;
      expect(url.match(/token=/g)).toHaveLength(1);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
    }
  });

  it('works from any folder (the worker finds tsx by its path)', async () => {
    const db = tempDb();
    const r = cli(['solve', '--family', 'jump', '--size', '5', '--solver', 'hill-climb', '--evaluations', '500', '--db', db], { cwd: dirname(db) });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    await sleep(0);
  });
});

describe('two CLI processes on one run', () => {
  it('resume of a run another live CLI runs is refused in one line; stop asks that CLI through the database', async () => {
    const db = tempDb();
    const child = cliAsync(['solve', '--family', 'jump', '--size', '9', '--solver', 'hill-climb', '--seconds', '60', '--seed', '3', '--db', db]);
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    await until(
      () => {
        const show = cli(['show', '1', '--json', '--db', db]);
        return show.code === 0 && (JSON.parse(show.stdout) as { status: string }).status === 'running';
      },
      30_000,
      'the run to start',
    );
    const refused = cli(['resume', '1', '--db', db]);
    expect(oneLineError(refused)).toBe(`workbench resume: run 1 is running in process ${child.pid} on this machine\n`);
    const stopped = cli(['stop', '1', '--db', db]);
    expect(stopped.stderr).toBe('');
    expect(stopped.stdout).toBe('run 1 stopped\n');
    expect(stopped.code).toBe(0);
    // The owner stopped it: it says so and, as the run did not reach its stop criteria, exits 1.
    expect(await exited).toBe(1);
    expect(stdout).toMatch(/^run 1 stopped \(stopped\): hill-climb seed 3/);
  });
});
