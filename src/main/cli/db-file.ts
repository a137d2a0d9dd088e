/**
 * The database file a command opens: `--db`, then $WORKBENCH_DB, then the app's. A command that
 * only reads (runs, show, export, puzzles, study show...) refuses a file that is not there in one
 * line, rather than making folders and an empty database to find nothing in; a database SQLite
 * cannot open is said with the system's reason.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { escapeControls } from '../../core/text/display';
import { resolveDbPath } from '../paths/user-data';
import { Workbench, type WorkbenchOptions } from '../services/workbench';
import { StoreError } from '../store/errors';
import { UsageError } from './args';
import { writeErrorText } from './pipes';

/** How a command uses its database: `read` needs one that is there, `make` makes one where there is none. */
export type DbUse = 'read' | 'make';

export function dbFile(db: string | undefined, use: DbUse): string {
  const file = resolveDbPath(db);
  if (use === 'read' && !existsSync(file))
    throw new UsageError(`no database at ${escapeControls(file)}: give the one you use with --db FILE (solve, import or generate --import make one)`);
  return file;
}

/** Workbench.open, with why the system refused the file when SQLite cannot open it. */
export function openWorkbench(opts: WorkbenchOptions): Workbench {
  try {
    return Workbench.open(opts);
  } catch (e) {
    // Only SQLite's own refusal comes without a reason (a folder it could not make says why already).
    if (!(e instanceof StoreError) || e.code !== 'CANT_OPEN' || !e.message.endsWith('cannot be opened')) throw e;
    const why = whyNotOpened(opts.dbPath);
    throw why === null ? e : new StoreError(e.code, `${e.message}: ${why}`, { cause: e });
  }
}

/** The system's reason a database file cannot be opened (or made), null when it finds none. */
function whyNotOpened(file: string): string | null {
  try {
    if (existsSync(file)) {
      if (statSync(file).isDirectory()) return 'it is a folder';
      closeSync(openSync(file, 'r+'));
      return null;
    }
    const dir = dirname(resolve(file));
    if (existsSync(dir) && !statSync(dir).isDirectory()) return `${escapeControls(dir)} is not a folder`;
    // A file of our own made and removed there gives the reason a new database could not be made.
    const probe = join(dir, `.workbench-${randomBytes(6).toString('hex')}`);
    try {
      closeSync(openSync(probe, 'wx'));
    } catch (e) {
      return `no file can be made in ${escapeControls(dir)} (${writeErrorText(e as NodeJS.ErrnoException)})`;
    }
    rmSync(probe, { force: true });
    return null;
  } catch (e) {
    return writeErrorText(e as NodeJS.ErrnoException);
  }
}

/**
 * Runs whose process is gone marked interrupted, as every command does on opening; runs other live
 * processes hold are left alone. When that cannot be written (a full disk, a read-only file) the
 * database can still be read, but a run it lists as running may have ended: said in one line.
 */
export function recoverOrSay(wb: Workbench): void {
  try {
    wb.runs.recover({ adoptQueued: false });
  } catch (e) {
    process.stderr.write(
      `workbench: note: runs whose process has ended could not be marked interrupted (${escapeControls(e instanceof Error ? e.message : String(e))}): a run listed as running may not be\n`,
    );
  }
}
