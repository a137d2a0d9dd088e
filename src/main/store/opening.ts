/**
 * What opening a database file checks before any change (not a folder, no foreign WAL, no damage)
 * and the connections a store opens beside its own (see StoreCore's lockHolder and writeLock).
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { StoreError, damagedMessage, foreignWalMessage, problemsPhrase } from './errors';
import type { FileIdentity } from './file-identity';
import { foreignWal } from './leftover-wal';
import { migrate } from './migrations';
import { checkTreesIn, type Tree } from './page-check';
import type { StoreOptions } from './types';

export function fileSize(file: string): number | null {
  try {
    return fs.statSync(file).size;
  } catch {
    return null; // not there yet: SQLite creates it
  }
}

/** A path that is there but is no regular file (a folder, a pipe, a device) cannot hold a database: say so, not SQLite's I/O error. */
export function refuseNonFile(file: string): void {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return; // not there yet
  }
  if (st.isDirectory()) throw new StoreError('CANT_OPEN', `${file} is a folder, not a database file: give a file path with --db`);
  if (!st.isFile()) throw new StoreError('CANT_OPEN', `${file} is not a regular file (a pipe or device), so it cannot hold a database`);
}

/**
 * A new database file comes into place whole: made and migrated under a name of this process's
 * own, then linked to its path, which fails if another process got there first (whose file came
 * whole too). Made in place, the file would stay empty until SQLite's first write, and a second
 * process opening it at that moment would refuse it as an empty (damaged) file.
 */
export function createWhole(file: string, opts: StoreOptions): void {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.new`;
  try {
    const db = new Database(tmp, withBinding(opts));
    try {
      db.pragma('journal_mode = WAL');
      migrate(db, file);
    } finally {
      db.close();
    }
    try {
      fs.linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return;
      // A file system without hard links: an exclusive copy (still never an empty file).
      try {
        fs.copyFileSync(tmp, file, fs.constants.COPYFILE_EXCL);
      } catch (copyErr) {
        if ((copyErr as NodeJS.ErrnoException).code !== 'EEXIST') throw copyErr;
      }
    }
  } finally {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
  }
}

export function withBinding(opts: Pick<StoreOptions, 'nativeBinding'>): Database.Options {
  return opts.nativeBinding !== undefined ? { nativeBinding: opts.nativeBinding } : {};
}

/** Throws StoreError CORRUPT, naming the file and how to recover, when SQLite's quick check finds damage. */
export function quickCheck(db: Database.Database, file: string): void {
  const rows = (db.pragma('quick_check(3)') as { quick_check: string }[]).map((r) => r.quick_check);
  if (rows.length === 1 && rows[0] === 'ok') return;
  throw new StoreError('CORRUPT', damagedMessage(file, problemsPhrase(rows, treeNames(db))));
}

/** Tables and indexes by root page, to name them in a check's problems (none when the schema does not read). */
export function treeNames(db: Database.Database): Map<number, string> {
  try {
    const rows = db.prepare(`SELECT rootpage, name FROM sqlite_schema WHERE rootpage > 0`).all() as { rootpage: number; name: string }[];
    return new Map([[1, 'sqlite_schema'], ...rows.map((r) => [r.rootpage, r.name] as [number, string])]);
  } catch {
    return new Map();
  }
}

/** The bounded check of a file too big for the quick check at every opening (see page-check.ts). */
export function boundedCheck(db: Database.Database, file: string, identity: FileIdentity): void {
  const rows = db.prepare(`SELECT type, name, rootpage, sql FROM sqlite_schema WHERE rootpage > 0`).all() as {
    type: string;
    name: string;
    rootpage: number;
    sql: string | null;
  }[];
  const trees: Tree[] = [
    { name: 'sqlite_schema', root: 1, table: true },
    ...rows.map((r) => ({ name: r.name, root: r.rootpage, table: r.type === 'table' && !/without\s+rowid/i.test(r.sql ?? '') })),
  ];
  // A read transaction keeps the file and its WAL still while their pages are read directly:
  // no checkpoint can copy into the file, nor the WAL restart, under a reader.
  db.exec('BEGIN');
  try {
    db.prepare('SELECT 1 FROM sqlite_schema LIMIT 1').get();
    const fds = identity.descriptors();
    const problem = fds === null ? null : checkTreesIn(fds, trees);
    if (problem !== null) throw new StoreError('CORRUPT', damagedMessage(file, problem));
  } finally {
    db.exec('COMMIT');
  }
}

/** Refuses a -wal beside the file that SQLite would replay into it but belongs to another file (see leftover-wal.ts). */
export function refuseForeignWal(file: string): void {
  const why = foreignWal(file);
  if (why !== null) throw new StoreError('FOREIGN_WAL', foreignWalMessage(file, why));
}

/** Whether a -wal beside the file holds commits (then closing the last connection would copy them into the file). */
export function walHasFrames(file: string): boolean {
  try {
    return fs.statSync(`${file}-wal`).size > 32;
  } catch {
    return false;
  }
}

/**
 * Close a connection without its closing checkpoint copying the WAL into the file: a read-only
 * connection held open meanwhile keeps it from being the last one (read-only ones never checkpoint).
 */
export function closeWithoutCheckpoint(db: Database.Database, file: string, opts: StoreOptions): void {
  const holder = walHasFrames(file) ? openLockHolder(file, opts) : null;
  try {
    db.close();
  } finally {
    holder?.close();
  }
}

/**
 * A connection opened beside the store's own, with a first read at once: in WAL mode that takes
 * the shared lock the connection keeps until it closes, and opens the WAL. Opened later, in a file
 * a copy has just emptied, SQLite would take the file for a new one and delete the WAL, the store's
 * unsaved pages with it. Null when it cannot be opened.
 */
function openBeside(file: string, options: Database.Options): Database.Database | null {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, options);
    db.pragma('schema_version');
    return db;
  } catch {
    db?.close();
    return null;
  }
}

/** See StoreCore.lockHolder; null when it cannot be opened (then a file copied over this one is only noticed). */
export function openLockHolder(file: string, opts: StoreOptions): Database.Database | null {
  return openBeside(file, { readonly: true, ...withBinding(opts) });
}

/** See StoreCore.writeLock; null when it cannot be opened (then checkpoints go without it). */
export function openWriteLock(file: string, opts: StoreOptions): Database.Database | null {
  // Waits for no one: a checkpoint that would wait for another writer is left to the next write.
  return openBeside(file, { fileMustExist: true, timeout: 0, ...withBinding(opts) });
}
