/**
 * The database a command opens: a command that only reads refuses one that is not there in one
 * line (it made folders and an empty database before, and then said "no runs yet"); a file SQLite
 * cannot open or make is said with the system's reason.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { Store } from '../../../src/main/store/store';
import { newRun } from '../store/helpers';
import { cli } from '../../helpers/cli';

describe('the database file', () => {
  it('read-only commands refuse a database that is not there, and make nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-nodb-'));
    const db = join(dir, 'deeper', 'x.db');
    for (const args of [['runs'], ['show', '1'], ['export', '1'], ['puzzles'], ['stop', '1'], ['study', 'list']]) {
      const r = cli([...args, '--db', db]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`workbench ${args[0]}: no database at ${db}: give the one you use with --db FILE (solve, import or generate --import make one)\n`);
    }
    expect(existsSync(join(dir, 'deeper'))).toBe(false);
    // A command that stores something makes it, folders and all.
    const made = cli(['solve', '--family', 'jump', '--size', '4', '--solver', 'hill-climb', '--evaluations', '100', '--db', db]);
    expect(made.code, made.stderr).toBe(0);
    expect(cli(['runs', '--json', '--db', db]).code).toBe(0);
  });

  it.skipIf(!existsSync('/proc/self'))('one that cannot be made says why', () => {
    const r = cli(['solve', '--family', 'jump', '--size', '4', '--evaluations', '100', '--db', '/proc/x.db']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^workbench solve: the database file \/proc\/x\.db cannot be opened: no file can be made in \/proc \(.* \(E[A-Z]+\)\)\n$/);
  });

  it('a database it cannot update (another program holds it locked) is still listed, with a note that a running run may not be', () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-locked-'));
    const db = join(dir, 'w.db');
    const store = Store.open(db);
    const run = store.createRun(newRun(), { owner: { host: hostname(), pid: 4_194_000, startedAt: 1 }, ttlMs: 1 });
    store.startRun(run.id, { host: hostname(), pid: 4_194_000, startedAt: 1 }, null);
    store.dispose();
    const locker = new Database(db);
    locker.exec('BEGIN IMMEDIATE');
    try {
      const r = cli(['runs', '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(
        /^workbench: note: runs whose process has ended could not be marked interrupted \(.*locked by another program\): a run listed as running may not be\n$/,
      );
      expect(r.stdout).toMatch(/Running/);
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
  }, 30_000);
});
