import { existsSync } from 'node:fs';
import { resolveDbPath } from '../paths/user-data';
import { recoveryHint } from '../store/errors';
import { Store } from '../store/store';
import { parse, UsageError } from './args';

/**
 * `workbench check`: SQLite's full integrity check of the database, read-only and on any size
 * (opening runs only the quick check, and only up to 256 MB). Exit 0 when sound, 1 when damaged.
 */
export async function check(argv: string[]): Promise<number> {
  const { values: v } = parse(argv, { db: { type: 'string' } }, 0);
  const file = resolveDbPath(v.db);
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  const problems = Store.fullCheck(file);
  if (problems.length === 0) {
    process.stdout.write(`${file}: ok (full integrity check)\n`);
    return 0;
  }
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : '';
  process.stderr.write(`the database file ${file} is damaged (${problems[0]})${more}: ${recoveryHint(file)}\n`);
  return 1;
}
