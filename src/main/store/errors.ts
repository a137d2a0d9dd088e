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

/** How to get a damaged database back, for every message that says one is damaged. */
export function recoveryHint(file: string): string {
  return `restore it from a backup, or copy out what is still readable with: sqlite3 '${file}' .recover | sqlite3 recovered.db`;
}

/** A stored JSON value that does not read back: `what` names it ("run 12's puzzle"). */
export class DamagedValue extends Error {
  constructor(readonly what: string) {
    super(`${what} is damaged (not valid JSON)`);
    this.name = 'DamagedValue';
  }
}

/** Parse a stored JSON column; throws DamagedValue naming it when it does not read back. */
export function parseStored(text: string, what: () => string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new DamagedValue(what());
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
  const where = file === ':memory:' || file === '' ? 'the in-memory database' : `the database file ${file}`;
  if (err instanceof DamagedValue)
    return new StoreError('CORRUPT', `${err.what} in ${where} is damaged (not valid JSON): ${recoveryHint(file)}`, { cause: err });
  const code = sqliteCode(err);
  if (code === null) return err;
  const make = (c: StoreErrorCode, message: string): StoreError => new StoreError(c, message, { cause: err });
  if (is(code, 'SQLITE_FULL')) return make('DISK_FULL', `the disk is full: ${where} could not be written, so the last change was not saved`);
  if (is(code, 'SQLITE_READONLY')) return make('READ_ONLY', `${where} is read-only, so changes cannot be saved`);
  if (is(code, 'SQLITE_NOTADB')) return make('NOT_A_DATABASE', `${where} is not a SQLite database`);
  if (is(code, 'SQLITE_CORRUPT')) return make('CORRUPT', `${where} is damaged (corrupt): ${recoveryHint(file)}`);
  // A header SQLite cannot read (e.g. a bad schema-format byte) comes as a plain SQLITE_ERROR.
  const message = err instanceof Error ? err.message : '';
  if (code === 'SQLITE_ERROR' && /^(unsupported file format|malformed database schema)/.test(message))
    return make('CORRUPT', `${where} is damaged (${message}): ${recoveryHint(file)}`);
  if (is(code, 'SQLITE_CANTOPEN')) return make('CANT_OPEN', `${where} cannot be opened`);
  if (is(code, 'SQLITE_BUSY') || is(code, 'SQLITE_LOCKED')) return make('BUSY', `${where} is locked by another program`);
  if (is(code, 'SQLITE_IOERR')) return make('IO', `a disk error occurred while using ${where}`);
  return err;
}
