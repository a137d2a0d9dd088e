/** The database file swapped (`mv`) or rewritten in place (`cp`) under an open store. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { FileIdentity } from '../../../src/main/store/file-identity';
import { openWriteLock } from '../../../src/main/store/opening';
import { Store } from '../../../src/main/store/store';
import { hash } from '../../helpers/files';
import { cleanTempDirs, newRun, tempDir } from './helpers';

afterEach(cleanTempDirs);

const storeModule = pathToFileURL(fileURLToPath(new URL('../../../src/main/store/store.ts', import.meta.url))).href;
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A closed database holding `runs` runs, as a backup would be. */
function backup(file: string, runs: number): string {
  const s = Store.open(file);
  for (let i = 0; i < runs; i++) s.createRun(newRun({ puzzleName: `backup ${i}` }));
  s.dispose();
  return hash(file);
}

/** An open store whose WAL holds frames not yet in the file, as during a run. */
function busy(file: string): Store {
  const s = Store.open(file);
  const run = s.createRun(newRun({ puzzleName: 'live' }));
  for (let i = 1; i <= 50; i++) s.recordProgress(run.id, { elapsedMs: i, evaluations: i, iteration: i, bestScore: i, currentScore: i, meanScore: null });
  expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
  return s;
}

function expectIntact(file: string, digest: string, runs: number): void {
  expect(hash(file)).toBe(digest);
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
  const s = Store.open(file);
  try {
    expect(s.connection.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(s.listRuns().map((r) => r.puzzleName)).toEqual(Array.from({ length: runs }, (_, i) => `backup ${runs - 1 - i}`));
  } finally {
    s.dispose();
  }
}

describe('a database file replaced under an open store', () => {
  for (const how of ['mv', 'cp'] as const) {
    it(`${how} over it: the next write is refused in one line, the new file is left byte for byte, and opens intact`, () => {
      const dir = tempDir();
      const file = path.join(dir, 'a.db');
      const other = path.join(dir, 'other.db');
      const digest = backup(other, 3);
      const s = busy(file);
      const ino = fs.statSync(file).ino;
      if (how === 'mv') fs.renameSync(other, file);
      else fs.copyFileSync(other, file);
      if (how === 'cp') expect(fs.statSync(file).ino).toBe(ino);
      expect(() => s.recordProgress(1, { elapsedMs: 99, evaluations: 99, iteration: 99, bestScore: 99, currentScore: 99, meanScore: null })).toThrow(
        new RegExp(`^the database file .*a\\.db was ${how === 'mv' ? 'replaced by another file' : 'overwritten in place by another file'} while in use`),
      );
      // Every later call says the same, reads included; closing writes nothing either.
      expect(() => s.listRuns()).toThrow(/while in use/);
      s.dispose();
      expectIntact(file, digest, 3);
    });
  }

  it('a puzzle added after a mv is refused too (it was taken and lost: adding checked nothing)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.db');
    const other = path.join(dir, 'other.db');
    const digest = backup(other, 3);
    const s = busy(file);
    fs.renameSync(other, file);
    expect(() => s.addPuzzle({ name: 'p', family: 'edge', source: 'x', document: {}, rows: 2, cols: 2 })).toThrow(/replaced by another file while in use/);
    s.dispose();
    expectIntact(file, digest, 3);
  });

  it('cp of an older backup of the same database is noticed too', () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.db');
    const copy = path.join(dir, 'copy.db');
    backup(file, 3);
    fs.copyFileSync(file, copy);
    const digest = hash(copy);
    const s = busy(file);
    // Checkpointed: the file itself has moved on from the copy.
    s.connection.pragma('wal_checkpoint(PASSIVE)');
    s.createRun(newRun({ puzzleName: 'after the checkpoint' }));
    fs.copyFileSync(copy, file);
    expect(() => s.createRun(newRun())).toThrow(/overwritten in place/);
    s.dispose();
    expectIntact(file, digest, 3);
  });

  it('cp over a database reopened after a clean close (its WAL begun after the opening) is noticed too', () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.db');
    const other = path.join(dir, 'other.db');
    backup(file, 1);
    const digest = backup(other, 3);
    const s = busy(file);
    fs.copyFileSync(other, file);
    expect(() => s.createRun(newRun())).toThrow(/overwritten in place/);
    s.dispose();
    expectIntact(file, digest, 3);
  });

  it('no false alarm: two stores on one file write and checkpoint in turn for a while', () => {
    const file = path.join(tempDir(), 'a.db');
    const a = Store.open(file);
    const b = Store.open(file);
    try {
      const big = 'x'.repeat(20_000);
      for (let i = 0; i < 300; i++) {
        const s = i % 3 === 0 ? a : b;
        s.createRun(newRun({ puzzle: { big, i } }));
        if (i % 50 === 0) s.connection.pragma('wal_checkpoint(PASSIVE)');
      }
      expect(a.countRuns()).toBe(300);
      expect(b.countRuns()).toBe(300);
    } finally {
      a.dispose();
      b.dispose();
    }
  });

  it.runIf(fs.existsSync('/proc/locks'))(
    'cp over it with another process on it too: the first to notice leaves the WAL to the other, which notices too and removes it as the last',
    async () => {
      const dir = tempDir();
      const file = path.join(dir, 'a.db');
      const other = path.join(dir, 'other.db');
      const digest = backup(other, 3);
      const a = busy(file);
      // Another process with a store on the file: it writes once, then once more when told.
      const code = `
        const { Store } = await import(${JSON.stringify(storeModule)});
        const s = Store.open(${JSON.stringify(file)});
        const run = () => s.createRun({ puzzleId: null, puzzleName: 'b', family: 'edge', solver: 'hill-climb', params: {}, seed: 1,
          stop: { seconds: 1, evaluations: null, target: null }, puzzle: {}, maxScore: 1 });
        run();
        console.log('ready');
        process.stdin.once('data', () => {
          try { run(); console.log('wrote'); } catch (e) { console.log(e.message); }
          s.dispose();
          process.exit(0);
        });
      `;
      const b = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
      let said = '';
      b.stdout.on('data', (d: Buffer) => (said += d.toString()));
      const exited = new Promise((r) => b.once('exit', r));
      try {
        for (let waited = 0; !said.includes('ready') && waited < 30_000; waited += 20) await sleep(20);
        fs.copyFileSync(other, file);
        expect(() => a.createRun(newRun())).toThrow(/overwritten in place/);
        // Its frames would be b's saved work, were a wrong: they stay while b uses them.
        expect(fs.existsSync(`${file}-wal`)).toBe(true);
        b.stdin.write('write\n');
        await exited;
        expect(said).toMatch(/\nthe database file .*a\.db was overwritten in place by another file while in use, so this process stopped writing to it\n$/);
      } finally {
        b.kill('SIGKILL');
        a.dispose();
      }
      expectIntact(file, digest, 3);
    },
    60_000,
  );

  it('deleted: refused in one line, and nothing is left for a new file of that name to replay', () => {
    const file = path.join(tempDir(), 'a.db');
    const s = busy(file);
    fs.rmSync(file);
    expect(() => s.createRun(newRun())).toThrow(/^the database file .*a\.db was deleted while in use/);
    s.dispose();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const again = Store.open(file);
    expect(again.countRuns()).toBe(0);
    again.dispose();
  });

  it('no false alarm: another program adds frames while a reader keeps the WAL from starting over, checkpoints them and starts the WAL over, all between two looks', () => {
    // The WAL fully copied at the first look, frames added after it and copied too, then the WAL
    // restarted (which clears the checkpoint counters): the file changed, and only a restart shows why.
    const file = path.join(tempDir(), 'a.db');
    const w = new Database(file);
    const reader = new Database(file, { readonly: true });
    let identity: FileIdentity | null = null;
    try {
      w.pragma('journal_mode = WAL');
      w.pragma('wal_autocheckpoint = 0');
      w.exec('CREATE TABLE t (x BLOB)');
      const add = (): void => void w.prepare('INSERT INTO t VALUES (randomblob(3000))').run();
      for (let i = 0; i < 3; i++) add();
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) FROM t').get(); // a read mark in the WAL: the writer cannot start it over
      expect(w.pragma('wal_checkpoint(PASSIVE)')).toEqual([{ busy: 0, log: expect.any(Number), checkpointed: expect.any(Number) }]);
      identity = new FileIdentity(file);
      expect(identity.check()).toBeNull();
      for (let i = 0; i < 3; i++) add(); // appended: the reader holds the WAL
      reader.exec('COMMIT');
      w.pragma('wal_checkpoint(PASSIVE)');
      add(); // nothing left to copy and no reader: the WAL starts over
      expect(identity.check()).toBeNull();
    } finally {
      reader.close();
      w.close();
      identity?.dispose();
    }
  });
});

