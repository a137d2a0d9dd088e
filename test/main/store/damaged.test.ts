/** A damaged database is refused in one line naming the file and how to recover (issue 20, item 4). */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store/store';
import { cli } from '../../helpers/cli';
import { hash } from '../../helpers/files';
import { cleanTempDirs, newRun, tempDir } from './helpers';

afterEach(cleanTempDirs);

const RECOVER = /restore it from a backup, or copy out what is still readable with: sqlite3 '.*' \.recover \| sqlite3 recovered\.db$/;

/** A closed database with a puzzle and a run, checkpointed into the one file. */
function sample(file: string): { puzzleId: number; runId: number } {
  const s = Store.open(file);
  const p = s.addPuzzle({ name: 'p', family: 'jump', source: 'x', document: { family: 'jump' }, rows: 5, cols: 5 });
  const r = s.createRun(newRun({ puzzleId: p.id }));
  s.dispose();
  return { puzzleId: p.id, runId: r.id };
}

/** Overwrite the first page of table `table` with garbage, as a bad disk sector would. */
function damagePage(file: string, table: string): void {
  const db = new Database(file);
  const root = db.prepare(`SELECT rootpage FROM sqlite_master WHERE name = ?`).pluck().get(table) as number;
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const bytes = fs.readFileSync(file);
  bytes.fill(0x41, (root - 1) * pageSize + 8, root * pageSize);
  fs.writeFileSync(file, bytes);
}

function oneLine(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    const m = (e as Error).message;
    expect(m.split('\n')).toHaveLength(1);
    return m;
  }
  throw new Error('expected it to throw');
}

describe('a damaged database', () => {
  it('a page of garbage: refused at opening, naming the file and how to recover; the file is left as it was', () => {
    const file = path.join(tempDir(), 'a.db');
    sample(file);
    damagePage(file, 'runs');
    const before = hash(file);
    expect(oneLine(() => Store.open(file))).toMatch(
      new RegExp(`^the database file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged \\(.+\\): ${RECOVER.source}`),
    );
    expect(hash(file)).toBe(before);
    // Above the size bound the bounded check runs instead, and finds it too; so does the full check.
    expect(oneLine(() => Store.open(file, { quickCheckMaxBytes: 0 }))).toMatch(/is damaged \(page \d+ of runs .*\): restore it/);
    expect(hash(file)).toBe(before);
    expect(Store.fullCheck(file).length).toBeGreaterThan(0);
  });

  it('the full check says a sound file is sound', () => {
    const file = path.join(tempDir(), 'a.db');
    sample(file);
    expect(Store.fullCheck(file)).toEqual([]);
  });

  it('a zero-length file is refused, left empty; a missing file is created', () => {
    const dir = tempDir();
    const empty = path.join(dir, 'empty.db');
    fs.writeFileSync(empty, '');
    expect(oneLine(() => Store.open(empty))).toMatch(
      /^the database file .*empty\.db is empty \(0 bytes\), so it holds no library or runs: delete it to start a new database there, or restore the file from a backup$/,
    );
    expect(fs.statSync(empty).size).toBe(0);
    // With pages in a -wal beside it, copying out what is readable may find something.
    fs.writeFileSync(`${empty}-wal`, 'x'.repeat(100));
    expect(oneLine(() => Store.open(empty))).toMatch(/or restore the file from a backup, or copy out what is still readable with: sqlite3 /);
    fs.rmSync(`${empty}-wal`);
    const fresh = path.join(dir, 'fresh.db');
    const s = Store.open(fresh);
    expect(s.countRuns()).toBe(0);
    s.dispose();
    // Made by us, it is never empty again.
    expect(fs.statSync(fresh).size).toBeGreaterThan(0);
    Store.open(fresh).dispose();
  });

  it('a bad schema-format byte: one line with the file name', () => {
    const file = path.join(tempDir(), 'a.db');
    sample(file);
    const bytes = fs.readFileSync(file);
    bytes.writeUInt32BE(99, 44);
    fs.writeFileSync(file, bytes);
    expect(oneLine(() => Store.open(file))).toMatch(/^the database file .*a\.db is damaged \(unsupported file format\): restore it/);
  });

  it('damaged JSON in a row: one line naming the run or the puzzle, not a bare parse error', () => {
    const file = path.join(tempDir(), 'a.db');
    const { puzzleId, runId } = sample(file);
    const s = Store.open(file);
    try {
      s.connection.prepare(`UPDATE runs SET puzzle = '{"rows": 5,' WHERE id = ?`).run(runId);
      expect(oneLine(() => s.getRun(runId))).toMatch(
        new RegExp(`^run ${runId}'s puzzle in the database file .*a\\.db cannot be read back: damaged \\(not valid JSON\\): restore it`),
      );
      s.connection.prepare(`UPDATE runs SET params = 'nope' WHERE id = ?`).run(runId);
      expect(oneLine(() => s.listRuns())).toMatch(new RegExp(`^run ${runId}'s parameters in the database file`));
      s.connection.prepare(`UPDATE puzzles SET document = '[' WHERE id = ?`).run(puzzleId);
      expect(oneLine(() => s.getPuzzle(puzzleId))).toMatch(
        new RegExp(`^puzzle ${puzzleId} \\(p\\) in the database file .*cannot be read back: damaged \\(not valid JSON\\)`),
      );
    } finally {
      s.dispose();
    }
  });
});

describe('every command refuses a damaged database', () => {
  it('runs, show, puzzles, study list, export and solve: exit 2, one line naming the file and how to recover; check says so too; nothing written', () => {
    const db = path.join(tempDir(), 'a.db');
    sample(db);
    damagePage(db, 'runs');
    const before = hash(db);
    for (const args of [
      ['runs'],
      ['show', '1'],
      ['puzzles'],
      ['study', 'list'],
      ['export', '1'],
      ['solve', '--family', 'jump', '--size', '6', '--solver', 'hill-climb', '--evaluations', '1000'],
    ]) {
      const r = cli([...args, '--db', db]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr, args.join(' ')).toMatch(/the database file .*a\.db is damaged .*: restore it from a backup/);
    }
    const check = cli(['check', '--db', db]);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/^the database file .*a\.db is damaged/);
    expect(hash(db)).toBe(before);
  }, 120_000);
});
