/**
 * The database a command opens: a command that only reads refuses one that is not there in one
 * line (it made folders and an empty database before, and then said "no runs yet"); a file SQLite
 * cannot open or make is said with the system's reason.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
