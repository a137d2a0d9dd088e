/**
 * Files a command writes (`--out`, `--solution`): checked when the options are read, before any
 * work, so a folder, a pipe (which would block the write forever) or a missing folder is refused
 * in one line naming the option, and a long search is never lost to a bad path at its end.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { escapeControls } from '../../core/text/display';
import { UsageError } from './args';

/** The path given to `--NAME`, refused unless a regular file can be written there. */
export function outFile(name: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const where = `--${name} ${escapeControls(path)}`;
  if (existsSync(path)) {
    const st = statSync(path);
    if (st.isDirectory()) throw new UsageError(`${where} is a folder: give a file name`);
    if (!st.isFile()) throw new UsageError(`${where} is not a regular file (a pipe, socket or device)`);
  } else if (!existsSync(dirname(resolve(path)))) throw new UsageError(`${where}: there is no folder ${escapeControls(dirname(resolve(path)))}`);
  return path;
}

/** Write TEXT to a path `outFile` took; a failure (no permission, a full disk) is one line naming the option. */
export function writeOut(name: string, path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new UsageError(`--${name} ${escapeControls(path)}: cannot write (${err.code ?? err.message})`);
  }
}
