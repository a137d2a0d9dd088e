/**
 * The database file a command opens: `--db`, then $WORKBENCH_DB, then the app's. A command that
 * only reads (runs, show, export, puzzles, study show...) refuses a file that is not there in one
 * line, rather than making folders and an empty database to find nothing in. (A database SQLite
 * cannot open is said with the system's reason by the store itself: store/open-reason.ts.)
 */
import { existsSync } from 'node:fs';
import { escapeControls } from '../../core/text/display';
import { resolveDbPath } from '../paths/user-data';
import type { Workbench } from '../services/workbench';
import { UsageError } from './args';

/** How a command uses its database: `read` needs one that is there, `make` makes one where there is none. */
export type DbUse = 'read' | 'make';

export function dbFile(db: string | undefined, use: DbUse): string {
  const file = resolveDbPath(db);
  if (use === 'read' && !existsSync(file))
    throw new UsageError(`no database at ${escapeControls(file)}: give the one you use with --db FILE (solve, import or generate --import make one)`);
  return file;
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
