/** Store errors with one plain sentence for the user; the SQLite error stays in `cause`. */
import { nounFor } from '../../core/text/plural';
import { whyNotOpened } from './open-reason';

export type StoreErrorCode =
  | 'DISK_FULL'
  | 'READ_ONLY'
  | 'CORRUPT'
  | 'NOT_A_DATABASE'
  | 'CANT_OPEN'
  | 'BUSY'
  | 'IO'
  | 'NEWER_VERSION'
  /** A -wal beside the file was written for another file (the file was restored or replaced after it). */
  | 'FOREIGN_WAL'
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

/**
 * One problem of SQLite's quick or integrity check, in one line: its rows may hold several lines
 * under a heading ("*** in database main ***\nTree 3 page 30: ...").
 */
export function problemLine(row: string, trees: ReadonlyMap<number, string> = new Map()): string {
  const line = row
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !/^\*\*\* in database \w+ \*\*\*$/.test(l));
  if (line === undefined) return 'unknown damage';
  // "Tree 5 page 5: btreeInitPage() returns error code 11": the tree by its table's name, in words.
  const m = /^Tree (\d+) page (\d+)(?: cell \d+)?: (.*)$/.exec(line);
  if (!m) return line;
  const what = m[3] === 'btreeInitPage() returns error code 11' ? 'is not a valid b-tree page' : `: ${m[3]}`;
  return `page ${m[2]} of ${trees.get(Number(m[1])) ?? `the tree at page ${m[1]}`} ${what}`.replace(' : ', ': ');
}

/** The problems of a quick or integrity check as one phrase: the first, and how many more. */
export function problemsPhrase(rows: readonly string[], trees: ReadonlyMap<number, string> = new Map()): string {
  const lines = rows.flatMap((r) => r.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('***')));
  const first = problemLine(lines[0] ?? '', trees);
  return lines.length > 1 ? `${first}, and ${lines.length - 1} more ${nounFor(lines.length - 1, 'problem')}` : first;
}

/** Why a database file is refused as damaged, with how to get it back. */
export function damagedMessage(file: string, problem: string): string {
  return `the database file ${file} is damaged (${problem}): ${recoveryHint(file)}`;
}

/** A -wal beside `file` written for another file: SQLite would replay it into this one. */
export function foreignWalMessage(file: string, why: string): string {
  return (
    `the database file ${file} was not opened: the ${file}-wal beside it holds changes to another file (${why}; ${file} was restored or copied over after they were written), and replaying them would damage it. ` +
    `Stop any process still using the old file; if none is, move ${file}-wal and ${file}-shm away to open ${file} as it is`
  );
}

/** A stored JSON value that does not read back: `what` names it ("run 12's puzzle", "run 12's parameters": the verb agrees with either). */
export class DamagedValue extends Error {
  constructor(readonly what: string) {
    super(`${what} cannot be read back: damaged (not valid JSON)`);
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
    return new StoreError('CORRUPT', `${err.what} in ${where} cannot be read back: damaged (not valid JSON): ${recoveryHint(file)}`, { cause: err });
  const code = sqliteCode(err);
  if (code === null) return err;
  const make = (c: StoreErrorCode, message: string): StoreError => new StoreError(c, message, { cause: err });
  if (is(code, 'SQLITE_FULL')) return make('DISK_FULL', `the disk is full: ${where} could not be written, so the last change was not saved`);
  if (is(code, 'SQLITE_READONLY')) return make('READ_ONLY', `${where} is read-only, so changes cannot be saved`);
  if (is(code, 'SQLITE_NOTADB'))
    return make(
      'NOT_A_DATABASE',
      `${where} is not a SQLite database (its first bytes are not SQLite's header): if it held your library, restore it from a backup; else choose another database file`,
    );
  if (is(code, 'SQLITE_CORRUPT')) return make('CORRUPT', `${where} is damaged (corrupt): ${recoveryHint(file)}`);
  // A header SQLite cannot read (e.g. a bad schema-format byte) comes as a plain SQLITE_ERROR.
  const message = err instanceof Error ? err.message : '';
  if (code === 'SQLITE_ERROR' && /^(unsupported file format|malformed database schema)/.test(message))
    return make('CORRUPT', `${where} is damaged (${message}): ${recoveryHint(file)}`);
  if (is(code, 'SQLITE_CANTOPEN')) {
    // SQLite gives no reason: the system's, found by trying the file and its folder (store/open-reason.ts).
    const why = file === ':memory:' || file === '' ? null : whyNotOpened(file);
    return make('CANT_OPEN', `${where} cannot be opened${why === null ? '' : `: ${why}`}`);
  }
  if (is(code, 'SQLITE_BUSY') || is(code, 'SQLITE_LOCKED')) return make('BUSY', `${where} is locked by another program`);
  if (is(code, 'SQLITE_IOERR')) return make('IO', `a disk error occurred while using ${where}`);
  return err;
}
