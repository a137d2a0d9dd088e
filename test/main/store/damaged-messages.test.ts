/**
 * What a damaged or foreign database file is called, in one line each (issue 49, item 7): SQLite's
 * check rows are several lines under a heading, and `check` reports the file itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { problemsPhrase } from '../../../src/main/store/errors';
import { Store } from '../../../src/main/store/store';
import { cli } from '../../helpers/cli';
import { cleanTempDirs, newRun, tempDir } from './helpers';

afterEach(cleanTempDirs);

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected it to throw');
}

describe('damage in words', () => {
  it("SQLite's check rows: the heading dropped, the tree named, the rest counted", () => {
    const rows = [
      '*** in database main ***\nTree 3 page 30: btreeInitPage() returns error code 11\nPage 31: never used',
      'wrong # of entries in index runs_status',
    ];
    expect(problemsPhrase(rows, new Map([[3, 'runs']]))).toBe('page 30 of runs is not a valid b-tree page, and 2 more problems');
    expect(problemsPhrase(rows.slice(0, 1))).toBe('page 30 of the tree at page 3 is not a valid b-tree page, and 1 more problem');
    expect(problemsPhrase(['*** in database main ***\nTree 7 page 9 cell 2: Rowid 5 out of order'])).toBe('page 9 of the tree at page 7: Rowid 5 out of order');
    expect(problemsPhrase(['row 3 missing from index runs_solver'])).toBe('row 3 missing from index runs_solver');
  });

  it('a page of garbage found at opening: one line naming the page and its table', () => {
    const file = path.join(tempDir(), 'a.db');
    const s = Store.open(file);
    for (let i = 0; i < 200; i++) s.createRun(newRun({ puzzle: { big: 'x'.repeat(2000), i } }));
    s.dispose();
    const db = new Database(file, { readonly: true });
    const root = db.prepare(`SELECT rootpage FROM sqlite_schema WHERE name = 'runs'`).pluck().get() as number;
    db.close();
    const bytes = fs.readFileSync(file);
    bytes.fill(0, (root - 1) * 4096, root * 4096);
    fs.writeFileSync(file, bytes);
    const m = message(() => Store.open(file));
    expect(m.split('\n')).toHaveLength(1);
    expect(m).not.toContain('***');
    expect(m).toMatch(
      new RegExp(
        `^the database file .*a\\.db is damaged \\(page ${root} of runs is not a valid b-tree page(, and \\d+ more problems?)?\\): restore it from a backup`,
      ),
    );
  });
});

describe('workbench check', () => {
  it('a file that is no database: one line of its own, exit 1, with advice; a sound one: ok, nothing left beside it', () => {
    const dir = tempDir();
    const notes = path.join(dir, 'notes.db');
    fs.writeFileSync(notes, 'These are my puzzle notes, not a database.\n'.repeat(50));
    const bad = cli(['check', '--db', notes]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(
      /^the database file .*notes\.db is not a SQLite database \(its first bytes are not SQLite's header\): if it held your library, restore it from a backup; else choose another database file$/m,
    );
    expect(bad.stderr).not.toMatch(/damaged \(the database file/);
    const good = path.join(dir, 'good.db');
    Store.open(good).dispose();
    const ok = cli(['check', '--db', good]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/good\.db: ok \(full integrity check\)/);
    expect(fs.readdirSync(dir).sort()).toEqual(['good.db', 'notes.db']);
  }, 60_000);
});
