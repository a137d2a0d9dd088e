/** Store errors with one plain sentence for the user; the SQLite error stays in `cause`. */

export type StoreErrorCode =
  | 'DISK_FULL'
  | 'READ_ONLY'
  | 'CORRUPT'
  | 'NOT_A_DATABASE'
  | 'CANT_OPEN'
  | 'BUSY'
  | 'IO'
  | 'NEWER_VERSION'
  | 'NOT_FOUND'
  | 'CLOSED'
  /** The database file was deleted or replaced while open: what is written now goes nowhere. */
  | 'GONE'
  /** The run is queued or running in another live process. */
  | 'LEASE_HELD'
  /** This process no longer owns the run (its lease expired and another process took it). */
  | 'LEASE_LOST';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

function sqliteCode(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

function is(code: string, base: string): boolean {
  return code === base || code.startsWith(`${base}_`);
}

/**
 * Turn a SQLite error about `file` into a StoreError whose message says plainly what is wrong.
 * Anything else (constraint errors, bugs, StoreErrors) is returned unchanged.
 */
export function describeDbError(err: unknown, file: string): unknown {
  if (err instanceof StoreError) return err;
  const code = sqliteCode(err);
  if (code === null) return err;
  const where = file === ':memory:' || file === '' ? 'the in-memory database' : `the database file ${file}`;
  const make = (c: StoreErrorCode, message: string): StoreError => new StoreError(c, message, { cause: err });
  if (is(code, 'SQLITE_FULL')) return make('DISK_FULL', `the disk is full: ${where} could not be written, so the last change was not saved`);
  if (is(code, 'SQLITE_READONLY')) return make('READ_ONLY', `${where} is read-only, so changes cannot be saved`);
  if (is(code, 'SQLITE_NOTADB')) return make('NOT_A_DATABASE', `${where} is not a SQLite database`);
  if (is(code, 'SQLITE_CORRUPT')) return make('CORRUPT', `${where} is damaged (corrupt)`);
  if (is(code, 'SQLITE_CANTOPEN')) return make('CANT_OPEN', `${where} cannot be opened`);
  if (is(code, 'SQLITE_BUSY') || is(code, 'SQLITE_LOCKED')) return make('BUSY', `${where} is locked by another program`);
  if (is(code, 'SQLITE_IOERR')) return make('IO', `a disk error occurred while using ${where}`);
  return err;
}
