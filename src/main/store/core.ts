/**
 * The open database file and the one way every store module uses it.
 *
 * Plain Node (no Electron), better-sqlite3, WAL journal, foreign keys on, synchronous=FULL.
 * Every change is one transaction, so a failure (disk full, read-only file) never leaves half a
 * change and never loses a committed one. `guard`, `write` and `tx` are the store's single error
 * wrapper: a SQLite error comes out as a one-line StoreError (see errors.ts), a closed store or a
 * file replaced under this process is refused in one line, and nothing is written to a file that
 * is no longer ours.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DamagedValue, StoreError, describeDbError, problemsPhrase, recoveryHint } from './errors';
import type { Disposable } from '../lifecycle/disposable';
import { FileIdentity, OVERWRITTEN, WROTE_INTO, goneMessage } from './file-identity';
import { migrate, checkVersion } from './migrations';
import {
  boundedCheck,
  closeWithoutCheckpoint,
  createWhole,
  fileSize,
  openLockHolder,
  openWriteLock,
  quickCheck,
  refuseForeignWal,
  refuseNonFile,
  treeNames,
  walHasFrames,
  withBinding,
} from './opening';
import { StatementCache } from './statements';
import type { StoreOptions } from './types';

/**
 * Above this size the check at opening is the bounded one of page-check.ts instead of SQLite's
 * quick check (which reads every page: about a second per few hundred megabytes); `workbench
 * check` runs the full one on any size.
 */
export const QUICK_CHECK_MAX_BYTES = 256 * 1024 * 1024;

/**
 * WAL frames after which a write checkpoints (SQLite's own default). The store checkpoints itself,
 * right after checking the file is still its own, rather than let SQLite do it at any commit: a
 * checkpoint is the only write to the main file, and must not land in a file copied over it.
 */
const CHECKPOINT_FRAMES = 1000;

/** JSON for a column; `undefined` (which JSON.stringify drops) is stored as null. */
export function toJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** LIMIT and OFFSET arguments of a page (no limit: -1). Throws RangeError on a bad one. */
export function pageArgs(limit: number | undefined, offset: number | undefined): [number, number] {
  const l = limit ?? -1;
  const o = offset ?? 0;
  if (!Number.isInteger(l) || (l < 0 && l !== -1)) throw new RangeError(`limit must be a whole number ≥ 0, got ${limit}`);
  if (!Number.isInteger(o) || o < 0) throw new RangeError(`offset must be a whole number ≥ 0, got ${offset}`);
  return [l, o];
}

export function notFound(what: 'puzzle' | 'run', id: number): StoreError {
  return new StoreError('NOT_FOUND', `there is no ${what} with id ${id}`);
}

export class StoreCore implements Disposable {
  /** Prepared statements by SQL text, for the queries whose WHERE / ORDER BY vary. */
  readonly statements: StatementCache;
  /** Why the file is no longer written to (it was deleted or replaced under this process). */
  private goneReason: string | null = null;
  /** Why the file is no longer used: SQLite or a check found it damaged (the message to repeat). */
  private damage: string | null = null;

  private constructor(
    readonly db: Database.Database,
    /** The path it was opened with (`':memory:'` for an in-memory store). */
    readonly path: string,
    /** Clock, ms since the epoch. */
    readonly now: () => number,
    /**
     * A read-only connection to the same file, holding SQLite's shared lock: while it is open,
     * closing `db` cannot checkpoint the WAL into the file, which is what keeps a file copied
     * over this one intact (see retire). Closed first on a normal close.
     */
    private readonly lockHolder: Database.Database | null,
    /** To notice the file being deleted or replaced under this process (null in memory). */
    private readonly identity: FileIdentity | null,
    /**
     * A second read-write connection, opened with the first (so to the same file), that holds the
     * write lock through this store's checkpoints (see checkpoint). Never the last to close.
     */
    private readonly writeLock: Database.Database | null,
    private readonly opts: Pick<StoreOptions, 'checkpointFrames' | 'beforeCheckpoint'> = {},
  ) {
    this.statements = new StatementCache(db);
  }

