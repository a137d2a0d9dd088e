import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Store, StoreError, defaultDbPath, latestVersion, migrate, migrations, type Migration } from '../../../src/main/store';
import { cleanTempDirs, tempDir } from './helpers';

afterEach(cleanTempDirs);

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(dir)) out[f] = fs.readFileSync(path.join(dir, f)).toString('base64');
  return out;
}

describe('migrations', () => {
  it('versions are 1, 2, 3, … in order', () => {
    migrations.forEach((m, i) => expect(m.version).toBe(i + 1));
    expect(latestVersion()).toBe(migrations.length);
  });

  it('creates the schema from scratch, in nested folders, with WAL and foreign keys', () => {
    const file = path.join(tempDir(), 'a', 'b', 'workbench.db');
    const store = Store.open(file);
    const db = store.connection;
    expect(store.path).toBe(file);
    expect(db.pragma('user_version', { simple: true })).toBe(latestVersion());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['checkpoints', 'puzzles', 'run_events', 'runs']));
    const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'`).pluck().all();
    expect(indexes).toEqual(expect.arrayContaining(['runs_status', 'runs_puzzle_id', 'runs_created_at', 'runs_solver', 'run_events_run_kind_time']));
    store.dispose();
    store.dispose(); // idempotent
  });

  it('re-opening is idempotent and keeps the data', () => {
    const file = path.join(tempDir(), 'workbench.db');
    const s1 = Store.open(file);
    s1.addPuzzle({ name: 'kept', family: 'edge', source: 'test', document: { a: 1 }, rows: 2, cols: 3 });
    s1.dispose();
    const s2 = Store.open(file);
    expect(s2.connection.pragma('user_version', { simple: true })).toBe(latestVersion());
    expect(migrate(s2.connection, file)).toEqual([]);
    expect(s2.listPuzzles().map((p) => p.name)).toEqual(['kept']);
    s2.dispose();
  });

  it('works in memory', () => {
    const s = Store.open(':memory:');
    expect(s.countPuzzles()).toBe(0);
    s.dispose();
  });

  it('refuses a database from a newer version and leaves it untouched', () => {
    const dir = tempDir();
    const file = path.join(dir, 'future.db');
    const raw = new Database(file);
    raw.exec('CREATE TABLE future_things (x); INSERT INTO future_things VALUES (1);');
    raw.pragma(`user_version = ${latestVersion() + 5}`);
    raw.close();
    const before = snapshot(dir);

    let caught: unknown;
    try {
      Store.open(file);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(StoreError);
    expect((caught as StoreError).code).toBe('NEWER_VERSION');
    expect((caught as Error).message).toContain(file);
    expect((caught as Error).message).toMatch(/newer version of Puzzle Workbench/);
    expect(snapshot(dir)).toEqual(before);
  });

  it('runs each migration in a transaction: a failing one leaves the previous version intact', () => {
    const file = path.join(tempDir(), 'm.db');
    const db = new Database(file);
    const list: Migration[] = [
      { version: 1, description: 'one', up: (sql) => sql.exec('CREATE TABLE one (x)') },
      {
        version: 2,
        description: 'broken',
        up: (sql) => {
          sql.exec('CREATE TABLE two (x)');
          sql.exec('THIS IS NOT SQL');
        },
      },
    ];
    expect(() => migrate(db, file, list)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all();
    expect(tables).toEqual(['one']);
    // A fixed list then carries on from version 1.
    expect(migrate(db, file, [list[0]!, { version: 2, description: 'fixed', up: (sql) => sql.exec('CREATE TABLE two (x)') }])).toEqual([2]);
    db.close();
  });

  it('versions 7 and 8 name the kind of the puzzles and runs already stored (Tetravex among edge puzzles)', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', migrations.slice(0, 6));
    const add = db.prepare(`INSERT INTO puzzles (name, family, source, document, rows, cols, created_at, updated_at) VALUES (?, ?, 's', ?, 1, 2, 0, 0)`);
    const doc = (rotatable: boolean, edges: number[]) =>
      JSON.stringify({
        format: 'puzzle-workbench',
        version: 1,
        family: 'edge',
        name: 'x',
        puzzle: { rows: 1, cols: 2, rotatable, pieces: [edges.slice(0, 4), edges.slice(4)] },
      });
    add.run('tetravex', 'edge', doc(false, [1, 2, 3, 4, 5, 6, 7, 2]));
    add.run('framed', 'edge', doc(true, [0, 1, 0, 0, 0, 0, 0, 1]));
    add.run('damaged', 'edge', '{not json');
    const run = db.prepare(
      `INSERT INTO runs (puzzle_name, family, solver, params, seed, stop, puzzle, created_at) VALUES (?, 'edge', 'x', '{}', 1, '{}', ?, 0)`,
    );
    run.run('tetravex run', JSON.stringify(JSON.parse(doc(false, [1, 2, 3, 4, 5, 6, 7, 2])).puzzle));
    run.run('framed run', JSON.stringify(JSON.parse(doc(true, [0, 1, 0, 0, 0, 0, 0, 1])).puzzle));
    expect(migrate(db, ':memory:', migrations.slice(0, 8))).toEqual([7, 8]);
    expect(db.prepare('SELECT name, kind FROM puzzles ORDER BY id').all()).toEqual([
      { name: 'tetravex', kind: 'Tetravex' },
      { name: 'framed', kind: 'Edge matching' },
      { name: 'damaged', kind: 'Edge matching' },
    ]);
    expect(db.prepare('SELECT puzzle_name AS name, kind FROM runs ORDER BY id').all()).toEqual([
      { name: 'tetravex run', kind: 'Tetravex' },
      { name: 'framed run', kind: 'Edge matching' },
    ]);
    db.close();
  });

  it("version 9 adds runs' memory, none for the runs already stored (they show nothing)", () => {
    const file = path.join(tempDir(), 'v8.db');
    const db = new Database(file);
    migrate(db, file, migrations.slice(0, 8));
    db.prepare(
      `INSERT INTO runs (puzzle_name, family, solver, params, seed, stop, puzzle, created_at) VALUES ('old', 'jump', 'x', '{}', 1, '{}', '{}', 0)`,
    ).run();
    db.close();
    const store = Store.open(file);
    expect(store.connection.pragma('user_version', { simple: true })).toBe(latestVersion());
    expect(store.listRuns({})).toEqual([expect.objectContaining({ puzzleName: 'old', rssBytes: null, peakRssBytes: null })]);
    store.dispose();
  });

  it('rejects a list with gaps', () => {
    const db = new Database(':memory:');
    expect(() => migrate(db, ':memory:', [{ version: 2, description: 'x', up: () => {} }])).toThrow(/expected 1/);
    db.close();
  });

  it('defaultDbPath', () => {
    expect(defaultDbPath(path.join('/home', 'u', 'data'))).toBe(path.join('/home', 'u', 'data', 'workbench.db'));
  });
});
