/**
 * Why a database file cannot be opened or made, in the system's words: SQLite says only "unable to
 * open database file", so the app, `serve` and the CLI all looked for the reason here.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, rmSync, statSync } from 'node:fs';
import { getSystemErrorMap } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { escapeControls } from '../../core/text/display';

/** "no space left on device (ENOSPC)": the system's words for the error and its code. */
export function systemErrorText(e: NodeJS.ErrnoException): string {
  const words = typeof e.errno === 'number' ? getSystemErrorMap().get(e.errno)?.[1] : undefined;
  if (words !== undefined && e.code !== undefined) return `${words} (${e.code})`;
  return e.code ?? e.message;
}

/** The system's reason a database file cannot be opened (or made), null when it finds none. */
export function whyNotOpened(file: string): string | null {
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
      return `no file can be made in ${escapeControls(dir)} (${systemErrorText(e as NodeJS.ErrnoException)})`;
    }
    rmSync(probe, { force: true });
    return null;
  } catch (e) {
    return systemErrorText(e as NodeJS.ErrnoException);
  }
}
