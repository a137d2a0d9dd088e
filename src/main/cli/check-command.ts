import { existsSync } from 'node:fs';
import { resolveDbPath } from '../paths/user-data';
import { StoreError, damagedMessage } from '../store/errors';
import { Store } from '../store/store';
import { parse, UsageError } from './args';

/**
 * `workbench check`: SQLite's full integrity check of the database, read-only and on any size
 * (opening runs the quick check up to 256 MB, a bounded one above). Exit 0 when sound, 1 when
 * damaged or not a database it can check, in one line either way.
 */
export async function check(argv: string[]): Promise<number> {
  const { values: v } = parse(argv, { db: { type: 'string' } }, 0);
  const file = resolveDbPath(v.db);
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  let problems: string[];
  try {
    problems = Store.fullCheck(file);
  } catch (e) {
    // Already a sentence about the file (not a database, a -wal of another file, unreadable).
    if (!(e instanceof StoreError)) throw e;
    // A folder, a pipe or an unreadable path is the wrong --db, not a damaged database.
    if (e.code === 'CANT_OPEN') throw new UsageError(e.message);
    process.stderr.write(`${e.message}\n`);
    return 1;
  }
  if (problems.length === 0) {
    process.stdout.write(`${file}: ok (full integrity check)\n`);
    return 0;
  }
  process.stderr.write(`${damagedMessage(file, problems[0]!)}\n`);
  return 1;
}
