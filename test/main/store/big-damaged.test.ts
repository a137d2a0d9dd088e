/**
 * A damaged database over the size where the quick check is too slow for every opening (issue
 * 49, item 2): the bounded check refuses it at opening, damage SQLite meets later stops all use
 * of the file, and nothing is written into it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { QUICK_CHECK_MAX_BYTES, Store } from '../../../src/main/store/store';
import { checkTrees } from '../../../src/main/store/page-check';
import { cli } from '../../helpers/cli';
import { hash } from '../../helpers/files';
import { cleanTempDirs, newRun, tempDir } from './helpers';

afterEach(cleanTempDirs);

const RECOVER = /: restore it from a backup, or copy out what is still readable with: sqlite3 '.*' \.recover \| sqlite3 recovered\.db$/;

/** A closed workbench database of a puzzle and a run with `events` events of `bytes` each, in one file (no -wal). */
function sample(file: string, events: number, bytes: number): void {
  const s = Store.open(file);
  const p = s.addPuzzle({ name: 'p', family: 'jump', source: 'x', document: { family: 'jump' }, rows: 5, cols: 5 });
  s.createRun(newRun({ puzzleId: p.id }));
  s.dispose();
  // Filled at disk speed: one statement, no journal, no syncs.
  const db = new Database(file);
  db.pragma('journal_mode = DELETE');
  db.pragma('synchronous = OFF');
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO run_events (run_id, kind, elapsed_ms, evaluations, best_score, solution)
     SELECT 1, 'improvement', i, i, 1, '"' || printf('%.*c', ?, 'x') || '"' FROM n`,
  ).run(events, bytes);
  db.pragma('journal_mode = WAL');
  db.close();
}

/** Pages of a table's b-tree of one kind ('internal' or 'leaf'), read before any damage. */
function treePages(file: string, table: string, kind: 'internal' | 'leaf'): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(`SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ? ORDER BY pageno`).pluck().all(table, kind) as number[];
  } finally {
    db.close();
  }
}

function zeroPage(file: string, pgno: number): void {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(4096), 0, 4096, (pgno - 1) * 4096);
  fs.closeSync(fd);
}

function message(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    const m = (e as Error).message;
    expect(m.split('\n')).toHaveLength(1);
    return m;
  }
  throw new Error('expected it to throw');
}

describe('a damaged database over the quick check size', () => {
  it('one zeroed page of the events: refused at opening in bounded time and by the commands; check finds it; nothing written', () => {
    const file = path.join(tempDir(), 'big.db');
    sample(file, 4500, 60_000);
    expect(fs.statSync(file).size).toBeGreaterThan(QUICK_CHECK_MAX_BYTES);
    const sound = Date.now();
    Store.open(file).dispose();
    // The bounded check reads a small part of the file (the full check takes several times as long here).
    expect(Date.now() - sound).toBeLessThan(5000);
    const inner = treePages(file, 'run_events', 'internal');
    expect(inner.length).toBeGreaterThan(0);
    zeroPage(file, inner[0]!);
    const before = hash(file);
    expect(message(() => Store.open(file))).toMatch(
      new RegExp(
        `^the database file .*big\\.db is damaged \\(page ${inner[0]} of run_events is not a valid b-tree page \\(its type byte is 0\\)\\)${RECOVER.source}`,
      ),
    );
    for (const args of [['runs'], ['solve', '--family', 'jump', '--size', '6', '--solver', 'hill-climb', '--evaluations', '1000']]) {
      const r = cli([...args, '--db', file]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(/the database file .*big\.db is damaged \(page \d+ of run_events/);
    }
    expect(Store.fullCheck(file)).toHaveLength(1);
    expect(hash(file)).toBe(before);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  }, 60_000);
});

describe('the bounded check', () => {
  it('checks every leaf of the smaller trees and samples the bigger ones within its budget', () => {
    const file = path.join(tempDir(), 'a.db');
    sample(file, 3000, 500);
    const leaves = treePages(file, 'run_events', 'leaf');
    expect(leaves.length).toBeGreaterThan(100);
    const runsRoot = treePages(file, 'runs', 'leaf')[0]!;
    zeroPage(file, leaves[leaves.length >> 1]!);
    zeroPage(file, runsRoot);
    const trees = [
      { name: 'runs', root: runsRoot, table: true },
      { name: 'run_events', root: treePages(file, 'run_events', 'internal')[0] ?? leaves[0]!, table: true },
    ];
    // The small tree whole: found whatever the sample.
    expect(checkTrees(file, trees, 4, () => 0)).toMatch(/^page \d+ of runs is not a valid b-tree page/);
    // A big tree's leaves are sampled: a budget of all of them finds the zeroed one, a sample of the first misses it.
    expect(checkTrees(file, [trees[1]!], leaves.length)).toMatch(/^page \d+ of run_events is not a valid b-tree page/);
    expect(checkTrees(file, [trees[1]!], 4, () => 0)).toBeNull();
  });

  it("reads the pages as SQLite sees them: another process's WAL over the file", () => {
    const file = path.join(tempDir(), 'a.db');
    sample(file, 300, 500);
    const writer = Store.open(file);
    // The runs' tree grows in the WAL only (no checkpoint yet), so its root's newer version is there.
    for (let i = 0; i < 300; i++) writer.createRun(newRun({ puzzle: { big: 'x'.repeat(3000), i } }));
    const root = writer.connection.prepare(`SELECT rootpage FROM sqlite_schema WHERE name = 'runs'`).pluck().get() as number;
    // The file's old version of that page no longer counts: damaged there, it is not met.
    zeroPage(file, root);
    // The WAL changed last, as when the damage came before the writer's last commit: a file
    // changed after its WAL is refused at opening (leftover-wal.ts), whatever clock tick each fell in.
    fs.utimesSync(`${file}-wal`, new Date(), new Date());
    const reader = Store.open(file, { quickCheckMaxBytes: 0 });
    expect(reader.countRuns()).toBe(301);
    reader.dispose();
    writer.dispose();
  });

  it.runIf(fs.existsSync('/proc/locks'))(
    "leaves SQLite's lock on the file, which tells other programs it is open (closing a descriptor of the file would drop it)",
    () => {
      const file = path.join(tempDir(), 'a.db');
      sample(file, 50, 100);
      // Linux lists every lock with its process and inode.
      const mine = (): number =>
        fs
          .readFileSync('/proc/locks', 'latin1')
          .split('\n')
          .filter((l) => l.split(/\s+/).includes(String(process.pid)) && l.includes(`:${fs.statSync(file).ino} `)).length;
      for (const quickCheckMaxBytes of [Infinity, 0]) {
        const s = Store.open(file, { quickCheckMaxBytes });
        try {
          s.createRun(newRun());
          expect(mine(), quickCheckMaxBytes === 0 ? 'after the bounded check' : 'after the quick check').toBeGreaterThan(0);
        } finally {
          s.dispose();
        }
      }
    },
  );

  it('damage SQLite meets after opening stops all use of the file: later writes are refused with the same line', () => {
    const file = path.join(tempDir(), 'a.db');
    sample(file, 3000, 500);
    const leaves = treePages(file, 'run_events', 'leaf');
    // (Opened without SQLite's quick check, which would leave every page in its cache.)
    const s = Store.open(file, { quickCheckMaxBytes: 0 });
    try {
      zeroPage(file, leaves[leaves.length >> 1]!);
      const first = message(() => s.events(1));
      expect(first).toMatch(/^the database file .*a\.db is damaged \(corrupt\): restore it/);
      const before = hash(file);
      expect(message(() => s.createRun(newRun()))).toBe(first);
      expect(message(() => s.listRuns())).toBe(first);
      s.dispose();
      expect(hash(file)).toBe(before);
    } finally {
      s.dispose();
    }
  });
});