  /**
   * Open (creating folders and the file if needed) and migrate to the current schema.
   * A database written by a newer version is refused before anything in it is changed.
   */
  static open(file: string, opts: StoreOptions = {}): StoreCore {
    const memory = file === ':memory:' || file === '';
    if (!memory) {
      refuseNonFile(file);
      const dir = path.dirname(path.resolve(file));
      try {
        fs.mkdirSync(dir, { recursive: true });
      } catch (err) {
        throw new StoreError('CANT_OPEN', `cannot create the folder ${dir} for the database file ${file}: ${(err as Error).message}`, { cause: err });
      }
    }
    if (!memory && fileSize(file) === null) {
      try {
        createWhole(file, opts);
      } catch (err) {
        throw describeDbError(err, file);
      }
    }
    const size = memory ? null : fileSize(file);
    // SQLite would take an empty file for a new database; ours are never empty once made.
    if (size === 0)
      throw new StoreError(
        'NOT_A_DATABASE',
        // Copying out of an empty file finds nothing, unless its -wal beside it holds pages.
        `the database file ${file} is empty (0 bytes), so it holds no library or runs: delete it to start a new database there, or ${(fileSize(`${file}-wal`) ?? 0) > 0 ? recoveryHint(file).replace(/^restore it/, 'restore the file') : 'restore the file from a backup'}`,
      );
    // Before SQLite reads the file, which would replay a -wal beside it.
    if (!memory) refuseForeignWal(file);
    // Before SQLite: the identity's descriptors are the ones read through while SQLite holds its
    // locks, and stay open as long as they do (see file-identity.ts).
    const identity = memory ? null : new FileIdentity(file);
    let db: Database.Database | undefined;
    try {
      db = new Database(file, withBinding(opts));
      // First read only: a non-database file or a newer schema is refused before any change.
      checkVersion(db, file);
      // A damaged file is refused before anything is added to it: the quick check up to
      // QUICK_CHECK_MAX_BYTES, the bounded one above.
      if (size !== null) {
        if (size <= (opts.quickCheckMaxBytes ?? QUICK_CHECK_MAX_BYTES)) quickCheck(db, file);
        else boundedCheck(db, file, identity!);
      }
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('foreign_keys = ON');
      if (!memory) db.pragma('wal_autocheckpoint = 0'); // see CHECKPOINT_FRAMES
      migrate(db, file);
      identity?.watch();
      const others = memory ? { holder: null, writer: null } : { holder: openLockHolder(file, opts), writer: openWriteLock(file, opts) };
      return new StoreCore(db, file, opts.now ?? Date.now, others.holder, identity, others.writer, opts);
    } catch (err) {
      try {
        // A refused file gets nothing from this process, not even the WAL's closing checkpoint.
        if (db?.open) closeWithoutCheckpoint(db, file, opts);
      } catch {
        // already failing; the first error is the one to report
      }
      identity?.dispose();
      throw describeDbError(err, file);
    }
  }

  /** See Store.fullCheck. */
  static fullCheck(file: string, opts: Pick<StoreOptions, 'nativeBinding'> = {}): string[] {
    refuseNonFile(file);
    if (fileSize(file) === 0) return ['the file is empty (0 bytes)'];
    refuseForeignWal(file);
    const hadWal = fs.existsSync(`${file}-wal`) || fs.existsSync(`${file}-shm`);
    let db: Database.Database | undefined;
    try {
      db = new Database(file, { readonly: true, fileMustExist: true, ...withBinding(opts) });
      const rows = (db.pragma('integrity_check(100)') as { integrity_check: string }[]).map((r) => r.integrity_check);
      return rows.length === 1 && rows[0] === 'ok' ? [] : [problemsPhrase(rows, treeNames(db))];
    } catch (err) {
      throw describeDbError(err, file);
    } finally {
      db?.close();
      // A read-only connection leaves the -wal and -shm it made; SQLite removes them when the last
      // read-write connection closes, which (the WAL being empty) writes nothing to the file.
      if (!hadWal && !walHasFrames(file) && fs.existsSync(`${file}-shm`)) {
        try {
          const cleaner = new Database(file, { fileMustExist: true, ...withBinding(opts) });
          try {
            cleaner.pragma('user_version'); // a read: only a connection that used the WAL removes it
          } finally {
            cleaner.close();
          }
        } catch {
          /* left as they are */
        }
      }
    }
  }

  dispose(): void {
    // Closing checkpoints (SQLite's, when this is the last connection): into a file still ours and sound only.
    if (this.goneReason === null && this.damage === null && this.db.open) {
      try {
        // Not a checkpoint of our own here: a short-lived reader (`show` beside a running `serve`)
        // would copy the writer's WAL and let it reuse the WAL, so the writer never met a full disk
        // (test/main/cli/disk-full.test.ts). SQLite's closing checkpoint (last connection only) stays unwitnessed.
        this.checkFile();
      } catch {
        /* retired: nothing left to close */
      }
    }
    this.closeWriteLock();
    if (this.damage !== null && this.db.open) this.db.close(); // while the lock holder keeps it from checkpointing
    if (this.lockHolder?.open) this.lockHolder.close();
    if (this.db.open) this.db.close();
    this.identity?.dispose();
  }

  /** Never the last connection to close (so never the one to checkpoint): closed first. */
  private closeWriteLock(): void {
    try {
      if (this.writeLock?.open) this.writeLock.close();
    } catch {
      /* nothing held */
    }
  }