describe("another program writing around this store's checkpoint", () => {
  it('another program cannot commit between the look before a checkpoint and the look after (the store holds the write lock), and does after', () => {
    const file = path.join(tempDir(), 'a.db');
    Store.open(file).dispose();
    const other = new Database(file, { timeout: 0 });
    const update = other.prepare('UPDATE runs SET evaluations = ? WHERE id = 1');
    const refused: string[] = [];
    const s = Store.open(file, {
      checkpointFrames: 10,
      // Another process's commit, after the store took its witness and looked at the file: to the
      // first run's row, on a page checkpointed long before.
      beforeCheckpoint: () => {
        try {
          update.run(-1);
        } catch (e) {
          refused.push((e as { code?: string }).code ?? String(e));
        }
      },
    });
    try {
      for (let i = 0; i < 40; i++) {
        s.createRun(newRun({ puzzleName: `mine ${i}`, puzzle: { big: 'x'.repeat(9000) } }));
        update.run(i);
      }
      expect(refused.length).toBeGreaterThan(2);
      expect(new Set(refused)).toEqual(new Set(['SQLITE_BUSY']));
      expect(s.countRuns()).toBe(40);
      expect(s.getRun(1)?.evaluations).toBe(39);
    } finally {
      s.dispose();
      other.close();
    }
  });
});

describe("the store's second connection, which holds the write lock through its checkpoints", () => {
  it('opens the WAL at once: a file a copy has just emptied does not make it take the WAL for a stray one and delete it', () => {
    const file = path.join(tempDir(), 'a.db');
    const s = busy(file);
    const lock = openWriteLock(file, {});
    try {
      expect(lock).not.toBeNull();
      fs.truncateSync(file, 0); // the copy's first step
      try {
        lock!.exec('BEGIN IMMEDIATE');
        lock!.exec('ROLLBACK');
      } catch {
        /* refused is fine: deleting is not */
      }
      expect(fs.existsSync(`${file}-wal`)).toBe(true);
    } finally {
      lock?.close();
      s.dispose();
    }
  });
});

describe('a database another process closes as this one opens it', () => {
  it('takes the -wal and -shm made anew after its last connection closed as its own, not as a replaced file', () => {
    const file = path.join(tempDir(), 'a.db');
    const other = new Database(file);
    other.pragma('journal_mode = WAL');
    other.exec('create table t (x); insert into t values (1)');
    // Opened while the other connection's -wal and -shm are there (a store opens its identity before SQLite).
    const identity = new FileIdentity(file);
    const before = fs.statSync(`${file}-wal`).ino;
    // Its last connection closing removes them; this one's makes new ones.
    other.close();
    const db = new Database(file);
    try {
      db.exec('insert into t values (2)');
      expect(fs.statSync(`${file}-wal`).ino).not.toBe(before);
      identity.watch();
      expect(identity.check()).toBeNull();
      db.exec('insert into t values (3)');
      expect(identity.check()).toBeNull();
    } finally {
      db.close();
      identity.dispose();
    }
  });
});