  /**
   * Run `fn` with SQLite waiting at most `ms` for another program's lock (5 s otherwise): a retry
   * of writes held back by a lock tries without blocking the event loop while the lock lasts.
   */
  withBusyTimeout<T>(ms: number, fn: () => T): T {
    if (!this.db.open) return fn();
    const before = this.db.pragma('busy_timeout', { simple: true }) as number;
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.floor(ms))}`);
    try {
      return fn();
    } finally {
      if (this.db.open) this.db.pragma(`busy_timeout = ${before}`);
    }
  }

  /** See Store.checkIntegrity. */
  checkIntegrity(): void {
    this.guard(() => quickCheck(this.db, this.path));
  }

  /**
   * The error wrapper: refuses a closed store or a file known to be gone, and turns what `fn`
   * throws into a one-line StoreError (see describeDbError; other errors pass unchanged).
   */
  guard<T>(fn: () => T): T {
    if (this.goneReason !== null) throw new StoreError('GONE', this.goneReason);
    if (this.damage !== null) throw new StoreError('CORRUPT', this.damage);
    if (!this.db.open) throw new StoreError('CLOSED', `the database file ${this.path} is closed`);
    try {
      return fn();
    } catch (err) {
      const e = describeDbError(err, this.path);
      // Damage met anywhere (not one bad JSON value) stops all use of the file: nothing more is written to it.
      if (e instanceof StoreError && e.code === 'CORRUPT' && !(err instanceof DamagedValue) && !(e.cause instanceof DamagedValue)) this.damage = e.message;
      throw e;
    }
  }

  /** A single-statement write: `guard`, after checking the file is still ours (see checkFile). */
  write<T>(fn: () => T): T {
    return this.guard(() => {
      this.beforeWrite();
      const result = fn();
      this.afterWrite();
      return result;
    });
  }

  /** One immediate transaction (takes the write lock up front; no upgrade deadlocks between processes). */
  tx<T>(fn: () => T): T {
    return this.guard(() => {
      this.beforeWrite();
      const result = this.db.transaction(fn).immediate();
      this.afterWrite();
      return result;
    });
  }

  /** After a write of its own: the counters taken again (see FileIdentity.refresh), and a checkpoint once the WAL is long enough (see CHECKPOINT_FRAMES). */
  private afterWrite(): void {
    if (this.identity === null || this.db.inTransaction) return;
    this.identity.refresh();
    if (this.identity.backlog() >= (this.opts.checkpointFrames ?? CHECKPOINT_FRAMES)) this.checkpoint();
  }

  /**
   * Copy the WAL into the file, only while the file is ours, and make sure it still was: the
   * file's other pages are witnessed first, then the file is checked (a copy landed before the
   * witness shows there), and after SQLite's checkpoint the witnessed pages must be as they were.
   * A copy landing between the check and the checkpoint's writes (the one moment no look can
   * close) comes out with the WAL's pages over its own, which no later check could tell from a
   * checkpoint of this file: its own pages give it away here, and the store is retired in one line.
   */
  private checkpoint(): void {
    // Under the write lock no process can add a frame to the WAL or start it over until the
    // witnessed pages are looked at again. Another writer holding it now: the next write checkpoints.
    const lock = this.writeLock;
    try {
      lock?.exec('BEGIN IMMEDIATE');
    } catch {
      return;
    }
    try {
      this.checkpointLocked();
    } finally {
      if (lock?.open && lock.inTransaction) lock.exec('ROLLBACK');
    }
  }

  private checkpointLocked(): void {
    const witness = this.identity!.witness();
    this.checkFile();
    this.opts.beforeCheckpoint?.();
    let refused: unknown = null;
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (e) {
      // SQLite refuses, before writing a page, a file much smaller than the WAL says it is.
      refused = e;
    }
    if (witness === null || this.identity!.witnessHolds(witness)) {
      if (refused !== null) throw refused;
      return;
    }
    const wroteInto = refused === null && this.identity!.checkpointWroteInto(witness);
    this.retire(goneMessage(this.path, wroteInto ? WROTE_INTO : OVERWRITTEN));
    throw new StoreError('GONE', this.goneReason!);
  }

  /**
   * Throws StoreError GONE when the database file was deleted, moved over or rewritten in place
   * since it was opened (see file-identity.ts), after retiring the connection: every later call
   * throws the same. Checked before every write transaction and on the run heartbeat.
   */
  checkFile(): void {
    if (this.goneReason !== null) throw new StoreError('GONE', this.goneReason);
    const gone = this.identity?.check() ?? null;
    if (gone === null) return;
    this.retire(goneMessage(this.path, gone));
    throw new StoreError('GONE', this.goneReason!);
  }

  /** Inside a transaction the file was checked when it began. */
  private beforeWrite(): void {
    if (!this.db.inTransaction) this.checkFile();
  }

  /**
   * Let go of a file that is no longer ours without writing a byte to whatever now has its name:
   * SQLite skips the closing checkpoint of a moved file by itself, and for a file rewritten in
   * place the lock holder's shared lock stops it; then the WAL and -shm this connection used are
   * removed, so the next process does not replay them into the new file.
   */
  private retire(reason: string): void {
    this.goneReason = reason;
    this.closeWriteLock();
    try {
      if (this.db.open) this.db.close();
    } catch {
      /* closing is all that is left to do */
    }
    try {
      if (this.lockHolder?.open) this.lockHolder.close();
    } catch {
      /* read-only: it never checkpoints */
    }
    this.identity?.removeLeftovers();
    this.identity?.dispose();
  }
}
